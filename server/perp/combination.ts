/**
 * The combination order of the future spread: a spot market order and a perpetual market order of the same base
 * quantity, booked together. Checks run in the order form's order (spec §5) and every failure moves nothing: the
 * access gate, the quantity, the balance (spot leg, margin and fee), then both books' depth; the spot leg is placed
 * only once the perpetual leg is known to fill, and the perpetual leg only once the spot leg filled. Each
 * combination is a `perpCombination` record; a repeat with the same `client_order_id` answers the stored one.
 */
import { Decimal } from 'decimal.js';
import type { Account } from '../accounts/accounts';
import type { SimContext } from '../context';
import type { Side } from '../engine/types';
import { ParamError } from '../http/params';
import { ApiError } from '../http/router';
import { PRIVATE_TOPICS } from '../market/topics';
import { loadRecords, putRecord } from '../store/records';
import {
  checkCombinationQty,
  COMBINATION_ERRORS,
  type CombinationDirection,
  type CombinationRow,
} from '../../workers/protocol/perp';
import type { PerpContract } from './contracts';
import type { PerpMarket } from './market';
import { SETTLE_COIN, type PerpPositions } from './positions';

/** Record kind of combinations in the store. */
export const COMBINATION_KIND = 'perpCombination';
/** Slippage the balance check allows on the spot leg's price (the market order may walk the book). */
const SPOT_SLIPPAGE = '0.02';
/** Spot fee rate the balance check assumes (the engine's default taker fee). */
const SPOT_FEE_ALLOWANCE = '0.001';

/** A combination request, parameters already read. */
export interface CombinationRequest {
  readonly contract: PerpContract;
  readonly direction: CombinationDirection;
  readonly qty: string;
  readonly leverage: number;
  readonly clientOrderId: string;
  /** The account's futureSpread switch (web config). */
  readonly flagOn: boolean;
}

function clientKey(accountId: string, clientOrderId: string): string {
  return JSON.stringify([accountId, clientOrderId]);
}

/** The combinations of every account. */
export class Combinations {
  private readonly byClient = new Map<string, CombinationRow>();
  private nextId = 1;

  constructor(
    private readonly ctx: SimContext,
    private readonly market: PerpMarket,
    private readonly positions: PerpPositions,
  ) {
    this.reload();
  }

  /** Rebuilds the client-id index from the store; the id counter never goes back. */
  reload(): void {
    this.byClient.clear();
    for (const r of loadRecords<CombinationRow>(this.ctx.store.db, COMBINATION_KIND)) {
      if (r.doc.clientOrderId !== '') this.byClient.set(clientKey(r.accountId, r.doc.clientOrderId), r.doc);
      const n = Number(r.id);
      if (Number.isSafeInteger(n) && n >= this.nextId) this.nextId = n + 1;
    }
  }

  /** Places a combination for an account (see the module comment); throws the first failing check. */
  place(a: Account, req: CombinationRequest): CombinationRow {
    const c = req.contract;
    if (req.clientOrderId !== '') {
      const first = this.byClient.get(clientKey(a.id, req.clientOrderId));
      if (first !== undefined) {
        if (
          first.symbol !== c.spec.symbol ||
          first.direction !== req.direction ||
          !new Decimal(first.qty).eq(req.qty)
        )
          throw new ParamError('client_order_id was already used for another combination');
        return first;
      }
    }
    if (a.isSub) throw new ApiError(COMBINATION_ERRORS.subAccount, 'tools are not available to sub-accounts');
    if (!a.isDemo || !req.flagOn)
      throw new ApiError(COMBINATION_ERRORS.notAvailable, 'the future spread is for demo accounts only');
    const bad = checkCombinationQty(req.qty, c.spec.minQty, c.maxPosition);
    if (bad !== undefined) {
      const code =
        bad.key === 'qtyDecimals'
          ? COMBINATION_ERRORS.qtyDecimals
          : bad.key === 'qtyMax'
            ? COMBINATION_ERRORS.qtyTooLarge
            : COMBINATION_ERRORS.qtyTooSmall;
      throw new ApiError(code, `quantity: ${bad.key}`);
    }
    const qty = new Decimal(req.qty).toString();
    const spotSide: Side = req.direction === 'longBasis' ? 'Buy' : 'Sell';
    const perpSide: Side = spotSide === 'Buy' ? 'Sell' : 'Buy';
    this.checkBalance(a.id, req, qty, spotSide, perpSide);
    const spotDepth = this.ctx.engine.depth(c.spot.symbol, 1000);
    const spotLevels = spotSide === 'Buy' ? spotDepth.asks : spotDepth.bids;
    const spotAvailable = spotLevels.reduce((s, [, size]) => s.plus(size), new Decimal(0));
    if (spotAvailable.lt(qty) || !this.market.canFill(c, perpSide, qty))
      throw new ApiError(COMBINATION_ERRORS.noLiquidity, 'the books cannot fill this quantity now');

    const spot = this.ctx.engine.placeOrder({
      accountId: a.id,
      clientOrderId: '',
      symbol: c.spot.symbol,
      side: spotSide,
      orderType: 'Market',
      qty,
      marketUnit: 'baseCoin',
    });
    if (!spot.ok) throw new ApiError(spot.code, spot.message);
    const filled = new Decimal(spot.value.cumExecQty);
    // The perpetual leg matches what the spot leg filled, at the contract's lot.
    const perpQty = filled.toDecimalPlaces(c.spec.quantityPrecision, Decimal.ROUND_DOWN);
    const perp = perpQty.gt(0) ? this.market.fill(c, perpSide, perpQty.toFixed()) : undefined;
    const booked =
      perp === undefined ? undefined : this.positions.book(a.id, c, perpSide, perp, req.leverage);
    if (perp === undefined || booked === undefined)
      throw new ApiError(COMBINATION_ERRORS.noLiquidity, 'the perpetual leg could not be booked');
    const now = this.ctx.clock.now();
    const id = String(this.nextId++);
    const row: CombinationRow = {
      combinationId: id,
      clientOrderId: req.clientOrderId,
      symbol: c.spec.symbol,
      spotSymbol: c.spot.symbol,
      direction: req.direction,
      qty: perp.qty,
      spotOrderId: spot.value.orderId,
      spotAvgPrice: spot.value.avgPrice,
      spotFee: spot.value.cumExecFee,
      spotFeeCoin: spot.value.feeCurrency,
      perpAvgPrice: perp.avgPrice,
      perpFee: booked.fee,
      basis: new Decimal(perp.avgPrice).minus(spot.value.avgPrice).toFixed(c.spec.pricePrecision + 2),
      createdTime: now,
    };
    if (req.clientOrderId !== '') this.byClient.set(clientKey(a.id, req.clientOrderId), row);
    putRecord(this.ctx.store, COMBINATION_KIND, { id, accountId: a.id, updatedAt: now, doc: row });
    this.ctx.pushPrivate(a.id, PRIVATE_TOPICS.combination, [row]);
    return row;
  }

  /**
   * Refuses (170131) when the account cannot pay both legs: a spot buy's value with slippage and fee, a spot sell's
   * base, and the perpetual's margin and fee from what is left of the USDT.
   */
  private checkBalance(
    accountId: string,
    req: CombinationRequest,
    qty: string,
    spotSide: Side,
    perpSide: Side,
  ): void {
    const c = req.contract;
    const free = (coin: string): Decimal => new Decimal(this.ctx.engine.balance(accountId, coin).free);
    const mark = this.market.markPrice(c);
    const perpCost = new Decimal(
      this.positions.costOf(accountId, c, perpSide, qty, new Decimal(mark).mul(1.01).toFixed(), req.leverage),
    );
    const usdt = free(SETTLE_COIN);
    if (spotSide === 'Buy') {
      const ask = this.ctx.engine.bestAsk(c.spot.symbol) ?? this.ctx.engine.lastPrice(c.spot.symbol) ?? '0';
      const spotCost = new Decimal(qty)
        .mul(ask)
        .mul(new Decimal(1).plus(SPOT_SLIPPAGE))
        .mul(new Decimal(1).plus(SPOT_FEE_ALLOWANCE));
      if (usdt.lt(spotCost.plus(Decimal.max(0, perpCost))))
        throw new ApiError(COMBINATION_ERRORS.balance, `${SETTLE_COIN} balance is not enough`);
      return;
    }
    if (free(c.spot.base).lt(qty))
      throw new ApiError(COMBINATION_ERRORS.balance, `${c.spot.base} balance is not enough`);
    if (usdt.lt(Decimal.max(0, perpCost)))
      throw new ApiError(COMBINATION_ERRORS.balance, `${SETTLE_COIN} balance is not enough`);
  }
}
