/**
 * The latest-trades list (spec §2, §9 Recent trades) on the page's surface: 40 rows newest first, price in the taker
 * side's colour, quantity, time in the trader's time zone; a new trade's row flashes (a display preference turns
 * flashes off). Clicking a row fills its price into the order form. Used as the order-book panel's trades tab and
 * as the mobile `trades` slot.
 */
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SymbolInfo, TradeRow } from '../../../workers/api';
import { isRtl } from '../../app/routes';
import { pairLookupAtom, routeAtom, themeAtom } from '../../app/state';
import { onEveryFrame } from '../../canvas/frameLoop';
import { TOKENS } from '../../canvas/tokens';
import { useSurface } from '../../canvas/useSurface';
import { hubClient } from '../../hub/client';
import { useHubWant } from '../../hub/useHubWant';
import { formatFixed } from '../../lib/format';
import { intent, orderFormIntentAtom } from '../order-form/intent';
import { FormatCache } from '../orderbook/view';
import { TradesRenderer } from './renderer';
import { displayPreferencesAtom } from './state';
import { tradeRowAt, type TradesSceneInput } from './view';
import './trades.css';

const NO_TRADES: readonly TradeRow[] = [];

/** The latest-trades panel of the routed symbol. */
export function TradesPanel(): React.JSX.Element | null {
  const lookup = useAtomValue(pairLookupAtom);
  if (lookup.kind !== 'found') return null;
  return <Trades key={lookup.symbol.symbol} symbol={lookup.symbol} />;
}

function timeFormatter(locale: string): (ms: number) => string {
  const f = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    numberingSystem: 'latn',
  });
  const cache = new FormatCache((sec) => f.format(sec * 1000));
  return (ms) => cache.get(Math.floor(ms / 1000));
}

function Trades({ symbol }: { readonly symbol: SymbolInfo }): React.JSX.Element {
  const { t } = useTranslation('orderbook');
  const { locale } = useAtomValue(routeAtom);
  const theme = useAtomValue(themeAtom);
  const [prefs, setPrefs] = useAtom(displayPreferencesAtom);
  const setIntent = useSetAtom(orderFormIntentAtom);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const wrapRef = useRef<HTMLDivElement>(null);
  const { canvasRef, canvasKey, surface } = useSurface(false);
  const rtl = isRtl(locale);

  useHubWant({ symbol: symbol.symbol, trades: true });

  const format = useMemo(() => {
    const price = new FormatCache((n) => formatFixed(n, symbol.pricePrecision, locale));
    const qty = new FormatCache((n) => formatFixed(n, symbol.quantityPrecision, locale));
    return {
      price: (n: number) => price.get(n),
      qty: (n: number) => qty.get(n),
      time: timeFormatter(locale),
    };
  }, [symbol, locale]);

  useEffect(() => {
    const el = wrapRef.current;
    if (el === null) return;
    const ro = new ResizeObserver(([e]) => {
      if (e === undefined) return;
      setSize({ width: Math.floor(e.contentRect.width), height: Math.floor(e.contentRect.height) });
    });
    ro.observe(el);
    return () => {
      ro.disconnect();
    };
  }, []);

  const input: Omit<TradesSceneInput, 'flash'> = {
    width: size.width,
    height: size.height,
    rtl,
    colours: TOKENS[theme],
    captions: {
      price: t('price', { coin: symbol.quote }),
      qty: t('amount', { coin: symbol.base }),
      time: t('trades.time'),
    },
    ...format,
  };
  const inputRef = useRef({ input, flash: prefs.flashTrades });
  inputRef.current = { input, flash: prefs.flashTrades };
  const dirty = useRef(true);
  dirty.current = true;

  useEffect(() => {
    if (surface === null) return;
    const canvas = canvasRef.current;
    const renderer = new TradesRenderer(surface);
    const frames = hubClient().frames;
    const off = frames.on('trades', () => {
      dirty.current = true;
    });
    let animating = false;
    const offFrame = onEveryFrame((now) => {
      if (!dirty.current && !animating) return;
      dirty.current = false;
      const { input: i, flash } = inputRef.current;
      const r = renderer.draw(frames.get('trades') ?? NO_TRADES, i, flash, window.devicePixelRatio || 1, now);
      animating = r.flashing > 0;
      if (canvas !== null) {
        canvas.dataset.rows = String(r.rows);
        canvas.dataset.flashing = String(r.flashing);
      }
    });
    return () => {
      offFrame();
      off();
    };
  }, [surface, canvasRef]);

  return (
    <div className="trades" data-testid="trades">
      <div className="trades-bar">
        <label className="trades-flash">
          <input
            type="checkbox"
            checked={prefs.flashTrades}
            data-testid="trades-flash"
            onChange={(e) => {
              setPrefs({ ...prefs, flashTrades: e.currentTarget.checked });
            }}
          />
          {t('trades.flash')}
        </label>
      </div>
      <div className="trades-canvas" ref={wrapRef}>
        <canvas
          key={canvasKey}
          ref={canvasRef}
          data-testid="trades-canvas"
          tabIndex={0}
          aria-label={t('trades.canvasLabel')}
          style={{ width: size.width, height: size.height }}
          onClick={(e) => {
            const r = e.currentTarget.getBoundingClientRect();
            const list = hubClient().frames.get('trades') ?? NO_TRADES;
            const row = tradeRowAt(e.clientY - r.top, list.length);
            const trade = list[row];
            if (trade !== undefined) setIntent(intent({ price: trade.price.toFixed(symbol.pricePrecision) }));
          }}
        />
      </div>
    </div>
  );
}
