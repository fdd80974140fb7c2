/**
 * Columns and cells shared by the orders tables: the row formatter (pair and figures at the pair's precisions), the
 * lead columns every order table opens with, the side and status cells, and the size texts.
 */
import { useAtomValue } from 'jotai';
import { useCallback, useMemo } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { OrderEvent, SymbolInfo } from '../../../workers/api';
import { symbolsAtom } from '../../hub/state';
import { formatFixed, formatUtcDateTime, NO_VALUE } from '../../lib/format';
import type { Column } from '../../ui/VirtualTable';
import { strategyOriginOf } from './strategyRows';
import { orderTypeKey, statusIconOf } from './tabs';

/** The glyph before a status (orders and strategies alike); decorative, the status is written beside it. */
export const STATUS_GLYPH = { pending: '◷', filled: '✓', canceled: '⊘', failure: '✕' } as const;

/** Display of a row's pair and figures at that pair's precisions (spec §5 Display; unknown pair: 13 and 8). */
export interface RowFormat {
  readonly pairOf: (symbol: string) => string;
  readonly price: (symbol: string, v: string) => string;
  readonly qty: (symbol: string, v: string) => string;
  readonly amount: (symbol: string, v: string) => string;
}

/** The row formatter for the page's symbols in `locale` (stable until the symbols or the locale change). */
export function useRowFormat(locale: string): RowFormat {
  const symbols = useAtomValue(symbolsAtom);
  return useMemo(() => {
    const bySymbol = new Map(symbols.map((x) => [x.symbol, x]));
    const fixed =
      (pick: (info: SymbolInfo | undefined) => number, zeroIsUnset: boolean) =>
      (symbol: string, v: string): string =>
        v === '' || (zeroIsUnset && v === '0')
          ? NO_VALUE
          : formatFixed(Number(v), pick(bySymbol.get(symbol)), locale);
    return {
      pairOf: (s: string) => {
        const info = bySymbol.get(s);
        return info === undefined ? s : `${info.base}/${info.quote}`;
      },
      // A price of 0 is an unset one (no trigger, no average yet); a quantity of 0 is a real zero.
      price: fixed((i) => i?.pricePrecision ?? 13, true),
      qty: fixed((i) => i?.quantityPrecision ?? 8, false),
      amount: fixed((i) => i?.amountPrecision ?? 8, false),
    };
  }, [symbols, locale]);
}

/** Base and quote coin of a symbol ('' for an unknown one). */
export type UnitsOf = (symbol: string) => { readonly base: string; readonly quote: string };

/** The units lookup for the page's symbols. */
export function useUnits(): UnitsOf {
  const symbols = useAtomValue(symbolsAtom);
  return useCallback(
    (s: string) => {
      const info = symbols.find((x) => x.symbol === s);
      return { base: info?.base ?? '', quote: info?.quote ?? '' };
    },
    [symbols],
  );
}

/** Time, pair, type and side: the columns every order table opens with. */
export function leadColumns(
  t: TFunction<'orders'>,
  locale: string,
  fmt: RowFormat,
  timeOf: (o: OrderEvent) => number,
): Column<OrderEvent>[] {
  return [
    {
      key: 'time',
      header: t('col.time'),
      width: 'minmax(150px, 1.3fr)',
      render: (o) => formatUtcDateTime(timeOf(o), locale),
    },
    { key: 'pair', header: t('col.pair'), width: 'minmax(78px, 0.8fr)', render: (o) => fmt.pairOf(o.symbol) },
    {
      key: 'type',
      header: t('col.type'),
      width: 'minmax(88px, 1fr)',
      render: (o) => (
        <>
          {t(`type.${orderTypeKey(o)}`)}
          <OriginBadge o={o} />
        </>
      ),
    },
    {
      key: 'side',
      header: t('col.side'),
      width: 'minmax(44px, 0.5fr)',
      render: (o) => <SideCell side={o.side} />,
    },
  ];
}

/** The order price column: "Market" for market orders, else the limit price. */
export function priceColumn(t: TFunction<'orders'>, fmt: RowFormat): Column<OrderEvent> {
  return {
    key: 'price',
    header: t('col.price'),
    width: 'minmax(80px, 1fr)',
    align: 'end',
    render: (o) => (o.orderType === 'Market' ? t('marketPrice') : fmt.price(o.symbol, o.price)),
  };
}

/** The strategy that placed a child order (iceberg, TWAP, grid…, from its createType); nothing for other orders. */
export function OriginBadge({ o }: { readonly o: Pick<OrderEvent, 'createType'> }): React.JSX.Element | null {
  const { t } = useTranslation('tools');
  const kind = strategyOriginOf(o);
  if (kind === null) return null;
  return (
    <span className="origin-badge" data-testid="order-origin" data-origin={kind}>
      {t(`tool.${kind}`)}
    </span>
  );
}

/** Buy or Sell in the side's colour. */
export function SideCell({ side }: { readonly side: 'Buy' | 'Sell' }): React.JSX.Element {
  const { t } = useTranslation('orders');
  return (
    <span className={side === 'Buy' ? 'up' : 'down'}>{side === 'Buy' ? t('side.buy') : t('side.sell')}</span>
  );
}

/** An order status with its icon (spec §3). */
export function StatusCell({ status }: { readonly status: OrderEvent['status'] }): React.JSX.Element {
  const { t } = useTranslation('orders');
  const icon = statusIconOf(status);
  return (
    <span className={`order-status status-${icon}`} data-status={status}>
      <span aria-hidden="true">{STATUS_GLYPH[icon]}</span> {t(`status.${status}`)}
    </span>
  );
}

/** A market-by-value order's size is a quote amount; every other order's is a base quantity. */
export function isByValue(o: OrderEvent): boolean {
  return o.orderType === 'Market' && o.marketUnit === 'quoteCoin';
}

/** The order's size as shown: a quote amount for market-by-value orders, else a base quantity. */
export function sizeText(o: OrderEvent, fmt: RowFormat): string {
  return isByValue(o) ? fmt.amount(o.symbol, o.orderQtyForView) : fmt.qty(o.symbol, o.orderQtyForView);
}

/** "filled / total" of a history row with units: a market-by-value order's total is its quote amount. */
export function filledText(
  o: OrderEvent,
  units: { readonly base: string; readonly quote: string },
  fmt: RowFormat,
): string {
  return `${fmt.qty(o.symbol, o.cumExecQty)} ${units.base} / ${sizeText(o, fmt)} ${isByValue(o) ? units.quote : units.base}`;
}

/** What an open-order row shows changes only with these fields. */
export function openOrderVersion(o: OrderEvent): string {
  return `${o.orderId}|${o.updatedTime}|${o.status}|${o.cumExecQty}|${o.price}|${o.qty}|${o.triggerPrice}`;
}
