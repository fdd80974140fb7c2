import { describe, expect, it } from 'vitest';
import { WalletFreshness, type WalletFacts } from '../../../workers/walletFreshness';

/** A manual timer queue: advance(ms) fires what fell due, in order. */
function manualTimers() {
  let now = 0;
  let next = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => now,
    setTimer: (fn: () => void, ms: number) => {
      const id = next++;
      timers.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimer: (id: number) => {
      timers.delete(id);
    },
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = [...timers].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (due === undefined) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].fn();
      }
      now = end;
    },
  };
}

function setup(facts: WalletFacts, pollMs = 10_000, feedMs = 10_000) {
  const t = manualTimers();
  const refreshes: { at: number; why: string }[] = [];
  let f = facts;
  const w = new WalletFreshness({
    ...t,
    facts: () => f,
    intervals: () => ({ pollMs, feedMs }),
    refresh: (why) => refreshes.push({ at: t.now(), why }),
    log: () => undefined,
  });
  w.start();
  return {
    t,
    w,
    refreshes,
    set: (next: Partial<WalletFacts>) => {
      f = { ...f, ...next };
    },
  };
}

const UNIFIED: WalletFacts = { loggedIn: true, userState: 1, pageShown: true, unified: true, accountId: '1' };

describe('WalletFreshness', () => {
  it('polls a shown unified account at the configured interval, one poller only', () => {
    const s = setup(UNIFIED);
    s.t.advance(5000);
    expect(s.w.last?.type).toBe('startPolling');
    s.t.advance(30_000);
    expect(s.refreshes.filter((r) => r.why === 'poll').map((r) => r.at)).toEqual([15_000, 25_000, 35_000]);
  });

  it('stops polling when the page hides and uses the feed, refetching once it is silent 3× its interval', () => {
    const s = setup(UNIFIED);
    s.t.advance(5000);
    s.set({ pageShown: false });
    s.t.advance(5000);
    expect(s.w.last).toMatchObject({ type: 'usePush', reason: 'hidden', stopPolling: true });
    s.w.onSnapshot();
    s.refreshes.length = 0;
    s.t.advance(25_000);
    expect(s.refreshes).toEqual([]);
    s.t.advance(10_000);
    expect(s.refreshes.map((r) => r.why)).toEqual(['stale']);
  });

  it('a classic account never polls; pushes keep its feed fresh', () => {
    const s = setup({ ...UNIFIED, unified: false });
    for (let i = 0; i < 12; i++) {
      s.t.advance(5000);
      s.w.onPush();
    }
    expect(s.w.last).toMatchObject({ type: 'usePush', reason: 'notUnified' });
    expect(s.refreshes).toEqual([]);
  });

  it('an interval of 3000 ms or less is not polled', () => {
    const s = setup(UNIFIED, 3000);
    s.t.advance(5000);
    expect(s.w.last).toMatchObject({ type: 'usePush', reason: 'intervalTooShort' });
  });

  it('logging out stops everything', () => {
    const s = setup(UNIFIED);
    s.t.advance(5000);
    s.set({ loggedIn: false, userState: 0 });
    s.t.advance(60_000);
    expect(s.refreshes.filter((r) => r.at > 5000)).toEqual([]);
  });
});
