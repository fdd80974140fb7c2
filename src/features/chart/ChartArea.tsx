/**
 * The candle chart of one symbol (pro or simple view): toolbar, the lightweight-charts canvas, and everything drawn
 * over it (order-line handles, the quick-order '+', the empty/retry state, the trade-info modal). Data comes from
 * the hub: an initial REST load (500 candles, paged back up to 3 more pages for presets), live candles, lazy pages
 * to the left, fill markers, averages and open orders.
 */
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SymbolInfo } from '../../../workers/api';
import { routeAtom, sessionUserAtom, themeAtom } from '../../session/state';
import { TOKENS } from '../../canvas/tokens';
import { hubClient } from '../../hub/client';
import { accountAtom, tickersAtom } from '../../hub/state';
import { useHubWant } from '../../hub/useHubWant';
import { markCandlesDrawn, markIntervalClick } from './benchProbe';
import { ChartRenderer, INDICATOR_COLOURS, INDICATOR_TITLES, type PriceLineDraw } from './ChartRenderer';
import { ChartToolbar } from './ChartToolbar';
import { intervalMs, presetStart, type Interval, type TimeFramePreset } from './intervals';
import { averageLegend, gridPriceLevels, toMarkerDraws, type MarkerDraw } from './lines';
import { OrderLines } from './OrderLines';
import { QuickOrder } from './QuickOrder';
import { chartFullscreenAtom, klineConfigAtom, toolPreviewLinesAtom, updateKlineConfigAtom } from './state';
import { TradeInfoModal } from './TradeInfoModal';

/** No live candle for this long (page visible) rebuilds the chart (spec §4). */
export const REBUILD_AFTER_MS = 60_000;
/**
 * Live candles are drawn at most this often: each draw repaints every pane (several ms in software rendering), and a
 * trade storm must not take the main thread from the order book and forms. Exchanges push klines about as often.
 */
export const LIVE_APPLY_MS = 250;
/** The compared symbol's candles are refetched this often (the hub streams live candles of one symbol only). */
const COMPARE_REFRESH_MS = 10_000;
/** Lazy loading starts when fewer than this many bars are left of the view. */
const LAZY_EDGE_BARS = 15;

/** True for a symbol the chart may request (spec §8: missing or containing 'undefined' requests nothing). */
export function isRequestableSymbol(symbol: string | null | undefined): symbol is string {
  return typeof symbol === 'string' && symbol !== '' && !symbol.includes('undefined');
}

type LoadState = 'loading' | 'ready' | 'failed';

/** Whether a live candle can belong to this interval (a frame of the previous interval may still arrive). */
function fitsInterval(timeMs: number, iv: Interval): boolean {
  if (iv === 'W' || iv === 'M') return true;
  return timeMs % intervalMs(iv) === 0;
}

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
  const account = useAtomValue(accountAtom);
  const tools = useAtomValue(toolPreviewLinesAtom);
  const ticker = useAtomValue(tickersAtom).get(symbol.symbol);
  const fullscreen = useAtomValue(chartFullscreenAtom);
  const setFullscreen = useSetAtom(chartFullscreenAtom);
  const store = useStore();
  const loggedIn = user?.loggedIn === true;
  const name = symbol.symbol;
  const interval = cfg.interval;
  const chartType = simple ? 'area' : cfg.chartType;
  const indicators = useMemo(() => (simple ? [] : cfg.indicators), [simple, cfg.indicators]);

  const rootRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  const [renderer, setRenderer] = useState<ChartRenderer | null>(null);
  const [rebuild, setRebuild] = useState(0);
  const [reload, setReload] = useState(0);
  const [range, setRange] = useState<{ readonly start: number } | null>(null);
  const [load, setLoad] = useState<LoadState>('loading');
  const [drawn, setDrawn] = useState(0);
  const [markers, setMarkers] = useState<readonly MarkerDraw[]>([]);
  const [modalIds, setModalIds] = useState<readonly string[] | null>(null);
  const [avgLines, setAvgLines] = useState<readonly PriceLineDraw[]>([]);
  const [orderLineDraws, setOrderLineDraws] = useState<readonly PriceLineDraw[]>([]);
  const markerIds = useRef(new Map<string, readonly string[]>());

  useHubWant({ symbol: name, klineInterval: isRequestableSymbol(name) ? interval : null, account: loggedIn });

  // The chart instance: rebuilt on symbol change (the parent keys this component by symbol) and on a stale feed.
  useEffect(() => {
    const el = canvasRef.current;
    if (el === null) return;
    const r = new ChartRenderer(el, {
      tokens: TOKENS[store.get(themeAtom)],
      timezone: store.get(klineConfigAtom).timezone,
      locale: store.get(routeAtom).locale,
      pricePrecision: symbol.pricePrecision,
      chartType: simple ? 'area' : store.get(klineConfigAtom).chartType,
      indicators: simple ? [] : store.get(klineConfigAtom).indicators,
    });
    setRenderer(r);
    return () => {
      setRenderer(null);
      r.destroy();
    };
  }, [symbol.pricePrecision, simple, rebuild, store]);

  useEffect(() => {
    renderer?.setTheme(TOKENS[theme]);
  }, [renderer, theme]);
  useEffect(() => {
    renderer?.setTimezone(cfg.timezone, locale);
  }, [renderer, cfg.timezone, locale]);
  useEffect(() => {
    renderer?.setSecondsVisible(interval === '1s');
  }, [renderer, interval]);
  useEffect(() => {
    renderer?.setChartType(chartType);
  }, [renderer, chartType]);
  useEffect(() => {
    renderer?.setIndicators(indicators);
  }, [renderer, indicators]);

  // Initial load: one page, or the preset's range (paged back by the hub). [] means failure: empty chart + retry.
  useEffect(() => {
    if (renderer === null) return;
    if (!isRequestableSymbol(name)) {
      setLoad('failed');
      return;
    }
    let alive = true;
    setLoad('loading');
    hubClient()
      .remote()
      .klines(name, interval, undefined, range?.start)
      .then(
        (rows) => {
          if (!alive) return;
          renderer.setData(rows);
          if (range !== null) renderer.fitAll();
          setLoad(rows.length === 0 ? 'failed' : 'ready');
          setDrawn((d) => d + 1);
          requestAnimationFrame(markCandlesDrawn);
        },
        () => {
          if (!alive) return;
          renderer.setData([]);
          setLoad('failed');
        },
      );
    return () => {
      alive = false;
    };
  }, [renderer, name, interval, range, reload]);

  // Live candles: mark dirty on a frame, apply the newest on an animation frame at most every LIVE_APPLY_MS (each
  // frame holds the forming candle and the one it closed, so coalescing never loses a closed candle's last state).
  useEffect(() => {
    if (renderer === null || load !== 'ready') return;
    const frames = hubClient().frames;
    let lastSeen = Date.now();
    let lastApply = 0;
    let raf = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const apply = (): void => {
      raf = 0;
      lastApply = performance.now();
      for (const c of frames.get('candles') ?? []) if (fitsInterval(c.time, interval)) renderer.update(c);
    };
    const off = frames.on('candles', () => {
      lastSeen = Date.now();
      if (raf !== 0 || timer !== undefined) return;
      const wait = LIVE_APPLY_MS - (performance.now() - lastApply);
      if (wait <= 0) raf = requestAnimationFrame(apply);
      else
        timer = setTimeout(() => {
          timer = undefined;
          raf = requestAnimationFrame(apply);
        }, wait);
    });
    const stale = setInterval(() => {
      if (document.visibilityState === 'visible' && Date.now() - lastSeen > REBUILD_AFTER_MS) {
        lastSeen = Date.now();
        setRebuild((n) => n + 1);
      }
    }, 5_000);
    return () => {
      off();
      clearInterval(stale);
      clearTimeout(timer);
      if (raf !== 0) cancelAnimationFrame(raf);
    };
  }, [renderer, load, interval]);

  // Compare: a second symbol's closes on the same scale, both as percentages; refreshed every 10 s.
  const compare = simple ? '' : cfg.compare;
  useEffect(() => {
    if (renderer === null || load !== 'ready') return;
    if (!isRequestableSymbol(compare) || compare === name) {
      renderer.setCompare(null);
      return;
    }
    let alive = true;
    const fetchCompare = (): void => {
      void hubClient()
        .remote()
        .klines(compare, interval)
        .then((rows) => {
          if (alive) renderer.setCompare(rows.length === 0 ? null : rows);
        })
        .catch(() => undefined);
    };
    fetchCompare();
    const timer = setInterval(fetchCompare, COMPARE_REFRESH_MS);
    return () => {
      alive = false;
      clearInterval(timer);
      renderer.setCompare(null);
    };
  }, [renderer, load, compare, name, interval]);

  // Lazy loading further back when the view nears the oldest candle.
  useEffect(() => {
    if (renderer === null || load !== 'ready') return;
    let busy = false;
    let more = true;
    return renderer.onRangeChange((r) => {
      if (r === null || busy || !more || r.from > LAZY_EDGE_BARS) return;
      const oldest = renderer.oldestTime();
      if (oldest === null) return;
      busy = true;
      void hubClient()
        .remote()
        .klines(name, interval, oldest - 1, oldest - 500 * intervalMs(interval))
        .then((rows) => {
          const added = renderer.prepend(rows);
          if (added === 0) more = false;
          else setDrawn((d) => d + 1);
        })
        .catch(() => {
          more = false;
        })
        .finally(() => {
          busy = false;
        });
    });
  }, [renderer, load, name, interval]);

  // Fill markers: on interval, toggle, fills or chart-type change (200 ms after a type change; 1 s retry when the
  // candles are not in yet).
  const prevType = useRef(chartType);
  const fillsVersion = account?.fillsVersion ?? 0;
  const showFills = cfg.display.dealHistory === 'show' && loggedIn && !simple;
  useEffect(() => {
    if (renderer === null) return;
    const typeChanged = prevType.current !== chartType;
    prevType.current = chartType;
    if (!showFills) {
      renderer.setMarkers([]);
      markerIds.current.clear();
      setMarkers([]);
      return;
    }
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = (): void => {
      if (!alive) return;
      if (renderer.length === 0) {
        timer = setTimeout(run, 1_000);
        return;
      }
      void hubClient()
        .remote()
        .fillMarkers(name, interval)
        .then((ms) => {
          if (!alive) return;
          const draws = toMarkerDraws(ms, renderer.candleTimes(), intervalMs(interval));
          markerIds.current = new Map(draws.map((d) => [d.id, d.fillIds]));
          renderer.setMarkers(draws);
          setMarkers(draws);
        })
        .catch(() => undefined);
    };
    timer = setTimeout(run, typeChanged ? 200 : 0);
    return () => {
      alive = false;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [renderer, showFills, name, interval, fillsVersion, chartType, drawn]);

  useEffect(() => {
    if (renderer === null) return;
    return renderer.onClick((id) => {
      if (id === null) return;
      const ids = markerIds.current.get(id);
      if (ids !== undefined) setModalIds(ids);
    });
  }, [renderer]);

  // Average buy/sell lines: shown when toggled on and the average is above 0; re-asked on each averages change.
  const averagesVersion = account?.averagesVersion ?? 0;
  const d = cfg.display;
  useEffect(() => {
    if (!loggedIn || simple || (d.avgBuyLine === 'hide' && d.avgSellLine === 'hide')) {
      setAvgLines([]);
      return;
    }
    let alive = true;
    const hub = hubClient().remote();
    const tokens = TOKENS[theme];
    const legend = (days: number): string => {
      const l = averageLegend(days);
      return l.key === 'lastNDays'
        ? t('avg.lastNDays', { n: l.n })
        : t(l.n === 1 ? 'avg.lastYear' : 'avg.lastNYears', { n: l.n });
    };
    // One call at a time: the hub keeps one day span per side, so concurrent calls with different spans race.
    void (async () => {
      const b = d.avgBuyLine === 'show' ? await hub.averages(name, d.avgBuyLineDays) : null;
      const s = d.avgSellLine === 'show' ? await hub.averages(name, d.avgSellLineDays) : null;
      return [b, s] as const;
    })().then(([b, s]) => {
      if (!alive) return;
      const out: PriceLineDraw[] = [];
      const buy = b?.buy;
      const sell = s?.sell;
      if (buy?.positive === true)
        out.push({
          id: 'avg-buy',
          price: Number(buy.price),
          color: tokens.up,
          title: `${t('avg.buy')} · ${legend(buy.days)}`,
          style: 'dashed',
          axisLabel: true,
        });
      if (sell?.positive === true)
        out.push({
          id: 'avg-sell',
          price: Number(sell.price),
          color: tokens.down,
          title: `${t('avg.sell')} · ${legend(sell.days)}`,
          style: 'dashed',
          axisLabel: true,
        });
      setAvgLines(out);
    });
    return () => {
      alive = false;
    };
  }, [
    loggedIn,
    simple,
    name,
    averagesVersion,
    d.avgBuyLine,
    d.avgBuyLineDays,
    d.avgSellLine,
    d.avgSellLineDays,
    theme,
    t,
  ]);

  // Tool previews: scaled-order pre-orders and grid levels.
  const toolLines = useMemo((): PriceLineDraw[] => {
    const tokens = TOKENS[theme];
    const out: PriceLineDraw[] = tools.scaled.map((s, i) => ({
      id: `scaled-${i}`,
      price: s.price,
      color: s.side === 'Buy' ? tokens.up : tokens.down,
      title: t('lines.preOrder'),
      style: 'dotted',
      axisLabel: false,
    }));
    if (tools.grid !== null && d.grid === 'show')
      gridPriceLevels(tools.grid).forEach((p, i) => {
        out.push({
          id: `grid-${i}`,
          price: p,
          color: tokens.accent,
          title: i === 0 ? t('lines.grid') : '',
          style: 'dotted',
          axisLabel: false,
        });
      });
    return out;
  }, [tools, d.grid, theme, t]);

  useEffect(() => {
    renderer?.setPriceLines([...avgLines, ...toolLines, ...orderLineDraws]);
  }, [renderer, avgLines, toolLines, orderLineDraws]);

  const pickInterval = useCallback(
    (iv: Interval): void => {
      markIntervalClick();
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
  const toggleFullscreen = useCallback((): void => {
    const el = rootRef.current;
    if (el === null) return;
    if (document.fullscreenElement === el) {
      void document.exitFullscreen().catch(() => undefined);
      setFullscreen(false);
    } else if (fullscreen) setFullscreen(false);
    else {
      setFullscreen(true);
      if (typeof el.requestFullscreen === 'function') void el.requestFullscreen().catch(() => undefined);
    }
  }, [fullscreen, setFullscreen]);
  useEffect(() => {
    const on = (): void => {
      if (document.fullscreenElement === null) setFullscreen(false);
    };
    document.addEventListener('fullscreenchange', on);
    return () => {
      document.removeEventListener('fullscreenchange', on);
      setFullscreen(false);
    };
  }, [setFullscreen]);

  const lastPrice = ticker !== undefined && ticker.last > 0 ? ticker.last : null;
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
          data-candles={renderer?.length ?? 0}
          data-drawn={drawn}
          data-last-close={renderer?.lastClose() ?? ''}
          data-markers={markers.length}
          data-avg-lines={avgLines.map((l) => l.id).join(',')}
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
