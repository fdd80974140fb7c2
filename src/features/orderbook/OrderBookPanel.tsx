/**
 * The order book panel (spec §2, §4 layouts, §9): a Canvas2D book fed by the hub's merged rows, the depth-step
 * dropdown (saved per symbol), layouts 1–3, total in base or quote, hover highlight with a tooltip of average price,
 * sum quantity and sum value, click to fill the order form, and an accessible summary of the best bid and ask.
 * Rows are drawn on animation frames only when a new frame or hover arrived, and never while the tab is hidden.
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SymbolInfo } from '../../../workers/api';
import { isRtl } from '../../app/routes';
import { pairLookupAtom, routeAtom, themeAtom } from '../../app/state';
import { readStored, writeStored } from '../../app/storage';
import { TOKENS } from '../../canvas/tokens';
import { hubClient } from '../../hub/client';
import { accountAtom, tickersAtom } from '../../hub/state';
import { useHubWant } from '../../hub/useHubWant';
import { formatFixed } from '../../lib/format';
import { intent, orderFormIntentAtom } from '../order-form/intent';
import { drawBook, FormatCache } from './renderer';
import {
  cell,
  hoverSummary,
  rowSlots,
  rowsThatFit,
  slotAt,
  type BookLayout,
  type RowSlot,
  type TotalUnit,
} from './view';
import './orderbook.css';

const SUMMARY_EVERY_MS = 2000;

function stepKey(symbol: string): string {
  return `book.step.${symbol}`;
}

/** Decimals of a depth step ("0.01" → 2, "10" → 0). */
function stepDecimals(step: string, fallback: number): number {
  const dot = step.indexOf('.');
  return step === '' ? fallback : dot < 0 ? 0 : step.length - dot - 1;
}

export function OrderBookPanel(): React.JSX.Element | null {
  const lookup = useAtomValue(pairLookupAtom);
  if (lookup.kind !== 'found') return null;
  return <OrderBook key={lookup.symbol.symbol} symbol={lookup.symbol} />;
}

function OrderBook({ symbol }: { readonly symbol: SymbolInfo }): React.JSX.Element {
  const { t } = useTranslation('orderbook');
  const { locale } = useAtomValue(routeAtom);
  const theme = useAtomValue(themeAtom);
  const ticker = useAtomValue(tickersAtom).get(symbol.symbol);
  const account = useAtomValue(accountAtom);
  const setIntent = useSetAtom(orderFormIntentAtom);
  const [layout, setLayout] = useState<BookLayout>(1);
  const [total, setTotal] = useState<TotalUnit>('base');
  const [step, setStep] = useState<string | null>(() => readStored(stepKey(symbol.symbol)));
  const [steps, setSteps] = useState<readonly string[]>([]);
  /** The step the hub merged the shown rows at (the default rule's choice until the user picks one). */
  const [activeStep, setActiveStep] = useState('');
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [hover, setHover] = useState<RowSlot | null>(null);
  const [summary, setSummary] = useState('');
  const wrapRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const rtl = isRtl(locale);
  const rows = rowsThatFit(layout, size.height);

  useHubWant({ symbol: symbol.symbol, step, bookRows: 40 });

  // Formatting caches follow the symbol, step and locale.
  const shownStep = steps.includes(step ?? '') ? (step ?? '') : activeStep;
  const priceDp = stepDecimals(shownStep, symbol.pricePrecision);
  const caches = useMemo(
    () => ({
      price: new FormatCache((n) => formatFixed(n, Math.min(priceDp, symbol.pricePrecision), locale)),
      amount: new FormatCache((n) => formatFixed(n, symbol.quantityPrecision, locale)),
      totalBase: new FormatCache((n) => formatFixed(n, symbol.quantityPrecision, locale)),
      totalQuote: new FormatCache((n) => formatFixed(n, symbol.amountPrecision, locale)),
    }),
    [priceDp, symbol, locale],
  );
  const ownPrices = useMemo(() => {
    const set = new Set<number>();
    for (const o of account?.openOrders ?? []) if (o.symbol === symbol.symbol) set.add(Number(o.price));
    return set;
  }, [account, symbol.symbol]);

  // Panel size (CSS px) from the frame the grid gives us.
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

  // Everything the frame loop reads, kept in a ref so the loop never restarts on a React render.
  const input = useRef({
    layout,
    rows,
    total,
    rtl,
    theme,
    caches,
    hover,
    ownPrices,
    ticker,
    size,
    t,
    symbol,
  });
  input.current = { layout, rows, total, rtl, theme, caches, hover, ownPrices, ticker, size, t, symbol };
  const dirty = useRef(true);
  dirty.current = true;

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d', { alpha: false }) ?? null;
    if (canvas === null || ctx === null) return;
    const frames = hubClient().frames;
    const mark = (): void => {
      dirty.current = true;
    };
    const off = frames.on('book', mark);
    let raf = 0;
    let lastSummary = 0;
    const frame = (): void => {
      raf = requestAnimationFrame(frame);
      if (!dirty.current || document.visibilityState !== 'visible') return;
      dirty.current = false;
      const i = input.current;
      const dpr = window.devicePixelRatio || 1;
      const w = Math.round(i.size.width * dpr);
      const h = Math.round(i.size.height * dpr);
      if (canvas.width !== w || canvas.height !== h) {
        canvas.width = w;
        canvas.height = h;
      }
      const book = frames.get('book');
      const usable = book !== undefined && book.symbol === i.symbol.symbol ? book : undefined;
      if (usable !== undefined) {
        setSteps((prev) => (prev === usable.steps ? prev : usable.steps));
        setActiveStep(usable.step);
      }
      const slots = rowSlots(i.layout, i.rows, usable?.askCount ?? 0, usable?.bidCount ?? 0);
      drawBook(ctx, dpr, usable, {
        width: i.size.width,
        height: i.size.height,
        layout: i.layout,
        rows: i.rows,
        slots,
        total: i.total,
        rtl: i.rtl,
        colours: TOKENS[i.theme],
        captions: [
          i.t('price', { coin: i.symbol.quote }),
          i.t('amount', { coin: i.symbol.base }),
          i.t('total', { coin: i.total === 'base' ? i.symbol.base : i.symbol.quote }),
        ],
        ...i.caches,
        hover: i.hover,
        ownPrices: i.ownPrices,
        last:
          i.ticker === undefined
            ? null
            : { text: i.caches.price.get(i.ticker.last), direction: i.ticker.direction },
      });
      canvas.dataset.rows = String(slots.length);
      canvas.dataset.asks = String(slots.filter((x) => x.side === 'ask').length);
      canvas.dataset.bids = String(slots.length - Number(canvas.dataset.asks));
      const now = performance.now();
      if (usable !== undefined && now - lastSummary > SUMMARY_EVERY_MS) {
        lastSummary = now;
        setSummary(
          i.t('summary', {
            // The first drawn rows: at a coarse step these are the merged best prices the trader sees.
            bid: i.caches.price.get(cell(usable, 'bid', 0, 0)),
            ask: i.caches.price.get(cell(usable, 'ask', 0, 0)),
          }),
        );
      }
    };
    raf = requestAnimationFrame(frame);
    const onVisible = (): void => {
      dirty.current = true;
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      cancelAnimationFrame(raf);
      off();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  const book = hubClient().frames.get('book');
  const slots = rowSlots(layout, rows, book?.askCount ?? 0, book?.bidCount ?? 0);
  const tip = hover !== null && book !== undefined ? hoverSummary(book, hover.side, hover.index) : null;

  const pick = (e: React.MouseEvent<HTMLCanvasElement>): { slot: RowSlot; x: number } | null => {
    const r = e.currentTarget.getBoundingClientRect();
    const slot = slotAt(slots, e.clientY - r.top);
    return slot === null ? null : { slot, x: e.clientX - r.left };
  };

  return (
    <div className="orderbook" data-testid="orderbook">
      <div className="orderbook-bar">
        <div className="orderbook-layouts" role="radiogroup" aria-label={t('layout')}>
          {([1, 2, 3] as const).map((l) => (
            <button
              key={l}
              type="button"
              role="radio"
              aria-checked={layout === l}
              className={`orderbook-layout layout-${l}`}
              title={t(`layouts.${l}`)}
              aria-label={t(`layouts.${l}`)}
              data-testid={`book-layout-${l}`}
              onClick={() => {
                setLayout(l);
              }}
            >
              <span aria-hidden="true" />
            </button>
          ))}
        </div>
        <label className="orderbook-total">
          <span className="visually-hidden">{t('totalIn')}</span>
          <select
            value={total}
            data-testid="book-total"
            onChange={(e) => {
              setTotal(e.target.value === 'quote' ? 'quote' : 'base');
            }}
          >
            <option value="base">{symbol.base}</option>
            <option value="quote">{symbol.quote}</option>
          </select>
        </label>
        <label className="orderbook-step">
          <span className="visually-hidden">{t('step')}</span>
          <select
            value={shownStep}
            data-testid="book-step"
            onChange={(e) => {
              setStep(e.target.value);
              writeStored(stepKey(symbol.symbol), e.target.value);
            }}
          >
            {shownStep === '' && <option value="">{t('step')}</option>}
            {steps.map((s) => (
              <option key={s} value={s}>
                {s === '0' ? '1' : s}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="orderbook-canvas" ref={wrapRef}>
        <canvas
          ref={canvasRef}
          data-testid="book-canvas"
          tabIndex={0}
          aria-label={t('canvasLabel')}
          style={{ width: size.width, height: size.height }}
          onPointerMove={(e) => {
            const p = pick(e);
            const next = p?.slot ?? null;
            if (next?.side !== hover?.side || next?.index !== hover?.index) setHover(next);
          }}
          onPointerLeave={() => {
            setHover(null);
          }}
          onClick={(e) => {
            const p = pick(e);
            if (p === null || book === undefined) return;
            const price = cell(book, p.slot.side, p.slot.index, 0);
            if (!Number.isFinite(price)) return;
            const priceText = price.toFixed(Math.min(priceDp, symbol.pricePrecision));
            // A click on the total column also takes the summed quantity from the spread to the row.
            const cumulative = rtl ? p.x < size.width / 3 : p.x > (size.width * 2) / 3;
            const qty = cell(book, p.slot.side, p.slot.index, 2);
            setIntent(
              intent({
                price: priceText,
                ...(cumulative && Number.isFinite(qty) ? { qty: qty.toFixed(symbol.quantityPrecision) } : {}),
              }),
            );
          }}
        />
        {tip !== null && hover !== null && (
          <div
            className="orderbook-tip"
            role="tooltip"
            data-testid="book-tooltip"
            // Inside the panel, just past the hovered row, on the side away from the spread.
            style={{
              top: hover.side === 'ask' ? hover.y + 26 : Math.max(0, hover.y - 80),
              insetInlineStart: 8,
            }}
          >
            <div>
              <span>{t('tip.avgPrice')}</span>{' '}
              <b>{formatFixed(tip.avgPrice, symbol.pricePrecision, locale)}</b>
            </div>
            <div>
              <span>{t('tip.sumQty', { coin: symbol.base })}</span>{' '}
              <b>{formatFixed(tip.sumQty, symbol.quantityPrecision, locale)}</b>
            </div>
            <div>
              <span>{t('tip.sumValue', { coin: symbol.quote })}</span>{' '}
              <b>{formatFixed(tip.sumValue, symbol.pricePrecision, locale)}</b>
            </div>
          </div>
        )}
        <p className="visually-hidden" aria-live="polite" data-testid="book-summary">
          {summary}
        </p>
      </div>
    </div>
  );
}
