/**
 * Strategies (the Tools tab: grid bot, iceberg, TWAP, scaled order) on the wire: the row the strategy list call and
 * the private `strategy` topic carry, the create request, the limits both sides check, and the row decoder.
 * Shared by the simulator (server/strategy) and the client (workers/, src/features/tools).
 */
import { isRecord, toDecimal, toDecimalOrZero, toId, toSide, toText, toTime } from './fields';

/** Strategy statuses of spec §3. */
export const STRATEGY_STATUSES = [
  'RAW',
  'REJECTED',
  'NEW',
  'INITIALIZING',
  'RUNNING',
  'CANCELLING',
  'COMPLETED',
  'AWAIT_ACTIVATION',
] as const;
/** One strategy status. */
export type StrategyStatus = (typeof STRATEGY_STATUSES)[number];

/** Statuses of a finished strategy (the history list, status 3); every other status is active (status 2). */
export const FINISHED_STATUSES: ReadonlySet<StrategyStatus> = new Set(['COMPLETED', 'REJECTED']);

/** Grid close reasons of spec §3 (camelCase of: unknown, manual, failed initiation, symbol delisted, …). */
export const GRID_CLOSE_REASONS = [
  'unknown',
  'manual',
  'failedInitiation',
  'symbolDelisted',
  'stopLoss',
  'takeProfit',
  'userBan',
] as const;
/** Why a grid (or any strategy) closed; '' while it runs. */
export type CloseReason = (typeof GRID_CLOSE_REASONS)[number] | '';

/** The strategy kinds the simulator runs: spec §3 strategy types iceberg and twap, plus the grid bot and scaled order. */
export const STRATEGY_KINDS = ['grid', 'iceberg', 'twap', 'scaled'] as const;
/** One strategy kind (the row's strategyType). */
export type StrategyKind = (typeof STRATEGY_KINDS)[number];

/**
 * Every strategyType a strategy row may carry: the simulator's kinds plus spec §3's chaseOrder and webhook, which
 * no simulator strategy produces but a server may send; the lists show them with their labels.
 */
export const ROW_STRATEGY_TYPES = [...STRATEGY_KINDS, 'chaseOrder', 'webhook'] as const;
/** One row strategyType. */
export type RowStrategyType = (typeof ROW_STRATEGY_TYPES)[number];

/** Every strategyType the list call accepts: spec §3 (twap, webhook, chaseOrder, iceberg) plus grid and scaled. */
export const LIST_STRATEGY_TYPES: readonly string[] = [
  'twap',
  'webhook',
  'chaseOrder',
  'iceberg',
  'grid',
  'scaled',
];

/** The list's category of a kind: grid bots apart from the order strategies. */
export function categoryOf(kind: StrategyKind): 'grid' | 'spot' {
  return kind === 'grid' ? 'grid' : 'spot';
}

/** createType of a kind's child orders (spec §3 Order createType). */
export const CREATE_TYPES: Readonly<Record<StrategyKind, string>> = {
  grid: 'CreateByGrid',
  iceberg: 'CreateByIceBerg',
  twap: 'CreateByTWAP',
  scaled: 'CreateByScaledOrder',
};

/** Limits both the form and the simulator check. */
export const STRATEGY_LIMITS = {
  twapMinDurationMs: 5 * 60_000,
  twapMaxDurationMs: 24 * 3600_000,
  twapMinIntervalMs: 5_000,
  scaledMinOrders: 2,
  scaledMaxOrders: 100,
  gridMinNumber: 2,
  gridMaxNumber: 100,
  icebergMaxSlices: 100,
} as const;

/** How a scaled order spreads its size: equal, growing from the low price to the high, or shrinking. */
export type ScaledDistribution = 'flat' | 'increasing' | 'decreasing';

/** A create request (the body of POST strategy/create), by kind. Numbers are decimal strings. */
export type StrategyCreateRequest =
  | {
      readonly kind: 'iceberg';
      readonly symbol: string;
      readonly side: 'Buy' | 'Sell';
      readonly totalQty: string;
      /** Limit price; or `priceDistance` from the best price of the order's own side. */
      readonly price?: string;
      readonly priceDistance?: string;
      /** Visible slice size; or `sliceCount` (the size is total ÷ count). */
      readonly sliceQty?: string;
      readonly sliceCount?: number;
    }
  | {
      readonly kind: 'twap';
      readonly symbol: string;
      readonly side: 'Buy' | 'Sell';
      readonly totalQty: string;
      readonly durationMs: number;
      readonly intervalMs: number;
      /** Highest buy / lowest sell price a slice may trade at; a slice that cannot is skipped and reported. */
      readonly priceLimit?: string;
    }
  | {
      readonly kind: 'scaled';
      readonly symbol: string;
      readonly side: 'Buy' | 'Sell';
      readonly priceLow: string;
      readonly priceHigh: string;
      readonly orderCount: number;
      readonly distribution: ScaledDistribution;
      /** Total base quantity; or `totalValue` in quote. */
      readonly totalQty?: string;
      readonly totalValue?: string;
    }
  | {
      readonly kind: 'grid';
      readonly symbol: string;
      readonly minPrice: string;
      readonly maxPrice: string;
      readonly gridNumber: number;
      /** 'grade': arithmetic spacing; 'geometric': equal ratios (spec §3 Grid). */
      readonly type: 'grade' | 'geometric';
      /** Quote invested. */
      readonly investment: string;
      readonly triggerPrice?: string;
      readonly takeProfit?: string;
      readonly stopLoss?: string;
    };

/** A child order a strategy could not place (a scaled order's report, a grid's failed counter order). */
export interface RejectedChild {
  readonly price: string;
  readonly qty: string;
  readonly code: number;
  readonly message: string;
}

/** A TWAP slice skipped because the market was beyond the price limit. */
export interface SkippedSlice {
  readonly time: number;
  readonly qty: string;
  /** The best opposite price at that time ('' when the book was empty). */
  readonly marketPrice: string;
}

/** A grid's figures (spec §3 Grid plus the bot panel's profit columns). */
export interface GridFigures {
  readonly minPrice: string;
  readonly maxPrice: string;
  readonly gridNumber: number;
  readonly type: 'grade' | 'geometric';
  readonly investment: string;
  /** Every level, low to high. */
  readonly levels: readonly string[];
  /** Base quantity of each grid order. */
  readonly qtyPerGrid: string;
  readonly triggerPrice: string;
  readonly takeProfit: string;
  readonly stopLoss: string;
  /** Round trips completed (a buy and the sell one level above). */
  readonly completedPairs: number;
  /** Profit of the completed round trips, fees deducted (quote). */
  readonly gridProfit: string;
  /** Grid profit plus the held base at the last price minus its cost (quote). */
  readonly totalPnl: string;
  /** totalPnl ÷ investment, annualised over the running time (a fraction). */
  readonly annualizedYield: string;
}

/** One strategy as the list call and the `strategy` push carry it. */
export interface StrategyRow {
  readonly strategyId: string;
  readonly strategyType: RowStrategyType;
  readonly category: 'grid' | 'spot';
  readonly symbol: string;
  /** Grid bots trade both sides: 'Buy' there. */
  readonly side: 'Buy' | 'Sell';
  /** 2: active, 3: history (the list call's status). */
  readonly status: 2 | 3;
  readonly strategyStatus: StrategyStatus;
  readonly closeReason: CloseReason;
  /** Total size (base); grid: base of all its orders. */
  readonly size: string;
  readonly executedSize: string;
  readonly executedValue: string;
  readonly avgPrice: string;
  /** Limit price (iceberg), price limit (TWAP), '' otherwise. */
  readonly price: string;
  /** Children placed so far, and how many rest now. */
  readonly childCount: number;
  readonly openChildren: number;
  /** TWAP / scaled: slices or orders planned; iceberg: slices planned. */
  readonly plannedChildren: number;
  readonly nextAt: number;
  readonly skipped: readonly SkippedSlice[];
  readonly rejected: readonly RejectedChild[];
  /** Scaled: each order's price and quantity, low to high (the chart's pre-order lines). */
  readonly children: readonly { readonly price: string; readonly qty: string }[];
  readonly grid: GridFigures | null;
  readonly createdTime: number;
  readonly updatedTime: number;
  /** Chase orders (spec §3 Strategy order): the chase distance in 1e-4 of the price; absent on other kinds. */
  readonly chasePercentE4?: number;
}

const STATUS_SET: ReadonlySet<string> = new Set(STRATEGY_STATUSES);
const KIND_SET: ReadonlySet<string> = new Set(ROW_STRATEGY_TYPES);

function toStringList(x: unknown): string[] {
  return Array.isArray(x) ? x.map((v) => toDecimal(v)).filter((v): v is string => v !== undefined) : [];
}

function toGrid(x: unknown): GridFigures | null {
  if (!isRecord(x)) return null;
  const min = toDecimal(x.minPrice);
  const max = toDecimal(x.maxPrice);
  if (min === undefined || max === undefined) return null;
  return {
    minPrice: min,
    maxPrice: max,
    gridNumber: typeof x.gridNumber === 'number' ? x.gridNumber : 0,
    type: x.type === 'geometric' ? 'geometric' : 'grade',
    investment: toDecimalOrZero(x.investment) ?? '0',
    levels: toStringList(x.levels),
    qtyPerGrid: toDecimalOrZero(x.qtyPerGrid) ?? '0',
    triggerPrice: toDecimalOrZero(x.triggerPrice) ?? '0',
    takeProfit: toDecimalOrZero(x.takeProfit) ?? '0',
    stopLoss: toDecimalOrZero(x.stopLoss) ?? '0',
    completedPairs: typeof x.completedPairs === 'number' ? x.completedPairs : 0,
    gridProfit: toText(x.gridProfit) || '0',
    totalPnl: toText(x.totalPnl) || '0',
    annualizedYield: toText(x.annualizedYield) || '0',
  };
}

function toList<T>(x: unknown, f: (r: Readonly<Record<string, unknown>>) => T | undefined): T[] {
  if (!Array.isArray(x)) return [];
  const out: T[] = [];
  for (const r of x) {
    const v = isRecord(r) ? f(r) : undefined;
    if (v !== undefined) out.push(v);
  }
  return out;
}

/** Decodes one strategy row (list answer or push); undefined when a required field is missing or malformed. */
export function toStrategyRow(row: unknown): StrategyRow | undefined {
  if (!isRecord(row)) return undefined;
  const strategyId = toId(row.strategyId);
  const kind = toText(row.strategyType);
  const status = toText(row.strategyStatus);
  const side = toSide(row.side);
  const createdTime = toTime(row.createdTime);
  if (
    strategyId === undefined ||
    !KIND_SET.has(kind) ||
    !STATUS_SET.has(status) ||
    side === undefined ||
    createdTime === undefined
  ) {
    return undefined;
  }
  const strategyStatus = status as StrategyStatus;
  const reason = toText(row.closeReason);
  return {
    strategyId,
    strategyType: kind as RowStrategyType,
    category: row.category === 'grid' ? 'grid' : 'spot',
    symbol: toText(row.symbol),
    side,
    status: FINISHED_STATUSES.has(strategyStatus) ? 3 : 2,
    strategyStatus,
    closeReason: (GRID_CLOSE_REASONS as readonly string[]).includes(reason) ? (reason as CloseReason) : '',
    size: toDecimalOrZero(row.size) ?? '0',
    executedSize: toDecimalOrZero(row.executedSize) ?? '0',
    executedValue: toDecimalOrZero(row.executedValue) ?? '0',
    avgPrice: toDecimalOrZero(row.avgPrice) ?? '0',
    price: toDecimal(row.price) ?? '',
    childCount: typeof row.childCount === 'number' ? row.childCount : 0,
    openChildren: typeof row.openChildren === 'number' ? row.openChildren : 0,
    plannedChildren: typeof row.plannedChildren === 'number' ? row.plannedChildren : 0,
    nextAt: toTime(row.nextAt) ?? 0,
    skipped: toList(row.skipped, (r) => {
      const time = toTime(r.time);
      const qty = toDecimal(r.qty);
      return time === undefined || qty === undefined
        ? undefined
        : { time, qty, marketPrice: toDecimal(r.marketPrice) ?? '' };
    }),
    rejected: toList(row.rejected, (r) => ({
      price: toDecimalOrZero(r.price) ?? '0',
      qty: toDecimalOrZero(r.qty) ?? '0',
      code: typeof r.code === 'number' ? r.code : 0,
      message: toText(r.message),
    })),
    children: toList(row.children, (r) => {
      const price = toDecimal(r.price);
      const qty = toDecimal(r.qty);
      return price === undefined || qty === undefined ? undefined : { price, qty };
    }),
    grid: toGrid(row.grid),
    createdTime,
    updatedTime: toTime(row.updatedTime) ?? createdTime,
    ...(typeof row.chasePercentE4 === 'number' && Number.isFinite(row.chasePercentE4)
      ? { chasePercentE4: row.chasePercentE4 }
      : {}),
  };
}
