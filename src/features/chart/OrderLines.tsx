/**
 * Open-order lines on the chart (spec §2, §4): each limit or plan order gets a price line (drawn by the renderer)
 * and a DOM handle with side, type, quantity and a cancel button. Dragging the handle moves the line; on release the
 * new price is validated, the hint dialog asks when it equals the current price or crosses the market, then the
 * modify is sent. The line shows the new price as pending until the server answers; on reject the message shows
 * and the line snaps back to the open order. Cancel asks first unless the user chose "do not prompt again".
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SymbolInfo } from '../../../workers/api';
import { useSetPreferences } from '../../session/useAccount';
import { routeAtom, sessionUserAtom, themeAtom } from '../../session/state';
import { TOKENS } from '../../canvas/tokens';
import { accountFieldAtom, tickerViewAtom } from '../../hub/state';
import { formatFixed } from '../../lib/format';
import { cancelOrder, modifyOrder } from '../../session/orderActions';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toCancelOutcome } from '../../session/orderOutcome';
import { confirmFlagsAtom, needsConfirm, preferencesAtom } from '../../session/account';
import { useFailureText } from '../../ui/useFailureText';
import { checkModify } from '../../lib/orderValidation';
import { pushToastAtom } from '../../ui/toasts/state';
import type { ChartRenderer } from './ChartRenderer';
import { dragHint, isPlanOrder, orderLineAnchor, roundPrice, toOrderLines, type OrderLine } from './lines';
import type { PriceLineDraw } from './priceLines';
import { CANCEL_PROMPT_PREF_KEY } from './state';

type Pending = { readonly price: string; readonly state: 'pending' | 'sent' };
type Ask =
  | {
      readonly type: 'hint';
      readonly line: OrderLine;
      readonly price: string;
      readonly hint: 'same' | 'crossesMarket' | 'confirm';
    }
  | { readonly type: 'cancel'; readonly line: OrderLine };

/** Order lines with drag-to-modify and cancel for the routed symbol. */
export function OrderLines({
  renderer,
  symbol,
  lastPrice,
  onDraws,
}: {
  readonly renderer: ChartRenderer;
  readonly symbol: SymbolInfo;
  /** Reads the last price when a dropped line is checked (a prop that changed with every ticker re-rendered all). */
  readonly lastPrice: () => number | null;
  readonly onDraws: (d: readonly PriceLineDraw[]) => void;
}): React.JSX.Element {
  const { t } = useTranslation('chart');
  const failureText = useFailureText();
  const openOrders = useAtomValue(accountFieldAtom('openOrders'));
  const theme = useAtomValue(themeAtom);
  const { locale } = useAtomValue(routeAtom);
  const flags = useAtomValue(confirmFlagsAtom);
  const unified = useAtomValue(sessionUserAtom)?.isUTA === true;
  const promptHidden = useAtomValue(preferencesAtom)?.[CANCEL_PROMPT_PREF_KEY] === 'hide';
  const setPreferences = useSetPreferences();
  const push = useSetAtom(pushToastAtom);
  const [pending, setPending] = useState<ReadonlyMap<string, Pending>>(new Map());
  const [drag, setDrag] = useState<{ readonly id: string; readonly price: number } | null>(null);
  const [ask, setAsk] = useState<Ask | null>(null);
  const handles = useRef(new Map<string, HTMLDivElement>());

  // The lines kept are those nearest the market; which ones is settled again when the price has moved about 1 %,
  // and only then does a ticker re-render the lines.
  const anchor = useAtomValue(
    tickerViewAtom(symbol.symbol, 'orderLineAnchor', (t) => orderLineAnchor(t?.last)),
  );
  const lines = useMemo(
    () => toOrderLines(openOrders ?? [], symbol.symbol, anchor),
    [openOrders, symbol.symbol, anchor],
  );

  // A pending price is settled once the open order shows it (or the order is gone). Checked again when the reply
  // comes: the account push often lands before the HTTP answer, while the price is still 'pending'.
  useEffect(() => {
    setPending((prev) => {
      if (prev.size === 0) return prev;
      const next = new Map(prev);
      for (const [id, p] of prev) {
        const l = lines.find((x) => x.id === id);
        if (l === undefined || (p.state === 'sent' && Number(l.price) === Number(p.price))) next.delete(id);
      }
      return next.size === prev.size ? prev : next;
    });
  }, [lines, pending]);

  // While dragged, or while the hint dialog asks about a new price, the line sits at that price.
  const priceOf = (l: OrderLine): number =>
    drag?.id === l.id
      ? drag.price
      : ask?.type === 'hint' && ask.line.id === l.id
        ? Number(ask.price)
        : Number(pending.get(l.id)?.price ?? l.price);

  // The renderer draws the lines; handles follow them on every repaint.
  useEffect(() => {
    const tokens = TOKENS[theme];
    onDraws(
      lines.map((l) => ({
        id: `order-${l.id}`,
        price: priceOf(l),
        color: l.side === 'Buy' ? tokens.up : tokens.down,
        title: '',
        style:
          pending.has(l.id) || drag?.id === l.id || (ask?.type === 'hint' && ask.line.id === l.id)
            ? 'dashed'
            : 'solid',
        axisLabel: true,
      })),
    );
    // priceOf reads drag and pending, both listed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lines, pending, drag, ask, theme, onDraws]);
  useEffect(
    () => () => {
      onDraws([]);
    },
    [onDraws],
  );

  useEffect(() => {
    const place = (): void => {
      const h = renderer.pricePaneHeight();
      for (const l of lines) {
        const el = handles.current.get(l.id);
        if (el === undefined) continue;
        const y = renderer.priceToY(priceOf(l));
        if (y === null || y < 0 || y > h) el.style.visibility = 'hidden';
        else {
          el.style.visibility = 'visible';
          el.style.transform = `translateY(${Math.round(y)}px)`;
        }
      }
    };
    place();
    return renderer.onPaint(place);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [renderer, lines, pending, drag, ask]);

  const send = async (l: OrderLine, price: string): Promise<void> => {
    setPending((p) => new Map(p).set(l.id, { price, state: 'pending' }));
    const plan = isPlanOrder(l.order);
    const r = await modifyOrder(
      { orderId: l.order.orderId, plan },
      plan ? { trigger_price: price, symbol_id: symbol.symbolId } : { price, symbol_id: symbol.symbolId },
    );
    if (r.ok) {
      push({ tone: 'success', title: t('modify.success'), body: '' });
      setPending((p) => new Map(p).set(l.id, { price, state: 'sent' }));
    } else {
      push({ tone: 'error', title: t('modify.failed'), body: r.message });
      setPending((p) => {
        const n = new Map(p);
        n.delete(l.id);
        return n;
      });
    }
  };

  const dropped = (l: OrderLine, raw: number): void => {
    const price = roundPrice(raw, symbol.pricePrecision);
    if (price === '' || !(Number(price) > 0)) return;
    const plan = isPlanOrder(l.order);
    const last = lastPrice();
    const check = checkModify(plan ? { trigger: price } : { price }, {
      executedQty: l.order.cumExecQty,
      isLeverage: l.order.isLeverage,
      unified,
      side: l.side,
      lastPrice: last === null ? null : last.toFixed(symbol.pricePrecision),
      triggerDirection: !plan ? 0 : l.side === 'Buy' ? 1 : 2,
    });
    if (check.type === 'reject') {
      push({ tone: 'error', title: failureText({ type: 'message', key: check.key, params: {} }), body: '' });
      return;
    }
    const hint = dragHint(l, price, last) ?? (check.type === 'hint' ? 'crossesMarket' : null);
    if (hint !== null) setAsk({ type: 'hint', line: l, price, hint });
    else if (needsConfirm(flags, 'modify')) setAsk({ type: 'hint', line: l, price, hint: 'confirm' });
    else void send(l, price);
  };

  const doCancel = async (l: OrderLine): Promise<void> => {
    const r = await cancelOrder({ orderId: l.order.orderId, plan: isPlanOrder(l.order) });
    const o = toCancelOutcome(r.ok ? { ok: true, code: 0, message: '' } : r);
    if (o.type === 'success') push({ tone: 'success', title: t('cancel.success'), body: '' });
    else push({ tone: 'error', title: t('cancel.failed'), body: o.type === 'failure' ? o.message : '' });
  };

  const onPointerDown = (l: OrderLine, e: React.PointerEvent<HTMLDivElement>): void => {
    if (e.button !== 0 || pending.has(l.id)) return;
    const stage = e.currentTarget.closest('.chart-stage');
    if (stage === null) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    e.preventDefault();
    const top = stage.getBoundingClientRect().top;
    const startY = e.clientY;
    let moved = false;
    let price = Number(l.price);
    const move = (ev: PointerEvent): void => {
      if (!moved && Math.abs(ev.clientY - startY) < 3) return;
      moved = true;
      const p = renderer.yToPrice(ev.clientY - top);
      if (p !== null && p > 0) {
        price = p;
        setDrag({ id: l.id, price: p });
      }
    };
    const up = (): void => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      setDrag(null);
      if (moved) dropped(l, price);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };

  const fmtPrice = (p: number): string => formatFixed(p, symbol.pricePrecision, locale);
  return (
    <>
      <div className="order-lines" role="group" aria-label={t('lines.label')}>
        {lines.map((l) => {
          const p = pending.get(l.id);
          const side = l.side === 'Buy' ? t('lines.buy') : t('lines.sell');
          const text = `${t(`lines.${l.textKey}`)} ${side} ${l.quantity}`;
          return (
            <div
              key={l.id}
              ref={(el) => {
                if (el === null) handles.current.delete(l.id);
                else handles.current.set(l.id, el);
              }}
              className={`order-handle side-${l.side === 'Buy' ? 'buy' : 'sell'}${p !== undefined ? ' is-pending' : ''}`}
              data-testid="order-line"
              data-order-id={l.id}
              data-price={p?.price ?? l.price}
              data-pending={p !== undefined}
              title={`${text} @ ${fmtPrice(priceOf(l))} — ${t('lines.dragTip')}`}
            >
              <div
                className="order-handle-label"
                data-testid="order-line-drag"
                onPointerDown={(e) => {
                  onPointerDown(l, e);
                }}
              >
                {text}
                {p !== undefined && <span className="order-handle-pending"> · {t('lines.pending')}</span>}
              </div>
              <button
                type="button"
                className="order-handle-cancel"
                aria-label={t('lines.cancel')}
                title={t('lines.cancel')}
                data-testid="order-line-cancel"
                onClick={() => {
                  if (promptHidden) void doCancel(l);
                  else setAsk({ type: 'cancel', line: l });
                }}
              >
                ×
              </button>
            </div>
          );
        })}
      </div>
      {ask?.type === 'cancel' && (
        <ConfirmDialog
          testId="chart-cancel-confirm"
          title={t('cancel.title')}
          confirmLabel={t('cancel.confirm')}
          cancelLabel={t('cancel.back')}
          dontAskLabel={t('cancel.dontAsk')}
          onCancel={() => {
            setAsk(null);
          }}
          onConfirm={(dontAsk) => {
            const l = ask.line;
            setAsk(null);
            if (dontAsk) {
              void setPreferences({ [CANCEL_PROMPT_PREF_KEY]: 'hide' });
            }
            void doCancel(l);
          }}
        >
          <p>
            {t('cancel.body', {
              side: ask.line.side === 'Buy' ? t('lines.buy') : t('lines.sell'),
              qty: ask.line.quantity,
              price: fmtPrice(Number(ask.line.price)),
            })}
          </p>
        </ConfirmDialog>
      )}
      {ask?.type === 'hint' && (
        <ConfirmDialog
          testId="chart-modify-hint"
          title={t('hint.title')}
          confirmLabel={t('hint.ok')}
          cancelLabel={t('hint.cancel')}
          onCancel={() => {
            setAsk(null);
          }}
          onConfirm={() => {
            const { line, price } = ask;
            setAsk(null);
            void send(line, price);
          }}
        >
          <p>
            {t(`hint.${ask.hint}`, {
              from: fmtPrice(Number(ask.line.price)),
              to: fmtPrice(Number(ask.price)),
            })}
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
