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
