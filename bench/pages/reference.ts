/**
 * The reference a typical exchange page is: its own socket per tab, JSON.parse on the main thread, the book as an
 * object keyed by price string sorted on every message, and 40 DOM rows per side rewritten on every message.
 */
import { installStats, pushSample } from './benchStats';

const stats = installStats();
stats.mode = 'reference';
const rowsEl = document.getElementById('rows');
const statsEl = document.getElementById('stats');
const bids: Record<string, string> = {};
const asks: Record<string, string> = {};
const rowEls: HTMLElement[] = [];
for (let i = 0; i < 80; i++) {
  const row = document.createElement('div');
  row.className = `row ${i < 40 ? 'ask' : 'bid'}`;
  for (let c = 0; c < 3; c++) row.appendChild(document.createElement('span'));
  rowsEl?.appendChild(row);
  rowEls.push(row);
}

function apply(side: Record<string, string>, levels: string[][]): void {
  for (const [p, s] of levels) {
    if (p === undefined || s === undefined) continue;
    // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- the reference keys its book by price string
    if (s === '0') delete side[p];
    else side[p] = s;
  }
}

function render(): void {
  const t0 = performance.now();
  const a = Object.keys(asks)
    .sort((x, y) => Number(x) - Number(y))
    .slice(0, 40)
    .reverse();
  const b = Object.keys(bids)
    .sort((x, y) => Number(y) - Number(x))
    .slice(0, 40);
  const rows = [...a.map((p) => [p, asks[p] ?? '']), ...b.map((p) => [p, bids[p] ?? ''])];
  let cum = 0;
  rows.forEach(([p, s], i) => {
    const el = rowEls[i];
    if (el === undefined) return;
    cum += Number(s);
    const spans = el.children;
    (spans[0] as HTMLElement).textContent = Number(p).toFixed(2);
    (spans[1] as HTMLElement).textContent = Number(s).toFixed(6);
    (spans[2] as HTMLElement).textContent = cum.toFixed(4);
  });
  pushSample(stats.drawMs, performance.now() - t0);
}

const ws = new WebSocket(`ws://${location.host}/realtime_w`);
ws.onopen = () => {
  ws.send(JSON.stringify({ op: 'subscribe', args: ['orderbook.200.BTCUSDT', 'publicTrade.BTCUSDT'] }));
};
ws.onmessage = (ev: MessageEvent<string>) => {
  stats.messages++;
  const m = JSON.parse(ev.data) as { topic?: string; type?: string; data?: { b: string[][]; a: string[][] } };
  if (m.topic?.startsWith('orderbook') !== true || m.data === undefined) return;
  if (m.type === 'snapshot') {
    apply(
      bids,
      Object.keys(bids).map((k) => [k, '0']),
    );
    apply(
      asks,
      Object.keys(asks).map((k) => [k, '0']),
    );
  }
  apply(bids, m.data.b);
  apply(asks, m.data.a);
  render();
};
setInterval(() => {
  if (statsEl !== null) statsEl.textContent = `reference: ${stats.messages} messages`;
}, 1000);
