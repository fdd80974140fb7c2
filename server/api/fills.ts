/** Fills and averages (spec §7 Fills and averages, window of spec §9). */
import Decimal from 'decimal.js';
import { CALLS } from '../../workers/protocol/paths';
import type { RouteModule } from '../context';
import type { ExecutionView } from '../engine/types';
import { ParamError, type Params } from '../http/params';
import { DAY, execFilter, me, readSymbol } from './orderParams';

/** Fill history window (spec §9). */
export const FILL_WINDOW_DAYS = 90;

/** Registers the classic and unified fill lists and average-price calls. */
export const registerFillRoutes: RouteModule = (router, ctx) => {
  const fillWindow = (params: Params): [number, number] => {
    const now = ctx.now();
    const end = params.int('end_time', { min: 0 }) ?? now;
    const start = params.int('start_time', { min: 0 }) ?? end - FILL_WINDOW_DAYS * DAY;
    if (start > end) throw new ParamError('start_time must not be after end_time');
    if (end - start > FILL_WINDOW_DAYS * DAY + DAY)
      throw new ParamError(`the window is at most ${FILL_WINDOW_DAYS} days`);
    return [start, end];
  };
  const maxVersion = (list: readonly ExecutionView[]): string => list[0]?.execId ?? '0';

  router.on(CALLS.tradeInfoClassic, ({ params, session }) => {
    const a = me(session);
    const spec = readSymbol(params);
    const [start, end] = fillWindow(params);
    const fills = execFilter(ctx, a, spec, start, end);
    const row = (e: ExecutionView): Record<string, unknown> => ({
      matchTime: e.execTime,
      price: e.execPrice,
      amount: e.execValue,
      quantity: e.execQty,
      tokenFee: e.execFee,
      feeTokenId: e.feeCurrency,
      orderType: e.orderType.toUpperCase(),
      tradeId: e.execId,
      orderId: e.orderId,
    });
    return {
      lastTradeId: maxVersion(fills),
      buys: fills.filter((e) => e.side === 'Buy').map(row),
      sells: fills.filter((e) => e.side === 'Sell').map(row),
    };
  });

  router.on(CALLS.tradeInfoUnified, ({ params, session }) => {
    const a = me(session);
    params.oneOf('contractType', ['6'], { def: '6' });
    const spec = readSymbol(params);
    const fills = execFilter(ctx, a, spec, ctx.now() - FILL_WINDOW_DAYS * DAY);
    return {
      maxMarginVersion: maxVersion(fills),
      list: fills.map((e) => ({
        tradeTime: e.execTime,
        side: e.side,
        execPrice: e.execPrice,
        execValue: e.execValue,
        execQty: e.execQty,
        execFee: e.execFee,
        feeCurrency: e.feeCurrency,
        orderType: e.orderType,
        tradeId: e.execId,
        orderId: e.orderId,
        symbolId: spec.symbolId,
      })),
    };
  });

  const sums = (fills: readonly ExecutionView[]): [string, string] => {
    let value = new Decimal(0);
    let qty = new Decimal(0);
    for (const e of fills) {
      value = value.plus(e.execValue);
      qty = qty.plus(e.execQty);
    }
    return [value.toFixed(), qty.toFixed()];
  };

  router.on(CALLS.avgUnified, ({ params, session }) => {
    const a = me(session);
    params.oneOf('contractType', ['6'], { def: '6' });
    const spec = readSymbol(params);
    // Spec §7: side is 0 buy / 1 sell "plus 1", so 1 = buy and 2 = sell on the wire.
    const side = params.oneOf('side', ['1', '2'], { required: true }) === '1' ? 'Buy' : 'Sell';
    const days = params.intOr('daySpan', 7, { min: 1, max: 1095 });
    const fills = execFilter(ctx, a, spec, ctx.now() - days * DAY).filter((e) => e.side === side);
    const [sumExecValue, sumExecQty] = sums(fills);
    return { maxMarginVersion: maxVersion(fills), sumExecValue, sumExecQty };
  });

  router.on(CALLS.avgClassic, ({ params, session }) => {
    const a = me(session);
    const spec = readSymbol(params);
    const side = params.oneOf('side', ['0', '1'], { required: true }) === '0' ? 'Buy' : 'Sell';
    params.intOr('limit', 1000, { min: 1, max: 1000 });
    // Classic averages are capped at 90 days (spec §9).
    const days = Math.min(FILL_WINDOW_DAYS, params.intOr('daySpan', 7, { min: 1, max: 1095 }));
    const end = params.int('end_time', { min: 0 }) ?? ctx.now();
    const start = Math.max(params.int('start_time', { min: 0 }) ?? 0, end - days * DAY);
    const fills = execFilter(ctx, a, spec, start, end).filter((e) => e.side === side);
    const [priceTotal, quantitySum] = sums(fills);
    return { lastTradeId: maxVersion(fills), priceTotal, quantitySum };
  });
};
