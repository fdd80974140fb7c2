/**
 * The matching engine's public contract. Everything the rest of the simulator (REST, WebSocket, synthetic market,
 * persistence) needs from the engine is declared here; the implementation lives beside it in `engine.ts`.
 *
 * Numbers cross this boundary as decimal strings (the wire's form). Inside, prices are integer ticks and quantities
 * integer lots of the symbol; balances are exact (bigint atoms).
 */

import type { WireOrderStatus } from '../../workers/protocol/orders';

/**
 * What the engine needs to know about a tradable symbol. The market catalogue's `SymbolSpec` satisfies it
 * structurally, so the engine does not depend on `server/market/`.
 */
export interface InstrumentSpec {
  readonly symbol: string;
  readonly base: string;
  readonly quote: string;
  /** Price decimals; tick = 10^-pricePrecision. */
  readonly pricePrecision: number;
  /** Quantity decimals; lot = 10^-quantityPrecision. */
  readonly quantityPrecision: number;
  /** Quote amount decimals (market-by-value amounts). */
  readonly amountPrecision: number;
  readonly minQty: string;
  readonly maxQty: string;
  readonly minAmount: string;
  readonly maxAmount: string;
  /** Buying / selling disabled on this symbol (spec §6). */
  readonly isBanBuy: boolean;
  readonly isBanSell: boolean;
}

/** Order side, v5 spelling. */
export type Side = 'Buy' | 'Sell';
/** The order type of the order that reaches the book. */
export type OrderType = 'Limit' | 'Market';
/** v5 time in force. */
export type TimeInForce = 'GTC' | 'IOC' | 'FOK' | 'PostOnly';
/** Unit of a market order's size: base quantity or quote value. */
export type MarketUnit = 'baseCoin' | 'quoteCoin';

/**
 * Plan type codes of spec §3: -1 ordinary (limit/market), 1 conditional, 8 stop-limit, 10 OCO, 11 TP/SL,
 * 4 trailing stop, 5 trailing profit.
 */
export type PlanType = -1 | 1 | 4 | 5 | 8 | 10 | 11;

/** v5 order status (bybit-wire.md §4); declared once in the protocol shared with the client. */
export type OrderStatus = WireOrderStatus;

/** Which OCO leg fired ('' while untriggered). */
export type OcoTriggerBy = '' | 'OcoTriggerByTp' | 'OcoTriggerBySl';

/** One leg of an OCO order or an attached TP/SL. */
export interface LegSpec {
  readonly triggerPrice: string;
  readonly orderType: OrderType;
  /** Required when orderType is Limit. */
  readonly limitPrice?: string;
}

/** A create request, already authenticated (accountId) but not yet validated. */
export interface PlaceOrderRequest {
  readonly accountId: string;
  readonly clientOrderId: string;
  readonly symbol: string;
  readonly side: Side;
  readonly orderType: OrderType;
  /** Limit price; ignored for market orders. */
  readonly price?: string;
  /** Base quantity (limit orders; market orders with marketUnit baseCoin). */
  readonly qty?: string;
  /** Quote value (market orders with marketUnit quoteCoin). */
  readonly amount?: string;
  /** Default: quoteCoin for market buys, baseCoin otherwise. */
  readonly marketUnit?: MarketUnit;
  /** Default GTC. */
  readonly timeInForce?: TimeInForce;
  /** Default -1 (ordinary). */
  readonly planType?: PlanType;
  /** Conditional / stop-limit trigger price. */
  readonly triggerPrice?: string;
  /** OCO legs (planType 10). */
  readonly takeProfit?: LegSpec;
  readonly stopLoss?: LegSpec;
  /** Trailing stop (planType 4/5): activation price (optional), and exactly one of rate or distance. */
  readonly activationPrice?: string;
  /** Retracement rate as a fraction, e.g. "0.01" for 1 %. */
  readonly trailingPercentage?: string;
  /** Retracement distance in quote price units. */
  readonly trailingValue?: string;
  /** Margin order (UTA borrowing); the engine treats it as a flag carried on the order. */
  readonly isLeverage?: boolean;
  /** Child order of a strategy (server/strategy): the strategy's id, carried on the order and its view. */
  readonly strategyId?: string;
  /** How a strategy created it (spec §3 Order createType: CreateByIceBerg, CreateByTWAP, CreateByGrid…). */
  readonly createType?: string;
}

/** A modify request (orderModify / planOrderModify). Omitted fields keep their value. */
export interface ModifyOrderRequest {
  readonly accountId: string;
  readonly orderId?: string;
  readonly clientOrderId?: string;
  readonly price?: string;
  readonly qty?: string;
  readonly triggerPrice?: string;
  readonly activationPrice?: string;
  readonly trailingPercentage?: string;
  readonly trailingValue?: string;
}

/** Identifies an order to cancel: by id or by client order id. */
export interface CancelOrderRequest {
  readonly accountId: string;
  readonly orderId?: string;
  readonly clientOrderId?: string;
}

/** Cancel-all scope: symbols (empty = all pairs); plan orders of one plan type, or ordinary orders. */
export interface CancelAllRequest {
  readonly accountId: string;
  readonly symbols?: readonly string[];
  /** Absent: ordinary orders (planType -1). Present: plan orders of that plan type only. */
  readonly planType?: PlanType;
}

/** A snapshot of one order as the wire shows it (v5 private `order` shape plus the product's plan fields). */
export interface OrderView {
  readonly orderId: string;
  readonly orderLinkId: string;
  readonly accountId: string;
  readonly symbol: string;
  readonly side: Side;
  readonly orderType: OrderType;
  readonly price: string;
  readonly qty: string;
  /** Quote value for market-by-value orders, else "0". */
  readonly amount: string;
  readonly marketUnit: MarketUnit;
  readonly timeInForce: TimeInForce;
  readonly orderStatus: OrderStatus;
  readonly planType: PlanType;
  /** '' | 'Stop' (conditional) | 'StopLimit' | 'tpslOrder' | 'OcoOrder' | 'TrailingStop' | 'TrailingProfit'. */
  readonly stopOrderType: string;
  readonly triggerPrice: string;
  /** 1: triggers when the last price rises to the trigger; 2: when it falls to it; 0: not a trigger order. */
  readonly triggerDirection: 0 | 1 | 2;
  readonly takeProfit: string;
  readonly stopLoss: string;
  readonly tpOrderType: OrderType | '';
  readonly slOrderType: OrderType | '';
  readonly tpLimitPrice: string;
  readonly slLimitPrice: string;
  readonly ocoTriggerBy: OcoTriggerBy;
  readonly activationPrice: string;
  readonly trailingPercentage: string;
  readonly trailingValue: string;
  readonly cumExecQty: string;
  readonly cumExecValue: string;
  /** Fees paid so far, in feeCurrency. */
  readonly cumExecFee: string;
  readonly feeCurrency: string;
  readonly leavesQty: string;
  readonly leavesValue: string;
  readonly avgPrice: string;
  /** '' | 'CancelByUser' | 'CancelByOco' | 'CancelByIOC' | 'CancelByFOK' | 'CancelByPostOnly' | 'CancelByAdmin' … */
  readonly cancelType: string;
  readonly rejectReason: string;
  /** Order spawned when a plan order triggers: the plan order's id; '' otherwise. */
  readonly parentOrderId: string;
  readonly isLeverage: boolean;
  readonly createdTime: number;
  readonly updatedTime: number;
  /** Present on strategy child orders only: the strategy's id. */
  readonly strategyId?: string;
  /** Present on strategy child orders only (spec §3 Order createType). */
  readonly createType?: string;
}

/** One fill of one account's order (v5 private `execution` shape). */
export interface ExecutionView {
  readonly execId: string;
  readonly accountId: string;
  readonly orderId: string;
  readonly orderLinkId: string;
  readonly symbol: string;
  readonly side: Side;
  readonly orderType: OrderType;
  readonly orderPrice: string;
  readonly orderQty: string;
  readonly leavesQty: string;
  readonly execPrice: string;
  readonly execQty: string;
  readonly execValue: string;
  readonly execFee: string;
  readonly feeCurrency: string;
  readonly feeRate: string;
  readonly isMaker: boolean;
  readonly execTime: number;
  readonly planType: PlanType;
  readonly isLeverage: boolean;
  readonly marketUnit: MarketUnit;
  /** The public trade id this fill belongs to. */
  readonly tradeId: string;
}

/** One public trade (the `publicTrade` topic's row, before encoding). */
export interface PublicTrade {
  readonly tradeId: string;
  readonly symbol: string;
  readonly price: string;
  readonly qty: string;
  /** Taker side. */
  readonly side: Side;
  readonly time: number;
  readonly seq: number;
}

/** One account's balance of one coin. */
export interface BalanceView {
  readonly coin: string;
  readonly free: string;
  readonly locked: string;
  /** free + locked */
  readonly total: string;
}

/** Aggregated book levels, best first: [price, size] decimal strings. */
export interface DepthView {
  readonly symbol: string;
  readonly bids: readonly (readonly [string, string])[];
  readonly asks: readonly (readonly [string, string])[];
}

/** Result of an engine call: the order, or a coded error (codes of bybit-wire.md §4 / spec §8). */
export type EngineResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly code: number; readonly message: string };

/** Error codes the engine answers with. */
export const ENGINE_ERRORS = {
  param: 10001,
  invalidSymbol: 170121,
  symbolNotOpen: 170130,
  balance: 170131,
  priceDecimals: 170134,
  qtyDecimals: 170135,
  qtyTooSmall: 170136,
  qtyTooLarge: 170137,
  valueTooSmall: 170140,
  valueTooLarge: 170148,
  orderNotFound: 170213,
  postOnlyWouldTake: 170210,
  fokNotFilled: 170211,
  noLiquidity: 170212,
  sideBanned: 170220,
  modifyQtyBelowFilled: 170222,
  triggerSide: 170223,
} as const;

/**
 * Everything the engine tells the outside world, synchronously, in the order it happens.
 * Accounts flagged `system` (the synthetic market's makers and takers) produce no order/execution/wallet events.
 */
export interface EngineListener {
  /** An order of a non-system account changed (created, filled, cancelled, triggered, modified, …). */
  order?(order: OrderView): void;
  /** A fill of a non-system account's order. */
  execution?(exec: ExecutionView): void;
  /** A public trade printed (every trade, system accounts included). */
  trade?(trade: PublicTrade): void;
  /**
   * An aggregated book level changed. price and size are decimal strings; size "0" removes the level.
   * Called once per level per matching step (not per resting order).
   */
  level?(symbol: string, side: Side, price: string, size: string): void;
  /** Balances of these coins changed for this non-system account. */
  wallet?(accountId: string, coins: readonly string[]): void;
}

/**
 * Who lends to margin orders (server/margin implements it; absent: nobody borrows). The engine asks it only for
 * orders flagged `isLeverage`, calls it synchronously inside the engine call, and keeps its own balances exact:
 * a loan credits the free balance, a repayment debits it, so `free + locked − debt` moves only with trades.
 */
export interface Lender {
  /** Atoms of `coin` the account may borrow right now (0n: none). */
  borrowable(accountId: string, coin: string): bigint;
  /** Records a loan of `atoms` taken at `time` (the engine has credited the free balance). */
  borrow(accountId: string, coin: string, atoms: bigint, time: number): void;
  /** Outstanding debt of `coin` in atoms, interest included. */
  debt(accountId: string, coin: string): bigint;
  /** Records a repayment of `atoms` (the engine has debited the free balance); `auto` when no one asked. */
  repaid(accountId: string, coin: string, atoms: bigint, time: number, auto: boolean): void;
}

/** Persisted engine state (plain JSON). System-account orders are not persisted. */
export interface EngineState {
  readonly version: 1;
  readonly nextId: number;
  readonly orders: readonly OrderView[];
  readonly executions: readonly ExecutionView[];
  readonly balances: Readonly<Record<string, Readonly<Record<string, { free: string; locked: string }>>>>;
  readonly lastPrice: Readonly<Record<string, string>>;
  /** Key: JSON.stringify([accountId, clientOrderId]); value: orderId. */
  readonly clientIds: Readonly<Record<string, string>>;
  /** Next public trade id / seq (absent: 1). Added so trade ids keep increasing across restarts. */
  readonly nextTradeId?: number;
  /** Per open order, what its wire view cannot carry (absent: derived from the view; added for exact restore). */
  readonly orderState?: Readonly<Record<string, EngineOrderState>>;
}

/** Engine-private data of one open order, persisted beside its view. */
export interface EngineOrderState {
  /** Funds the order holds locked, in its lock coin (quote for buys, base for sells). */
  readonly locked: string;
  /** Time-priority rank of a resting order (lower = earlier); survives price modifies, unlike createdTime. */
  readonly priority?: number;
  /** Trailing orders: whether activated, and the peak (sell) / trough (buy) price since activation. */
  readonly trailActive?: boolean;
  readonly trailExtreme?: string;
}
