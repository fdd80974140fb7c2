/**
 * Views of the chart's lines and markers: fill markers snapped to the loaded candles, average-price line legends
 * (spec §9: 'last N days', or years at 365 and more), open-order lines (limit and plan orders), grid-strategy price
 * levels and the drag/quick-order price helpers. Pure data in, plain draw data out.
 */
import Decimal from 'decimal.js';
import { averageLineLabel } from '../../../workers/protocol/account';
import type { SeriesMarker, Time, UTCTimestamp } from 'lightweight-charts';
import type { FillMarker, OrderEvent } from '../../../workers/api';
import type { GridSpec } from '../../session/toolLines';

/** A marker as the renderer draws it (lightweight-charts' shape, time in seconds). */
export interface MarkerDraw {
  readonly id: string;
  /** Candle time, seconds. */
  readonly time: number;
  readonly side: 'Buy' | 'Sell';
  readonly count: number;
  /** The fills behind it (the trade-info modal). */
  readonly fillIds: readonly string[];
}

/** The library's markers for `draws`: buy an up arrow below the bar, sell a down arrow above it. */
export function toSeriesMarkers(
  draws: readonly MarkerDraw[],
  colours: { readonly up: string; readonly down: string },
): SeriesMarker<Time>[] {
  return draws.map((d) => ({
    id: d.id,
    time: d.time as UTCTimestamp,
    position: d.side === 'Buy' ? 'belowBar' : 'aboveBar',
    shape: d.side === 'Buy' ? 'arrowUp' : 'arrowDown',
    size: 1.6,
    color: d.side === 'Buy' ? colours.up : colours.down,
    text: d.side === 'Buy' ? 'B' : 'S',
  }));
}

/** Largest index with times[i] ≤ t, or -1. `times` ascending. */
export function floorIndex(times: readonly number[], t: number): number {
  let lo = 0;
  let hi = times.length - 1;
  let ans = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((times[mid] ?? Infinity) <= t) {
      ans = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return ans;
}

/**
 * Fill markers (bucketed per candle by the hub) placed on the loaded candles: each goes to the candle holding its
 * time (ms); markers older than the first candle or newer than one interval past the last are left out. Markers of
 * one side that land on the same candle merge. Ascending time, buy before sell.
 */
export function toMarkerDraws(
  markers: readonly FillMarker[],
  candleTimesMs: readonly number[],
  intervalMs: number,
): MarkerDraw[] {
  const first = candleTimesMs[0];
  const last = candleTimesMs[candleTimesMs.length - 1];
  if (first === undefined || last === undefined) return [];
  const byKey = new Map<string, { time: number; side: 'Buy' | 'Sell'; count: number; ids: string[] }>();
  for (const m of markers) {
    if (m.time < first || m.time >= last + intervalMs) continue;
    const i = floorIndex(candleTimesMs, m.time);
    const t = candleTimesMs[i];
    if (t === undefined) continue;
    const key = `${m.side}:${t}`;
    const prev = byKey.get(key);
    if (prev === undefined) byKey.set(key, { time: t, side: m.side, count: m.count, ids: [...m.fillIds] });
    else {
      prev.count += m.count;
      prev.ids.push(...m.fillIds);
    }
  }
  return [...byKey.entries()]
    .map(([id, b]) => ({ id, time: b.time / 1000, side: b.side, count: b.count, fillIds: b.ids }))
    .sort((a, b) => a.time - b.time || (a.side === b.side ? 0 : a.side === 'Buy' ? -1 : 1));
}

/** The i18n key and count of an average line's legend. */
export function averageLegend(days: number): {
  readonly key: 'lastNDays' | 'lastNYears';
  readonly n: number;
} {
  return averageLineLabel(days);
}

/** Kinds of chart lines. */
export type ChartLineKind = 'limit' | 'plan';

/** One open-order line (spec §3 "Chart line items": id, price, side, quantity, order text, tooltip). */
export interface OrderLine {
  readonly id: string;
  readonly kind: ChartLineKind;
  readonly price: string;
  readonly side: 'Buy' | 'Sell';
  readonly quantity: string;
  /** Short label: order type word key and side. */
  readonly textKey: 'limit' | 'conditional' | 'stopLimit' | 'tpsl' | 'oco' | 'trailing';
  /** The order behind the line (modify and cancel act on it). */
  readonly order: OrderEvent;
}

function planTextKey(planType: number): OrderLine['textKey'] {
  switch (planType) {
    case 8:
      return 'stopLimit';
    case 10:
      return 'oco';
    case 11:
      return 'tpsl';
    case 4:
    case 5:
      return 'trailing';
    default:
      return 'conditional';
  }
}

/** Whether an order is an untriggered plan order (its line sits at the trigger price). */
export function isPlanOrder(o: OrderEvent): boolean {
  return o.status === 'ORDER_NEW';
}

/**
 * Most order lines drawn at once. Beyond a few dozen the lines cover the candles and each one is a draggable handle
 * to lay out on every repaint (1,000 open orders made every order push cost the chart several ms); the ones kept are
 * those nearest the market, where a trader drags and cancels.
 */
export const MAX_ORDER_LINES = 50;

/**
 * The price the kept order lines are chosen around: the last price on a 1 % grid, so which lines are kept is settled
 * again when the market has moved about 1 %, not on every tick. null without a positive price.
 */
export function orderLineAnchor(lastPrice: number | null | undefined): number | null {
  if (lastPrice === null || lastPrice === undefined || !(lastPrice > 0) || !Number.isFinite(lastPrice))
    return null;
  return 1.01 ** Math.round(Math.log(lastPrice) / Math.log(1.01));
}

/**
 * Lines of a symbol's open orders: limit orders at their price, plan orders waiting for their trigger at the
 * trigger price. Market orders and rows without a positive price have no line. At most `max`, nearest `nearPrice`
 * (the newest orders when it is unknown). Sorted by price, highest first.
 */
export function toOrderLines(
  orders: readonly OrderEvent[],
  symbol: string,
  nearPrice: number | null = null,
  max: number = MAX_ORDER_LINES,
): OrderLine[] {
  const out: OrderLine[] = [];
  for (const o of orders) {
    if (o.symbol !== symbol) continue;
    const plan = isPlanOrder(o);
    const price = plan ? o.triggerPrice : o.price;
    if (!plan && o.orderType !== 'Limit') continue;
    if (!(Number(price) > 0)) continue;
    out.push({
      id: o.orderId,
      kind: plan ? 'plan' : 'limit',
      price,
      side: o.side,
      quantity: o.leavesQty !== '' && Number(o.leavesQty) > 0 ? o.leavesQty : o.qty,
      textKey: plan ? planTextKey(o.planType) : 'limit',
      order: o,
    });
  }
  // Open orders come newest first, so without a price the newest are kept.
  const kept =
    out.length <= max
      ? out
      : nearPrice === null || !(nearPrice > 0)
        ? out.slice(0, max)
        : out
            .map((l) => ({ l, d: Math.abs(Number(l.price) - nearPrice) }))
            .sort((a, b) => a.d - b.d)
            .slice(0, max)
            .map((x) => x.l);
  return kept.sort((a, b) => Number(b.price) - Number(a.price));
}

/** A price rounded half-up to the symbol's precision, as a plain decimal string ("" for a non-finite input). */
export function roundPrice(price: number, precision: number): string {
  if (!Number.isFinite(price)) return '';
  return new Decimal(price).toDecimalPlaces(Math.max(0, precision), Decimal.ROUND_HALF_UP).toFixed();
}

/** Grid strategy (spec §3 Grid), declared with the tool lines it comes in. */
export type { GridSpec } from '../../session/toolLines';

/** The grid's price levels, lowest first (gridNumber + 1 of them); [] for a malformed grid. */
export function gridPriceLevels(g: GridSpec): number[] {
  const n = Math.floor(g.gridNumber);
  if (!(g.minPrice > 0) || !(g.maxPrice > g.minPrice) || !(n >= 1) || n > 500) return [];
  const out: number[] = [];
  for (let i = 0; i <= n; i++) {
    out.push(
      g.type === 'grade'
        ? g.minPrice + ((g.maxPrice - g.minPrice) * i) / n
        : g.minPrice * Math.pow(g.maxPrice / g.minPrice, i / n),
    );
  }
  return out;
}

/**
 * What a drag ending at `newPrice` means for a line (spec §2 hint dialog): the same price as now, or a price on
 * the other side of the market (a buy above or a sell below the last price: it would fill at once) asks to confirm.
 */
export function dragHint(
  line: Pick<OrderLine, 'price' | 'side' | 'kind'>,
  newPrice: string,
  lastPrice: number | null,
): 'same' | 'crossesMarket' | null {
  if (new Decimal(newPrice).equals(new Decimal(line.price))) return 'same';
  if (lastPrice === null || line.kind === 'plan') return null;
  const p = Number(newPrice);
  if (line.side === 'Buy' && p > lastPrice) return 'crossesMarket';
  if (line.side === 'Sell' && p < lastPrice) return 'crossesMarket';
  return null;
}
