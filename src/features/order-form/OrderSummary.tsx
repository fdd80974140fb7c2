import Decimal from 'decimal.js';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SymbolInfo } from '../../../workers/api';
import { toDecimal } from '../../lib/decimalInput';
import { formatFixed, NO_VALUE } from '../../lib/format';
import type { TradePreferences } from '../../session/preferences';
import {
  hasLimitPrice,
  hasTrigger,
  orderValue,
  sizeFieldOf,
  summaryPriceOf,
  type OrderDraft,
} from '../../lib/orderDraft';
import { quotaRemainAtom, type AccountInfo } from '../../session/account';
import { lastPriceTextAtom, nullAtom } from '../../hub/state';

function fmt(value: string | Decimal | null, precision: number, locale: string): string {
  if (value === null) return NO_VALUE;
  const d = typeof value === 'string' ? toDecimal(value) : value;
  if (d === null) return NO_VALUE;
  // Cut, never round up: an available balance must not read higher than it is.
  return formatFixed(Number(d.toDecimalPlaces(precision, Decimal.ROUND_DOWN).toFixed()), precision, locale);
}

/**
 * The symbol's last price when `needed`, else null without subscribing: the summary follows the ticker only while the
 * draft sizes against the market (a typed limit price or a trigger fixes every figure it shows).
 */
function useLastPriceIf(symbol: SymbolInfo, needed: boolean): string | null {
  return useAtomValue(needed ? lastPriceTextAtom(symbol.symbol, symbol.pricePrecision) : nullAtom);
}

/** Available balance, max buy/sell, borrow amount, zone quota and the order value under the fields. */
export function OrderSummary({
  symbol,
  draft,
  locale,
  available,
  info,
  freeQuote,
  freeBase,
  prefs,
}: {
  readonly symbol: SymbolInfo;
  readonly draft: OrderDraft;
  readonly locale: string;
  readonly available: { readonly quote: string; readonly base: string };
  readonly info: AccountInfo | null;
  readonly freeQuote: string;
  readonly freeBase: string;
  readonly prefs: TradePreferences;
}): React.JSX.Element {
  const { t } = useTranslation('trade');
  // Read once per language: the summary re-renders with every ticker while it sizes against the market.
  const labels = useMemo(
    () => ({
      available: t('summary.available'),
      maxBuy: t('summary.maxBuy'),
      maxSell: t('summary.maxSell'),
      borrow: t('summary.borrow'),
      quota: t('summary.quota'),
      orderValue: t('summary.orderValue'),
    }),
    [t],
  );
  const quota = useAtomValue(quotaRemainAtom);
  const buy = draft.side === 'Buy';
  // Quote sums read in the price's decimals (cut down): "99,884.80 USDT", not eight decimals of noise.
  const quoteDp = Math.min(symbol.amountPrecision, Math.max(2, symbol.pricePrecision));
  const fixed = summaryPriceOf(draft);
  const lastPrice = useLastPriceIf(symbol, fixed === null);
  const ref = fixed ?? lastPrice ?? '';
  const refD = toDecimal(ref);
  let maxText: string;
  if (info !== null) {
    maxText = buy
      ? `${fmt(refD === null ? null : new Decimal(info.maxBuyAmt).dividedBy(refD), symbol.quantityPrecision, locale)} ${symbol.base}`
      : `${fmt(refD === null ? null : new Decimal(info.maxSellQty).times(refD), quoteDp, locale)} ${symbol.quote}`;
  } else {
    maxText = buy
      ? `${fmt(refD === null || refD.isZero() ? null : new Decimal(available.quote).dividedBy(refD), symbol.quantityPrecision, locale)} ${symbol.base}`
      : `${fmt(refD === null ? null : new Decimal(available.base).times(refD), quoteDp, locale)} ${symbol.quote}`;
  }
  const value = orderValue(draft, lastPrice);
  let borrow: Decimal | null = null;
  if (draft.leverage && info !== null) {
    if (buy && value !== null) borrow = Decimal.max(0, value.minus(freeQuote));
    if (!buy) {
      const q = sizeFieldOf(draft) === 'qty' ? toDecimal(draft.qty) : null;
      borrow = q === null ? null : Decimal.max(0, q.minus(freeBase));
    }
  }
  return (
    <dl className="order-summary">
      {prefs.showAvailableBalance && (
        <div className="summary-row">
          <dt>{labels.available}</dt>
          <dd data-testid="available">
            {buy
              ? `${fmt(available.quote, quoteDp, locale)} ${symbol.quote}`
              : `${fmt(available.base, symbol.quantityPrecision, locale)} ${symbol.base}`}
          </dd>
        </div>
      )}
      {prefs.showMaxBuy && (
        <div className="summary-row">
          <dt>{buy ? labels.maxBuy : labels.maxSell}</dt>
          <dd data-testid="max-size">{maxText}</dd>
        </div>
      )}
      {draft.leverage && prefs.showBorrowedAmount && (
        <div className="summary-row">
          <dt>{labels.borrow}</dt>
          <dd data-testid="borrow">
            {fmt(borrow, buy ? quoteDp : symbol.quantityPrecision, locale)} {buy ? symbol.quote : symbol.base}
          </dd>
        </div>
      )}
      {quota !== null && buy && (
        <div className="summary-row">
          <dt>{labels.quota}</dt>
          <dd data-testid="quota">
            {fmt(quota, 2, locale)} {symbol.quote}
          </dd>
        </div>
      )}
      <div className="summary-row">
        <dt>{labels.orderValue}</dt>
        <dd data-testid="order-value">
          {fmt(value, quoteDp, locale)} {symbol.quote}
        </dd>
      </div>
    </dl>
  );
}

/** The rows of the create confirmation: type, side, prices, size, value. */
export function ConfirmSummary({
  symbol,
  draft,
  locale,
}: {
  readonly symbol: SymbolInfo;
  readonly draft: OrderDraft;
  readonly locale: string;
}): React.JSX.Element {
  const { t } = useTranslation('trade');
  const lastPrice = useLastPriceIf(symbol, summaryPriceOf(draft) === null);
  const rows: [string, string][] = [
    [t('confirm.pair'), `${symbol.base}/${symbol.quote}`],
    [t('confirm.type'), t(`kind.${draft.kind}`)],
    [t('confirm.side'), draft.side === 'Buy' ? t('side.buy') : t('side.sell')],
  ];
  if (hasTrigger(draft)) rows.push([t('field.trigger'), `${draft.trigger} ${symbol.quote}`]);
  if (hasLimitPrice(draft)) rows.push([t('field.price'), `${draft.price} ${symbol.quote}`]);
  else if (draft.kind === 'market') rows.push([t('field.price'), t('field.marketPrice')]);
  if (draft.kind === 'oco') {
    rows.push([t('leg.tp'), `${draft.tp.trigger} ${symbol.quote}`]);
    rows.push([t('leg.sl'), `${draft.sl.trigger} ${symbol.quote}`]);
  }
  if (draft.kind === 'trailing')
    rows.push([
      draft.trailingMode === 'rate' ? t('field.rate') : t('field.distance'),
      draft.trailingMode === 'rate' ? `${draft.trailingRate} %` : `${draft.trailingDistance} ${symbol.quote}`,
    ]);
  rows.push(
    sizeFieldOf(draft) === 'amount'
      ? [t('field.amount'), `${draft.amount} ${symbol.quote}`]
      : [t('field.qty'), `${draft.qty} ${symbol.base}`],
  );
  const value = orderValue(draft, lastPrice);
  if (value !== null)
    rows.push([t('summary.orderValue'), `${fmt(value, symbol.pricePrecision, locale)} ${symbol.quote}`]);
  return (
    <dl className="confirm-rows">
      {rows.map(([k, v]) => (
        <div key={k} className="summary-row">
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
