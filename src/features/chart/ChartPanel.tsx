/**
 * The chart panel (spec §2 Chart area): chart and trade-analysis tabs (demo accounts see only the heading), the
 * simple / pro / depth views (remembered unless depth), and the chart itself, rebuilt on symbol change.
 */
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { demoAccess } from '../../session/demoRules';
import { pairLookupAtom, sessionUserAtom } from '../../session/state';
import { ChartArea } from './ChartArea';
import type { ChartView } from './config';
import { chartTabAtom, chartViewAtom, symbolSwitchedAtAtom } from './state';
import { TradeAnalysis } from './TradeAnalysis';
import { useKlineConfigSync } from './useKlineConfigSync';
import { useLayoutSync } from './useLayoutSync';
import { Tabs } from '../../ui/Tabs';
import './chart.css';

const VIEWS: readonly ChartView[] = ['simple', 'pro', 'depth'];
const CHART_TABS = ['chart', 'analysis'] as const;

/** The chart slot's content. */
export function ChartPanel({
  depth: Depth,
}: {
  /** The depth view, composed in by the panel registry (features do not import each other). */
  readonly depth: ComponentType;
}): React.JSX.Element {
  const { t } = useTranslation('chart');
  const lookup = useAtomValue(pairLookupAtom);
  const user = useAtomValue(sessionUserAtom);
  const [tab, setTab] = useAtom(chartTabAtom);
  const [view, setView] = useAtom(chartViewAtom);
  const setSwitched = useSetAtom(symbolSwitchedAtAtom);
  const demo = demoAccess('tradeAnalysis', user) === 'hidden';
  const symbol = lookup.kind === 'found' ? lookup.symbol : null;
  const name = symbol?.symbol ?? null;
  useLayoutSync();
  useKlineConfigSync();
  useEffect(() => {
    setSwitched(Date.now());
  }, [name, setSwitched]);
  const shownTab = demo ? 'chart' : tab;
  return (
    <div className="chart-panel" data-testid="chart-panel">
      <div className="chart-head">
        {demo ? (
          <h3 className="chart-heading" data-testid="chart-heading">
            {t('tabs.chart')}
          </h3>
        ) : (
          <Tabs
            className="tabs tabs-small"
            groupTestId="chart-tabs"
            keys={CHART_TABS}
            current={shownTab}
            onSelect={setTab}
            testId={(k) => `chart-tab-${k}`}
            text={(k) => t(`tabs.${k}`)}
          />
        )}
        {shownTab === 'chart' && (
          <Tabs
            kind="radio"
            className="segmented chart-views"
            label={t('views.label')}
            keys={VIEWS}
            current={view}
            onSelect={setView}
            testId={(v) => `chart-view-${v}`}
            text={(v) => t(`views.${v}`)}
          />
        )}
      </div>
      <div className="chart-body">
        {symbol === null ? (
          <div className="chart-empty" data-testid="chart-empty">
            <p>{lookup.kind === 'loading' ? t('empty.loading') : t('empty.noData')}</p>
          </div>
        ) : shownTab === 'analysis' ? (
          <TradeAnalysis symbol={symbol} />
        ) : view === 'depth' ? (
          <Depth />
        ) : (
          <ChartArea key={symbol.symbol} symbol={symbol} simple={view === 'simple'} />
        )}
      </div>
    </div>
  );
}
