import { describe, expect, it } from 'vitest';
import {
  checkFeed,
  decideWalletSource,
  isFeedStale,
  noteFeedMessage,
  WalletBalances,
  watchFeed,
  type CoinBalance,
  type WalletFeedMatch,
  type WalletSourceInput,
} from '../../../../workers/account/wallet';
import { toPrivateFrame, type PrivateFrame } from '../../../../workers/account/wire';
import { CALLS } from '../../../../workers/protocol/paths';
import { cancel, limit, ME, sim, type Sim } from './helpers';
import { restOf } from './rest';

const FEED: WalletFeedMatch = { topics: ['wallet'], accountTypes: ['UNIFIED'] };

/** Wallet frames the simulator published for ME on a topic since `from` (index into published). */
function walletFrames(s: Sim, topic = 'wallet', from = 0): PrivateFrame[] {
  return s.published.slice(from).flatMap((p) => {
    if (p.accountId !== ME || p.topic !== topic) return [];
    const f = toPrivateFrame(JSON.parse(p.text) as unknown);
    return f === undefined ? [] : [f];
  });
}

const pick = (list: readonly CoinBalance[]) =>
  Object.fromEntries(list.map((b) => [b.coin, [b.free, b.locked, b.total]]));

describe('WalletBalances', () => {
  it('applies real wallet pushes and agrees with the classic and unified REST answers', () => {
    const s = sim();
    limit(s, 'Buy', '60000', '0.5');
    limit(s, 'Sell', '70000', '1');
    const frames = walletFrames(s);
    expect(frames.length).toBeGreaterThan(0);
    const w = new WalletBalances();
    for (const f of frames) w.applyPush(f, FEED);
    expect(w.get('USDT')).toMatchObject({ free: '970000', locked: '30000', total: '1000000' });
    expect(w.get('BTC')).toMatchObject({ free: '49', locked: '1', total: '50' });
    const classic = new WalletBalances();
    expect(classic.applyClassicRest(restOf(s, 'classic')(CALLS.balanceClassic), classic.mark()).type).toBe(
      'changed',
    );
    expect(pick(classic.list())).toEqual(pick(w.list()));
    const unified = new WalletBalances();
    unified.applyUnifiedRest(
      restOf(s, 'unified')(CALLS.unifiedAsset, { symbolName: 'BTCUSDT' }),
      unified.mark(),
    );
    expect(pick(unified.list())).toEqual({ BTC: ['49', '1', '50'], USDT: ['970000', '30000', '1000000'] });
  });

  it('keeps a coin equity net of debt, negative when more is owed than held; a bad one falls back to the total', () => {
    const frame = toPrivateFrame({
      topic: 'wallet',
      creationTime: 10,
      data: [
        {
          accountType: 'UNIFIED',
          totalEquity: '99800.5',
          coin: [
            {
              coin: 'USDT',
              walletBalance: '0',
              free: '0',
              locked: '0',
              equity: '-50012.25',
              borrowAmount: '50012.25',
            },
            { coin: 'BTC', walletBalance: '3', free: '3', locked: '0', equity: '3' },
            { coin: 'ETH', walletBalance: '20', free: '20', locked: '0', equity: '--1' },
          ],
        },
      ],
    });
    expect(frame).toBeDefined();
    const w = new WalletBalances();
    if (frame !== undefined) w.applyPush(frame, FEED);
    expect(w.get('USDT')).toMatchObject({ equity: '-50012.25', borrowAmount: '50012.25', total: '0' });
    expect(w.get('BTC')?.equity).toBe('3');
    expect(w.get('ETH')?.equity).toBe('20');
    const rest = new WalletBalances();
    rest.applyUnifiedRest(
      { coinList: [{ tokenId: 'USDT', spotAvailableBalance: '0', walletBalance: '0', equity: '-7.5' }] },
      rest.mark(),
    );
    expect(rest.get('USDT')?.equity).toBe('-7.5');
  });

  it('uses only the feed it subscribed: topic and accountType must match', () => {
    const s = sim();
    limit(s, 'Buy', '60000', '0.5');
    const [f] = walletFrames(s, 'asset.spot-walletbalance');
    if (f === undefined) throw new Error('no frame');
    const w = new WalletBalances();
    expect(w.applyPush(f, FEED)).toEqual({ type: 'ignored', reason: 'notOurs' });
    expect(w.applyPush(f, { topics: ['asset.spot-walletbalance'], accountTypes: ['SPOT'] })).toEqual({
      type: 'ignored',
      reason: 'notOurs',
    });
    expect(w.applyPush(f, { topics: ['asset.spot-walletbalance'], accountTypes: null }).type).toBe('changed');
    expect(w.applyPush({ ...f, data: [{ accountType: 'UNIFIED', coin: [{ coin: 'X' }] }] }, FEED)).toEqual({
      type: 'ignored',
      reason: 'notOurs',
    });
    expect(
      w.applyPush({ ...f, topic: 'wallet', data: [{ accountType: 'UNIFIED', coin: [{ coin: 'X' }] }] }, FEED),
    ).toEqual({ type: 'ignored', reason: 'bad' });
  });

  it('newer wins: an older or repeated push changes nothing; the version moves only on change', () => {
    const s = sim();
    const o = limit(s, 'Buy', '60000', '0.5');
    const first = walletFrames(s);
    const m = s.published.length;
    cancel(s, o.orderId);
    const second = walletFrames(s, 'wallet', m);
    const w = new WalletBalances();
    for (const f of [...first, ...second]) w.applyPush(f, FEED);
    expect(w.get('USDT')?.locked).toBe('0');
    const v = w.version;
    const last = second[second.length - 1];
    const older = first[first.length - 1];
    if (last === undefined || older === undefined) throw new Error('frames');
    expect(w.applyPush(last, FEED)).toEqual({ type: 'unchanged' });
    expect(w.applyPush(older, FEED)).toEqual({ type: 'ignored', reason: 'older' });
    expect(w.get('USDT')?.locked).toBe('0');
    expect(w.version).toBe(v);
    expect(w.list()).toBe(w.list());
  });

  it('a push that arrived while a balance request was in flight beats the (older) answer', () => {
    const s = sim();
    const w = new WalletBalances();
    const rest = restOf(s, 'classic');
    const mark = w.mark();
    const answer = rest(CALLS.balanceClassic);
    const m = s.published.length;
    limit(s, 'Buy', '60000', '0.5');
    for (const f of walletFrames(s, 'wallet', m)) w.applyPush(f, FEED);
    w.applyClassicRest(answer, mark);
    expect(w.get('USDT')).toMatchObject({ free: '970000', locked: '30000' });
    // The next answer, taken after the push, is simply the truth.
    w.applyClassicRest(rest(CALLS.balanceClassic), w.mark());
    expect(w.get('USDT')).toMatchObject({ free: '970000', locked: '30000' });
  });

  it('a classic list is the whole wallet: unlisted coins go; bad answers are refused whole', () => {
    const w = new WalletBalances();
    w.applyClassicRest(
      {
        list: [
          { tokenId: 'USDT', free: '1', locked: '0' },
          { tokenId: 'BTC', free: '2', locked: '1' },
        ],
      },
      w.mark(),
    );
    expect(pick(w.list())).toEqual({ BTC: ['2', '1', '3'], USDT: ['1', '0', '1'] });
    expect(w.applyClassicRest({ list: [{ tokenId: 'USDT', free: '1', locked: '0' }] }, w.mark())).toEqual({
      type: 'changed',
      coins: ['BTC'],
    });
    expect(w.applyClassicRest({ list: [{ tokenId: 'USDT', free: 'lots' }] }, w.mark())).toEqual({
      type: 'ignored',
      reason: 'bad',
    });
    expect(w.applyUnifiedRest({ coins: [] }, w.mark())).toEqual({ type: 'ignored', reason: 'bad' });
    expect(pick(w.list())).toEqual({ USDT: ['1', '0', '1'] });
    w.clear();
    expect(w.list()).toEqual([]);
  });

  it('moves the shown version only when a coin comes, goes, or its free, locked or total moves', () => {
    const s = sim();
    limit(s, 'Buy', '60000', '0.5');
    const classic = restOf(s, 'classic');
    const unified = restOf(s, 'unified');
    const w = new WalletBalances();
    const poll = (): void => {
      w.applyClassicRest(classic(CALLS.balanceClassic), w.mark());
      w.applyUnifiedRest(unified(CALLS.unifiedAsset, { symbolName: 'BTCUSDT' }), w.mark());
    };
    poll();
    const v = w.version;
    const shown = w.shownVersion;
    // A unified account's poll writes the pair's coins twice (without, then with equity and USD value).
    poll();
    expect(w.version).toBeGreaterThan(v);
    expect(w.shownVersion).toBe(shown);
    limit(s, 'Buy', '60000', '0.1');
    poll();
    expect(w.shownVersion).toBeGreaterThan(shown);
    const listed = w.shownVersion;
    w.applyClassicRest({ list: [{ tokenId: 'USDT', free: '1', locked: '0' }] }, w.mark());
    expect(w.shownVersion).toBeGreaterThan(listed);
  });
});

describe('decideWalletSource (spec §4 wallet balance polling)', () => {
  const base: WalletSourceInput = {
    loggedIn: true,
    userState: 1,
    pageShown: true,
    unified: true,
    accountChanged: false,
    pollIntervalMs: 5000,
    polling: false,
  };

  it('polls a shown, logged-in unified account in user state 1, once', () => {
    expect(decideWalletSource(base)).toEqual({ type: 'startPolling', intervalMs: 5000 });
    expect(decideWalletSource({ ...base, polling: true })).toEqual({ type: 'keepPolling' });
  });

  it('otherwise uses the pushed feed (stopping a running poller), with the reason', () => {
    const cases: [Partial<WalletSourceInput>, string][] = [
      [{ loggedIn: false }, 'loggedOut'],
      [{ userState: 2 }, 'userState'],
      [{ pageShown: false }, 'hidden'],
      [{ unified: false }, 'notUnified'],
      [{ accountChanged: true }, 'accountChanged'],
      [{ pollIntervalMs: 3000 }, 'intervalTooShort'],
      [{ pollIntervalMs: Number.NaN }, 'intervalTooShort'],
    ];
    for (const [over, reason] of cases) {
      expect(decideWalletSource({ ...base, ...over })).toEqual({
        type: 'usePush',
        reason,
        stopPolling: false,
      });
      expect(decideWalletSource({ ...base, ...over, polling: true })).toEqual({
        type: 'usePush',
        reason,
        stopPolling: true,
      });
    }
    // The interval must exceed 3000 ms: one more is enough.
    expect(decideWalletSource({ ...base, pollIntervalMs: 3001 }).type).toBe('startPolling');
  });
});

describe('feed staleness (3× the reported interval, checked every 5 s)', () => {
  it('is stale at exactly 3× the interval, not a millisecond before', () => {
    const w = { intervalMs: 2000, lastMessageAt: 10_000 };
    expect(isFeedStale(w, 15_999)).toBe(false);
    expect(isFeedStale(w, 16_000)).toBe(true);
  });

  it('checks at most every 5 s, asks for a refresh on becoming stale and every 3× interval after, and recovers', () => {
    let w = watchFeed(5000, 0);
    const at = (t: number) => {
      const r = checkFeed(w, t);
      w = r.watch;
      return [r.checked, r.stale, r.refresh];
    };
    expect(at(4999)).toEqual([false, false, false]);
    expect(at(5000)).toEqual([true, false, false]);
    expect(at(10_000)).toEqual([true, false, false]);
    expect(at(14_999)).toEqual([false, false, false]);
    expect(at(15_000)).toEqual([true, true, true]);
    expect(at(20_000)).toEqual([true, true, false]);
    expect(at(25_000)).toEqual([true, true, false]);
    expect(at(30_000)).toEqual([true, true, true]);
    w = noteFeedMessage(w, 31_000);
    expect(w.stale).toBe(false);
    expect(at(35_000)).toEqual([true, false, false]);
    // A newly reported interval applies from the next check.
    w = noteFeedMessage(w, 36_000, 1000);
    expect(at(40_000)).toEqual([true, true, true]);
  });
});
