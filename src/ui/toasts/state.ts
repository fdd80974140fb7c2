/**
 * Toasts (spec §8: they last 2.5 s). Anything may push one through `pushToastAtom`; the host (ToastHost.tsx) also
 * turns the hub's order notices (`orderNoticesAtom`) into toasts. Text is plain: server messages render as text only.
 */
import { atom } from 'jotai';

/** How long a toast stays (spec §9 "Toast 2500 ms"). */
export const TOAST_MS = 2500;
/** Most toasts on screen; older ones are dropped first. */
export const TOAST_LIMIT = 5;

/** One toast. */
export interface Toast {
  readonly id: number;
  readonly tone: 'success' | 'error' | 'info';
  readonly title: string;
  readonly body: string;
}

/** Toasts on screen, oldest first. */
export const toastsAtom = atom<readonly Toast[]>([]);
toastsAtom.debugLabel = 'toastsAtom';

let nextId = 1;

/** Shows a toast; it removes itself after TOAST_MS (the host's timer). */
export const pushToastAtom = atom(null, (get, set, toast: Omit<Toast, 'id'>) => {
  const next = [...get(toastsAtom), { ...toast, id: nextId++ }];
  set(toastsAtom, next.slice(-TOAST_LIMIT));
});
pushToastAtom.debugLabel = 'pushToastAtom';

/** Removes one toast. */
export const dismissToastAtom = atom(null, (get, set, id: number) => {
  set(
    toastsAtom,
    get(toastsAtom).filter((t) => t.id !== id),
  );
});
dismissToastAtom.debugLabel = 'dismissToastAtom';
