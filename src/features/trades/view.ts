/**
 * Pure draw data of the latest-trades list (spec §2, §9 Recent trades): 40 rows newest first, price coloured by the
 * taker side, quantity, time in the trader's time zone; a new trade's row flashes briefly. No DOM.
 */
import type { TradeRow } from '../../../workers/api';
import type { Band, Scene, Shape } from '../../canvas/scene';
import type { ColourTokens } from '../../canvas/tokens';

/** Rows shown at most (spec §9). */
export const TRADE_ROWS = 40;
/** Caption height, row height and gap (as the book). */
export const TRADES_HEAD = 24;
export const TRADE_ROW_HEIGHT = 22;
export const TRADE_PITCH = 24;
/** How long a new trade's row flashes. */
export const FLASH_MS = 600;
const PAD = 8;

/** Rows that fit a height. */
export function tradeRowsThatFit(height: number): number {
  return Math.max(0, Math.min(TRADE_ROWS, Math.floor((height - TRADES_HEAD) / TRADE_PITCH)));
}

/** Remembers when each trade was first seen, to flash the rows of new ones. */
export class TradeFlashes {
  private readonly seen = new Map<string, number>();
  private primed = false;

  /**
   * Notes the trades of a frame at `now`. The first list seen flashes nothing (it is history, not news); ids no longer
   * listed are forgotten, so the map never outgrows the list.
   */
  note(trades: readonly TradeRow[], now: number): void {
    const keep = new Set<string>();
    for (const t of trades) {
      keep.add(t.id);
      if (!this.seen.has(t.id)) this.seen.set(t.id, this.primed ? now : -Infinity);
    }
    for (const id of this.seen.keys()) if (!keep.has(id)) this.seen.delete(id);
    this.primed = true;
  }

  /** Flash strength 0..1 of a trade at `now` (1 when just arrived, 0 after FLASH_MS). */
  strength(id: string, now: number): number {
    const at = this.seen.get(id);
    if (at === undefined) return 0;
    const t = (now - at) / FLASH_MS;
    return t >= 1 || t < 0 ? 0 : 1 - t;
  }
}

/** What the trades scene needs besides the list. */
export interface TradesSceneInput {
  readonly width: number;
  readonly height: number;
  readonly rtl: boolean;
  readonly colours: ColourTokens;
  readonly captions: { readonly price: string; readonly qty: string; readonly time: string };
  readonly price: (n: number) => string;
  readonly qty: (n: number) => string;
  readonly time: (ms: number) => string;
  /** Flash strength of a trade's row (0 = none); returns 0 for all when flashes are off. */
  readonly flash: (id: string) => number;
}

function columns(width: number, rtl: boolean): readonly { x: number; align: 'left' | 'right' }[] {
  const inner = width - 2 * PAD;
  const cols: { x: number; align: 'left' | 'right' }[] = [
    { x: PAD, align: 'left' },
    { x: PAD + Math.round(inner * 0.62), align: 'right' },
    { x: width - PAD, align: 'right' },
  ];
  return rtl ? cols.map((c) => ({ x: width - c.x, align: c.align === 'left' ? 'right' : 'left' })) : cols;
}

/** Quantises a flash strength so a fading row repaints a handful of times, not every frame. */
function flashStep(s: number): number {
  return Math.round(s * 8) / 8;
}

/** The trades scene: captions, then one band per row position (newest at the top). */
export function toTradesScene(trades: readonly TradeRow[], d: TradesSceneInput): Scene {
  const c = d.colours;
  const cols = columns(d.width, d.rtl);
  const [cp, cq, ct] = cols;
  const bands: (Band | null)[] = [];
  const captions = [d.captions.price, d.captions.qty, d.captions.time];
  bands.push({
    x: 0,
    y: 0,
    w: d.width,
    h: TRADES_HEAD,
    background: c.surface,
    shapes: cols.map((col, i): Shape => ({
      kind: 'text',
      text: captions[i] ?? '',
      x: col.x,
      y: TRADES_HEAD / 2,
      colour: c.textMuted,
      align: col.align,
      font: 'caption',
      digits: false,
    })),
  });
  const rows = Math.min(trades.length, tradeRowsThatFit(d.height));
  for (let i = 0; i < rows; i++) {
    const tr = trades[i];
    if (tr === undefined || cp === undefined || cq === undefined || ct === undefined) continue;
    const y = TRADES_HEAD + i * TRADE_PITCH;
    const mid = y + TRADE_ROW_HEIGHT / 2;
    const buy = tr.side === 'Buy';
    const shapes: Shape[] = [];
    const f = flashStep(d.flash(tr.id));
    if (f > 0)
      shapes.push({
        kind: 'rect',
        x: 0,
        y,
        w: d.width,
        h: TRADE_ROW_HEIGHT,
        colour: buy ? c.up : c.down,
        alpha: 0.25 * f,
      });
    shapes.push(
      {
        kind: 'text',
        text: d.price(tr.price),
        x: cp.x,
        y: mid,
        colour: buy ? c.up : c.down,
        align: cp.align,
        font: 'row',
        digits: true,
      },
      {
        kind: 'text',
        text: d.qty(tr.qty),
        x: cq.x,
        y: mid,
        colour: c.text,
        align: cq.align,
        font: 'row',
        digits: true,
      },
      {
        kind: 'text',
        text: d.time(tr.time),
        x: ct.x,
        y: mid,
        colour: c.textMuted,
        align: ct.align,
        font: 'row',
        digits: true,
      },
    );
    bands.push({ x: 0, y, w: d.width, h: TRADE_PITCH, background: c.surface, shapes });
  }
  return { width: d.width, height: d.height, background: c.surface, bands };
}

/** The trade row under a y (CSS px), or -1. */
export function tradeRowAt(y: number, count: number): number {
  const i = Math.floor((y - TRADES_HEAD) / TRADE_PITCH);
  if (y < TRADES_HEAD || i >= count || y - TRADES_HEAD - i * TRADE_PITCH >= TRADE_ROW_HEIGHT) return -1;
  return i;
}
