/**
 * The toolbar and pager controls of the orders lists: order sub-tabs, the all-pairs toggle, the history time range,
 * and the previous/next pager. Each reads and writes its own atom in `state.ts`.
 */
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../ui/Tabs';
import { allPairsAtom, historyRangeAtom, ordersSubTabAtom } from './state';
import { HISTORY_RANGES, type OrdersSubTab } from './tabs';

/** The order sub-tabs (ordinary, stop-limit, conditional, OCO), with counts when given. */
export function SubTabs({
  subs,
  counts,
}: {
  readonly subs: readonly OrdersSubTab[];
  readonly counts?: Readonly<Record<OrdersSubTab, number>>;
}): React.JSX.Element {
  const { t } = useTranslation('orders');
  const [sub, setSub] = useAtom(ordersSubTabAtom);
  return (
    <Tabs
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

/** Every pair's orders, or the routed pair's. */
export function AllPairsToggle(): React.JSX.Element {
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

/** The history time range (7, 30 or 180 days). */
export function RangeSelect(): React.JSX.Element {
  const { t } = useTranslation('orders');
  const [range, setRange] = useAtom(historyRangeAtom);
  return (
    <Tabs
      kind="radio"
      className="segmented"
      label={t('range.label')}
      keys={HISTORY_RANGES}
      current={range}
      onSelect={setRange}
      testId={(d) => `orders-range-${d}`}
      text={(d) => t('range.days', { count: d })}
    />
  );
}

/** Previous / page n / next under a paged list. */
export function Pager({
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
