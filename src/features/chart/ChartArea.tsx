/**
 * The candle chart of one symbol (pro or simple view): toolbar, the lightweight-charts canvas, and everything drawn
 * over it (order-line handles, the quick-order '+', the empty/retry state, the trade-info modal). Data comes from
 * the hub: an initial REST load (500 candles, paged back up to 3 more pages for presets), live candles, lazy pages
 * to the left, fill markers, averages and open orders.
 */
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SymbolInfo } from '../../../workers/api';
import type { Interval } from '../../../workers/protocol/intervals';
import { routeAtom, sessionUserAtom, themeAtom } from '../../session/state';
import { tickerAtom } from '../../hub/state';
import { averagesVersionAtom, fillsVersionAtom } from '../../session/account';
import { useHubWant } from '../../hub/useHubWant';
import { perfMark } from '../../lib/perfMarks';
import { ChartToolbar } from './ChartToolbar';
import { INDICATOR_COLOURS, INDICATOR_TITLES } from './indicators';
import { presetStart, type TimeFramePreset } from './intervals';
import { CHART_MARKS } from './marks';
import { OrderLines } from './OrderLines';
import { QuickOrder } from './QuickOrder';
import { klineConfigAtom, updateKlineConfigAtom } from './state';
import { TradeInfoModal } from './TradeInfoModal';
import { useChartData, isRequestableSymbol, type EarlyCandles } from './useChartData';
import { useChartFullscreen } from './useChartFullscreen';
import { useChartRenderer } from './useChartRenderer';
import { useCompare } from './useCompare';
import { useFillMarkers } from './useFillMarkers';
import { useLiveCandles } from './useLiveCandles';
import { usePriceLines } from './usePriceLines';

/** The chart area (toolbar + canvas + overlays) of one symbol. */
export function ChartArea({
  symbol,
  simple,
}: {
  readonly symbol: SymbolInfo;
  readonly simple: boolean;
}): React.JSX.Element {
  const { t } = useTranslation('chart');
  const cfg = useAtomValue(klineConfigAtom);
  const update = useSetAtom(updateKlineConfigAtom);
  const theme = useAtomValue(themeAtom);
  const { locale } = useAtomValue(routeAtom);
  const user = useAtomValue(sessionUserAtom);
  // Two numbers, not the account: an order event or a balance change does not render the chart area.
  const fillsVersion = useAtomValue(fillsVersionAtom);
  const averagesVersion = useAtomValue(averagesVersionAtom);
  const store = useStore();
  const loggedIn = user?.loggedIn === true;
  const name = symbol.symbol;
  const interval = cfg.interval;
  const chartType = simple ? 'area' : cfg.chartType;
  const indicators = useMemo(() => (simple ? [] : cfg.indicators), [simple, cfg.indicators]);
  const compare = simple ? '' : cfg.compare;

  const rootRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  const early = useRef<EarlyCandles | null>(null);
  const [reload, setReload] = useState(0);
  const [range, setRange] = useState<{ readonly start: number } | null>(null);
  const [modalIds, setModalIds] = useState<readonly string[] | null>(null);

  useHubWant({ symbol: name, klineInterval: isRequestableSymbol(name) ? interval : null, account: loggedIn });
  const { renderer, rebuild } = useChartRenderer(
    canvasRef,
    {
      pricePrecision: symbol.pricePrecision,
      simple,
      theme,
      timezone: cfg.timezone,
      locale,
      interval,
      chartType,
      indicators,
    },
    early,
  );
  const { load, drawn } = useChartData({ renderer, symbol: name, interval, range, reload, early });
  useLiveCandles(renderer, load, name, interval, rebuild);
  useCompare(renderer, load, name, compare, interval);
  const markers = useFillMarkers(
    {
      renderer,
      show: cfg.display.dealHistory === 'show' && loggedIn && !simple,
      symbol: name,
      interval,
      fillsVersion,
      chartType,
      drawn,
    },
    setModalIds,
  );
  const { avgLines, toolLines, setOrderLineDraws } = usePriceLines({
    renderer,
    loggedIn,
    simple,
    symbol: name,
    averagesVersion,
    display: cfg.display,
    theme,
  });
  const { fullscreen, toggleFullscreen } = useChartFullscreen(rootRef);

  const pickInterval = useCallback(
    (iv: Interval): void => {
      perfMark(CHART_MARKS.intervalClick);
      setRange(null);
      if (iv !== store.get(klineConfigAtom).interval) update({ interval: iv });
      else setReload((n) => n + 1);
    },
    [store, update],
  );
  const pickPreset = useCallback(
    (p: TimeFramePreset): void => {
      setRange({ start: presetStart(p, Date.now()) });
      if (p.interval !== store.get(klineConfigAtom).interval) update({ interval: p.interval });
    },
    [store, update],
  );
  const screenshot = useCallback((): void => {
    if (renderer === null) return;
    renderer.screenshot().toBlob((blob) => {
      if (blob === null) return;
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = `${name}-${interval}-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '')}.png`;
      a.click();
      setTimeout(() => {
        URL.revokeObjectURL(a.href);
      }, 10_000);
    }, 'image/png');
  }, [renderer, name, interval]);

  // Read when used, never subscribed: a ticker re-rendered the area, its order lines and quick-order layer several
  // times a second under a storm (the renderer keeps `data-last-close` and `data-candles` itself).
  const lastPrice = useCallback((): number | null => {
    const last = store.get(tickerAtom(name))?.last;
    return last !== undefined && last > 0 ? last : null;
  }, [store, name]);
  return (
    <div ref={rootRef} className={`chart-area${fullscreen ? ' is-fullscreen' : ''}`} data-testid="chart-area">
      <ChartToolbar
        symbol={name}
        simple={simple}
        onInterval={pickInterval}
        onPreset={pickPreset}
        onScreenshot={screenshot}
        onFullscreen={toggleFullscreen}
      />
      <div className="chart-stage">
        <div
          ref={canvasRef}
          className="chart-canvas"
          data-testid="chart-canvas"
          data-state={load}
          data-symbol={name}
          data-interval={interval}
          data-type={chartType}
          data-drawn={drawn}
          data-markers={markers.length}
          data-avg-lines={avgLines.map((l) => l.id).join(',')}
          data-tool-lines={toolLines.map((l) => l.id).join(',')}
          data-indicators={indicators.join(',')}
          data-compare={compare}
        />
        {indicators.some((id) => id !== 'VOL') && (
          <div className="chart-legend" data-testid="chart-legend">
            {Object.keys(INDICATOR_TITLES)
              .filter((k) => indicators.some((id) => k.startsWith(`${id}.`)))
              .map((k) => (
                <span key={k} style={{ color: INDICATOR_COLOURS[k] }}>
                  {INDICATOR_TITLES[k]}
                </span>
              ))}
          </div>
        )}
        {renderer !== null && load === 'ready' && !simple && cfg.display.entrust === 'show' && loggedIn && (
          <OrderLines renderer={renderer} symbol={symbol} lastPrice={lastPrice} onDraws={setOrderLineDraws} />
        )}
        {renderer !== null && load === 'ready' && !simple && cfg.display.trade === 'show' && (
          <QuickOrder renderer={renderer} symbol={symbol} lastPrice={lastPrice} loggedIn={loggedIn} />
        )}
        {load === 'failed' && (
          <div className="chart-empty" data-testid="chart-empty">
            <p>{t('empty.failed')}</p>
            <button
              type="button"
              className="btn btn-small"
              data-testid="chart-retry"
              onClick={() => {
                setReload((n) => n + 1);
              }}
            >
              {t('empty.retry')}
            </button>
          </div>
        )}
        {load === 'loading' && <div className="chart-loading muted small">{t('empty.loading')}</div>}
        {markers.length > 0 && (
          // The canvas markers for keyboard and screen-reader users: the same trade-info modal behind each.
          <ul className="chart-sr-only" aria-label={t('display.dealHistory')}>
            {markers.map((m) => (
              <li key={m.id}>
                <button
                  type="button"
                  data-testid="fill-marker"
                  onClick={() => {
                    setModalIds(m.fillIds);
                  }}
                >
                  {`${m.side === 'Buy' ? t('lines.buy') : t('lines.sell')} ×${m.count} ${new Date(m.time * 1000).toISOString().slice(0, 16).replace('T', ' ')}`}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {modalIds !== null && (
        <TradeInfoModal
          symbol={symbol}
          fillIds={modalIds}
          notice={fullscreen}
          onClose={() => {
            setModalIds(null);
          }}
        />
      )}
    </div>
  );
}
