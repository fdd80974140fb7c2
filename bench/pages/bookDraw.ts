/**
 * The bench pages' book + trades drawing, on any 2D context (a page canvas or a paint worker's OffscreenCanvas):
 * 40 rows a side with price, amount, cumulative amount and a depth bar, and the last trade price between.
 */
import type { BookFrame, TradeRow } from '../../workers/api';

/** The part of a 2D context it draws with: a page canvas's and an OffscreenCanvas's alike (typed in both realms). */
type Ctx2D = Pick<OffscreenCanvasRenderingContext2D, 'fillRect' | 'fillStyle' | 'fillText' | 'font'>;

const ROW = 22;
const GAP = 2;
const WIDTH = 360;
const ASK = '#ef454a';
const BID = '#20b26c';
const ASK_BAR = 'rgba(239,69,74,0.15)';
const BID_BAR = 'rgba(32,178,108,0.15)';
const TEXT = '#eaecef';
const BG = '#0b0e11';

function drawSide(
  c: Ctx2D,
  rows: Float64Array,
  count: number,
  y0: number,
  dir: 1 | -1,
  bid: boolean,
  maxCum: number,
): void {
  for (let i = 0; i < count; i++) {
    const price = rows[i * 4] ?? 0;
    const amount = rows[i * 4 + 1] ?? 0;
    const cum = rows[i * 4 + 2] ?? 0;
    const y = y0 + dir * i * (ROW + GAP);
    const w = (cum / maxCum) * WIDTH;
    c.fillStyle = bid ? BID_BAR : ASK_BAR;
    c.fillRect(WIDTH - w, y, w, ROW);
    c.fillStyle = bid ? BID : ASK;
    c.fillText(price.toFixed(2), 8, y + 15);
    c.fillStyle = TEXT;
    c.fillText(amount.toFixed(6), 130, y + 15);
    c.fillText(cum.toFixed(4), 250, y + 15);
  }
}

/** Draws one frame; the caller times it. */
export function drawBook(
  c: Ctx2D,
  width: number,
  height: number,
  book: BookFrame | undefined,
  trades: readonly TradeRow[] | undefined,
): void {
  c.fillStyle = BG;
  c.fillRect(0, 0, width, height);
  c.font = '12px system-ui, sans-serif';
  if (book === undefined) return;
  const maxCum = Math.max(
    book.bids[(book.bidCount - 1) * 4 + 2] ?? 1,
    book.asks[(book.askCount - 1) * 4 + 2] ?? 1,
    1e-12,
  );
  const mid = 40 * (ROW + GAP);
  drawSide(c, book.asks, book.askCount, mid - ROW - GAP, -1, false, maxCum);
  c.fillStyle = TEXT;
  c.fillText(trades?.[0]?.price.toFixed(2) ?? '', 8, mid + 15);
  drawSide(c, book.bids, book.bidCount, mid + ROW + GAP, 1, true, maxCum);
}
