/**
 * The latest-trades list (spec §2, §9 Recent trades) on a canvas painted off the main thread where it can be
 * (see usePanelPainter): 40 rows newest first, price in the taker side's colour, quantity, time in the trader's time
 * zone; a new trade's row flashes unless the trade preferences turn flashes off. Clicking a row fills its price into the
 * order form. Used as the order-book panel's trades tab and as the mobile `trades` slot.
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useElementSize } from '../../canvas/useElementSize';
import type { SymbolInfo, TabInterest } from '../../../workers/api';
import { isRtl } from '../../session/routes';
import { pairLookupAtom, routeAtom, themeAtom } from '../../session/state';
import { intent, orderFormIntentAtom } from '../../session/intent';
import { usePanelPainter } from '../../paint/usePanelPainter';
import { tradePreferencesAtom } from '../../session/preferences';
import { createTradesPanelView, type TradesInput } from './tradesPanelView';
import { tradeRowAt } from './view';
import './trades.css';

/** The latest-trades panel of the routed symbol. */
export function TradesPanel(): React.JSX.Element | null {
  const lookup = useAtomValue(pairLookupAtom);
  if (lookup.kind !== 'found') return null;
  return <Trades key={lookup.symbol.symbol} symbol={lookup.symbol} />;
}

function Trades({ symbol }: { readonly symbol: SymbolInfo }): React.JSX.Element {
  const { t } = useTranslation('orderbook');
  const { locale } = useAtomValue(routeAtom);
  const theme = useAtomValue(themeAtom);
  const flash = useAtomValue(tradePreferencesAtom).showTradeFlashes;
  const setIntent = useSetAtom(orderFormIntentAtom);
  const [wrapRef, size] = useElementSize<HTMLDivElement>();

  const interest: TabInterest = {
    symbol: symbol.symbol,
    step: null,
    bookRows: 0,
    trades: true,
    klineInterval: null,
    allTickers: false,
    account: false,
  };
  const input: TradesInput = {
    kind: 'trades',
    width: size.width,
    height: size.height,
    dpr: window.devicePixelRatio || 1,
    theme,
    locale,
    rtl: isRtl(locale),
    symbol: symbol.symbol,
    pricePrecision: symbol.pricePrecision,
    quantityPrecision: symbol.quantityPrecision,
    text: {
      price: t('price', { coin: symbol.quote }),
      amount: t('amount', { coin: symbol.base }),
      time: t('trades.time'),
    },
    flash,
  };
  const painter = usePanelPainter(input, interest, createTradesPanelView);
  const { report } = painter;

  const canvasEl = painter.canvasRef.current;
  useEffect(() => {
    if (canvasEl === null || report === null) return;
    canvasEl.dataset.rows = String(report.rows);
    canvasEl.dataset.flashing = String(report.flashing);
  }, [canvasEl, report]);
  useEffect(() => {
    // Whether new trades flash (the trade preference), next to how many rows flash now.
    if (canvasEl !== null) canvasEl.dataset.flash = flash ? 'on' : 'off';
  }, [canvasEl, flash]);

  return (
    <div className="trades" data-testid="trades">
      <div className="trades-canvas" ref={wrapRef}>
        <canvas
          key={painter.canvasKey}
          ref={painter.canvasRef}
          data-testid="trades-canvas"
          tabIndex={0}
          aria-label={t('trades.canvasLabel')}
          style={{ width: size.width, height: size.height }}
          onClick={(e) => {
            const r = e.currentTarget.getBoundingClientRect();
            const row = tradeRowAt(e.clientY - r.top, report?.rows ?? 0);
            if (row < 0) return;
            void painter.trade(row).then((trade) => {
              if (trade !== null) setIntent(intent({ price: trade.price.toFixed(symbol.pricePrecision) }));
            });
          }}
        />
      </div>
    </div>
  );
}
