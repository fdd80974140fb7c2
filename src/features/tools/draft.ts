/**
 * A Tools form's draft (grid bot, iceberg, TWAP, scaled order) and what it turns into: the create request of
 * `workers/protocol/strategy.ts`, and the chart preview lines (scaled pre-orders, grid levels). Pure.
 */
import Decimal from 'decimal.js';
import type { SymbolInfo } from '../../../workers/api';
import type { ScaledDistribution, StrategyCreateRequest } from '../../../workers/protocol/strategy';
import type { GridSpec } from '../../session/toolLines';

/** The tools with a form. */
export type FormTool = 'grid' | 'iceberg' | 'twap' | 'scaled';

/** Every field of every tool form, as typed (canonical decimal strings; '' = empty). */
export interface ToolDraft {
  readonly side: 'Buy' | 'Sell';
  readonly totalQty: string;
  /** Iceberg: a fixed limit price, or a distance from the best price of the order's own side. */
  readonly priceMode: 'fixed' | 'distance';
  readonly price: string;
  readonly priceDistance: string;
  /** Iceberg: the visible slice as a size, or as a number of slices. */
  readonly sliceMode: 'qty' | 'count';
  readonly sliceQty: string;
  readonly sliceCount: string;
  /** TWAP: minutes, seconds, and the optional price limit. */
  readonly durationMin: string;
  readonly intervalSec: string;
  readonly priceLimit: string;
  /** Scaled order. */
  readonly priceLow: string;
  readonly priceHigh: string;
  readonly orderCount: string;
  readonly distribution: ScaledDistribution;
  readonly sizeMode: 'qty' | 'value';
  readonly totalValue: string;
  /** Grid bot. */
  readonly minPrice: string;
  readonly maxPrice: string;
  readonly gridNumber: string;
  readonly gridType: 'grade' | 'geometric';
  readonly investment: string;
  readonly triggerPrice: string;
  readonly takeProfit: string;
  readonly stopLoss: string;
}

/** A new form. */
export const EMPTY_TOOL_DRAFT: ToolDraft = {
  side: 'Buy',
  totalQty: '',
  priceMode: 'fixed',
  price: '',
  priceDistance: '',
  sliceMode: 'count',
  sliceQty: '',
  sliceCount: '5',
  durationMin: '60',
  intervalSec: '60',
  priceLimit: '',
  priceLow: '',
  priceHigh: '',
  orderCount: '5',
  distribution: 'flat',
  sizeMode: 'qty',
  totalValue: '',
  minPrice: '',
  maxPrice: '',
  gridNumber: '10',
  gridType: 'grade',
  investment: '',
  triggerPrice: '',
  takeProfit: '',
  stopLoss: '',
};

/** A decimal of a field, or null when empty or not a number. */
export function num(v: string): Decimal | null {
  if (v.trim() === '') return null;
  try {
    const d = new Decimal(v);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

function intOf(v: string): number {
  const n = Number(v);
  return Number.isInteger(n) ? n : 0;
}

/** The create request of a draft (call after validation: fields are taken as they are). */
export function toCreateRequest(tool: FormTool, d: ToolDraft, symbol: string): StrategyCreateRequest {
  const opt = <K extends string>(key: K, v: string): Partial<Record<K, string>> =>
    v.trim() === '' ? {} : ({ [key]: v } as Record<K, string>);
  switch (tool) {
    case 'iceberg':
      return {
        kind: 'iceberg',
        symbol,
        side: d.side,
        totalQty: d.totalQty,
        ...(d.priceMode === 'fixed' ? { price: d.price } : { priceDistance: d.priceDistance || '0' }),
        ...(d.sliceMode === 'qty' ? { sliceQty: d.sliceQty } : { sliceCount: intOf(d.sliceCount) }),
      };
    case 'twap':
      return {
        kind: 'twap',
        symbol,
        side: d.side,
        totalQty: d.totalQty,
        durationMs: Math.round(Number(d.durationMin) * 60_000),
        intervalMs: Math.round(Number(d.intervalSec) * 1000),
        ...opt('priceLimit', d.priceLimit),
      };
    case 'scaled':
      return {
        kind: 'scaled',
        symbol,
        side: d.side,
        priceLow: d.priceLow,
        priceHigh: d.priceHigh,
        orderCount: intOf(d.orderCount),
        distribution: d.distribution,
        ...(d.sizeMode === 'qty' ? { totalQty: d.totalQty } : { totalValue: d.totalValue }),
      };
    case 'grid':
      return {
        kind: 'grid',
        symbol,
        minPrice: d.minPrice,
        maxPrice: d.maxPrice,
        gridNumber: intOf(d.gridNumber),
        type: d.gridType,
        investment: d.investment,
        ...opt('triggerPrice', d.triggerPrice),
        ...opt('takeProfit', d.takeProfit),
        ...opt('stopLoss', d.stopLoss),
      };
  }
}

/**
 * The orders a scaled draft would place, low price first: prices evenly spaced on the tick, sizes by the
 * distribution (flat, or weights 1…n growing from the low price, or n…1), quantities rounded down to the lot.
 * The simulator computes the same plan (server/strategy/scaled.ts). [] while the draft is incomplete.
 */
export function scaledPlan(d: ToolDraft, s: SymbolInfo): { price: string; qty: string }[] {
  const low = num(d.priceLow);
  const high = num(d.priceHigh);
  const n = intOf(d.orderCount);
  if (low === null || high === null || !high.gt(low) || !low.gt(0) || n < 2 || n > 100) return [];
  const total = d.sizeMode === 'qty' ? num(d.totalQty) : num(d.totalValue);
  const step = high.minus(low).div(n - 1);
  const weights = Array.from({ length: n }, (_, i) =>
    d.distribution === 'flat' ? 1 : d.distribution === 'increasing' ? i + 1 : n - i,
  );
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((w, i) => {
    const price = low.plus(step.times(i)).toDecimalPlaces(s.pricePrecision, Decimal.ROUND_HALF_UP);
    const share = new Decimal(w).div(sum);
    const raw =
      total === null
        ? new Decimal(0)
        : d.sizeMode === 'qty'
          ? total.times(share)
          : total.times(share).div(price);
    return {
      price: price.toFixed(),
      qty: raw.toDecimalPlaces(s.quantityPrecision, Decimal.ROUND_DOWN).toFixed(),
    };
  });
}

/** The grid a draft describes (chart preview), or null while its range or count is incomplete. */
export function gridSpecOf(d: ToolDraft): GridSpec | null {
  const min = num(d.minPrice);
  const max = num(d.maxPrice);
  const n = intOf(d.gridNumber);
  if (min === null || max === null || !max.gt(min) || !min.gt(0) || n < 2 || n > 100) return null;
  return { minPrice: min.toNumber(), maxPrice: max.toNumber(), gridNumber: n, type: d.gridType };
}
