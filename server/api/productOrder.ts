/** The product's order row (spec §3 Order): the engine's v5 view plus the product's field names. */
import { toStatusLabel } from '../../workers/protocol/orders';
import type { OrderView } from '../engine/types';
import { SYMBOL_BY_NAME } from '../market/symbols';

/** The product's order shape (spec §3 Order) with the v5 fields alongside. */
export function toProductOrder(o: OrderView): Record<string, unknown> {
  const spec = SYMBOL_BY_NAME.get(o.symbol);
  return {
    ...o,
    clientOrderId: o.orderLinkId,
    symbolId: spec?.symbolId ?? 0,
    symbolName: o.symbol,
    baseTokenId: spec?.base ?? '',
    quoteTokenId: spec?.quote ?? '',
    type: o.orderType.toUpperCase(),
    status: toStatusLabel(o.orderStatus, o.planType),
    origQty: o.qty,
    executedQty: o.cumExecQty,
    executedAmount: o.cumExecValue,
    leavesAmount: o.leavesValue,
    orderQtyForView: o.marketUnit === 'quoteCoin' && o.orderType === 'Market' ? o.amount : o.qty,
    time: o.createdTime,
    specialTradeFrom: 1,
    createType: o.createType ?? '',
    borrowSize: '0',
    syb: o.symbol,
    mtp: 'spot',
    pltp: o.planType,
  };
}
