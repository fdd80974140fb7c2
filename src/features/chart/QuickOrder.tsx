/**
 * The hover quick order (spec §2, §4, §5): after the pointer rests 800 ms over the price pane a '+' shows at the
 * price axis and follows the cursor; clicking it opens a panel with a quantity, a close button and a limit buy or
 * sell at the hovered price (sell above the market, else buy). Submitting checks, creates, and clears the panel.
 * A logged-out user is sent to login.
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SymbolInfo } from '../../../workers/api';
import { routeAtom } from '../../session/state';
import { formatFixed } from '../../lib/format';
import { createOrder, newClientOrderId } from '../../session/orderActions';
import { toCreateOutcome } from '../../session/orderOutcome';
import { toAuthHref } from '../../ui/VisitorPrompt';
import { pushToastAtom } from '../../ui/toasts/state';
import type { ChartRenderer } from './ChartRenderer';
import { roundPrice } from './lines';
import { checkQuickOrder, QUICK_ORDER_HOVER_MS, quickOrderSide } from './quickOrder';

/** The '+' button and its panel. */
export function QuickOrder({
  renderer,
  symbol,
  lastPrice,
  loggedIn,
}: {
  readonly renderer: ChartRenderer;
  readonly symbol: SymbolInfo;
  /** Reads the last price when the panel opens (the side is chosen against it then). */
  readonly lastPrice: () => number | null;
  readonly loggedIn: boolean;
}): React.JSX.Element | null {
  const { t } = useTranslation('chart');
  const { locale } = useAtomValue(routeAtom);
  const push = useSetAtom(pushToastAtom);
  const [y, setY] = useState<number | null>(null);
  const [shown, setShown] = useState(false);
  const [panel, setPanel] = useState<{
    readonly price: string;
    readonly side: 'Buy' | 'Sell';
    readonly y: number;
  } | null>(null);
  const [qty, setQty] = useState('');
  const [busy, setBusy] = useState(false);
  const showTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const overButton = useRef(false);

  useEffect(() => {
    const off = renderer.onCrosshair((py) => {
      if (py !== null) {
        clearTimeout(hideTimer.current);
        setY(py);
        showTimer.current ??= setTimeout(() => {
          setShown(true);
        }, QUICK_ORDER_HOVER_MS);
        return;
      }
      clearTimeout(hideTimer.current);
      hideTimer.current = setTimeout(() => {
        if (overButton.current) return;
        clearTimeout(showTimer.current);
        showTimer.current = undefined;
        setShown(false);
      }, QUICK_ORDER_HOVER_MS);
    });
    return () => {
      off();
      clearTimeout(showTimer.current);
      clearTimeout(hideTimer.current);
    };
  }, [renderer]);

  const hoveredPrice = y === null ? null : renderer.yToPrice(y);
  const open = (): void => {
    if (y === null || hoveredPrice === null) return;
    setPanel({
      price: roundPrice(hoveredPrice, symbol.pricePrecision),
      side: quickOrderSide(hoveredPrice, lastPrice()),
      y,
    });
  };

  const submit = async (): Promise<void> => {
    if (panel === null || busy) return;
    const check = checkQuickOrder({ qty, price: panel.price, side: panel.side }, symbol, loggedIn);
    if (check.type === 'login') {
      location.assign(toAuthHref('/login', `${location.pathname}${location.search}`, location.origin));
      return;
    }
    if (check.type === 'message') {
      push({
        tone: 'error',
        title: t(`quick.${check.key}`, {
          step: (10 ** -symbol.quantityPrecision).toFixed(symbol.quantityPrecision),
        }),
        body: '',
      });
      return;
    }
    setBusy(true);
    const r = await createOrder(
      {
        symbol_id: symbol.symbolId,
        side: panel.side === 'Buy' ? 'buy' : 'sell',
        type: 'limit',
        price: panel.price,
        quantity: qty,
      },
      newClientOrderId(),
    );
    setBusy(false);
    const o = toCreateOutcome(r);
    if (o.type === 'success') {
      push({
        tone: 'success',
        title: t('quick.placed'),
        body: `${panel.side === 'Buy' ? t('quick.buy') : t('quick.sell')} ${qty} @ ${panel.price}`,
      });
      setPanel(null);
      setQty('');
    } else push({ tone: 'error', title: t('quick.failed'), body: o.type === 'toast' ? o.message : '' });
  };

  const right = renderer.priceScaleWidth();
  return (
    <>
      {shown && y !== null && panel === null && (
        <button
          type="button"
          className="quick-plus"
          style={{ top: `${Math.round(y) - 10}px`, right: `${right}px` }}
          aria-label={t('quick.open')}
          title={
            hoveredPrice === null
              ? t('quick.open')
              : `${t('quick.open')} @ ${formatFixed(hoveredPrice, symbol.pricePrecision, locale)}`
          }
          data-testid="quick-plus"
          onMouseEnter={() => {
            overButton.current = true;
            clearTimeout(hideTimer.current);
          }}
          onMouseLeave={() => {
            overButton.current = false;
          }}
          onClick={open}
        >
          +
        </button>
      )}
      {panel !== null && (
        <div
          className="quick-panel popover"
          style={{ top: `${Math.max(0, Math.round(panel.y) - 20)}px`, right: `${right + 8}px` }}
          role="dialog"
          aria-label={t('quick.title')}
          data-testid="quick-panel"
        >
          <div className="quick-head">
            <span>{t('quick.title')}</span>
            <button
              type="button"
              className="icon-btn"
              aria-label={t('quick.close')}
              data-testid="quick-close"
              onClick={() => {
                setPanel(null);
              }}
            >
              ×
            </button>
          </div>
          <label className="quick-field">
            <span className="muted small">
              {t('quick.qty')} ({symbol.base})
            </span>
            <input
              className="input"
              inputMode="decimal"
              value={qty}
              autoFocus
              data-testid="quick-qty"
              onChange={(e) => {
                setQty(e.currentTarget.value.replace(',', '.'));
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') void submit();
              }}
            />
          </label>
          <button
            type="button"
            className={`btn quick-submit side-${panel.side === 'Buy' ? 'buy' : 'sell'}`}
            disabled={busy}
            data-testid="quick-submit"
            data-side={panel.side}
            data-price={panel.price}
            onClick={() => {
              void submit();
            }}
          >
            {panel.side === 'Buy' ? t('quick.buy') : t('quick.sell')} @{' '}
            {formatFixed(Number(panel.price), symbol.pricePrecision, locale)}
          </button>
        </div>
      )}
    </>
  );
}
