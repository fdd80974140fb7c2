/**
 * The frame the order-history and trade-history tabs share (review §5 D3): the time range and all-pairs tools, a
 * paged REST list that follows the live account data, its rows parsed to typed rows, the table and the pager.
 */
import { useAtomValue } from 'jotai';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallName } from '../../../../workers/protocol/paths';
import { usePagedList } from '../../../session/usePagedList';
import { useErrorToast } from '../../../ui/useErrorToast';
import { VirtualTable, type Column } from '../../../ui/VirtualTable';
import { AllPairsToggle, Pager, RangeSelect } from '../controls';
import { parseRows } from '../rows';
import { allPairsAtom, historyRangeAtom } from '../state';
import { HISTORY_PAGE_SIZE } from '../tabs';
import { historyVersionAtom } from '../../../session/account';

/** One history list: what to fetch, how to parse and show a row. */
export interface HistoryListProps<T> {
  readonly call: CallName;
  /** Query params beyond the range, page size and pair (e.g. the plan type). */
  readonly params?: Readonly<Record<string, string | number>>;
  /** Id of the symbol shown when not listing all pairs. */
  readonly symbolId: number;
  readonly cursorParam: string;
  readonly cursorField: string;
  /** Raw row → typed row; null drops it. Must be stable (module scope). */
  readonly parse: (r: Readonly<Record<string, unknown>>) => T | null;
  readonly columns: readonly Column<T>[];
  readonly rowKey: (row: T) => string;
  /** Text of an empty list once loaded. */
  readonly empty: string;
  readonly testId: string;
  /** Left side of the toolbar (the sub-tabs), or nothing. */
  readonly lead?: ReactNode;
}

/** A paged history list with its toolbar and pager. */
export function HistoryListView<T>({
  call,
  params,
  symbolId,
  cursorParam,
  cursorField,
  parse,
  columns,
  rowKey,
  empty,
  testId,
  lead,
}: HistoryListProps<T>): React.JSX.Element {
  const { t } = useTranslation('orders');
  const all = useAtomValue(allPairsAtom);
  const days = useAtomValue(historyRangeAtom);
  const refresh = useAtomValue(historyVersionAtom);
  const list = usePagedList(
    call,
    { days, ...params, limit: HISTORY_PAGE_SIZE, ...(all ? {} : { symbol_id: symbolId }) },
    { pageSize: HISTORY_PAGE_SIZE, cursorParam, cursorField, refresh },
  );
  useErrorToast(list.error);
  const rows = useMemo(() => parseRows(list.rows, parse), [list.rows, parse]);
  return (
    <div className="orders-view">
      <div className="orders-toolbar">
        {lead ?? <span />}
        <div className="orders-tools">
          <RangeSelect />
          <AllPairsToggle />
        </div>
      </div>
      <VirtualTable
        rows={rows}
        columns={columns}
        rowKey={rowKey}
        empty={list.loading ? t('loading') : empty}
        testId={testId}
      />
      <Pager page={list.page} hasNext={list.hasNext} prev={list.prev} next={list.next} />
    </div>
  );
}
