/**
 * The linear perpetual contracts the simulator lists (category `linear`, bybit-wire.md §4 naming: `BTCUSDT`,
 * `ETHUSDT`), each on its spot pair's index. They live in their own engine, so their names never meet the spot
 * symbols' table.
 */
import { SYMBOL_BY_NAME, type SymbolSpec } from '../market/symbols';

/** The product category of every contract (v5 `category=linear`). */
export const PERP_CATEGORY = 'linear';

/** One linear perpetual: its engine instrument and the spot pair its index follows. */
export interface PerpContract {
  /** Instrument of the perpetual engine (the synthetic market and the book use it). */
  readonly spec: SymbolSpec;
  /** The spot pair whose price is the index (and the spot leg of a combination). */
  readonly spot: SymbolSpec;
  /** Largest position size in base (the combination refuses beyond it). */
  readonly maxPosition: string;
}

function spotOf(symbol: string): SymbolSpec {
  const s = SYMBOL_BY_NAME.get(symbol);
  if (s === undefined) throw new Error(`unknown spot symbol ${symbol}`);
  return s;
}

function contract(spot: SymbolSpec, pricePrecision: number, lot: string, maxPosition: string): PerpContract {
  const quantityPrecision = lot.split('.')[1]?.length ?? 0;
  return {
    spot,
    maxPosition,
    spec: {
      ...spot,
      pricePrecision,
      quantityPrecision,
      minQty: lot,
      maxQty: maxPosition,
      minAmount: '0',
      digitMerge: '',
      quota: '',
      notice: '',
      openInMs: 0,
    },
  };
}

/** Every contract, BTC first. Lots follow the exchange's linear contracts (0.001 BTC, 0.01 ETH). */
export const PERP_CONTRACTS: readonly PerpContract[] = [
  contract(spotOf('BTCUSDT'), 1, '0.001', '100'),
  contract(spotOf('ETHUSDT'), 2, '0.01', '1500'),
];

/** A contract by its symbol; undefined when not listed. */
export function findContract(symbol: string): PerpContract | undefined {
  return PERP_CONTRACTS.find((c) => c.spec.symbol === symbol);
}

/** Leverage a position may use (initial margin = size × entry / leverage). */
export const PERP_LEVERAGE = { min: 1, max: 10, default: 5 } as const;

/** Fee rate of the perpetual leg (a taker fill), charged in USDT and booked in realised P&L. */
export const PERP_TAKER_FEE = '0.00055';
