/**
 * The chart area's depth view (spec §2 Chart area, issue 5): cumulative bids and asks against price on the page's
 * surface (pixi.js WebGL or Canvas2D), a mid price marker, and a hover crosshair with price, cumulative quantity and
 * value. Reads the routed symbol from atoms and asks the hub for the book itself; takes no props; fills its parent.
 */
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookFrame, SymbolInfo } from '../../../workers/api';
import { pairLookupAtom, routeAtom, themeAtom } from '../../app/state';
import { onEveryFrame } from '../../canvas/frameLoop';
import { TOKENS } from '../../canvas/tokens';
import { useSurface } from '../../canvas/useSurface';
import { hubClient } from '../../hub/client';
import { useHubWant } from '../../hub/useHubWant';
import { formatFixed } from '../../lib/format';
import { FormatCache } from '../orderbook/view';
import { DepthRenderer } from './renderer';
import type { DepthReadout, DepthSceneInput } from './view';
import './depth.css';

/** The depth chart of the routed symbol; fills its parent. */
export function DepthChart(): React.JSX.Element {
  const lookup = useAtomValue(pairLookupAtom);
  if (lookup.kind !== 'found') return <div className="depth-chart" data-testid="depth-chart" />;
  return <Depth key={lookup.symbol.symbol} symbol={lookup.symbol} />;
}

function bookOf(symbol: string): BookFrame | undefined {
  const b = hubClient().frames.get('book');
  return b !== undefined && b.symbol === symbol ? b : undefined;
}

function Depth({ symbol }: { readonly symbol: SymbolInfo }): React.JSX.Element {
  const { t } = useTranslation('orderbook');
  const { locale } = useAtomValue(routeAtom);
  const theme = useAtomValue(themeAtom);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [tip, setTip] = useState<{ readout: DepthReadout; x: number; y: number } | null>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const plot = useSurface(false);
  const overlay = useSurface(true);
  const hoverX = useRef<number | null>(null);

  useHubWant({ symbol: symbol.symbol, bookRows: 40 });

  const format = useMemo(() => {
    const price = new FormatCache((n) => formatFixed(n, symbol.pricePrecision, locale));
    const qty = new FormatCache((n) => formatFixed(n, symbol.quantityPrecision, locale));
    return { price: (n: number) => price.get(n), qty: (n: number) => qty.get(n) };
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

  const input: DepthSceneInput = {
    width: size.width,
    height: size.height,
    colours: TOKENS[theme],
    midLabel: t('depth.mid'),
    ...format,
  };
  const inputRef = useRef(input);
  inputRef.current = input;
  const dirty = useRef(true);
  dirty.current = true;
  const hoverDirty = useRef(true);

  useEffect(() => {
    if (plot.surface === null || overlay.surface === null) return;
    const renderer = new DepthRenderer(plot.surface, overlay.surface);
    const canvas = plot.canvasRef.current;
    const frames = hubClient().frames;
    const off = frames.on('book', () => {
      dirty.current = true;
    });
    let shownTip = '';
    const offFrame = onEveryFrame(() => {
      if (!dirty.current && !hoverDirty.current) return;
      const book = bookOf(symbol.symbol);
      const dpr = window.devicePixelRatio || 1;
      if (dirty.current) {
        renderer.drawPlot(book, inputRef.current, dpr);
        if (canvas !== null) canvas.dataset.levels = String((book?.bidCount ?? 0) + (book?.askCount ?? 0));
      }
      dirty.current = false;
      hoverDirty.current = false;
      const { readout, y } = renderer.drawCrosshair(book, hoverX.current, inputRef.current, dpr);
      const key = readout === null ? '' : `${readout.price}|${readout.cumQty}|${y}`;
      if (key !== shownTip) {
        shownTip = key;
        setTip(readout === null ? null : { readout, x: hoverX.current ?? 0, y });
      }
    });
    return () => {
      offFrame();
      off();
      renderer.destroy();
    };
  }, [plot.surface, overlay.surface, plot.canvasRef, symbol.symbol]);

  const left = tip !== null && tip.x > size.width / 2;
  return (
    <div
      className="depth-chart"
      data-testid="depth-chart"
      ref={wrapRef}
      onPointerMove={(e) => {
        hoverX.current = e.clientX - e.currentTarget.getBoundingClientRect().left;
        hoverDirty.current = true;
      }}
      onPointerLeave={() => {
        hoverX.current = null;
        hoverDirty.current = true;
      }}
    >
      <canvas
        key={plot.canvasKey}
        ref={plot.canvasRef}
        data-testid="depth-canvas"
        role="img"
        aria-label={t('depth.label')}
        style={{ width: size.width, height: size.height }}
      />
      <canvas
        key={`overlay-${overlay.canvasKey}`}
        ref={overlay.canvasRef}
        className="depth-overlay"
        aria-hidden="true"
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
