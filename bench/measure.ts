/** Timing helpers for Node benches: warm-up, several trials, median and spread (STYLE.md §9). */
import { performance } from 'node:perf_hooks';

/** One figure of a bench run. */
export interface BenchResult {
  readonly key: string;
  readonly value: number;
  readonly unit: string;
  /** (max − min) / median of the trials. */
  readonly spread: number;
}

/** The middle of the trials (the upper middle for an even count). */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

/** (max − min) / median of the trials (0 when the median is 0). */
export function spread(xs: readonly number[]): number {
  const m = median(xs);
  return m === 0 ? 0 : (Math.max(...xs) - Math.min(...xs)) / m;
}

/** A figure from its trials: their median, with their spread. */
export function figureOf(key: string, xs: readonly number[], unit: string): BenchResult {
  return { key, value: median(xs), unit, spread: spread(xs) };
}

/** Runs `body` (which processes `items` items) a warm-up plus several trials; reports items per second. */
export function measure(key: string, body: () => number, items: number, quick: boolean): BenchResult {
  let sink = body();
  const rates: number[] = [];
  const trials = quick ? 3 : 7;
  for (let i = 0; i < trials; i++) {
    const t0 = performance.now();
    sink += body();
    const ms = performance.now() - t0;
    rates.push((items / ms) * 1000);
  }
  if (sink === -1) console.log('');
  rates.sort((a, b) => a - b);
  const median = rates[Math.floor(rates.length / 2)] ?? 0;
  const spread = median === 0 ? 0 : ((rates[rates.length - 1] ?? 0) - (rates[0] ?? 0)) / median;
  return { key, value: median, unit: 'per s', spread };
}

let probeSink = 0;

/**
 * Times a fixed CPU-bound workload in this process (ms, lower is faster): how much CPU the machine gave at that
 * moment. The VM these benches run on changes speed between runs (the Node benches of one full run read 40 % below
 * those of the run before, on the same code), and every browser figure moves with it. A bench records this beside
 * its figures so a reader can tell a slow stretch from a slow build; no figure is adjusted by it.
 */
export function cpuProbeMs(): number {
  const a = new Float64Array(50_000);
  const round = (r: number): void => {
    for (let i = 0; i < a.length; i++) a[i] = Math.sin(i * r + probeSink);
    a.sort();
    probeSink = (a[a.length >> 1] ?? 0) * 1e-9;
  };
  // Two untimed rounds first, so a cold call does not time the compiler.
  round(1);
  round(2);
  const t0 = performance.now();
  for (let r = 3; r <= 22; r++) round(r);
  return performance.now() - t0;
}
