import { useAtom, useAtomValue, useSetAtom, useStore } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { OrderEvent, SymbolInfo } from '../../../workers/api';
import { toOrderEvent } from '../../../workers/protocol/orderEvent';
import { pairLookupAtom, routeAtom, sessionUserAtom } from '../../app/state';
import { accountAtom, symbolsAtom } from '../../hub/state';
import { useHubWant } from '../../hub/useHubWant';
import { formatFixed, formatUtcDateTime, NO_VALUE } from '../../lib/format';
import { ConfirmDialog } from '../order-form/ConfirmDialog';
import { useSetConfirmFlag, useUserDetailsSync } from '../order-form/useOrderAccount';
import { VisitorPrompt } from '../order-form/VisitorPrompt';
import { pushToastAtom } from '../toasts/state';
import { ModifyDialog } from './ModifyDialog';
import {
  allPairsAtom,
  historyRangeAtom,
  ltSubTabAtom,
  openCountsAtom,
  openRowsAtom,
  ordersBenchProbe,
  ordersSubTabAtom,
  ordersTabAtom,
} from './state';
import {
  HISTORY_PAGE_SIZE,
  HISTORY_RANGES,
  ORDERS_COMPLIANCE,
  orderTypeKey,
  ordersSubTabs,
  ordersTabs,
  historyPlanType,
  statusIconOf,
  viewMoreHref,
  type OrdersSubTab,
  type OrdersViewer,
} from './tabs';
import { usePagedList } from './usePagedList';
import { useOrderCommands } from './useOrderCommands';
import { VirtualTable, type Column } from './VirtualTable';
import './orders.css';

const STATUS_GLYPH = { pending: '◷', filled: '✓', canceled: '⊘', failure: '✕' } as const;

/** The orders panel (the `position` slot, spec §2 "Orders panel"). */
export function OrdersPanel(): React.JSX.Element | null {
  const { t } = useTranslation('orders');
  const user = useAtomValue(sessionUserAtom);
  const lookup = useAtomValue(pairLookupAtom);
  useUserDetailsSync();
  if (user === null || lookup.kind !== 'found') return null;
  if (ORDERS_COMPLIANCE.restricted) {
    return (
      <div className="orders-restricted" data-testid="orders-restricted">
        <p>{t('restricted.text')}</p>
        <a href="/user/assets/order/fed/spot-current-orders/active">{t('restricted.link')}</a>
      </div>
    );
  }
  if (!user.loggedIn) return <VisitorPrompt />;
  return <OrdersBody symbol={lookup.symbol} viewer={{ unified: user.isUTA, isDemo: user.isDemo }} />;
}

function OrdersBody({
  symbol,
  viewer,
}: {
  readonly symbol: SymbolInfo;
  readonly viewer: OrdersViewer;
}): React.JSX.Element {
  const { t } = useTranslation('orders');
  useHubWant({ account: true });
  const tabs = ordersTabs(viewer, ORDERS_COMPLIANCE);
  const [tab, setTab] = useAtom(ordersTabAtom);
  const [sub, setSub] = useAtom(ordersSubTabAtom);
  const lt = useAtomValue(ltSubTabAtom);
  const current = tabs.includes(tab) ? tab : 'current';
  const href = viewMoreHref(current, sub, lt);
  const showMore = href !== null && !(current === 'pnl' && viewer.isDemo);
  const subs = ordersSubTabs(viewer, ORDERS_COMPLIANCE, current === 'history');
  useEffect(() => {
    if (!subs.includes(sub)) setSub('ordinary');
  }, [subs, sub, setSub]);
  return (
    <div className="orders-panel" data-testid="orders-panel" data-tab={current}>
      <div className="orders-head">
        <TabStrip
          className="tabs orders-tabs"
          label={t('label')}
          keys={tabs}
          current={current}
          onSelect={setTab}
          testId={(k) => `orders-tab-${k}`}
          text={(k) => t(`tab.${k}`)}
        />
        {showMore && (
          <a className="orders-more" href={href} data-testid="orders-view-more">
            {t('viewMore')}
          </a>
        )}
      </div>
      {current === 'current' && <OpenOrdersView symbol={symbol} viewer={viewer} subs={subs} />}
      {current === 'history' && <HistoryView symbol={symbol} subs={subs} />}
      {current === 'trades' && <TradesView symbol={symbol} />}
      {current === 'lt' && <LtView />}
      {current === 'positions' && <PositionsView />}
      {current === 'borrowing' && <BorrowingView />}
      {current === 'assets' && <AssetsView />}
      {current === 'pnl' && (
        <div className="orders-note">
          <p className="muted">{t('pnl.text')}</p>
          <a href="/user/assets/home/performance?tab=spot">{t('pnl.link')}</a>
        </div>
      )}
    </div>
  );
}

/** A row of tabs (the panel's tabs, sub-tabs and LT record tabs share this markup). */
function TabStrip<K extends string>({
  className,
  label,
  keys,
  current,
  onSelect,
  testId,
  text,
}: {
  readonly className: string;
  readonly label?: string;
  readonly keys: readonly K[];
  readonly current: K;
  readonly onSelect: (k: K) => void;
  readonly testId: (k: K) => string;
  readonly text: (k: K) => string;
}): React.JSX.Element {
  return (
    <div className={className} role="tablist" {...(label === undefined ? {} : { 'aria-label': label })}>
      {keys.map((k) => (
        <button
          key={k}
          type="button"
          role="tab"
          className="tab"
          aria-selected={current === k}
          data-testid={testId(k)}
          onClick={() => {
            onSelect(k);
          }}
        >
          {text(k)}
        </button>
      ))}
    </div>
  );
}

const LT_TABS = ['subscription', 'redemption'] as const;

function SubTabs({
  subs,
  counts,
}: {
  readonly subs: readonly OrdersSubTab[];
  readonly counts?: Readonly<Record<OrdersSubTab, number>>;
}): React.JSX.Element {
  const { t } = useTranslation('orders');
  const [sub, setSub] = useAtom(ordersSubTabAtom);
  return (
    <TabStrip
      className="tabs tabs-small orders-subtabs"
      label={t('subLabel')}
      keys={subs}
      current={sub}
      onSelect={setSub}
      testId={(k) => `orders-sub-${k}`}
      text={(k) => `${t(`sub.${k}`)}${counts === undefined ? '' : ` (${counts[k]})`}`}
    />
  );
}

function AllPairsToggle(): React.JSX.Element {
  const { t } = useTranslation('orders');
  const [all, setAll] = useAtom(allPairsAtom);
  return (
    <label className="check small">
      <input
        type="checkbox"
        data-testid="orders-all-pairs"
        checked={all}
        onChange={(e) => {
          setAll(e.currentTarget.checked);
        }}
      />
      {t('allPairs')}
    </label>
  );
}

function RangeSelect(): React.JSX.Element {
  const { t } = useTranslation('orders');
  const [range, setRange] = useAtom(historyRangeAtom);
  return (
    <div className="segmented" role="radiogroup" aria-label={t('range.label')}>
      {HISTORY_RANGES.map((d) => (
        <button
          key={d}
          type="button"
          role="radio"
          className="segment"
          aria-checked={range === d}
          data-testid={`orders-range-${d}`}
          onClick={() => {
            setRange(d);
          }}
        >
          {t('range.days', { count: d })}
        </button>
      ))}
    </div>
  );
}

/** Display of a row's pair and figures at that pair's precisions (spec §5 Display; unknown pair: 13 and 8). */
interface RowFormat {
  readonly pairOf: (symbol: string) => string;
  readonly price: (symbol: string, v: string) => string;
  readonly qty: (symbol: string, v: string) => string;
  readonly amount: (symbol: string, v: string) => string;
}

function useRowFormat(locale: string): RowFormat {
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

/** Time, pair, type and side: the columns every order table opens with. */
function leadColumns(
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
      render: (o) => t(`type.${orderTypeKey(o)}`),
    },
    {
      key: 'side',
      header: t('col.side'),
      width: 'minmax(44px, 0.5fr)',
      render: (o) => <SideCell side={o.side} />,
    },
  ];
}

/** Buy or Sell in the side's colour. */
function SideCell({ side }: { readonly side: 'Buy' | 'Sell' }): React.JSX.Element {
  const { t } = useTranslation('orders');
  return (
    <span className={side === 'Buy' ? 'up' : 'down'}>{side === 'Buy' ? t('side.buy') : t('side.sell')}</span>
  );
}

function StatusCell({ status }: { readonly status: OrderEvent['status'] }): React.JSX.Element {
  const { t } = useTranslation('orders');
  const icon = statusIconOf(status);
  return (
    <span className={`order-status status-${icon}`} data-status={status}>
      <span aria-hidden="true">{STATUS_GLYPH[icon]}</span> {t(`status.${status}`)}
    </span>
  );
}

/** A wire field as display text: strings and numbers as they are, anything else empty. */
function text(x: unknown): string {
  return typeof x === 'string' ? x : typeof x === 'number' ? String(x) : '';
}

/** A market-by-value order's size is a quote amount; every other order's is a base quantity. */
function isByValue(o: OrderEvent): boolean {
  return o.orderType === 'Market' && o.marketUnit === 'quoteCoin';
}

/** The order's size as shown: a quote amount for market-by-value orders, else a base quantity. */
function sizeText(o: OrderEvent, fmt: RowFormat): string {
  return isByValue(o) ? fmt.amount(o.symbol, o.orderQtyForView) : fmt.qty(o.symbol, o.orderQtyForView);
}

/** "filled / total" of a history row with units: a market-by-value order's total is its quote amount. */
function filledText(
  o: OrderEvent,
  units: { readonly base: string; readonly quote: string },
  fmt: RowFormat,
): string {
  return `${fmt.qty(o.symbol, o.cumExecQty)} ${units.base} / ${sizeText(o, fmt)} ${isByValue(o) ? units.quote : units.base}`;
}

/** What an open-order row shows changes only with these fields. */
function openOrderVersion(o: OrderEvent): string {
  return `${o.orderId}|${o.updatedTime}|${o.status}|${o.cumExecQty}|${o.price}|${o.qty}|${o.triggerPrice}`;
}

function OpenOrdersView({
  symbol,
  viewer,
  subs,
}: {
  readonly symbol: SymbolInfo;
  readonly viewer: OrdersViewer;
  readonly subs: readonly OrdersSubTab[];
}): React.JSX.Element {
  const { t } = useTranslation('orders');
  const store = useStore();
  const locale = useAtomValue(routeAtom).locale;
  const rows = useAtomValue(openRowsAtom);
  const counts = useAtomValue(openCountsAtom);
  const sub = useAtomValue(ordersSubTabAtom);
  const all = useAtomValue(allPairsAtom);
  const symbols = useAtomValue(symbolsAtom);
  const fmt = useRowFormat(locale);
  const cmd = useOrderCommands();
  const setFlag = useSetConfirmFlag();
  const push = useSetAtom(pushToastAtom);
  const [cancelling, setCancelling] = useState<OrderEvent | 'all' | null>(null);
  const [editing, setEditing] = useState<OrderEvent | null>(null);

  // Bench probe only (ordersBenchProbe is undefined outside the bench): push → derive → render → commit.
  const probe = ordersBenchProbe();
  if (probe !== undefined && probe.pending !== null) probe.renderStart ??= performance.now();
  useEffect(
    () =>
      store.sub(accountAtom, () => {
        const p = ordersBenchProbe();
        if (p !== undefined) p.pending ??= performance.now();
      }),
    [store],
  );
  const onCommit = useCallback(() => {
    const p = ordersBenchProbe();
    if (p === undefined || p.pending === null) return;
    const now = performance.now();
    p.samples.push(now - (p.renderStart ?? p.pending) + p.computeMs);
    p.totals.push(now - p.pending);
    p.pending = null;
    p.renderStart = null;
    p.computeMs = 0;
  }, []);

  const columns = useMemo<Column<OrderEvent>[]>(() => {
    const cols: Column<OrderEvent>[] = [
      ...leadColumns(t, locale, fmt, (o) => o.createdTime),
      {
        key: 'price',
        header: t('col.price'),
        width: 'minmax(80px, 1fr)',
        align: 'end',
        render: (o) => (o.orderType === 'Market' ? t('marketPrice') : fmt.price(o.symbol, o.price)),
      },
    ];
    if (sub !== 'ordinary') {
      cols.push({
        key: 'trigger',
        header: t('col.trigger'),
        // An OCO row shows both legs' triggers ("57,600.00 / 70,400.00").
        width: sub === 'oco' ? 'minmax(150px, 1.6fr)' : 'minmax(80px, 1fr)',
        align: 'end',
        render: (o) =>
          o.planType === 10
            ? `${fmt.price(o.symbol, o.takeProfit)} / ${fmt.price(o.symbol, o.stopLoss)}`
            : o.planType === 4 || o.planType === 5
              ? o.trailingPercentage !== '0'
                ? `${(Number(o.trailingPercentage) * 100).toFixed(2)}%`
                : fmt.price(o.symbol, o.trailingValue)
              : fmt.price(o.symbol, o.triggerPrice),
      });
    }
    cols.push(
      {
        key: 'qty',
        header: t('col.qty'),
        width: 'minmax(80px, 1fr)',
        align: 'end',
        render: (o) => sizeText(o, fmt),
      },
      {
        key: 'filled',
        header: t('col.filled'),
        width: 'minmax(70px, 0.8fr)',
        align: 'end',
        render: (o) => fmt.qty(o.symbol, o.cumExecQty),
      },
      {
        key: 'status',
        header: t('col.status'),
        width: 'minmax(140px, 1.4fr)',
        render: (o) => <StatusCell status={o.status} />,
      },
      {
        key: 'actions',
        header: '',
        width: 'minmax(96px, 0.9fr)',
        align: 'end',
        render: (o) => (
          <span className="row-actions">
            <button
              type="button"
              className="link-btn row-action"
              data-testid="order-edit"
              onClick={() => {
                setEditing(o);
              }}
            >
              {t('edit')}
            </button>
            <button
              type="button"
              className="link-btn row-action"
              data-testid="order-cancel"
              onClick={() => {
                if (cmd.confirmCancel) setCancelling(o);
                else void cmd.cancelOne(o);
              }}
            >
              {t('cancel')}
            </button>
          </span>
        ),
      },
    );
    return cols;
  }, [t, locale, fmt, sub, cmd]);

  const editSymbol = editing === null ? undefined : symbols.find((s) => s.symbol === editing.symbol);
  return (
    <div className="orders-view">
      <div className="orders-toolbar">
        <SubTabs subs={subs} counts={counts} />
        <div className="orders-tools">
          <AllPairsToggle />
          <button
            type="button"
            className="btn btn-small"
            data-testid="orders-cancel-all"
            disabled={rows.length === 0}
            onClick={() => {
              if (cmd.confirmCancel) setCancelling('all');
              else void cmd.cancelAll(sub, all ? null : symbol.symbolId);
            }}
          >
            {t('cancelAll')}
          </button>
        </div>
      </div>
      <VirtualTable
        rows={rows}
        columns={columns}
        rowKey={(o) => o.orderId}
        rowVersion={openOrderVersion}
        empty={t('empty.current')}
        testId="open-orders"
        onCommit={onCommit}
      />
      {cancelling !== null && (
        <ConfirmDialog
          testId={cancelling === 'all' ? 'confirm-cancel-all' : 'confirm-cancel'}
          title={cancelling === 'all' ? t('confirm.cancelAllTitle') : t('confirm.cancelTitle')}
          confirmLabel={t('confirm.ok')}
          cancelLabel={t('confirm.back')}
          dontAskLabel={t('confirm.dontAsk')}
          onCancel={() => {
            setCancelling(null);
          }}
          onConfirm={(dontAsk) => {
            const target = cancelling;
            setCancelling(null);
            if (dontAsk) setFlag('cancelOrderNotifyClose', true);
            if (target === 'all') void cmd.cancelAll(sub, all ? null : symbol.symbolId);
            else void cmd.cancelOne(target);
          }}
        >
          <p>
            {cancelling === 'all'
              ? t('confirm.cancelAllText', {
                  count: rows.length,
                  scope: all ? t('allPairs') : fmt.pairOf(symbol.symbol),
                })
              : t('confirm.cancelText', {
                  pair: fmt.pairOf(cancelling.symbol),
                  qty: cancelling.orderQtyForView,
                })}
          </p>
        </ConfirmDialog>
      )}
      {editing !== null && editSymbol !== undefined && (
        <ModifyDialog
          order={editing}
          symbol={editSymbol}
          locale={locale}
          unified={viewer.unified}
          onSubmit={(change) => cmd.modify(editing, change, editSymbol.symbolId)}
          onClose={() => {
            setEditing(null);
          }}
          onReject={(text) => {
            push({ tone: 'error', title: text, body: '' });
          }}
        />
      )}
    </div>
  );
}

function Pager({
  page,
  hasNext,
  prev,
  next,
}: {
  readonly page: number;
  readonly hasNext: boolean;
  readonly prev: () => void;
  readonly next: () => void;
}): React.JSX.Element {
  const { t } = useTranslation('orders');
  return (
    <div className="orders-pager">
      <button
        type="button"
        className="btn btn-small"
        disabled={page <= 1}
        onClick={prev}
        data-testid="orders-prev"
      >
        {t('page.prev')}
      </button>
      <span className="muted small">{t('page.n', { page })}</span>
      <button
        type="button"
        className="btn btn-small"
        disabled={!hasNext}
        onClick={next}
        data-testid="orders-next"
      >
        {t('page.next')}
      </button>
    </div>
  );
}

/** Refetch key that moves when the live account data changes (an order closed, a fill): history follows it. */
function useAccountRefresh(): number {
  const account = useAtomValue(accountAtom);
  const [n, setN] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => {
      setN((x) => x + 1);
    }, 300);
    return () => {
      clearTimeout(timer);
    };
  }, [account]);
  return n;
}

function useErrorToast(error: string | null): void {
  const push = useSetAtom(pushToastAtom);
  useEffect(() => {
    if (error !== null) push({ tone: 'error', title: error, body: '' });
  }, [error, push]);
}

function useUnits(): (symbol: string) => { readonly base: string; readonly quote: string } {
  const symbols = useAtomValue(symbolsAtom);
  return useCallback(
    (s: string) => {
      const info = symbols.find((x) => x.symbol === s);
      return { base: info?.base ?? '', quote: info?.quote ?? '' };
    },
    [symbols],
  );
}

function HistoryView({
  symbol,
  subs,
}: {
  readonly symbol: SymbolInfo;
  readonly subs: readonly OrdersSubTab[];
}): React.JSX.Element {
  const { t } = useTranslation('orders');
  const locale = useAtomValue(routeAtom).locale;
  const sub = useAtomValue(ordersSubTabAtom);
  const all = useAtomValue(allPairsAtom);
  const days = useAtomValue(historyRangeAtom);
  const fmt = useRowFormat(locale);
  const unitsOf = useUnits();
  const refresh = useAccountRefresh();
  const list = usePagedList(
    'orderHistory',
    {
      days,
      plan_type: historyPlanType(sub),
      limit: HISTORY_PAGE_SIZE,
      ...(all ? {} : { symbol_id: symbol.symbolId }),
    },
    { pageSize: HISTORY_PAGE_SIZE, cursorParam: 'from_order_id', cursorField: 'orderId', refresh },
  );
  useErrorToast(list.error);
  const rows = useMemo(
    () => list.rows.map(toOrderEvent).filter((r): r is OrderEvent => r !== undefined),
    [list.rows],
  );
  const columns = useMemo<Column<OrderEvent>[]>(
    () => [
      ...leadColumns(t, locale, fmt, (o) => o.updatedTime),
      {
        key: 'avg',
        header: t('col.avgPrice'),
        width: 'minmax(80px, 1fr)',
        align: 'end',
        render: (o) => fmt.price(o.symbol, o.avgPrice),
      },
      {
        key: 'price',
        header: t('col.price'),
        width: 'minmax(80px, 1fr)',
        align: 'end',
        render: (o) => (o.orderType === 'Market' ? t('marketPrice') : fmt.price(o.symbol, o.price)),
      },
      {
        key: 'filled',
        header: t('col.filledQty'),
        width: 'minmax(230px, 2.2fr)',
        align: 'end',
        render: (o) => filledText(o, unitsOf(o.symbol), fmt),
      },
      {
        key: 'status',
        header: t('col.status'),
        width: 'minmax(110px, 1fr)',
        render: (o) => <StatusCell status={o.status} />,
      },
    ],
    [t, locale, fmt, unitsOf],
  );
  return (
    <div className="orders-view">
      <div className="orders-toolbar">
        <SubTabs subs={subs} />
        <div className="orders-tools">
          <RangeSelect />
          <AllPairsToggle />
        </div>
      </div>
      <VirtualTable
        rows={rows}
        columns={columns}
        rowKey={(o) => o.orderId}
        empty={list.loading ? t('loading') : t('empty.history')}
        testId="order-history"
      />
      <Pager page={list.page} hasNext={list.hasNext} prev={list.prev} next={list.next} />
    </div>
  );
}

interface TradeRowView {
  readonly id: string;
  readonly time: number;
  readonly symbol: string;
  readonly side: 'Buy' | 'Sell';
  readonly price: string;
  readonly qty: string;
  readonly value: string;
  readonly fee: string;
}

function toTradeRow(r: Record<string, unknown>): TradeRowView | null {
  const s = (k: string): string => text(r[k]);
  if (s('execId') === '') return null;
  return {
    id: s('execId'),
    time: Number(r.execTime),
    symbol: s('symbol'),
    side: r.side === 'Sell' ? 'Sell' : 'Buy',
    price: s('execPrice'),
    qty: s('execQty'),
    value: s('execValue'),
    fee: `${s('execFee')} ${s('feeCurrency')}`,
  };
}

function TradesView({ symbol }: { readonly symbol: SymbolInfo }): React.JSX.Element {
  const { t } = useTranslation('orders');
  const locale = useAtomValue(routeAtom).locale;
  const all = useAtomValue(allPairsAtom);
  const days = useAtomValue(historyRangeAtom);
  const fmt = useRowFormat(locale);
  const refresh = useAccountRefresh();
  const list = usePagedList(
    'tradeHistory',
    { days, limit: HISTORY_PAGE_SIZE, ...(all ? {} : { symbol_id: symbol.symbolId }) },
    { pageSize: HISTORY_PAGE_SIZE, cursorParam: 'from_trade_id', cursorField: 'execId', refresh },
  );
  useErrorToast(list.error);
  const rows = useMemo(
    () => list.rows.map(toTradeRow).filter((r): r is TradeRowView => r !== null),
    [list.rows],
  );
  const columns = useMemo<Column<TradeRowView>[]>(
    () => [
      {
        key: 'time',
        header: t('col.time'),
        width: 'minmax(150px, 1.3fr)',
        render: (r) => formatUtcDateTime(r.time, locale),
      },
      {
        key: 'pair',
        header: t('col.pair'),
        width: 'minmax(78px, 0.8fr)',
        render: (r) => fmt.pairOf(r.symbol),
      },
      {
        key: 'side',
        header: t('col.side'),
        width: 'minmax(44px, 0.5fr)',
        render: (r) => <SideCell side={r.side} />,
      },
      {
        key: 'price',
        header: t('col.execPrice'),
        width: 'minmax(80px, 1fr)',
        align: 'end',
        render: (r) => fmt.price(r.symbol, r.price),
      },
      {
        key: 'qty',
        header: t('col.qty'),
        width: 'minmax(80px, 1fr)',
        align: 'end',
        render: (r) => fmt.qty(r.symbol, r.qty),
      },
      {
        key: 'value',
        header: t('col.value'),
        width: 'minmax(90px, 1fr)',
        align: 'end',
        render: (r) => fmt.amount(r.symbol, r.value),
      },
      { key: 'fee', header: t('col.fee'), width: 'minmax(100px, 1fr)', align: 'end', render: (r) => r.fee },
    ],
    [t, locale, fmt],
  );
  return (
    <div className="orders-view">
      <div className="orders-toolbar">
        <span />
        <div className="orders-tools">
          <RangeSelect />
          <AllPairsToggle />
        </div>
      </div>
      <VirtualTable
        rows={rows}
        columns={columns}
        rowKey={(r) => r.id}
        empty={list.loading ? t('loading') : t('empty.trades')}
        testId="trade-history"
      />
      <Pager page={list.page} hasNext={list.hasNext} prev={list.prev} next={list.next} />
    </div>
  );
}

/** LT subscription and redemption records: the simulator keeps no LT orders, so the list is empty until it does. */
function LtView(): React.JSX.Element {
  const { t } = useTranslation('orders');
  const [lt, setLt] = useAtom(ltSubTabAtom);
  const columns: Column<never>[] = [
    { key: 'time', header: t('col.time'), width: '1.2fr', render: () => null },
    { key: 'token', header: t('col.token'), width: '1fr', render: () => null },
    { key: 'qty', header: t('col.qty'), width: '1fr', align: 'end', render: () => null },
    { key: 'status', header: t('col.status'), width: '1fr', render: () => null },
  ];
  return (
    <div className="orders-view">
      <div className="orders-toolbar">
        <TabStrip
          className="tabs tabs-small orders-subtabs"
          keys={LT_TABS}
          current={lt}
          onSelect={setLt}
          testId={(k) => `orders-lt-${k}`}
          text={(k) => t(`lt.${k}`)}
        />
      </div>
      <VirtualTable rows={[]} columns={columns} rowKey={() => ''} empty={t('empty.lt')} testId="lt-records" />
    </div>
  );
}

function PositionsView(): React.JSX.Element {
  const { t } = useTranslation('orders');
  const list = usePagedList('queryPositions', { needSort: 'true' }, { pageSize: 100, post: true });
  useErrorToast(list.error);
  const columns: Column<Record<string, unknown>>[] = [
    { key: 'symbol', header: t('col.pair'), width: '1fr', render: (r) => text(r.symbol) },
    { key: 'size', header: t('col.qty'), width: '1fr', align: 'end', render: (r) => text(r.size) },
    {
      key: 'pnl',
      header: t('col.pnl'),
      width: '1fr',
      align: 'end',
      render: (r) => text(r.unrealisedPnl),
    },
  ];
  // Positions of size zero are hidden (spec §9).
  const rows = list.rows.filter((r) => Number(text(r.size) || '0') !== 0);
  return (
    <div className="orders-view">
      <VirtualTable
        rows={rows}
        columns={columns}
        rowKey={(r) => text(r.symbol)}
        empty={t('empty.positions')}
        testId="positions"
      />
    </div>
  );
}

function BorrowingView(): React.JSX.Element {
  const { t } = useTranslation('orders');
  const list = usePagedList(
    'liabilityList',
    { settleCoin: 'all', ignoreZeroBorrowSize: 'true' },
    { pageSize: 100 },
  );
  useErrorToast(list.error);
  const columns: Column<Record<string, unknown>>[] = [
    { key: 'coin', header: t('col.coin'), width: '1fr', render: (r) => text(r.currency) },
    {
      key: 'borrowed',
      header: t('col.borrowed'),
      width: '1fr',
      align: 'end',
      render: (r) => text(r.borrowSize),
    },
    {
      key: 'max',
      header: t('col.borrowMax'),
      width: '1fr',
      align: 'end',
      render: (r) => text(r.borrowMaxSize),
    },
  ];
  return (
    <div className="orders-view">
      <VirtualTable
        rows={list.rows}
        columns={columns}
        rowKey={(r) => text(r.currency)}
        empty={t('empty.borrowing')}
        testId="borrowing"
      />
    </div>
  );
}

function AssetsView(): React.JSX.Element {
  const { t } = useTranslation('orders');
  const account = useAtomValue(accountAtom);
  const rows = account?.balances ?? [];
  const columns: Column<(typeof rows)[number]>[] = [
    { key: 'coin', header: t('col.coin'), width: '1fr', render: (b) => b.coin },
    { key: 'free', header: t('col.available'), width: '1fr', align: 'end', render: (b) => b.free },
    { key: 'locked', header: t('col.locked'), width: '1fr', align: 'end', render: (b) => b.locked },
    { key: 'total', header: t('col.total'), width: '1fr', align: 'end', render: (b) => b.total },
  ];
  return (
    <div className="orders-view">
      <VirtualTable
        rows={rows}
        columns={columns}
        rowKey={(b) => b.coin}
        empty={t('empty.assets')}
        testId="assets"
      />
    </div>
  );
}
