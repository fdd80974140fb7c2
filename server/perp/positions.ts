/**
 * The perpetual ledger of every account: one position per account and contract, stored as `perpPosition` records
 * (staged in the action's transaction, reloaded at start and after a failed write). A fill moves the account's USDT
 * in the spot engine by what the position's initial margin, realised P&L and fee changed, and pushes the position
 * (private.position) and its P&L (unified.mix.pnl) after the commit.
 */
import { Decimal } from 'decimal.js';
import type { SimContext } from '../context';
import type { Side } from '../engine/types';
import { PRIVATE_TOPICS } from '../market/topics';
import { loadRecords, putRecord } from '../store/records';
import type { PerpPositionRow } from '../../workers/protocol/perp';
import { PERP_CONTRACTS, PERP_TAKER_FEE, type PerpContract } from './contracts';
import { applyFill, flatPosition, initialMargin, unrealisedPnl, type PerpPosition } from './ledger';
import type { PerpFill, PerpMarket } from './market';

/** Record kind of positions in the store. */
export const PERP_POSITION_KIND = 'perpPosition';
/** The coin margin and P&L settle in. */
export const SETTLE_COIN = 'USDT';

function key(accountId: string, symbol: string): string {
  return `${accountId}:${symbol}`;
}

/** Fee of a perpetual fill's value (rounded up to 8 decimals). */
export function perpFee(value: string): string {
  return new Decimal(value).mul(PERP_TAKER_FEE).toDecimalPlaces(8, Decimal.ROUND_UP).toString();
}

/** Every account's perpetual positions. */
export class PerpPositions {
  private readonly byKey = new Map<string, { accountId: string; pos: PerpPosition }>();

  constructor(
    private readonly ctx: SimContext,
    private readonly market: PerpMarket,
  ) {
    this.reload();
  }

  /** Rebuilds memory from the store (start, and after a failed write). */
  reload(): void {
    this.byKey.clear();
    for (const r of loadRecords<PerpPosition>(this.ctx.store.db, PERP_POSITION_KIND)) {
      this.byKey.set(r.id, { accountId: r.accountId, pos: r.doc });
    }
  }

  /** An account's position in a contract, if it ever had one. */
  get(accountId: string, symbol: string): PerpPosition | undefined {
    return this.byKey.get(key(accountId, symbol))?.pos;
  }

  /** The USDT a fill would take from the account now (margin added + fee − realised), before it happens. */
  costOf(
    accountId: string,
    c: PerpContract,
    side: Side,
    qty: string,
    price: string,
    leverage: number,
  ): string {
    const pos = this.get(accountId, c.spec.symbol) ?? flatPosition(c.spec.symbol, leverage, 0);
    const lev = new Decimal(pos.size).isZero() ? leverage : pos.leverage;
    const out = applyFill(pos.size, pos.entryPrice, side === 'Buy' ? 1 : -1, qty, price);
    const im = initialMargin(out.size, out.entryPrice, lev);
    const fee = perpFee(new Decimal(qty).mul(price).toString());
    return new Decimal(im).minus(pos.positionIM).minus(out.realised).plus(fee).toString();
  }

  /**
   * Books a perpetual fill on the account's position: the new size and entry, the realised P&L less the fee, the
   * margin at the position's leverage (a flat position takes `leverage`), and the USDT difference moved in the spot
   * engine. Answers the position and the fee; undefined (nothing booked) when the account's USDT is short.
   */
  book(
    accountId: string,
    c: PerpContract,
    side: Side,
    fill: PerpFill,
    leverage: number,
  ): { readonly pos: PerpPosition; readonly fee: string } | undefined {
    const now = this.ctx.clock.now();
    const symbol = c.spec.symbol;
    const before = this.get(accountId, symbol) ?? flatPosition(symbol, leverage, now);
    const lev = new Decimal(before.size).isZero() ? leverage : before.leverage;
    const out = applyFill(before.size, before.entryPrice, side === 'Buy' ? 1 : -1, fill.qty, fill.avgPrice);
    const fee = perpFee(fill.value);
    const im = initialMargin(out.size, out.entryPrice, lev);
    const due = new Decimal(im).minus(before.positionIM).minus(out.realised).plus(fee);
    const engine = this.ctx.engine;
    if (due.gt(0)) {
      const r = engine.withdraw(accountId, SETTLE_COIN, due.toFixed());
      if (!r.ok) return undefined;
    } else if (due.lt(0)) engine.deposit(accountId, SETTLE_COIN, due.neg().toFixed());
    const pos: PerpPosition = {
      symbol,
      size: out.size,
      entryPrice: out.entryPrice,
      leverage: lev,
      positionIM: im,
      cumRealisedPnl: new Decimal(before.cumRealisedPnl).plus(out.realised).minus(fee).toString(),
      cumFee: new Decimal(before.cumFee).plus(fee).toString(),
      createdTime: new Decimal(before.size).isZero() ? now : before.createdTime,
      updatedTime: now,
    };
    this.byKey.set(key(accountId, symbol), { accountId, pos });
    putRecord(this.ctx.store, PERP_POSITION_KIND, {
      id: key(accountId, symbol),
      accountId,
      updatedAt: now,
      doc: pos,
    });
    const row = this.row(c, pos);
    this.ctx.pushPrivate(accountId, PRIVATE_TOPICS.position, [row]);
    this.ctx.pushPrivate(accountId, PRIVATE_TOPICS.pnl, [
      {
        symbol,
        category: 'linear',
        realisedPnl: new Decimal(out.realised).minus(fee).toString(),
        cumRealisedPnl: pos.cumRealisedPnl,
        unrealisedPnl: row.unrealisedPnl,
        updatedTime: now,
      },
    ]);
    return { pos, fee };
  }

  /** The wire row of a position at the contract's current mark. */
  row(c: PerpContract, pos: PerpPosition): PerpPositionRow {
    const mark = this.market.markPrice(c);
    const size = new Decimal(pos.size);
    return {
      category: 'linear',
      symbol: pos.symbol,
      side: size.isZero() ? '' : size.isPositive() ? 'Buy' : 'Sell',
      size: size.abs().toString(),
      avgPrice: new Decimal(pos.entryPrice).toDecimalPlaces(c.spec.pricePrecision + 2).toString(),
      markPrice: mark,
      leverage: String(pos.leverage),
      positionValue: size.abs().mul(pos.entryPrice).toDecimalPlaces(8).toString(),
      positionIM: pos.positionIM,
      unrealisedPnl: new Decimal(unrealisedPnl(pos.size, pos.entryPrice, mark)).toDecimalPlaces(8).toString(),
      cumRealisedPnl: new Decimal(pos.cumRealisedPnl).toDecimalPlaces(8).toString(),
      createdTime: pos.createdTime,
      updatedTime: pos.updatedTime,
    };
  }

  /** An account's positions with a non-zero size (spec §9 hides the others), in contract order. */
  rows(accountId: string): PerpPositionRow[] {
    const out: PerpPositionRow[] = [];
    for (const c of PERP_CONTRACTS) {
      const pos = this.get(accountId, c.spec.symbol);
      if (pos !== undefined && !new Decimal(pos.size).isZero()) out.push(this.row(c, pos));
    }
    return out;
  }

  /** Every position of an account, flat ones included (the P&L of closed positions stays readable). */
  all(accountId: string): PerpPositionRow[] {
    const out: PerpPositionRow[] = [];
    for (const c of PERP_CONTRACTS) {
      const pos = this.get(accountId, c.spec.symbol);
      if (pos !== undefined) out.push(this.row(c, pos));
    }
    return out;
  }
}
