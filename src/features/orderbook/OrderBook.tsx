/**
 * The order book tab (spec §2, §4 layouts, §9): the hub's merged rows drawn on the page's surface (pixi.js WebGL or
 * Canvas2D), the depth-step dropdown (saved per symbol), layouts 1–4, total in base or quote, the animated buy/sell
 * ratio bar, hover (or keyboard focus) highlighting the rows up to the spread with a tooltip of average price, sum
 * quantity and sum value, click to fill the order form, own open orders marked, and a spoken best bid and ask.
 * Rows are drawn on animation frames only when a new frame, hover or animation step arrived.
 */
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookFrame, SymbolInfo } from '../../../workers/api';
import { isRtl } from '../../app/routes';
import { routeAtom, themeAtom } from '../../app/state';
import { readStored, writeStored } from '../../app/storage';
import { onEveryFrame } from '../../canvas/frameLoop';
import { TOKENS } from '../../canvas/tokens';
import { useSurface } from '../../canvas/useSurface';
import { hubClient } from '../../hub/client';
import { accountAtom, tickersAtom } from '../../hub/state';
import { useHubWant } from '../../hub/useHubWant';
import { formatFixed } from '../../lib/format';
import { intent, orderFormIntentAtom } from '../order-form/intent';
import { BookRenderer } from './renderer';
import { bookLayoutAtom, bookTotalAtom } from './state';
import {
  BOOK_LAYOUTS,
  cell,
  FormatCache,
  hoverSummary,
  slotAt,
  stepDecimals,
  stepValue,
  toOwnMarks,
  type BookSceneInput,
  type RowRef,
  type RowSlot,
} from './view';

const SUMMARY_EVERY_MS = 2000;

function stepKey(symbol: string): string {
  return `book.step.${symbol}`;
}

/** The hub's book if it is of `symbol`. */
function bookOf(symbol: string): BookFrame | undefined {
  const b = hubClient().frames.get('book');
  return b !== undefined && b.symbol === symbol ? b : undefined;
}

/** The order book of one symbol. */
export function OrderBook({ symbol }: { readonly symbol: SymbolInfo }): React.JSX.Element {
  const { t } = useTranslation('orderbook');
  const { locale } = useAtomValue(routeAtom);
  const theme = useAtomValue(themeAtom);
  const ticker = useAtomValue(tickersAtom).get(symbol.symbol);
  const account = useAtomValue(accountAtom);
  const setIntent = useSetAtom(orderFormIntentAtom);
  const [layout, setLayout] = useAtom(bookLayoutAtom);
  const [total, setTotal] = useAtom(bookTotalAtom);
  const [step, setStep] = useState<string | null>(() => readStored(stepKey(symbol.symbol)));
  const [steps, setSteps] = useState<readonly string[]>([]);
  /** The step the hub merged the shown rows at (the default rule's choice until the user picks one). */
  const [activeStep, setActiveStep] = useState('');
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [hover, setHover] = useState<RowSlot | null>(null);
  const [summary, setSummary] = useState('');
  const wrapRef = useRef<HTMLDivElement>(null);
  const { canvasRef, canvasKey, surface } = useSurface(false);
  const slotsRef = useRef<readonly RowSlot[]>([]);
  const rtl = isRtl(locale);

  useHubWant({ symbol: symbol.symbol, step, bookRows: 40 });

  const shownStep = steps.includes(step ?? '') ? (step ?? '') : activeStep;
  const priceDp = Math.min(stepDecimals(shownStep, symbol.pricePrecision), symbol.pricePrecision);
  const stepNum = stepValue(shownStep, symbol.pricePrecision);
  const format = useMemo(
    () => ({
      price: new FormatCache((n) => formatFixed(n, priceDp, locale)),
      amount: new FormatCache((n) => formatFixed(n, symbol.quantityPrecision, locale)),
      totalBase: new FormatCache((n) => formatFixed(n, symbol.quantityPrecision, locale)),
      // Quote values read in the quote coin, to its price precision (amountPrecision, 8 for BTCUSDT, would not fit).
      totalQuote: new FormatCache((n) => formatFixed(n, symbol.pricePrecision, locale)),
      percent: (f: number) => `${formatFixed(f * 100, 2, locale)}%`,
    }),
    [priceDp, symbol, locale],
  );
  const own = useMemo(
    () => toOwnMarks(account?.openOrders.filter((o) => o.symbol === symbol.symbol) ?? [], stepNum),
    [account, symbol.symbol, stepNum],
  );

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

  // Everything the frame task reads, kept in a ref so the task never restarts on a React render.
  const input: Omit<BookSceneInput, 'ratio'> = {
    width: size.width,
    height: size.height,
    layout,
    total,
    rtl,
    colours: TOKENS[theme],
    captions: {
      price: t('price', { coin: symbol.quote }),
      amount: t('amount', { coin: symbol.base }),
      total: t('total', { coin: total === 'base' ? symbol.base : symbol.quote }),
    },
    ratioLabels: { buy: t('ratioBuy'), sell: t('ratioSell') },
    format,
    hover,
    own,
    step: stepNum,
    last: ticker === undefined ? null : { text: format.price.get(ticker.last), direction: ticker.direction },
  };
  const inputRef = useRef({ input, t });
  inputRef.current = { input, t };
  const dirty = useRef(true);
  dirty.current = true;

  useEffect(() => {
    if (surface === null) return;
    const canvas = canvasRef.current;
    const renderer = new BookRenderer(surface);
    const frames = hubClient().frames;
    const offBook = frames.on('book', () => {
      dirty.current = true;
    });
    let animating = false;
    let lastSummary = 0;
    const onVisible = (): void => {
      dirty.current = true;
    };
    document.addEventListener('visibilitychange', onVisible);
    const offFrame = onEveryFrame((now) => {
      if (!dirty.current && !animating) return;
      dirty.current = false;
      const { input: i, t: tr } = inputRef.current;
      const book = bookOf(symbol.symbol);
      if (book !== undefined) {
        setSteps((prev) => (prev === book.steps ? prev : book.steps));
        setActiveStep(book.step);
      }
      const r = renderer.draw(book, i, window.devicePixelRatio || 1, now);
      animating = r.animating;
      slotsRef.current = r.slots;
      if (canvas !== null) {
        let asks = 0;
        for (const s of r.slots) if (s.side === 'ask') asks++;
        canvas.dataset.rows = String(r.slots.length);
        canvas.dataset.asks = String(asks);
        canvas.dataset.bids = String(r.slots.length - asks);
      }
      if (book !== undefined && now - lastSummary > SUMMARY_EVERY_MS) {
        lastSummary = now;
        setSummary(
          tr('summary', {
            // The first drawn rows: at a coarse step these are the merged best prices the trader sees.
            bid: i.format.price.get(cell(book, 'bid', 0, 0)),
            ask: i.format.price.get(cell(book, 'ask', 0, 0)),
          }),
        );
      }
    });
    return () => {
      offFrame();
      offBook();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [surface, canvasRef, symbol.symbol]);

  const book = bookOf(symbol.symbol);
  const tip = hover !== null && book !== undefined ? hoverSummary(book, hover.side, hover.index) : null;

  const pick = (e: React.MouseEvent<HTMLCanvasElement>): { slot: RowSlot; x: number } | null => {
    const r = e.currentTarget.getBoundingClientRect();
    const x = e.clientX - r.left;
    const slot = slotAt(slotsRef.current, e.clientY - r.top, x);
    return slot === null ? null : { slot, x };
  };

  /** Fills the order form from a row; `cumulative` also takes the summed quantity from the spread to the row. */
  const fill = (row: RowRef, cumulative: boolean): void => {
    const b = bookOf(symbol.symbol);
    if (b === undefined) return;
    const price = cell(b, row.side, row.index, 0);
    if (!Number.isFinite(price)) return;
    const qty = cell(b, row.side, row.index, 2);
    setIntent(
      intent({
        price: price.toFixed(priceDp),
        ...(cumulative && Number.isFinite(qty) ? { qty: qty.toFixed(symbol.quantityPrecision) } : {}),
      }),
    );
  };

  /** Keyboard: arrows walk the rows in screen order (the focused row acts as the hover), Enter fills its price. */
  const onKey = (e: React.KeyboardEvent<HTMLCanvasElement>): void => {
    const slots = [...slotsRef.current].sort((a, b) => a.y - b.y || a.x - b.x);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const at =
        hover === null ? -1 : slots.findIndex((s) => s.side === hover.side && s.index === hover.index);
      const next =
        at < 0
          ? (slots.find((s) => s.side === 'bid' && s.index === 0) ?? slots[0])
          : slots[Math.min(slots.length - 1, Math.max(0, at + (e.key === 'ArrowDown' ? 1 : -1)))];
      setHover(next ?? null);
    } else if ((e.key === 'Enter' || e.key === ' ') && hover !== null) {
      e.preventDefault();
      fill(hover, false);
    } else if (e.key === 'Escape') setHover(null);
  };

  return (
    <div className="orderbook" data-testid="orderbook">
      <div className="orderbook-bar">
        <div className="orderbook-layouts" role="radiogroup" aria-label={t('layout')}>
          {BOOK_LAYOUTS.map((l) => (
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
                setHover(null);
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
          key={canvasKey}
          ref={canvasRef}
          data-testid="book-canvas"
          tabIndex={0}
          aria-label={t('canvasLabel')}
          aria-describedby={`book-summary-${symbol.symbol}`}
          style={{ width: size.width, height: size.height }}
          onPointerMove={(e) => {
            const next = pick(e)?.slot ?? null;
            if (next?.side !== hover?.side || next?.index !== hover?.index) setHover(next);
          }}
          onPointerLeave={() => {
            setHover(null);
          }}
          onBlur={() => {
            setHover(null);
          }}
          onKeyDown={onKey}
          onClick={(e) => {
            const p = pick(e);
            if (p === null) return;
            // A click on the total column (the end third) also takes the summed quantity.
            const local = p.x - p.slot.x;
            fill(p.slot, layout !== 4 && (rtl ? local < p.slot.w / 3 : local > (p.slot.w * 2) / 3));
          }}
        />
        {tip !== null && hover !== null && (
          <div
            className="orderbook-tip"
            role="tooltip"
            data-testid="book-tooltip"
            // Inside the panel, just past the hovered row, on the side away from the spread.
            style={{
              top: layout === 4 || hover.side === 'ask' ? hover.y + 26 : Math.max(0, hover.y - 80),
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
        <p
          className="visually-hidden"
          aria-live="polite"
          id={`book-summary-${symbol.symbol}`}
          data-testid="book-summary"
        >
          {summary}
        </p>
      </div>
    </div>
  );
}
