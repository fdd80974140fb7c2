/**
 * Chart bench page (bench/chart.bench.ts drives it): the real ChartRenderer with 5,000 candles, 3 indicators
 * (EMA, BOLL, MACD), 200 fill markers and 20 order lines, fed one live candle update at a time. Per update it
 * records the main-thread time: the synchronous `update` plus lightweight-charts' paint in the next frame (a rAF
 * registered before the update runs just before the paint, one registered after it just after). The reference is
 * a straightforward implementation: every update recomputes the indicators and redraws with `setData`.
 */
import type { CandleRow } from '../../workers/api';
import { TOKENS } from '../../src/canvas/tokens';
import { ChartRenderer } from '../../src/features/chart/ChartRenderer';
import type { PriceLineDraw } from '../../src/features/chart/priceLines';
import type { MarkerDraw } from '../../src/features/chart/lines';

interface ChartBenchWindow {
  __chartUpdate?: { done: boolean; updateMs: number[]; syncMs: number[]; referenceMs: number[] };
  /** The renderer, for diagnosis scripts (pixel comparisons of live mode against the library's own drawing). */
  __chartRenderer?: ChartRenderer;
  /** The phase running, for diagnosis scripts that sample the browser's own main-thread time per phase. */
  __chartPhase?: 'setup' | 'warmup' | 'samples' | 'reference';
}

const MIN = 60_000;
const N = 5000;

function candles(): CandleRow[] {
  const out: CandleRow[] = [];
  let p = 64_000;
  const t0 = Math.floor(Date.now() / MIN) * MIN - (N - 1) * MIN;
  for (let i = 0; i < N; i++) {
    const o = p;
    p = Math.max(1, p + Math.sin(i / 17) * 40 + ((i * 7919) % 101) - 50);
    out.push({
      time: t0 + i * MIN,
      open: o,
      high: Math.max(o, p) + 20,
      low: Math.min(o, p) - 20,
      close: p,
      volume: 1 + (i % 23),
      turnover: 0,
      confirm: i < N - 1,
    });
  }
  return out;
}

function frame(): Promise<number> {
  return new Promise((ok) => {
    requestAnimationFrame(() => {
      ok(performance.now());
    });
  });
}

/** Applies `n` live updates through `apply` and returns the main-thread ms of each. */
const syncMs: number[] = [];

async function run(n: number, apply: (i: number) => void): Promise<number[]> {
  const out: number[] = [];
  syncMs.length = 0;
  for (let i = 0; i < n; i++) {
    await frame();
    const before = frame();
    const t0 = performance.now();
    apply(i);
    const t1 = performance.now();
    const after = frame();
    const [t2, t3] = await Promise.all([before, after]);
    out.push(t1 - t0 + (t3 - t2));
    syncMs.push(t1 - t0);
  }
  return out;
}

async function main(): Promise<void> {
  const el = document.getElementById('chart');
  if (el === null) return;
  const w = window as unknown as ChartBenchWindow;
  const rows = candles();
  const q = new URLSearchParams(location.search);
  const r = new ChartRenderer(el, {
    tokens: TOKENS.dark,
    timezone: 'UTC',
    locale: 'en',
    pricePrecision: 2,
    chartType: 'candle',
    indicators:
      q.get('indicators') === '0'
        ? []
        : q.get('indicators') === 'overlay'
          ? ['EMA', 'BOLL']
          : ['EMA', 'BOLL', 'MACD'],
  });
  w.__chartRenderer = r;
  w.__chartPhase = 'setup';
  r.setData(rows);
  const markers: MarkerDraw[] = [];
  for (let i = 0; i < 200; i++) {
    const c = rows[N - 1 - i * 20];
    if (c !== undefined)
      markers.unshift({
        id: `m${i}`,
        time: c.time / 1000,
        side: i % 2 === 0 ? 'Buy' : 'Sell',
        count: 1,
        fillIds: [],
      });
  }
  if (q.get('markers') !== '0') r.setMarkers(markers);
  const last = rows[N - 1]?.close ?? 64_000;
  const lines: PriceLineDraw[] = Array.from({ length: 20 }, (_, i) => ({
    id: `o${i}`,
    price: last * (0.95 + i * 0.005),
    color: i < 10 ? TOKENS.dark.up : TOKENS.dark.down,
    title: '',
    style: 'solid',
    axisLabel: true,
  }));
  if (q.get('lines') !== '0') r.setPriceLines(lines);
  await frame();
  await frame();

  let forming = rows[N - 1];
  const tick = (i: number): CandleRow => {
    const f = forming ?? rows[0];
    if (f === undefined) throw new Error('no candles');
    // Every 20th update opens a new candle; the others move the forming one.
    const next: CandleRow =
      i % 20 === 19
        ? { ...f, time: f.time + MIN, open: f.close, high: f.close, low: f.close, confirm: false }
        : {
            ...f,
            close: f.close + ((i % 7) - 3),
            high: Math.max(f.high, f.close + 3),
            low: Math.min(f.low, f.close - 3),
            volume: f.volume + 0.1,
          };
    forming = next;
    return next;
  };
  const samples = Number(q.get('n') ?? '200');
  // Warm-up.
  w.__chartPhase = 'warmup';
  await run(20, (i) => {
    r.update(tick(i));
  });
  w.__chartPhase = 'samples';
  const updateMs = await run(samples, (i) => {
    r.update(tick(i));
  });
  const sync = [...syncMs];
  // Reference: recompute everything and setData on each update.
  w.__chartPhase = 'reference';
  const ref = [...rows];
  const referenceMs = await run(Math.max(20, Math.floor(samples / 5)), (i) => {
    const c = tick(i);
    const lastRef = ref[ref.length - 1];
    if (lastRef !== undefined && lastRef.time === c.time) ref[ref.length - 1] = c;
    else ref.push(c);
    r.setData(ref);
  });
  w.__chartUpdate = { done: true, updateMs, syncMs: sync, referenceMs };
}

void main();
