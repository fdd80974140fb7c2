/** The depth chart view: geometry, stepped areas, the mid marker and the crosshair read-out. */
import { describe, expect, it } from 'vitest';
import type { BookFrame } from '../../../../../workers/api';
import { Canvas2DSurface } from '../../../../../src/canvas/canvas2dSurface';
import type { LineShape, PolyShape, TextShape } from '../../../../../src/canvas/scene';
import { mixOver, TOKENS } from '../../../../../src/canvas/tokens';
import { DepthRenderer } from '../../../../../src/features/depth/renderer';
import {
  AXIS_HEIGHT,
  cumToY,
  priceToX,
  readDepth,
  sidePoints,
  toDepthGeometry,
  toDepthScene,
  TOP_PAD,
  xToPrice,
  type DepthSceneInput,
} from '../../../../../src/features/depth/view';
import { recorder, texts } from '../../canvas/recorder';

/** Bids 99, 98, 97 and asks 101, 102, 103, amount 1 each (cumulative 1, 2, 3). */
const book: BookFrame = {
  symbol: 'X',
  step: '1',
  steps: ['1'],
  bids: new Float64Array([99, 1, 1, 99, 98, 1, 2, 197, 97, 1, 3, 294]),
  asks: new Float64Array([101, 1, 1, 101, 102, 1, 2, 203, 103, 2, 4, 409]),
  bidCount: 3,
  askCount: 3,
  buyOnePrice: 99,
  sellOnePrice: 101,
  ratio: 0.45,
  u: 1,
  receivedAt: 0,
  resyncing: false,
};

const input: DepthSceneInput = {
  width: 216,
  height: 200,
  colours: TOKENS.light,
  price: (n) => n.toFixed(2),
  qty: (n) => n.toFixed(3),
  midLabel: 'Mid',
};

describe('depth chart view', () => {
  it('centres the mid price and scales to the widest side and the deepest cumulative amount', () => {
    const g = toDepthGeometry(book, 216, 200);
    expect(g).toMatchObject({
      mid: 100,
      half: 3,
      maxCum: 4,
      plotTop: TOP_PAD,
      plotBottom: 200 - AXIS_HEIGHT,
    });
    if (g === null) return;
    expect(priceToX(g, 100)).toBe(108);
    expect(priceToX(g, 97)).toBe(8);
    expect(priceToX(g, 103)).toBe(208);
    expect(xToPrice(g, 158)).toBeCloseTo(101.5);
    expect(cumToY(g, 4)).toBe(TOP_PAD);
    expect(toDepthGeometry({ ...book, askCount: 0 }, 216, 200)).toBeNull();
  });

  it('steps each side outwards from the spread: up at each level, flat to the next', () => {
    const g = toDepthGeometry(book, 216, 200);
    if (g === null) throw new Error('no geometry');
    const bids = sidePoints(book, 'bid', g);
    // Start on the axis at the best bid, rise to cumulative 1, step left to 98, rise to 2…
    expect(bids.slice(0, 6)).toEqual([
      priceToX(g, 99),
      g.plotBottom,
      priceToX(g, 99),
      g.plotBottom,
      priceToX(g, 99),
      cumToY(g, 1),
    ]);
    expect(bids.slice(-4)).toEqual([8, cumToY(g, 3), 8, g.plotBottom]);
  });

  it('draws both areas in their side colours, the mid marker and labels', () => {
    const scene = toDepthScene(book, input);
    const shapes = scene.bands[0]?.shapes ?? [];
    const polys = shapes.filter((s): s is PolyShape => s.kind === 'poly');
    // Opaque fills of an 18 % tint of each side's colour over the plot (light theme: white).
    expect(polys.map((p) => [p.colour, p.alpha])).toEqual([
      [mixOver(TOKENS.light.up, 0.18, '#ffffff'), 1],
      [mixOver(TOKENS.light.down, 0.18, '#ffffff'), 1],
    ]);
    const dashed = shapes.filter((s): s is LineShape => s.kind === 'line' && s.dashed === true);
    expect(dashed).toHaveLength(1);
    expect(dashed[0]?.points[0]).toBe(108.5);
    const labels = shapes.filter((s): s is TextShape => s.kind === 'text').map((s) => s.text);
    expect(labels).toContain('Mid 100.00');
    expect(labels).toContain('4.000');
    // Without a book: an empty plot, no crash.
    expect(toDepthScene(undefined, input).bands[0]?.shapes).toEqual([]);
  });

  it('reads cumulative quantity and value from the spread to the hovered price', () => {
    const g = toDepthGeometry(book, 216, 200);
    if (g === null) throw new Error('no geometry');
    expect(readDepth(book, 97.5, g)).toEqual({ side: 'bid', price: 97.5, cumQty: 2, value: 197 });
    expect(readDepth(book, 102, g)).toEqual({ side: 'ask', price: 102, cumQty: 2, value: 203 });
    expect(readDepth(book, 100.5, g)).toEqual({ side: 'ask', price: 100.5, cumQty: 0, value: 0 });
    expect(readDepth(book, 110, g)).toBeNull();
  });

  it('renders the plot and the crosshair on one surface; the same input repaints nothing', () => {
    const ctx = recorder();
    const r = new DepthRenderer(new Canvas2DSurface(ctx));
    const plain = r.draw(book, null, input, 1);
    expect(plain.painted).toBe(1);
    expect(plain.readout).toBeNull();
    expect(texts(ctx.ops).some((o) => o.text === 'Mid 100.00')).toBe(true);
    // No crosshair marker without a pointer.
    expect(ctx.ops.some((o) => o.op === 'rect' && o.fill === TOKENS.light.up && o.w === 7)).toBe(false);
    ctx.ops.length = 0;
    expect(r.draw(book, null, input, 1).painted).toBe(0);
    expect(ctx.ops).toEqual([]);
    // A pointer over the bids: plot and crosshair repaint together, the marker in the bid colour over the plot.
    const hovered = r.draw(book, 40, input, 1);
    expect(hovered.painted).toBe(1);
    expect(hovered.readout?.side).toBe('bid');
    expect(hovered.readout?.cumQty).toBe(2);
    const marker = ctx.ops.findIndex((o) => o.op === 'rect' && o.fill === TOKENS.light.up && o.w === 7);
    const mid = ctx.ops.findIndex((o) => o.op === 'text' && o.text === 'Mid 100.00');
    expect(mid).toBeGreaterThanOrEqual(0);
    expect(marker).toBeGreaterThan(mid);
  });
});
