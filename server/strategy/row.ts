/** A strategy document as the list call and the `strategy` push show it, with a grid's figures computed now. */
import { Decimal } from 'decimal.js';
import { categoryOf, FINISHED_STATUSES } from '../../workers/protocol/strategy';
import type { GridFigures, StrategyRow } from '../../workers/protocol/strategy';
import { SYMBOL_BY_NAME } from '../market/symbols';
import { avgOf } from './math';
import type { StrategyDoc } from './types';

const YEAR_MS = 365 * 24 * 3600_000;
/** Shortest running time the yield is annualised over (a day), so a grid a minute old does not read thousands of percent. */
const MIN_YIELD_SPAN_MS = 24 * 3600_000;

function gridFigures(doc: StrategyDoc, lastPrice: string | undefined, now: number): GridFigures | null {
  const g = doc.grid;
  const p = doc.params;
  if (g === null || p.kind !== 'grid') return null;
  const quote = SYMBOL_BY_NAME.get(doc.symbol)?.amountPrecision ?? 8;
  // P&L: the quote that went in and out, plus the base still held at the last price.
  const total = new Decimal(g.quoteFlow).plus(new Decimal(g.baseHeld).times(lastPrice ?? '0'));
  const end = FINISHED_STATUSES.has(doc.status) ? doc.updatedTime : now;
  const span = Math.max(MIN_YIELD_SPAN_MS, end - (g.runningSince || doc.createdTime));
  const invest = new Decimal(p.investment);
  const yieldRate =
    g.runningSince === 0 || invest.isZero() ? new Decimal(0) : total.div(invest).times(YEAR_MS / span);
  return {
    minPrice: p.minPrice,
    maxPrice: p.maxPrice,
    gridNumber: p.gridNumber,
    type: p.type,
    investment: p.investment,
    levels: g.levels,
    qtyPerGrid: g.qtyPerGrid,
    triggerPrice: p.triggerPrice ?? '0',
    takeProfit: p.takeProfit ?? '0',
    stopLoss: p.stopLoss ?? '0',
    completedPairs: g.completedPairs,
    gridProfit: new Decimal(g.gridProfit).toDecimalPlaces(quote).toFixed(),
    totalPnl: total.toDecimalPlaces(quote).toFixed(),
    annualizedYield: yieldRate.toDecimalPlaces(6).toFixed(),
  };
}

/** The wire row of a strategy. */
export function toRow(doc: StrategyDoc, lastPrice: string | undefined, now: number): StrategyRow {
  const spec = SYMBOL_BY_NAME.get(doc.symbol);
  const p = doc.params;
  const price = p.kind === 'iceberg' ? (p.price ?? '') : p.kind === 'twap' ? (p.priceLimit ?? '') : '';
  return {
    strategyId: doc.id,
    strategyType: doc.kind,
    category: categoryOf(doc.kind),
    symbol: doc.symbol,
    side: doc.side,
    status: FINISHED_STATUSES.has(doc.status) ? 3 : 2,
    strategyStatus: doc.status,
    closeReason: doc.closeReason,
    size: doc.size,
    executedSize: doc.executedSize,
    executedValue: doc.executedValue,
    avgPrice: spec === undefined ? '0' : avgOf(spec, doc.executedValue, doc.executedSize),
    price,
    childCount: doc.childCount,
    openChildren: Object.keys(doc.children).length,
    plannedChildren: doc.plannedChildren,
    nextAt: doc.nextAt,
    skipped: doc.skipped,
    rejected: doc.rejected,
    children: doc.plan,
    grid: gridFigures(doc, lastPrice, now),
    createdTime: doc.createdTime,
    updatedTime: doc.updatedTime,
  };
}
