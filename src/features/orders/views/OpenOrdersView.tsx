/**
 * The current-orders tab: the live open orders of the sub-tab (from the hub, not REST), with edit, cancel and
 * cancel-all. Emits the `ORDERS_MARK` push/render/commit marks the orders bench reads (no-ops unless marks are on).
 */
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderEvent, SymbolInfo } from '../../../../workers/api';
import { routeAtom } from '../../../session/state';
import { accountAtom, symbolsAtom } from '../../../hub/state';
import { PERF_MARKS_ON, perfMark } from '../../../lib/perfMarks';
import { VirtualTable, type Column } from '../../../ui/VirtualTable';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useSetConfirmFlag } from '../../../session/useAccount';
import { pushToastAtom } from '../../../ui/toasts/state';
import { leadColumns, openOrderVersion, priceColumn, sizeText, StatusCell, useRowFormat } from '../columns';
import { AllPairsToggle, SubTabs } from '../controls';
import { ORDERS_MARK } from '../marks';
import { ModifyDialog } from '../ModifyDialog';
import { allPairsAtom, openCountsAtom, openRowsAtom, ordersSubTabAtom } from '../state';
import type { OrdersSubTab, OrdersViewer } from '../tabs';
import { useOrderCommands } from '../useOrderCommands';

/** Marks each commit of the open-orders table (module scope: a stable callback for VirtualTable). */
function markCommit(): void {
  perfMark(ORDERS_MARK.commit);
}

/** Current orders (spec §4): live rows, edit and cancel per row, cancel-all of the sub-tab. */
export function OpenOrdersView({
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

  // push → derive (openRowsAtom) → render → commit, for the bench; nothing is subscribed when marks are off.
  perfMark(ORDERS_MARK.render);
  useEffect(() => {
    if (!PERF_MARKS_ON) return undefined;
    return store.sub(accountAtom, () => {
      perfMark(ORDERS_MARK.push);
    });
  }, [store]);

  const columns = useMemo<Column<OrderEvent>[]>(() => {
    const cols: Column<OrderEvent>[] = [
      ...leadColumns(t, locale, fmt, (o) => o.createdTime),
      priceColumn(t, fmt),
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
        onCommit={markCommit}
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
