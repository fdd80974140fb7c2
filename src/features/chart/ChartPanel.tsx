/**
 * The chart panel (spec §2 Chart area): chart and trade-analysis tabs (demo accounts see only the heading), the
 * simple / pro / depth views (remembered unless depth), and the chart itself, rebuilt on symbol change.
 */
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { pairLookupAtom, sessionUserAtom } from '../../app/state';
import { DepthChart } from '../depth/DepthChart';
import { ChartArea } from './ChartArea';
import type { ChartView } from './config';
import { chartTabAtom, chartViewAtom, symbolSwitchedAtAtom } from './state';
import { TradeAnalysis } from './TradeAnalysis';
import { useLayoutSync } from './useLayoutSync';
import './chart.css';

const VIEWS: readonly ChartView[] = ['simple', 'pro', 'depth'];

/** The chart slot's content. */
export function ChartPanel(): React.JSX.Element {
  const { t } = useTranslation('chart');
  const lookup = useAtomValue(pairLookupAtom);
  const user = useAtomValue(sessionUserAtom);
  const [tab, setTab] = useAtom(chartTabAtom);
  const [view, setView] = useAtom(chartViewAtom);
  const setSwitched = useSetAtom(symbolSwitchedAtAtom);
  const demo = user?.isDemo === true;
  const symbol = lookup.kind === 'found' ? lookup.symbol : null;
  const name = symbol?.symbol ?? null;
  useLayoutSync();
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
          <div className="tabs tabs-small" role="tablist" data-testid="chart-tabs">
            {(['chart', 'analysis'] as const).map((k) => (
              <button
                key={k}
                type="button"
                role="tab"
                className="tab"
                aria-selected={shownTab === k}
                data-testid={`chart-tab-${k}`}
                onClick={() => {
                  setTab(k);
                }}
              >
                {t(`tabs.${k}`)}
              </button>
            ))}
          </div>
        )}
        {shownTab === 'chart' && (
          <div className="segmented chart-views" role="radiogroup" aria-label={t('views.label')}>
            {VIEWS.map((v) => (
              <button
                key={v}
                type="button"
                role="radio"
                className="segment"
                aria-checked={view === v}
                data-testid={`chart-view-${v}`}
                onClick={() => {
                  setView(v);
                }}
              >
                {t(`views.${v}`)}
              </button>
            ))}
          </div>
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
          <DepthChart />
        ) : (
          <ChartArea key={symbol.symbol} symbol={symbol} simple={view === 'simple'} />
        )}
      </div>
    </div>
  );
}
