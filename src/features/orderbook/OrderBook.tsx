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
import { useElementSize } from '../../canvas/useElementSize';
import type { SymbolInfo, TabInterest } from '../../../workers/api';
import { isRtl } from '../../session/routes';
import { routeAtom, themeAtom } from '../../session/state';
import { readStored, writeStored } from '../../session/storage';
import { accountFieldAtom } from '../../hub/state';
import { formatFixed } from '../../lib/format';
import { intent, orderFormIntentAtom } from '../../session/intent';
import { usePanelPainter } from '../../paint/usePanelPainter';
import { createBookPanelView, type BookInput } from './bookPanelView';
import { bookLayoutAtom, bookTotalAtom } from './state';
import { BOOK_LAYOUTS, isTotalColumnClick, slotAt, type RowRef, type RowSlot } from './layout';
import { hoverBox, hoverSummaryOf, stepDecimals, stepValue } from './view';

const SUMMARY_EVERY_MS = 2000;

function stepKey(symbol: string): string {
  return `book.step.${symbol}`;
}

/** The order book of one symbol. */
export function OrderBook({ symbol }: { readonly symbol: SymbolInfo }): React.JSX.Element {
  const { t } = useTranslation('orderbook');
  const { locale } = useAtomValue(routeAtom);
  const theme = useAtomValue(themeAtom);
  const openOrders = useAtomValue(accountFieldAtom('openOrders'));
  const setIntent = useSetAtom(orderFormIntentAtom);
  const [layout, setLayout] = useAtom(bookLayoutAtom);
  const [total, setTotal] = useAtom(bookTotalAtom);
  const [step, setStep] = useState<string | null>(() => readStored(stepKey(symbol.symbol)));
  const [wrapRef, size] = useElementSize<HTMLDivElement>();
  const [hover, setHover] = useState<RowSlot | null>(null);
  const [summary, setSummary] = useState('');
  const rtl = isRtl(locale);

  const interest: TabInterest = {
    symbol: symbol.symbol,
    step,
    bookRows: 40,
    trades: false,
    klineInterval: null,
    allTickers: false,
    account: false,
  };
  // Steps come with the book; until the first report the step is the saved one (or the default rule's choice).
  const [stepInfo, setStepInfo] = useState<{ steps: readonly string[]; active: string }>({
    steps: [],
    active: '',
  });
  const steps = stepInfo.steps;
  const shownStep = steps.includes(step ?? '') ? (step ?? '') : stepInfo.active;
  const priceDp = Math.min(stepDecimals(shownStep, symbol.pricePrecision), symbol.pricePrecision);
  // The canvas' words, read once per language, pair and total unit (the book re-renders with its painter's reports).
  const text = useMemo(
    () => ({
      price: t('price', { coin: symbol.quote }),
      amount: t('amount', { coin: symbol.base }),
      total: t('total', { coin: total === 'base' ? symbol.base : symbol.quote }),
      short: { price: t('short.price'), amount: t('short.amount'), total: t('short.total') },
      ratioBuy: t('ratioBuy'),
      ratioSell: t('ratioSell'),
    }),
    [t, symbol.base, symbol.quote, total],
  );
  const input: BookInput = {
    kind: 'book',
    width: size.width,
    height: size.height,
    dpr: window.devicePixelRatio || 1,
    theme,
    locale,
    rtl,
    symbol: symbol.symbol,
    pricePrecision: symbol.pricePrecision,
    quantityPrecision: symbol.quantityPrecision,
    priceDp,
    text,
    layout,
    total,
    sums: hover !== null,
    ownOrders: (openOrders ?? [])
      .filter((o) => o.symbol === symbol.symbol)
      .map((o) => ({ side: o.side, price: o.price })),
    step: stepValue(shownStep, symbol.pricePrecision),
  };
  const painter = usePanelPainter(input, interest, createBookPanelView);
  const { report } = painter;
  // State, not a ref: the report that brings the steps re-renders the dropdown with them at once (a ref showed them
  // only at the next render, which a quiet market may not bring for seconds).
  if (report !== null && (report.steps !== stepInfo.steps || report.step !== stepInfo.active))
    setStepInfo({ steps: report.steps, active: report.step });
  const slots = report?.slots ?? [];

  // What is drawn, on the canvas element for tests and tools.
  const canvasEl = painter.canvasRef.current;
  useEffect(() => {
    if (canvasEl === null || report === null) return;
    canvasEl.dataset.rows = String(report.rows);
    canvasEl.dataset.asks = String(report.asks);
    canvasEl.dataset.bids = String(report.bids);
    // Prices of the rows drawn with an own-order mark (bid:… ask:…), as the description below states them.
    canvasEl.dataset.own = report.own.map((o) => `${o.side}:${o.price.toFixed(priceDp)}`).join(' ');
  }, [canvasEl, report, priceDp]);

  // The own-order marks in words: the marks are only colour and position on the canvas.
  const own = report?.own ?? [];
  const ownText =
    own.length === 0
      ? ''
      : t('own', {
          prices: new Intl.ListFormat(locale, { type: 'unit', style: 'short' }).format(
            own.map((o) => formatFixed(o.price, priceDp, locale)),
          ),
        });

  // The spoken best bid and ask, refreshed at human speed.
  const bestRef = useRef(painter.best);
  bestRef.current = painter.best;
  const summaryInput = useRef({ t, priceDp, locale });
  summaryInput.current = { t, priceDp, locale };
  useEffect(() => {
    let live = true;
    const tick = (): void => {
      void bestRef.current().then((b) => {
        if (!live || b === null || !Number.isFinite(b.bid) || !Number.isFinite(b.ask)) return;
        const { t: tr, priceDp: dp, locale: lc } = summaryInput.current;
        setSummary(tr('summary', { bid: formatFixed(b.bid, dp, lc), ask: formatFixed(b.ask, dp, lc) }));
      });
    };
    const id = setInterval(tick, SUMMARY_EVERY_MS);
    const first = setTimeout(tick, 300);
    return () => {
      live = false;
      clearInterval(id);
      clearTimeout(first);
    };
  }, []);

  // The tooltip's sums come from the rows the painter last reported, and the highlight is an overlay over the canvas:
  // a pointer moving from row to row costs the painter nothing (it hears only that the book is hovered).
  const sums = report?.sums ?? null;
  const tip = hover === null || sums === null ? null : hoverSummaryOf(sums, hover.side, hover.index);
  const hoverRect = hover === null ? null : hoverBox(slots, hover);

  const pick = (e: React.MouseEvent<HTMLCanvasElement>): { slot: RowSlot; x: number } | null => {
    const r = e.currentTarget.getBoundingClientRect();
    const x = e.clientX - r.left;
    const slot = slotAt(slots, e.clientY - r.top, x);
    return slot === null ? null : { slot, x };
  };

  /** Fills the order form from a row; `cumulative` also takes the summed quantity from the spread to the row. */
  const fill = (row: RowRef, cumulative: boolean): void => {
    void painter.row(row).then((r) => {
      if (r === null) return;
      setIntent(
        intent({
          price: r.price.toFixed(priceDp),
          ...(cumulative && Number.isFinite(r.cumQty)
            ? { qty: r.cumQty.toFixed(symbol.quantityPrecision) }
            : {}),
        }),
      );
    });
  };

  /** Keyboard: arrows walk the rows in screen order (the focused row acts as the hover), Enter fills its price. */
  const onKey = (e: React.KeyboardEvent<HTMLCanvasElement>): void => {
    const ordered = [...slots].sort((a, b) => a.y - b.y || a.x - b.x);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const at =
        hover === null ? -1 : ordered.findIndex((s) => s.side === hover.side && s.index === hover.index);
      const next =
        at < 0
          ? (ordered.find((s) => s.side === 'bid' && s.index === 0) ?? ordered[0])
          : ordered[Math.min(ordered.length - 1, Math.max(0, at + (e.key === 'ArrowDown' ? 1 : -1)))];
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
          key={painter.canvasKey}
          ref={painter.canvasRef}
          data-testid="book-canvas"
          tabIndex={0}
          aria-label={t('canvasLabel')}
          aria-describedby={`book-summary-${symbol.symbol} book-own-${symbol.symbol}`}
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
            // A click on the total column also takes the summed quantity from the spread to the row.
            fill(p.slot, isTotalColumnClick(p.slot, p.x, layout, rtl, report?.totalCut ?? 0));
          }}
        />
        {hoverRect !== null && (
          <div
            className="orderbook-hover"
            aria-hidden="true"
            data-testid="book-hover"
            style={{ top: hoverRect.y, left: hoverRect.x, width: hoverRect.w, height: hoverRect.h }}
          />
        )}
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
        <p className="visually-hidden" id={`book-own-${symbol.symbol}`} data-testid="book-own">
          {ownText}
        </p>
      </div>
    </div>
  );
}
