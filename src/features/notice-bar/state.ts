/** Notice-bar state: the ids the user closed (remembered locally). */
import { atom } from 'jotai';
import { storedAtom } from '../../session/storage';
import { NOTICE_BAR } from './notices';

/** Ids of closed notices, newest last. */
export const closedNoticesAtom = storedAtom<readonly string[]>('noticeBar.closed', [], (raw) =>
  Array.isArray(raw) && raw.every((x) => typeof x === 'string') ? raw : undefined,
);
closedNoticesAtom.debugLabel = 'closedNoticesAtom';

/** Closes the bar: every notice it currently rotates is remembered as closed. */
export const closeNoticesAtom = atom(null, (get, set, ids: readonly string[]) => {
  const prev = get(closedNoticesAtom).filter((id) => !ids.includes(id));
  set(closedNoticesAtom, [...prev, ...ids].slice(-NOTICE_BAR.maxRemembered));
});
closeNoticesAtom.debugLabel = 'closeNoticesAtom';
