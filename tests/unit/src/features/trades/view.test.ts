/** The latest-trades view and renderer: rows newest first, taker colours, time column, flashes, repaints. */
import { describe, expect, it } from 'vitest';
import type { TradeRow } from '../../../../../workers/api';
import { Canvas2DSurface } from '../../../../../src/canvas/canvas2dSurface';
import type { TextShape } from '../../../../../src/canvas/scene';
import { TOKENS } from '../../../../../src/canvas/tokens';
import { TradesRenderer } from '../../../../../src/features/trades/renderer';
import {
  FLASH_MS,
  TradeFlashes,
  tradeRowAt,
  tradeRowsThatFit,
  toTradesScene,
  TRADES_HEAD,
  type TradesSceneInput,
} from '../../../../../src/features/trades/view';
import { recorder, texts } from '../../canvas/recorder';

const trades: TradeRow[] = [
  { id: 'c', price: 100.5, qty: 0.25, time: Date.UTC(2026, 0, 1, 12, 0, 3), side: 'Sell' },
  { id: 'b', price: 100.6, qty: 1, time: Date.UTC(2026, 0, 1, 12, 0, 2), side: 'Buy' },
  { id: 'a', price: 100.4, qty: 2, time: Date.UTC(2026, 0, 1, 12, 0, 1), side: 'Buy' },
];

function input(over: Partial<TradesSceneInput> = {}): TradesSceneInput {
  return {
    width: 300,
    height: 24 + 40 * 24,
    rtl: false,
    colours: TOKENS.dark,
    captions: { price: 'Price (USDT)', qty: 'Amount (BTC)', time: 'Time' },
    price: (n) => n.toFixed(1),
    qty: (n) => n.toFixed(4),
    // The trader's zone: here fixed to UTC so the test does not depend on the machine's.
    time: (ms) => new Date(ms).toISOString().slice(11, 19),
    flash: () => 0,
    ...over,
  };
}

const textsOf = (bands: ReturnType<typeof toTradesScene>['bands']): TextShape[] =>
  bands.flatMap((b) => (b === null ? [] : b.shapes.filter((s): s is TextShape => s.kind === 'text')));

describe('latest trades view', () => {
  it('40 rows at most, as many as fit', () => {
    expect(tradeRowsThatFit(24 + 40 * 24 + 500)).toBe(40);
    expect(tradeRowsThatFit(24 + 5 * 24 + 10)).toBe(5);
    expect(tradeRowsThatFit(10)).toBe(0);
  });

  it('draws newest first: price in the taker side colour, quantity, time; captions on top', () => {
    const scene = toTradesScene(trades, input());
    const t = textsOf(scene.bands);
    expect(t.slice(0, 3).map((x) => x.text)).toEqual(['Price (USDT)', 'Amount (BTC)', 'Time']);
    const prices = t.filter((x) => x.x === 8 && x.digits);
    expect(prices.map((x) => [x.text, x.colour, x.y])).toEqual([
      ['100.5', TOKENS.dark.down, TRADES_HEAD + 11],
      ['100.6', TOKENS.dark.up, TRADES_HEAD + 24 + 11],
      ['100.4', TOKENS.dark.up, TRADES_HEAD + 48 + 11],
    ]);
    expect(t.find((x) => x.text === '12:00:03')).toMatchObject({
      x: 292,
      align: 'right',
      colour: TOKENS.dark.textMuted,
    });
    expect(t.find((x) => x.text === '0.2500')?.colour).toBe(TOKENS.dark.text);
  });

  it('mirrors right to left', () => {
    const t = textsOf(toTradesScene(trades, input({ rtl: true })).bands);
    expect(t.find((x) => x.text === '100.5')).toMatchObject({ x: 292, align: 'right' });
    expect(t.find((x) => x.text === '12:00:03')).toMatchObject({ x: 8, align: 'left' });
  });

  it('flashes only trades that arrive after the first list, fading over the flash time', () => {
    const f = new TradeFlashes();
    f.note(trades, 0);
    expect(f.strength('c', 10)).toBe(0);
    const next: TradeRow[] = [{ id: 'd', price: 100.7, qty: 1, time: 0, side: 'Buy' }, ...trades];
    f.note(next, 1000);
    expect(f.strength('d', 1000)).toBe(1);
    expect(f.strength('d', 1000 + FLASH_MS / 2)).toBeCloseTo(0.5);
    expect(f.strength('d', 1000 + FLASH_MS)).toBe(0);
    expect(f.strength('c', 1000)).toBe(0);
  });

  it('finds the row under a point', () => {
    expect(tradeRowAt(TRADES_HEAD + 5, 3)).toBe(0);
    expect(tradeRowAt(TRADES_HEAD + 24 + 5, 3)).toBe(1);
    expect(tradeRowAt(TRADES_HEAD + 23, 3)).toBe(-1);
    expect(tradeRowAt(TRADES_HEAD + 3 * 24 + 5, 3)).toBe(-1);
    expect(tradeRowAt(3, 3)).toBe(-1);
  });
});

describe('latest trades renderer', () => {
  it('paints a flash behind a new row, none with flashes off, and repaints only changed rows', () => {
    const ctx = recorder();
    const r = new TradesRenderer(new Canvas2DSurface(ctx));
    r.draw(trades, input(), true, 1, 0);
    ctx.ops.length = 0;
    expect(r.draw(trades, input(), true, 1, 100).painted).toBe(0);
    const next: TradeRow[] = [
      { id: 'd', price: 100.7, qty: 1, time: trades[0]?.time ?? 0, side: 'Buy' },
      ...trades,
    ];
    const res = r.draw(next, input(), true, 1, 1000);
    expect(res.flashing).toBe(1);
    const flash = ctx.ops.find((o) => o.op === 'rect' && o.fill === TOKENS.dark.up && (o.alpha ?? 1) < 1);
    expect(flash).toMatchObject({ x: 0, y: TRADES_HEAD, w: 300, h: 22 });
    expect(texts(ctx.ops).find((o) => o.text === '100.7')?.fill).toBe(TOKENS.dark.up);

    const ctx2 = recorder();
    const off = new TradesRenderer(new Canvas2DSurface(ctx2));
    off.draw(trades, input(), false, 1, 0);
    const res2 = off.draw(next, input(), false, 1, 1000);
    expect(res2.flashing).toBe(0);
    expect(ctx2.ops.some((o) => o.op === 'rect' && (o.alpha ?? 1) < 1)).toBe(false);
  });
});
