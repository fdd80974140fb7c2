/**
 * The render bench (issue 5): the order book, latest trades and depth chart renderers of the app, on the page's
 * surface (`?backend=webgl|canvas`, else the app's own choice), fed by the tab's hub client at the simulator's storm
 * rate. Keeps per-frame figures in `window.__bench`: main-thread draw time of the three panels together, frame
 * intervals, and feed-to-pixel time (hub arrival to the animation frame after the draw, when the pixels are shown).
 * `?draw=0` pulls the same data and draws nothing (the transport baseline), `?panels=book,trades` drops the depth.
 */
import type { BookFrame, SymbolInfo, TradeRow } from '../../workers/api';
import { chooseBackend } from '../../src/canvas/backend';
import { createSurface } from '../../src/canvas/createSurface';
import type { Surface } from '../../src/canvas/surface';
import { TOKENS } from '../../src/canvas/tokens';
import { DepthRenderer } from '../../src/features/depth/renderer';
import { BookRenderer } from '../../src/features/orderbook/renderer';
import { FormatCache, toOwnMarks } from '../../src/features/orderbook/view';
import { TradesRenderer } from '../../src/features/trades/renderer';
import { hubClient } from '../../src/hub/client';
import { formatFixed } from '../../src/lib/format';
import { pushSample, type BenchStats } from './benchStats';

const BOOK = { width: 300, height: 760 };
const DEPTH = { width: 640, height: 420 };
const NO_TRADES: readonly TradeRow[] = [];

function canvas(parent: HTMLElement, width: number, height: number, id: string): HTMLCanvasElement {
  const c = document.createElement('canvas');
  c.id = id;
  c.style.width = `${width}px`;
  c.style.height = `${height}px`;
  parent.appendChild(c);
  return c;
}

/** Starts the render bench on this page. */
export async function startRenderBench(stats: BenchStats, statsEl: HTMLElement | null): Promise<void> {
  const query = new URLSearchParams(location.search);
  const symbolName = query.get('symbol') ?? 'BTCUSDT';
  const drawing = query.get('draw') !== '0';
  const panels = (query.get('panels') ?? 'book,trades,depth').split(',');
  const backend = chooseBackend(location.search);
  const client = hubClient();
  client.want({ symbol: symbolName, bookRows: 40, trades: true });
  const root = document.createElement('div');
  root.style.display = 'flex';
  root.style.gap = '8px';
  document.body.appendChild(root);
  const dpr = window.devicePixelRatio || 1;
  const make = async (c: HTMLCanvasElement, w: number, h: number, alpha: boolean): Promise<Surface> =>
    createSurface(c, backend, { width: w, height: h, dpr }, alpha);
  const bookSurface = await make(
    canvas(root, BOOK.width, BOOK.height, 'book'),
    BOOK.width,
    BOOK.height,
    false,
  );
  const tradesSurface = await make(
    canvas(root, BOOK.width, BOOK.height, 'trades'),
    BOOK.width,
    BOOK.height,
    false,
  );
  const depthWrap = document.createElement('div');
  depthWrap.style.position = 'relative';
  root.appendChild(depthWrap);
  const depthSurface = await make(
    canvas(depthWrap, DEPTH.width, DEPTH.height, 'depth'),
    DEPTH.width,
    DEPTH.height,
    false,
  );
  const overlayCanvas = canvas(depthWrap, DEPTH.width, DEPTH.height, 'depth-overlay');
  overlayCanvas.style.position = 'absolute';
  overlayCanvas.style.left = '0';
  overlayCanvas.style.top = '0';
  const overlaySurface = await make(overlayCanvas, DEPTH.width, DEPTH.height, true);
  stats.paint = `${bookSurface.backend}:${bookSurface.rendererName}`;
  const book = new BookRenderer(bookSurface);
  const trades = new TradesRenderer(tradesSurface);
  const depth = new DepthRenderer(depthSurface, overlaySurface);

  let symbol: SymbolInfo | undefined;
  void client
    .remote()
    .symbols()
    .then((list) => {
      symbol = list.find((s) => s.symbol === symbolName);
    });
  const colours = TOKENS.dark;
  const fmt = (dp: number): FormatCache => new FormatCache((n) => formatFixed(n, dp, 'en'));
  const price = fmt(2);
  const qty = fmt(6);
  const timeFmt = new Intl.DateTimeFormat('en', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const time = new FormatCache((s) => timeFmt.format(s * 1000));
  const format = {
    price,
    amount: qty,
    totalBase: qty,
    totalQuote: price,
    percent: (f: number) => `${(f * 100).toFixed(2)}%`,
  };
  const own = toOwnMarks([], 0.01);

  let dirty = false;
  client.frames.on('book', () => {
    dirty = true;
  });
  client.frames.on('trades', () => {
    dirty = true;
  });
  let shownAt: number | null = null;
  let last = 0;
  let hoverX = 0;
  const frame = (now: number): void => {
    requestAnimationFrame(frame);
    if (last > 0) pushSample(stats.frameMs, now - last);
    last = now;
    // The pixels of the previous draw are on screen by this frame.
    if (shownAt !== null) {
      pushSample(stats.feedToPixelMs, performance.timeOrigin + now - shownAt);
      shownAt = null;
    }
    if (!dirty) return;
    dirty = false;
    stats.frames++;
    const b: BookFrame | undefined = client.frames.get('book');
    if (!drawing || b === undefined) return;
    const t0 = performance.now();
    if (panels.includes('book'))
      book.draw(
        b,
        {
          ...BOOK,
          layout: 1,
          total: 'base',
          rtl: false,
          colours,
          captions: { price: 'Price (USDT)', amount: 'Amount (BTC)', total: 'Total (BTC)' },
          ratioLabels: { buy: 'B', sell: 'S' },
          format,
          hover: null,
          own,
          step: Number(b.step) || 0.01,
          last: { text: price.get(b.buyOnePrice), direction: 'up' },
        },
        dpr,
        now,
      );
    if (panels.includes('trades'))
      trades.draw(
        client.frames.get('trades') ?? NO_TRADES,
        {
          ...BOOK,
          rtl: false,
          colours,
          captions: { price: 'Price (USDT)', qty: 'Amount (BTC)', time: 'Time' },
          price: (n) => price.get(n),
          qty: (n) => qty.get(n),
          time: (ms) => time.get(Math.floor(ms / 1000)),
        },
        true,
        dpr,
        now,
      );
    if (panels.includes('depth')) {
      const input = {
        ...DEPTH,
        colours,
        price: (n: number) => price.get(n),
        qty: (n: number) => qty.get(n),
        midLabel: 'Mid',
      };
      depth.drawPlot(b, input, dpr);
      // A crosshair that moves every frame, as under a trader's pointer.
      hoverX = (hoverX + 7) % DEPTH.width;
      depth.drawCrosshair(b, hoverX, input, dpr);
    }
    const t1 = performance.now();
    pushSample(stats.drawMs, t1 - t0);
    shownAt = b.receivedAt;
  };
  requestAnimationFrame(frame);
  setInterval(() => {
    if (statsEl !== null)
      statsEl.textContent = `render bench ${stats.paint} (${symbol?.symbol ?? '…'}): ${stats.frames} frames`;
  }, 1000);
}
