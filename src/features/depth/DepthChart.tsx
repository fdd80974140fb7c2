/**
 * The chart area's depth view (spec §2 Chart area, issue 5): cumulative bids and asks against price on the page's
 * surface (pixi.js WebGL or Canvas2D), a mid price marker, and a hover crosshair with price, cumulative quantity and
 * value. Reads the routed symbol from atoms and asks the hub for the book itself; takes no props; fills its parent.
 */
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useElementSize } from '../../canvas/useElementSize';
import type { SymbolInfo, TabInterest } from '../../../workers/api';
import { pairLookupAtom, routeAtom, themeAtom } from '../../session/state';
import { formatFixed } from '../../lib/format';
import { usePanelPainter } from '../../paint/usePanelPainter';
import { createDepthPanelView, type DepthInput } from './depthPanelView';
import './depth.css';

/** The depth chart of the routed symbol; fills its parent. */
export function DepthChart(): React.JSX.Element {
  const lookup = useAtomValue(pairLookupAtom);
  if (lookup.kind !== 'found') return <div className="depth-chart" data-testid="depth-chart" />;
  return <Depth key={lookup.symbol.symbol} symbol={lookup.symbol} />;
}

function Depth({ symbol }: { readonly symbol: SymbolInfo }): React.JSX.Element {
  const { t } = useTranslation('orderbook');
  const { locale } = useAtomValue(routeAtom);
  const theme = useAtomValue(themeAtom);
  const [wrapRef, size] = useElementSize<HTMLDivElement>();
  const [hoverX, setHoverX] = useState<number | null>(null);

  const interest: TabInterest = {
    symbol: symbol.symbol,
    step: null,
    bookRows: 40,
    trades: false,
    klineInterval: null,
    allTickers: false,
    account: false,
  };
  const input: DepthInput = {
    kind: 'depth',
    width: size.width,
    height: size.height,
    dpr: window.devicePixelRatio || 1,
    theme,
    locale,
    rtl: false,
    symbol: symbol.symbol,
    pricePrecision: symbol.pricePrecision,
    quantityPrecision: symbol.quantityPrecision,
    text: { mid: t('depth.mid') },
    // Whole pixels: a sub-pixel pointer move does not repaint.
    hoverX: hoverX === null ? null : Math.round(hoverX),
  };
  const painter = usePanelPainter(input, interest, createDepthPanelView);
  const { report } = painter;

  const canvasEl = painter.canvasRef.current;
  useEffect(() => {
    if (canvasEl === null || report === null) return;
    canvasEl.dataset.levels = String(report.levels);
  }, [canvasEl, report]);

  const depthTip = hoverX === null ? null : (report?.depthTip ?? null);
  const tip = depthTip === null || hoverX === null ? null : { ...depthTip, x: hoverX };
  const format = {
    price: (n: number) => formatFixed(n, symbol.pricePrecision, locale),
    qty: (n: number) => formatFixed(n, symbol.quantityPrecision, locale),
  };
  const left = tip !== null && tip.x > size.width / 2;
  return (
    <div
      className="depth-chart"
      data-testid="depth-chart"
      ref={wrapRef}
      onPointerMove={(e) => {
        setHoverX(e.clientX - e.currentTarget.getBoundingClientRect().left);
      }}
      onPointerLeave={() => {
        setHoverX(null);
      }}
    >
      <canvas
        key={painter.canvasKey}
        ref={painter.canvasRef}
        data-testid="depth-canvas"
        role="img"
        aria-label={t('depth.label')}
        style={{ width: size.width, height: size.height }}
      />
      {tip !== null && (
        <div
          className="depth-tip"
          role="tooltip"
          data-testid="depth-tooltip"
          style={{
            top: Math.max(0, Math.min(size.height - 80, tip.y - 40)),
            left: left ? undefined : tip.x + 12,
            right: left ? size.width - tip.x + 12 : undefined,
          }}
        >
          <div>
            <span>{t('depth.price')}</span> <b>{format.price(tip.readout.price)}</b>
          </div>
          <div>
            <span>{t('depth.cumQty', { coin: symbol.base })}</span> <b>{format.qty(tip.readout.cumQty)}</b>
          </div>
          <div>
            <span>{t('depth.value', { coin: symbol.quote })}</span>{' '}
            <b>{formatFixed(tip.readout.value, symbol.pricePrecision, locale)}</b>
          </div>
        </div>
      )}
    </div>
  );
}
