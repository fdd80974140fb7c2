import { useAtomValue, useSetAtom } from 'jotai';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { AVERAGE_DAY_CHOICES } from '../../../workers/protocol/account';
import type { Interval } from '../../../workers/protocol/intervals';
import { routeAtom } from '../../session/state';
import { symbolsAtom } from '../../hub/state';
import { CHART_TYPES, TIMEZONES, type ChartTimezone, type DisplaySettings, type ShowHide } from './config';
import { Dropdown } from './Dropdown';
import { INDICATOR_IDS } from './indicators';
import { IntervalPicker } from './IntervalPicker';
import { TIME_FRAME_PRESETS, type TimeFramePreset } from './intervals';
import { averageLegend } from './lines';
import { chartFullscreenAtom, klineConfigAtom, updateKlineConfigAtom } from './state';
import { NewDot, SyncToAppOption } from './SyncToAppOption';
import { useSyncToApp } from './useSyncToApp';

/** "5 years", "1 month", "1 day" in the page's language (Intl handles the plurals). */
function presetLabel(p: TimeFramePreset, locale: string): string {
  const unit = p.unit === 'y' ? 'year' : p.unit === 'm' ? 'month' : 'day';
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(p.count);
}

type ToggleKey = 'trade' | 'dealHistory' | 'entrust' | 'avgBuyLine' | 'avgSellLine' | 'grid';

/**
 * The chart toolbar (spec §2): indicators, chart type, compare, screenshot, fullscreen, intervals, time-frame
 * presets and display options; every choice is remembered in the kline config. The simple view shows intervals only.
 * Memoised: its props are the symbol, the view and stable callbacks, while the chart area re-renders with every ticker
 * and account change (a few times a second under a storm) and the toolbar reads nothing of those.
 */
export const ChartToolbar = memo(function ChartToolbar({
  symbol,
  simple,
  onInterval,
  onPreset,
  onScreenshot,
  onFullscreen,
}: {
  readonly symbol: string;
  readonly simple: boolean;
  readonly onInterval: (iv: Interval) => void;
  readonly onPreset: (p: TimeFramePreset) => void;
  readonly onScreenshot: () => void;
  readonly onFullscreen: () => void;
}): React.JSX.Element {
  const { t } = useTranslation('chart');
  const cfg = useAtomValue(klineConfigAtom);
  const update = useSetAtom(updateKlineConfigAtom);
  const fullscreen = useAtomValue(chartFullscreenAtom);
  const symbols = useAtomValue(symbolsAtom);
  const { locale } = useAtomValue(routeAtom);
  const sync = useSyncToApp();
  const setDisplay = (patch: Partial<DisplaySettings>): void => {
    update({ display: { ...cfg.display, ...patch } });
  };
  const flip = (v: ShowHide): ShowHide => (v === 'show' ? 'hide' : 'show');
  const dayLabel = (d: number): string => {
    const l = averageLegend(d);
    return l.key === 'lastNDays'
      ? t('avg.lastNDays', { n: l.n })
      : t(l.n === 1 ? 'avg.lastYear' : 'avg.lastNYears', { n: l.n });
  };
  const toggle = (key: ToggleKey, testId: string, label: string): React.JSX.Element => (
    <label className="check chart-check">
      <input
        type="checkbox"
        checked={cfg.display[key] === 'show'}
        data-testid={testId}
        onChange={() => {
          setDisplay({ [key]: flip(cfg.display[key]) });
        }}
      />
      {label}
    </label>
  );
  /** The average buy or sell line's switch with its period (spec §2 display options). */
  const averageRow = (side: 'Buy' | 'Sell'): React.JSX.Element => {
    const s = side.toLowerCase();
    const days = `avg${side}LineDays` as const;
    return (
      <div className="chart-row">
        {toggle(`avg${side}Line`, `display-avg-${s}`, t(`display.avg${side}Line`))}
        <select
          className="select chart-select"
          aria-label={t('display.period')}
          value={cfg.display[days]}
          data-testid={`display-avg-${s}-days`}
          onChange={(e) => {
            setDisplay({ [days]: Number(e.currentTarget.value) });
          }}
        >
          {AVERAGE_DAY_CHOICES.map((d) => (
            <option key={d} value={d}>
              {dayLabel(d)}
            </option>
          ))}
        </select>
      </div>
    );
  };
  return (
    <div className="chart-toolbar" role="toolbar" aria-label={t('toolbar.label')} data-testid="chart-toolbar">
      <IntervalPicker onPick={onInterval} />
      {!simple && (
        <>
          <span className="chart-sep" aria-hidden="true" />
          <Dropdown label={t('toolbar.presets')} title={t('toolbar.presets')} testId="chart-presets">
            {(close) => (
              <div className="chart-menu-list">
                {TIME_FRAME_PRESETS.map((p) => (
                  <button
                    key={p.id}
                    type="button"
                    className="chart-menu-item"
                    data-testid={`preset-${p.id}`}
                    onClick={() => {
                      onPreset(p);
                      close();
                    }}
                  >
                    {presetLabel(p, locale)}
                  </button>
                ))}
              </div>
            )}
          </Dropdown>
          <Dropdown label={t('toolbar.indicators')} title={t('toolbar.indicators')} testId="chart-indicators">
            {() => (
              <div className="chart-menu-list">
                {INDICATOR_IDS.map((id) => (
                  <label key={id} className="check chart-check">
                    <input
                      type="checkbox"
                      checked={cfg.indicators.includes(id)}
                      data-testid={`indicator-${id}`}
                      onChange={() => {
                        update({
                          indicators: cfg.indicators.includes(id)
                            ? cfg.indicators.filter((x) => x !== id)
                            : INDICATOR_IDS.filter((x) => x === id || cfg.indicators.includes(x)),
                        });
                      }}
                    />
                    {t(`indicators.${id}`)}
                  </label>
                ))}
              </div>
            )}
          </Dropdown>
          <Dropdown label={t(`types.${cfg.chartType}`)} title={t('toolbar.chartType')} testId="chart-type">
            {(close) => (
              <div className="chart-menu-list" role="menu">
                {CHART_TYPES.map((ct) => (
                  <button
                    key={ct}
                    type="button"
                    role="menuitemradio"
                    aria-checked={ct === cfg.chartType}
                    className="chart-menu-item"
                    data-testid={`type-${ct}`}
                    onClick={() => {
                      update({ chartType: ct });
                      close();
                    }}
                  >
                    {t(`types.${ct}`)}
                  </button>
                ))}
              </div>
            )}
          </Dropdown>
          <Dropdown
            label={cfg.compare === '' ? t('toolbar.compare') : `${t('toolbar.compare')}: ${cfg.compare}`}
            title={t('toolbar.compare')}
            testId="chart-compare"
            active={cfg.compare !== ''}
          >
            {(close) => (
              <div className="chart-menu-list chart-menu-scroll">
                <button
                  type="button"
                  className="chart-menu-item"
                  data-testid="compare-none"
                  onClick={() => {
                    update({ compare: '' });
                    close();
                  }}
                >
                  {t('toolbar.compareNone')}
                </button>
                {symbols
                  .filter((s) => s.symbol !== symbol && s.openTime === 0)
                  .map((s) => (
                    <button
                      key={s.symbol}
                      type="button"
                      className="chart-menu-item"
                      aria-checked={s.symbol === cfg.compare}
                      role="menuitemradio"
                      data-testid={`compare-${s.symbol}`}
                      onClick={() => {
                        update({ compare: s.symbol });
                        close();
                      }}
                    >
                      {s.base}/{s.quote}
                    </button>
                  ))}
              </div>
            )}
          </Dropdown>
          <Dropdown
            label={
              <>
                {t('toolbar.display')}
                {sync.dot && <NewDot testId="chart-display-dot" />}
              </>
            }
            title={t('toolbar.display')}
            testId="chart-display"
            align="end"
          >
            {() => (
              <div className="chart-menu-list chart-display">
                {toggle('trade', 'display-trade', t('display.trade'))}
                {toggle('dealHistory', 'display-fills', t('display.dealHistory'))}
                {toggle('entrust', 'display-orders', t('display.entrust'))}
                {averageRow('Buy')}
                {averageRow('Sell')}
                {toggle('grid', 'display-grid', t('display.grid'))}
                {sync.shown && <SyncToAppOption sync={sync} />}
                <label className="chart-row">
                  <span>{t('display.timezone')}</span>
                  <select
                    className="select chart-select"
                    value={cfg.timezone}
                    data-testid="display-timezone"
                    onChange={(e) => {
                      const tz = TIMEZONES.find((z) => z === e.currentTarget.value);
                      if (tz !== undefined) update({ timezone: tz satisfies ChartTimezone });
                    }}
                  >
                    {TIMEZONES.map((z) => (
                      <option key={z} value={z}>
                        {z === 'local' ? t('display.localTime') : z.replace('_', ' ')}
                      </option>
                    ))}
                  </select>
                </label>
              </div>
            )}
          </Dropdown>
          <span className="chart-spacer" />
          <button
            type="button"
            className="chart-tool"
            title={t('toolbar.screenshot')}
            aria-label={t('toolbar.screenshot')}
            data-testid="chart-screenshot"
            onClick={onScreenshot}
          >
            <svg
              width="14"
              height="14"
              viewBox="0 0 16 16"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
            >
              <rect x="1.5" y="3.5" width="13" height="10" rx="1.5" />
              <circle cx="8" cy="8.5" r="2.5" />
              <path d="M5.5 3.5l1-2h3l1 2" />
            </svg>
          </button>
        </>
      )}
      {simple && <span className="chart-spacer" />}
      <button
        type="button"
        className={`chart-tool${fullscreen ? ' is-on' : ''}`}
        title={fullscreen ? t('toolbar.exitFullscreen') : t('toolbar.fullscreen')}
        aria-label={fullscreen ? t('toolbar.exitFullscreen') : t('toolbar.fullscreen')}
        aria-pressed={fullscreen}
        data-testid="chart-fullscreen"
        onClick={onFullscreen}
      >
        <svg
          width="14"
          height="14"
          viewBox="0 0 16 16"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        >
          {fullscreen ? (
            <path d="M6 1.5v4.5H1.5M10 1.5v4.5h4.5M6 14.5V10H1.5M10 14.5V10h4.5" />
          ) : (
            <path d="M1.5 6V1.5H6M10 1.5h4.5V6M1.5 10v4.5H6M14.5 10v4.5H10" />
          )}
        </svg>
      </button>
    </div>
  );
});
