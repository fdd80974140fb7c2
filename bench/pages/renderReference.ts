/**
 * The render bench's reference (issue 5 `render.ratioVsDom`): a straightforward React order book (40 rows a side
 * with price, amount, total and a depth bar) and latest-trades list (40 rows), as DOM rows, fed by the same hub
 * client and the same frames as our canvases. React re-renders on every new frame; keys keep the row elements.
 * Written with createElement: bench pages compile without JSX.
 */
import { createElement as h, useEffect, useState, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import type { BookFrame, TradeRow } from '../../workers/api';
import { hubClient } from '../../src/hub/client';
import { formatFixed } from '../../src/lib/format';
import { pushSample, type BenchStats } from './benchStats';

const ROW_STYLE = {
  display: 'flex',
  position: 'relative',
  height: 22,
  marginBottom: 2,
  lineHeight: '22px',
} as const;
const CELL = { flex: '1 1 0', textAlign: 'right', padding: '0 8px', position: 'relative' } as const;

function bookRows(b: BookFrame, side: 'ask' | 'bid'): ReactElement[] {
  const rows = side === 'ask' ? b.asks : b.bids;
  const count = side === 'ask' ? b.askCount : b.bidCount;
  const deepest = Math.max(b.asks[(b.askCount - 1) * 4 + 2] ?? 0, b.bids[(b.bidCount - 1) * 4 + 2] ?? 0) || 1;
  const out: ReactElement[] = [];
  for (let i = 0; i < count; i++) {
    const p = rows[i * 4] ?? 0;
    const cum = rows[i * 4 + 2] ?? 0;
    out.push(
      h(
        'div',
        { key: i, className: `row ${side}`, style: ROW_STYLE },
        h('div', {
          style: {
            position: 'absolute',
            right: 0,
            top: 0,
            bottom: 0,
            width: `${(cum / deepest) * 100}%`,
            background: side === 'bid' ? 'rgba(32,178,108,0.15)' : 'rgba(239,69,74,0.15)',
          },
        }),
        h(
          'span',
          { style: { ...CELL, textAlign: 'left', color: side === 'bid' ? '#20b26c' : '#ef454a' } },
          formatFixed(p, 2, 'en'),
        ),
        h('span', { style: CELL }, formatFixed(rows[i * 4 + 1] ?? 0, 6, 'en')),
        h('span', { style: CELL }, formatFixed(cum, 6, 'en')),
      ),
    );
  }
  return side === 'ask' ? out.reverse() : out;
}

function Book({ stats }: { readonly stats: BenchStats }): ReactElement {
  const frames = hubClient().frames;
  const [book, setBook] = useState<BookFrame | undefined>(frames.get('book'));
  const [trades, setTrades] = useState<readonly TradeRow[]>(frames.get('trades') ?? []);
  useEffect(() => {
    const a = frames.on('book', () => {
      setBook(frames.get('book'));
    });
    const b = frames.on('trades', () => {
      setTrades(frames.get('trades') ?? []);
    });
    return () => {
      a();
      b();
    };
  }, [frames]);
  useEffect(() => {
    stats.frames++;
    if (book !== undefined && stats.probe) {
      // Committed: the pixels follow on the next frame.
      const at = book.receivedAt;
      requestAnimationFrame((now) => {
        pushSample(stats.feedToPixelMs, performance.timeOrigin + now - at);
      });
    }
  }, [book, stats]);
  const time = new Intl.DateTimeFormat('en', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return h(
    'div',
    { style: { display: 'flex', gap: 8, font: '12px system-ui, sans-serif' } },
    h(
      'div',
      { style: { width: 300 } },
      book === undefined ? null : bookRows(book, 'ask'),
      h(
        'div',
        { style: { height: 32, fontSize: 16, fontWeight: 600 } },
        book === undefined ? '' : formatFixed(book.buyOnePrice, 2, 'en'),
      ),
      book === undefined ? null : bookRows(book, 'bid'),
    ),
    h(
      'div',
      { style: { width: 300 } },
      trades.map((t) =>
        h(
          'div',
          { key: t.id, style: ROW_STYLE },
          h(
            'span',
            { style: { ...CELL, textAlign: 'left', color: t.side === 'Buy' ? '#20b26c' : '#ef454a' } },
            formatFixed(t.price, 2, 'en'),
          ),
          h('span', { style: CELL }, formatFixed(t.qty, 6, 'en')),
          h('span', { style: CELL }, time.format(t.time)),
        ),
      ),
    ),
  );
}

/** Starts the React DOM reference on this page. */
export function startRenderReference(stats: BenchStats): void {
  const client = hubClient();
  client.want({
    symbol: new URLSearchParams(location.search).get('symbol') ?? 'BTCUSDT',
    bookRows: 40,
    trades: true,
  });
  stats.paint = 'react-dom';
  const el = document.createElement('div');
  document.body.appendChild(el);
  let last = 0;
  const frame = (now: number): void => {
    if (!stats.probe) return;
    if (last > 0) pushSample(stats.frameMs, now - last);
    last = now;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  createRoot(el).render(h(Book, { stats }));
}
