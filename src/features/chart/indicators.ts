/**
 * Indicator maths (MA, EMA, BOLL, VOL, MACD, RSI) over candle closes, computed incrementally: every output point
 * depends only on the window before it or on the previous output point, so a live update of the forming candle
 * recomputes one point per line (O(window)), never the series. `NaN` marks a point before the indicator has enough
 * data (drawn as a gap).
 */

/** Indicators the toolbar offers. MA, EMA and BOLL overlay the price pane; VOL, MACD and RSI get panes of their own. */
export const INDICATOR_IDS = ['MA', 'EMA', 'BOLL', 'VOL', 'MACD', 'RSI'] as const;

/** Colours of the indicator lines (the DOM legend uses them too). */
export const INDICATOR_COLOURS: Readonly<Record<string, string>> = {
  'MA.ma': '#f0b90b',
  'EMA.ema': '#c26bff',
  'BOLL.mid': '#f0b90b',
  'BOLL.upper': '#3d8bfd',
  'BOLL.lower': '#3d8bfd',
  'MACD.dif': '#3d8bfd',
  'MACD.dea': '#f0b90b',
  'RSI.rsi': '#c26bff',
};

/** Legend labels of the indicator lines. */
export const INDICATOR_TITLES: Readonly<Record<string, string>> = {
  'MA.ma': 'MA 20',
  'EMA.ema': 'EMA 9',
  'BOLL.mid': 'BOLL',
  'MACD.dif': 'DIF',
  'MACD.dea': 'DEA',
  'RSI.rsi': 'RSI 14',
};

/** One indicator. */
export type IndicatorId = (typeof INDICATOR_IDS)[number];

/** True for a known indicator id. */
export function isIndicatorId(x: unknown): x is IndicatorId {
  return typeof x === 'string' && (INDICATOR_IDS as readonly string[]).includes(x);
}

/** Whether an indicator draws over the candles (true) or in its own pane. */
export function isOverlay(id: IndicatorId): boolean {
  return id === 'MA' || id === 'EMA' || id === 'BOLL';
}

/** Parameters (spec §9: EMA length 9). */
export const INDICATOR_PARAMS = {
  maLength: 20,
  emaLength: 9,
  bollLength: 20,
  bollWidth: 2,
  macdFast: 12,
  macdSlow: 26,
  macdSignal: 9,
  rsiLength: 14,
} as const;

/** Plain simple moving average of `values` (for tests and one-off use); NaN until `n` values. */
export function sma(values: readonly number[], n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < values.length; i++) out.push(smaAt(values, i, n));
  return out;
}

/** Exponential moving average seeded with the SMA of the first `n` values; NaN before that. */
export function ema(values: readonly number[], n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < values.length; i++) out.push(emaAt(values, out, i, n));
  return out;
}

/** Wilder's RSI of length `n`: first averages are plain means of the first `n` changes, then smoothed. */
export function rsi(values: readonly number[], n: number): number[] {
  const s = new RsiState();
  const out: number[] = [];
  for (let i = 0; i < values.length; i++) out.push(s.at(values, i, n));
  return out;
}

/** Bollinger bands: middle SMA(n), upper and lower at ± k population standard deviations. */
export function bollinger(
  values: readonly number[],
  n: number,
  k: number,
): { mid: number[]; upper: number[]; lower: number[] } {
  const mid: number[] = [];
  const upper: number[] = [];
  const lower: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const [m, u, l] = bollAt(values, i, n, k);
    mid.push(m);
    upper.push(u);
    lower.push(l);
  }
  return { mid, upper, lower };
}

/** MACD: DIF = EMA(fast) − EMA(slow); DEA = EMA(signal) of DIF; histogram = DIF − DEA. */
export function macd(
  values: readonly number[],
  fast: number,
  slow: number,
  signal: number,
): { dif: number[]; dea: number[]; hist: number[] } {
  const e = new MacdState();
  const dif: number[] = [];
  const dea: number[] = [];
  const hist: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const [a, b, c] = e.at(values, i, fast, slow, signal);
    dif.push(a);
    dea.push(b);
    hist.push(c);
  }
  return { dif, dea, hist };
}

function smaAt(values: readonly number[], i: number, n: number): number {
  if (i < n - 1 || n <= 0) return NaN;
  let sum = 0;
  for (let j = i - n + 1; j <= i; j++) sum += values[j] ?? NaN;
  return sum / n;
}

function emaAt(values: readonly number[], out: readonly number[], i: number, n: number): number {
  if (i < n - 1 || n <= 0) return NaN;
  if (i === n - 1) return smaAt(values, i, n);
  const prev = out[i - 1] ?? NaN;
  const a = 2 / (n + 1);
  return a * (values[i] ?? NaN) + (1 - a) * prev;
}

function bollAt(values: readonly number[], i: number, n: number, k: number): [number, number, number] {
  const m = smaAt(values, i, n);
  if (Number.isNaN(m)) return [NaN, NaN, NaN];
  let sq = 0;
  for (let j = i - n + 1; j <= i; j++) {
    const d = (values[j] ?? NaN) - m;
    sq += d * d;
  }
  const sd = Math.sqrt(sq / n);
  return [m, m + k * sd, m - k * sd];
}

/** Per-index running averages of gains and losses; `at(i)` reads index i − 1's. */
class RsiState {
  private gain: number[] = [];
  private loss: number[] = [];

  truncate(len: number): void {
    this.gain.length = Math.min(this.gain.length, len);
    this.loss.length = Math.min(this.loss.length, len);
  }

  at(values: readonly number[], i: number, n: number): number {
    this.truncate(i);
    if (i < n) {
      this.gain.push(NaN);
      this.loss.push(NaN);
      return NaN;
    }
    let g: number;
    let l: number;
    if (i === n) {
      g = 0;
      l = 0;
      for (let j = 1; j <= n; j++) {
        const d = (values[j] ?? 0) - (values[j - 1] ?? 0);
        if (d > 0) g += d;
        else l -= d;
      }
      g /= n;
      l /= n;
    } else {
      const d = (values[i] ?? 0) - (values[i - 1] ?? 0);
      g = ((this.gain[i - 1] ?? 0) * (n - 1) + Math.max(d, 0)) / n;
      l = ((this.loss[i - 1] ?? 0) * (n - 1) + Math.max(-d, 0)) / n;
    }
    this.gain.push(g);
    this.loss.push(l);
    if (l === 0) return g === 0 ? 50 : 100;
    return 100 - 100 / (1 + g / l);
  }
}

class MacdState {
  private fast: number[] = [];
  private slow: number[] = [];
  private dif: number[] = [];
  private dea: number[] = [];
  /** Index of the first defined DIF. */
  private difStart = -1;

  at(values: readonly number[], i: number, f: number, s: number, sig: number): [number, number, number] {
    this.fast.length = Math.min(this.fast.length, i);
    this.slow.length = Math.min(this.slow.length, i);
    this.dif.length = Math.min(this.dif.length, i);
    this.dea.length = Math.min(this.dea.length, i);
    this.fast.push(emaAt(values, this.fast, i, f));
    this.slow.push(emaAt(values, this.slow, i, s));
    const d = (this.fast[i] ?? NaN) - (this.slow[i] ?? NaN);
    this.dif.push(d);
    this.difStart = Math.max(f, s) - 1;
    // DEA is the EMA of DIF counted from DIF's first defined point.
    const k = i - this.difStart;
    let e = NaN;
    if (k >= sig - 1) {
      if (k === sig - 1) {
        let sum = 0;
        for (let j = i - sig + 1; j <= i; j++) sum += this.dif[j] ?? NaN;
        e = sum / sig;
      } else {
        const a = 2 / (sig + 1);
        e = a * d + (1 - a) * (this.dea[i - 1] ?? NaN);
      }
    }
    this.dea.push(e);
    return [d, e, d - e];
  }
}

/** The output lines of one indicator, by line name. */
export type IndicatorLines = Readonly<Record<string, readonly number[]>>;

/** Line names per indicator, in draw order. */
export const INDICATOR_LINES: Readonly<Record<IndicatorId, readonly string[]>> = {
  MA: ['ma'],
  EMA: ['ema'],
  BOLL: ['mid', 'upper', 'lower'],
  VOL: ['vol'],
  MACD: ['dif', 'dea', 'hist'],
  RSI: ['rsi'],
};

/** The inputs an engine needs per candle. */
export interface IndicatorInput {
  readonly time: number;
  readonly close: number;
  readonly volume: number;
}

/**
 * Incremental indicator engine over one candle series: `reset` computes every point; `upsert` appends a candle or
 * replaces the last one (same time) and recomputes only the last point of each line.
 */
export class IndicatorEngine {
  private closes: number[] = [];
  private volumes: number[] = [];
  private times: number[] = [];
  private readonly out = new Map<string, number[]>();
  private rsiState = new RsiState();
  private macdState = new MacdState();

  constructor(private readonly ids: ReadonlySet<IndicatorId>) {
    for (const id of ids) for (const l of INDICATOR_LINES[id]) this.out.set(`${id}.${l}`, []);
  }

  /** Whether this engine computes `id`. */
  has(id: IndicatorId): boolean {
    return this.ids.has(id);
  }

  /** Recomputes every point for a new series. */
  reset(rows: readonly IndicatorInput[]): void {
    this.closes = rows.map((r) => r.close);
    this.volumes = rows.map((r) => r.volume);
    this.times = rows.map((r) => r.time);
    for (const arr of this.out.values()) arr.length = 0;
    this.rsiState = new RsiState();
    this.macdState = new MacdState();
    for (let i = 0; i < rows.length; i++) this.compute(i);
  }

  /** Appends a newer candle or replaces the last one; 'ignored' for an older time. Returns what happened. */
  upsert(row: IndicatorInput): 'appended' | 'replaced' | 'ignored' {
    const n = this.times.length;
    const last = this.times[n - 1];
    if (last !== undefined && row.time < last) return 'ignored';
    let kind: 'appended' | 'replaced';
    if (last === row.time) {
      this.closes[n - 1] = row.close;
      this.volumes[n - 1] = row.volume;
      kind = 'replaced';
    } else {
      this.closes.push(row.close);
      this.volumes.push(row.volume);
      this.times.push(row.time);
      kind = 'appended';
    }
    this.compute(this.times.length - 1);
    return kind;
  }

  /** Number of points. */
  get length(): number {
    return this.times.length;
  }

  /** Time of point i. */
  timeAt(i: number): number {
    return this.times[i] ?? NaN;
  }

  /** One line's values (`"MA.ma"`, `"BOLL.upper"`, …); empty for a line not computed. */
  line(key: string): readonly number[] {
    return this.out.get(key) ?? [];
  }

  private put(key: string, i: number, v: number): void {
    const arr = this.out.get(key);
    if (arr === undefined) return;
    arr.length = Math.min(arr.length, i);
    arr.push(v);
  }

  private compute(i: number): void {
    const c = this.closes;
    const p = INDICATOR_PARAMS;
    if (this.ids.has('MA')) this.put('MA.ma', i, smaAt(c, i, p.maLength));
    if (this.ids.has('EMA')) {
      const arr = this.out.get('EMA.ema') ?? [];
      arr.length = Math.min(arr.length, i);
      arr.push(emaAt(c, arr, i, p.emaLength));
    }
    if (this.ids.has('BOLL')) {
      const [m, u, l] = bollAt(c, i, p.bollLength, p.bollWidth);
      this.put('BOLL.mid', i, m);
      this.put('BOLL.upper', i, u);
      this.put('BOLL.lower', i, l);
    }
    if (this.ids.has('VOL')) this.put('VOL.vol', i, this.volumes[i] ?? NaN);
    if (this.ids.has('MACD')) {
      const [d, e, h] = this.macdState.at(c, i, p.macdFast, p.macdSlow, p.macdSignal);
      this.put('MACD.dif', i, d);
      this.put('MACD.dea', i, e);
      this.put('MACD.hist', i, h);
    }
    if (this.ids.has('RSI')) this.put('RSI.rsi', i, this.rsiState.at(c, i, p.rsiLength));
  }
}
