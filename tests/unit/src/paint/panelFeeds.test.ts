/**
 * How the tab's paint worker groups its panels into hub pulls (src/features/orderbook/panelFeeds.ts): the book and
 * the depth chart share one pull at the same step, the trades list rides on a pull of its symbol, and panels that
 * read different books get their own.
 */
import { describe, expect, it } from 'vitest';
import { NO_INTEREST, type TabInterest } from '../../../../workers/api';
import { planFeeds } from '../../../../src/paint/panelFeeds';

const BASE: TabInterest = { ...NO_INTEREST, symbol: 'BTCUSDT' };

interface P {
  readonly name: string;
  readonly interest: TabInterest;
}

const book = (step: string | null, symbol = 'BTCUSDT'): P => ({
  name: `book ${symbol} ${step ?? '-'}`,
  interest: { ...BASE, symbol, step, bookRows: 40 },
});
const depth = (symbol = 'BTCUSDT'): P => ({
  name: `depth ${symbol}`,
  interest: { ...BASE, symbol, bookRows: 40 },
});
const trades = (symbol = 'BTCUSDT'): P => ({
  name: `trades ${symbol}`,
  interest: { ...BASE, symbol, trades: true },
});

function plan(panels: readonly P[]): { key: string; names: string[]; interest: TabInterest }[] {
  return planFeeds(panels, (p) => p.interest).map((f) => ({
    key: f.key,
    names: f.panels.map((p) => p.name),
    interest: f.interest,
  }));
}

describe('planFeeds', () => {
  it('serves book, depth and trades of one symbol at the raw step with one pull', () => {
    const out = plan([book(null), trades(), depth()]);
    expect(out).toHaveLength(1);
    expect(out[0]?.names).toEqual(['book BTCUSDT -', 'depth BTCUSDT', 'trades BTCUSDT']);
    expect(out[0]?.interest).toEqual({ ...BASE, bookRows: 40, trades: true });
  });

  it('gives a book merged at another step its own pull; trades ride on the first pull of their symbol', () => {
    const out = plan([book('10'), depth(), trades()]);
    expect(out.map((f) => f.names)).toEqual([['book BTCUSDT 10', 'trades BTCUSDT'], ['depth BTCUSDT']]);
    expect(out[0]?.interest).toMatchObject({ step: '10', bookRows: 40, trades: true });
    expect(out[1]?.interest).toMatchObject({ step: null, bookRows: 40, trades: false });
    // Keys stay put while the same panels can share a pull, so the worker keeps that pull running.
    expect(out.map((f) => f.key)).toEqual(['BTCUSDT|10', 'BTCUSDT|']);
  });

  it('never mixes symbols; trades alone get a pull without a book', () => {
    const out = plan([trades('ETHUSDT'), book(null)]);
    expect(out.map((f) => f.names)).toEqual([['book BTCUSDT -'], ['trades ETHUSDT']]);
    expect(out[1]?.interest).toEqual({ ...BASE, symbol: 'ETHUSDT', trades: true });
    expect(plan([])).toEqual([]);
  });
});
