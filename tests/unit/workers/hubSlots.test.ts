/**
 * The hub's slow lane (tickers and the live candle, at most once per SLOW_LANE_MS slot) against the real simulator,
 * on a wall clock the test holds still: what was held back goes in the next slot, and a slot opens at a paint
 * worker's look when paint workers are looking (workers/slowClock.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Simulator } from '../../../server/app';
import type { Hub } from '../../../workers/hubCore';
import { call, login, startTestSim } from '../../support/sim';
import { buyThroughEthAsks, interest, pullUntil, quietHub } from './hubSupport';

/** The simulator's last price of ETHUSDT. */
async function serverLast(quiet: Simulator): Promise<number> {
  const r = await call(quiet, 'GET', '/v5/market/tickers?category=spot&symbol=ETHUSDT');
  return Number((r.json.result as { list: { lastPrice: string }[] }).list[0]?.lastPrice);
}

/** A hub on a quiet simulator, logged in as the UTA account, its wall clock held at a slot boundary until moved. */
async function onFrozenClock(
  run: (t: { quiet: Simulator; me: string; hub: Hub; clock: { now: number } }) => Promise<void>,
): Promise<void> {
  const quiet = await startTestSim({ quiet: true });
  try {
    const me = await login(quiet, 'uta@sim.local', 'uta-pass');
    const clock = { now: 1_000_000_000_000 }; // a slot boundary
    const hub = quietHub(quiet, () => clock.now);
    await run({ quiet, me, hub, clock });
  } finally {
    await quiet.close();
  }
}

describe('the slow lane', () => {
  it('sends tickers and the live candle held back by the rate limit in the next slot, to every tab at once, though the tabs pulled for their books since', async () => {
    // Tickers and the live candle reach a tab together at most once per 250 ms slot of the hub's clock (frozen here),
    // while its book and trades come on every pull. What changed in between must not be skipped because the tab's
    // cursor moved past it; a tab parked in a long poll must be woken for it (a quiet market sends nothing else); and
    // the slots are the hub's, so two pulls that last had them at different times get them in the same next slot.
    await onFrozenClock(async ({ quiet, me, hub, clock }) => {
      hub.hello({ tabId: 'g', buildId: 'test', lockName: 'l-g' });
      await hub.symbols();
      hub.setInterest('g', interest({ symbol: 'ETHUSDT', klineInterval: '1' }));
      const first = await pullUntil(hub, 'g', (d) => d.tickers !== undefined && d.book !== undefined, 5000);
      const volume = first.candles?.at(-1)?.volume ?? NaN;
      const before = first.tickers?.[0]?.last ?? NaN;
      expect(before).toBeGreaterThan(0);
      let cursor = first.cursor;
      // A second pull (as a paint worker's for the book) that first had the slow lane 100 ms later, in the same slot.
      clock.now += 100;
      hub.hello({ tabId: 'h', buildId: 'test', lockName: 'l-h' });
      hub.setInterest('h', interest({ symbol: 'ETHUSDT', trades: false, klineInterval: null }));
      let hCursor = (await pullUntil(hub, 'h', (d) => d.tickers !== undefined && d.book !== undefined, 5000))
        .cursor;
      // A buy that crosses the asks: trades, a new book and, within the simulator's ticker push, a new last price.
      await buyThroughEthAsks(quiet, me, before, 'ticker-gate-1');
      // The tab keeps pulling (trades, book) with the clock frozen: its tickers are held back.
      let sawTrades = false;
      let leaked = false;
      // A second tab that always pulls from cursor 0 (a full answer, tickers included): within the slot it gets the
      // slot's copy of the tickers, the price every other puller of the slot got (header, title and book agree).
      hub.hello({ tabId: 'probe', buildId: 'test', lockName: 'l-probe' });
      hub.setInterest(
        'probe',
        interest({ symbol: 'ETHUSDT', bookRows: 0, trades: false, klineInterval: null }),
      );
      const after = await serverLast(quiet);
      expect(after).not.toBe(before);
      const end = Date.now() + 8000;
      let probed = before;
      // Pull until the trades came and the simulator's ticker push had time to reach the hub (the clock is frozen).
      let settleUntil = Infinity;
      while (Date.now() < end && Date.now() < settleUntil) {
        const d = await hub.pull('g', cursor, 200);
        cursor = d.cursor;
        if (!sawTrades && d.trades !== undefined) settleUntil = Date.now() + 300;
        sawTrades ||= d.trades !== undefined;
        leaked ||= d.tickers !== undefined || d.candles !== undefined;
        const e = await hub.pull('h', hCursor, 0);
        hCursor = e.cursor;
        leaked ||= e.tickers !== undefined;
        probed = (await hub.pull('probe', 0, 0)).tickers?.[0]?.last ?? probed;
      }
      expect(sawTrades).toBe(true);
      expect(leaked).toBe(false);
      expect(probed).toBe(before);
      // Parked in a long poll with nothing else to come, the tab gets the held-back ticker once the limit allows.
      const parked = hub.pull('g', cursor, 5000);
      clock.now += 200; // the next slot: 300 ms after the first tab's slow lane, 200 ms after the second's

      const t0 = Date.now();
      const d = await parked;
      expect(Date.now() - t0).toBeLessThan(2000);
      expect(d.tickers?.[0]?.last).toBe(after);
      // The trade's volume is in the live candle that came with it (the candle had to be a 1-minute one seen before).
      if (first.candles?.at(-1)?.time === d.candles?.at(-1)?.time)
        expect(d.candles?.at(-1)?.volume).toBeGreaterThan(volume);
      else expect(d.candles?.length).toBeGreaterThan(0);
      expect((await hub.pull('h', hCursor, 0)).tickers?.[0]?.last).toBe(after);
      hub.bye('h');
      hub.bye('probe');
      hub.bye('g');
    });
  }, 30_000);

  it("opens a slot at a paint worker's look, and answers the main thread held back for it in the same moment", async () => {
    // The header (main thread) takes a slot's last price in the frame after its diff comes; the book's middle row
    // (a paint worker) in the frame its look is for. On the wall clock alone the main thread got the slot at its
    // boundary and the paint worker at its first look after it, a frame later whenever a frame began in between.
    await onFrozenClock(async ({ quiet, me, hub, clock }) => {
      hub.hello({ tabId: 'main', buildId: 'test', lockName: 'l-main' });
      hub.hello({ tabId: 'paint', buildId: 'test', lockName: 'l-paint' });
      await hub.symbols();
      hub.setInterest(
        'main',
        interest({ symbol: 'ETHUSDT', bookRows: 0, trades: false, klineInterval: null }),
      );
      hub.setInterest('paint', interest({ symbol: 'ETHUSDT', trades: false, klineInterval: null }));
      const main = await pullUntil(hub, 'main', (d) => d.tickers !== undefined, 5000);
      let paint = (
        await pullUntil(hub, 'paint', (d) => d.tickers !== undefined && d.book !== undefined, 5000)
      ).cursor;
      const before = main.tickers?.[0]?.last ?? NaN;
      await buyThroughEthAsks(quiet, me, before, 'slot-look-1');
      const after = await serverLast(quiet);
      expect(after).not.toBe(before);
      // The simulator pushes tickers every 100 ms: give the new last price time to reach the hub.
      await new Promise((r) => setTimeout(r, 600));
      // The paint worker looks before each frame (a held pull); its last look of the slot is 10 ms before its end.
      const look = async (): Promise<number | undefined> => {
        const d = await hub.pull('paint', paint, 0, Date.now() + 2);
        paint = d.cursor;
        return d.tickers?.[0]?.last;
      };
      clock.now += 240;
      expect(await look()).toBeUndefined();
      // The wall clock passes the boundary; no look has come since. The main thread's pull is held back.
      clock.now += 15;
      let answered: number | undefined;
      const parked = hub
        .pull('main', main.cursor, 5000)
        .then((d) => (answered = d.tickers?.[0]?.last ?? NaN));
      await new Promise((r) => setTimeout(r, 150));
      expect(answered).toBeUndefined();
      // The next look opens the slot: the look and the main thread get the new last price together.
      clock.now += 1;
      expect(await look()).toBe(after);
      expect(await parked).toBe(after);
      hub.bye('main');
      hub.bye('paint');
    });
  }, 30_000);
});
