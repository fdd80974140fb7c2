import { describe, expect, it } from 'vitest';
import {
  composeDiff,
  NO_SLOW_LANE,
  SLOW_LANE_MS,
  type DiffSources,
  type MarketViews,
} from '../../../workers/diff';
import type { AccountDiff } from '../../../workers/protocol/account';
import { NO_INTEREST, type TabInterest } from '../../../workers/protocol/interest';
import type { BookFrame, CandleRow, TickerRow, TradeRow } from '../../../workers/protocol/market';

const TICKER: TickerRow = {
  symbol: 'BTCUSDT',
  last: 100,
  high24h: 110,
  low24h: 90,
  volume24h: 1,
  turnover24h: 100,
  change24h: 0.01,
  direction: 'up',
};
const CANDLE: CandleRow = {
  time: 0,
  open: 1,
  high: 2,
  low: 0.5,
  close: 1.5,
  volume: 3,
  turnover: 4,
  confirm: false,
};
const TRADE: TradeRow = { id: '1', price: 100, qty: 1, time: 1, side: 'Buy' };
const BOOK = { symbol: 'BTCUSDT', step: '0.01' } as unknown as BookFrame;
const ACCOUNT = { loggedIn: true } as unknown as AccountDiff;

/** Market views whose pieces changed at the given versions (0: never). */
function market(at: { book?: number; trades?: number; candles?: number; tickers?: number }): MarketViews {
  const newer = (v: number | undefined, cursor: number): boolean => v !== undefined && v > cursor;
  return {
    bookFrame: (_s, _st, _r, c) => (newer(at.book, c) ? BOOK : null),
    trades: (_s, c) => (newer(at.trades, c) ? [TRADE] : null),
    candlesChanged: (_s, _i, c) => newer(at.candles, c),
    liveCandles: (_s, _i, c) => (newer(at.candles, c) ? [CANDLE] : null),
    tickersChanged: (_s, c) => newer(at.tickers, c),
    tickers: (_s, c) => (newer(at.tickers, c) ? [TICKER] : null),
    // The fake's tickers never lag the hub's version.
    tickersVersion: () => Number.MAX_SAFE_INTEGER,
  };
}

function sources(over: Partial<DiffSources> = {}): DiffSources {
  return {
    version: 10,
    instanceId: 'hub',
    now: 1_000 * SLOW_LANE_MS,
    connectionVersion: 1,
    reloadVersion: 0,
    connection: () => ({ state: 'open', code: null, lastMessageAt: 5, reconnects: 0 }),
    market: market({}),
    account: () => null,
    ...over,
  };
}

const BOOK_TAB: TabInterest = { ...NO_INTEREST, symbol: 'BTCUSDT', bookRows: 20, trades: true };

describe('composeDiff', () => {
  it('answers null when nothing in the interest is newer than the cursor', () => {
    const r = composeDiff(BOOK_TAB, 10, NO_SLOW_LANE, sources({ market: market({ book: 5, trades: 6 }) }));
    expect(r.diff).toBeNull();
    expect(r.wakeInMs).toBeNull();
  });

  it('sends what changed since the cursor, with the hub cursor and instance', () => {
    const r = composeDiff(BOOK_TAB, 5, NO_SLOW_LANE, sources({ market: market({ book: 8, trades: 3 }) }));
    expect(r.diff).toEqual({ cursor: 10, instanceId: 'hub', book: BOOK });
  });

  it('a full answer (cursor 0) carries the connection and everything held', () => {
    const r = composeDiff(BOOK_TAB, 0, NO_SLOW_LANE, sources({ market: market({ book: 8, trades: 3 }) }));
    expect(r.diff?.connection?.state).toBe('open');
    expect(r.diff?.book).toBe(BOOK);
    expect(r.diff?.trades).toEqual([TRADE]);
  });

  it('leaves out what the interest does not ask for', () => {
    const r = composeDiff(
      NO_INTEREST,
      5,
      NO_SLOW_LANE,
      sources({ market: market({ book: 8, trades: 8, tickers: 8 }) }),
    );
    expect(r.diff).toBeNull();
    const acc = composeDiff(
      { ...NO_INTEREST, account: true },
      5,
      NO_SLOW_LANE,
      sources({ account: () => ACCOUNT }),
    );
    expect(acc.diff?.account).toBe(ACCOUNT);
  });

  it('flags a reload newer than the cursor even with nothing else new', () => {
    const r = composeDiff(NO_INTEREST, 5, NO_SLOW_LANE, sources({ reloadVersion: 7 }));
    expect(r.diff).toEqual({ cursor: 10, instanceId: 'hub', reload: true });
  });

  describe('slow lane', () => {
    const chartTab: TabInterest = { ...NO_INTEREST, symbol: 'BTCUSDT', klineInterval: '1' };
    const slot = 1_000;

    it('sends tickers and the live candle together and records the slot and version', () => {
      const r = composeDiff(
        chartTab,
        5,
        NO_SLOW_LANE,
        sources({ market: market({ candles: 8, tickers: 9 }) }),
      );
      expect(r.diff?.candles).toEqual([CANDLE]);
      expect(r.diff?.tickers).toEqual([TICKER]);
      expect(r.slow).toEqual({ slot, cursor: 10 });
    });

    it('holds them back within the slot it last went in, and says when to wake the tab', () => {
      const now = slot * SLOW_LANE_MS + 100;
      const r = composeDiff(
        chartTab,
        9,
        { slot, cursor: 9 },
        sources({ now, market: market({ tickers: 10 }) }),
      );
      expect(r.diff).toBeNull();
      expect(r.slow).toEqual({ slot, cursor: 9 });
      expect(r.wakeInMs).toBe(SLOW_LANE_MS - 100);
    });

    it('sends what changed while held back once the next slot starts, from the slow cursor', () => {
      const now = (slot + 1) * SLOW_LANE_MS;
      // The pull's cursor (12) is past the ticker change (10), the slow lane's (9) is not.
      const r = composeDiff(
        chartTab,
        12,
        { slot, cursor: 9 },
        sources({ now, version: 12, market: market({ tickers: 10 }) }),
      );
      expect(r.diff?.tickers).toEqual([TICKER]);
      expect(r.slow).toEqual({ slot: slot + 1, cursor: 12 });
      expect(r.wakeInMs).toBeNull();
    });

    it('a full answer sends the slow lane at once, whatever the slot', () => {
      const r = composeDiff(chartTab, 0, { slot, cursor: 9 }, sources({ market: market({ tickers: 3 }) }));
      expect(r.diff?.tickers).toEqual([TICKER]);
    });

    it('keeps the slow cursor at the slot copy of the tickers, so a ticker that came after the copy is new next slot', () => {
      const m: MarketViews = { ...market({ tickers: 8 }), tickersVersion: () => 8 };
      const r = composeDiff(chartTab, 0, NO_SLOW_LANE, sources({ version: 12, market: m }));
      expect(r.diff?.tickers).toEqual([TICKER]);
      expect(r.slow.cursor).toBe(8);
    });

    it('asks for every ticker with allTickers, else only the page symbol', () => {
      const seen: (string | null)[] = [];
      const m = market({ tickers: 8 });
      const spy: MarketViews = {
        ...m,
        tickers: (s, c, slot) => {
          seen.push(s);
          return m.tickers(s, c, slot);
        },
      };
      composeDiff(
        { ...NO_INTEREST, allTickers: true, symbol: 'ETHUSDT' },
        0,
        NO_SLOW_LANE,
        sources({ market: spy }),
      );
      composeDiff({ ...NO_INTEREST, symbol: 'ETHUSDT' }, 0, NO_SLOW_LANE, sources({ market: spy }));
      expect(seen).toEqual([null, 'ETHUSDT']);
    });
  });
});
