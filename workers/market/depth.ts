/**
 * Depth steps (spec §5 "Display and other") and the merged top-N book (spec §3 "Order book data", §9: 40 rows).
 * `mergeDepth` runs for every book view the hub builds, so it writes into caller-owned typed arrays and allocates
 * nothing.
 */
import type { OrderBook } from './book';
import type { BookSide } from './bookSide';

/** Rows per side at most (spec §9 "Order book: 40 rows per side"). */
export const DEPTH_MAX_ROWS = 40;

/** Numbers per row in DepthOut.bids / .asks: price, amount, cumulative base, cumulative quote. */
export const DEPTH_STRIDE = 4;

/**
 * A merged book, written by `mergeDepth`. Row r of a side sits at [r·4, r·4+4) of its array:
 * 0 bucket price (quote units), 1 amount in the bucket (base), 2 cumulative base from the best row,
 * 3 cumulative quote (Σ level price × size, at the levels' own prices, not the bucket's) from the best row.
 * Rows are best first; entries past `bidCount` / `askCount` hold leftovers of earlier calls and mean nothing.
 * The hub owns the arrays: copy (or transfer a copy) before handing them to a tab.
 */
export interface DepthOut {
  readonly bids: Float64Array;
  readonly asks: Float64Array;
  bidCount: number;
  askCount: number;
  /** Best bid price of the raw book (not bucketed); 0 when there are no bids. */
  buyOnePrice: number;
  /** Best ask price of the raw book (not bucketed); 0 when there are no asks. */
  sellOnePrice: number;
  /** Bid share of the base amount over the shown rows, bid / (bid + ask); 0.5 when nothing is shown. */
  ratio: number;
}

/** Allocates a DepthOut once (40 rows a side); reuse it for every merge. */
export function createDepthOut(): DepthOut {
  return {
    bids: new Float64Array(DEPTH_MAX_ROWS * DEPTH_STRIDE),
    asks: new Float64Array(DEPTH_MAX_ROWS * DEPTH_STRIDE),
    bidCount: 0,
    askCount: 0,
    buyOnePrice: 0,
    sellOnePrice: 0,
    ratio: 0.5,
  };
}

/** The step options of a symbol and the one to use. */
export interface DepthSteps {
  /** Steps in digitMerge order, as written there. */
  readonly steps: readonly string[];
  /** One of `steps`. */
  readonly selected: string;
}

const STEP_RE = /^[01]+(?:\.[01]+)?$/;

/**
 * Depth steps from a symbol's digitMerge (spec §5): entries made only of 0, 1 and a dot are kept (so "0.5" or "5"
 * go), in digitMerge order, duplicates (by value: "0.10" = "0.1") removed, blanks around commas ignored.
 * Selected: the saved choice if still listed; else the first step "at or below price precision", read as: the
 * first step whose decimal places do not exceed pricePrecision, i.e. step ≥ the tick 10^-pricePrecision (the
 * finest step the symbol's prices can show; with the usual ascending digitMerge, the tick itself); else the last.
 * A digitMerge with no usable entry yields the tick as the only step.
 */
export function depthSteps(digitMerge: string, pricePrecision: number, saved?: string | null): DepthSteps {
  const steps: string[] = [];
  const seen = new Set<number>();
  for (const raw of digitMerge.split(',')) {
    const s = raw.trim();
    if (!STEP_RE.test(s)) continue;
    const v = Number(s);
    if (seen.has(v)) continue;
    seen.add(v);
    steps.push(s);
  }
  if (steps.length === 0) {
    const tick = tickString(pricePrecision);
    return { steps: [tick], selected: tick };
  }
  if (saved !== undefined && saved !== null && saved !== '') {
    const want = Number(saved.trim());
    const hit = steps.find((s) => s === saved || Number(s) === want);
    if (hit !== undefined) return { steps, selected: hit };
  }
  const fit = steps.find((s) => decimals(s) <= pricePrecision);
  return { steps, selected: fit ?? steps[steps.length - 1] ?? steps[0] ?? tickString(pricePrecision) };
}

/** What the step picker shows: step "0" shows as "1" (spec §5). */
export function stepLabel(step: string): string {
  return Number(step) === 0 ? '1' : step;
}

/**
 * A step in whole ticks for `mergeDepth`: step "0" means 1 (as its label says); a step finer than the tick, or
 * not a number, merges nothing (1 tick).
 */
export function stepToTicks(step: string, pricePrecision: number): number {
  const v = Number(step);
  const value = v === 0 ? 1 : v;
  const ticks = Math.round(value * 10 ** pricePrecision);
  return Number.isFinite(ticks) && ticks >= 1 ? ticks : 1;
}

/**
 * Merges the top of `book` into `out`: bids bucketed down (floor to the step), asks up (ceil), at most `rows` rows
 * a side (capped at 40). Cumulative totals run from the best row outwards; the ratio covers the shown rows.
 */
export function mergeDepth(book: OrderBook, stepTicks: number, rows: number, out: DepthOut): void {
  const step = stepTicks >= 1 ? Math.floor(stepTicks) : 1;
  const max = Math.max(
    0,
    Math.min(rows | 0, DEPTH_MAX_ROWS, out.bids.length / DEPTH_STRIDE, out.asks.length / DEPTH_STRIDE),
  );
  const scale = book.scale;
  const bids = book.bids;
  const asks = book.asks;
  out.bidCount = mergeSide(bids, step, max, scale, out.bids, true);
  out.askCount = mergeSide(asks, step, max, scale, out.asks, false);
  out.buyOnePrice = bids.length > 0 ? bids.ticksAt(0) / scale : 0;
  out.sellOnePrice = asks.length > 0 ? asks.ticksAt(0) / scale : 0;
  const bidBase = out.bidCount > 0 ? (out.bids[(out.bidCount - 1) * DEPTH_STRIDE + 2] ?? 0) : 0;
  const askBase = out.askCount > 0 ? (out.asks[(out.askCount - 1) * DEPTH_STRIDE + 2] ?? 0) : 0;
  const total = bidBase + askBase;
  out.ratio = total > 0 ? bidBase / total : 0.5;
}

function mergeSide(
  side: BookSide,
  step: number,
  max: number,
  scale: number,
  dst: Float64Array,
  down: boolean,
): number {
  // Straight over the side's storage (best last): this loop runs for every view the hub builds.
  const keys = side.rawKeys;
  const sizes = side.rawSizes;
  const sign = side.sign;
  let count = 0;
  let bucket = NaN;
  let amount = 0;
  let cumBase = 0;
  // Σ size × ticks: one division per row instead of one per level.
  let cumQuoteTicks = 0;
  const n = side.length;
  if (step === 1) {
    // The tick step (the default): every level is its own row, no bucketing.
    const shown = Math.min(max, n);
    for (let r = 0, i = n - 1; r < shown; r++, i--) {
      const ticks = sign * (keys[i] ?? 0);
      const size = sizes[i] ?? 0;
      cumBase += size;
      cumQuoteTicks += size * ticks;
      const o = r * DEPTH_STRIDE;
      dst[o] = ticks / scale;
      dst[o + 1] = size;
      dst[o + 2] = cumBase;
      dst[o + 3] = cumQuoteTicks / scale;
    }
    return shown;
  }
  let o = -DEPTH_STRIDE;
  for (let i = n - 1; i >= 0; i--) {
    const ticks = sign * (keys[i] ?? 0);
    const size = sizes[i] ?? 0;
    const b = down ? Math.floor(ticks / step) * step : Math.ceil(ticks / step) * step;
    if (b !== bucket) {
      if (count > 0) {
        dst[o + 1] = amount;
        dst[o + 2] = cumBase;
        dst[o + 3] = cumQuoteTicks / scale;
      }
      if (count === max) return count;
      o += DEPTH_STRIDE;
      dst[o] = b / scale;
      count++;
      bucket = b;
      amount = 0;
    }
    amount += size;
    cumBase += size;
    cumQuoteTicks += size * ticks;
  }
  if (count > 0) {
    dst[o + 1] = amount;
    dst[o + 2] = cumBase;
    dst[o + 3] = cumQuoteTicks / scale;
  }
  return count;
}

function decimals(step: string): number {
  const dot = step.indexOf('.');
  if (dot < 0) return 0;
  let end = step.length;
  // "0.10" has the decimals of 0.1.
  while (end > dot + 1 && step.charCodeAt(end - 1) === 48) end--;
  return end - dot - 1;
}

function tickString(pricePrecision: number): string {
  const pp = Math.max(0, Math.min(20, Math.floor(pricePrecision)));
  return (10 ** -pp).toFixed(pp);
}
