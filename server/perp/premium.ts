/**
 * The perpetual's premium over its index: a seeded Ornstein–Uhlenbeck walk in one-second steps, pulled back to a
 * small contango, so a basis exists and moves without drifting away. Stepped lazily up to the clock's time when
 * read, so it needs no timer and follows `POST /sim/test/clock` jumps.
 */
import { gaussian, makeRng } from '../market/rng';

/** Long-run premium (a fraction of the index: 0.0006 = 6 bp of contango). */
export const PREMIUM_MEAN = 0.0006;
/** Pull back per second toward the mean (half-life about 23 s). */
const PREMIUM_PULL = 0.03;
/** Noise per second (the stationary spread is about 0.0002 either side of the mean). */
const PREMIUM_NOISE = 0.00005;
/** Steps run at most per read; beyond, the walk restarts from its mean (a long jump of the clock). */
const MAX_STEPS = 3600;
/** Premium cap either side (a mark never leaves the index by more than 1 %). */
const PREMIUM_CAP = 0.01;

/** One contract's premium walk. */
export class PremiumWalk {
  private readonly rng: () => number;
  private value = PREMIUM_MEAN;
  private at: number;

  constructor(seed: number, start: number) {
    this.rng = makeRng(seed);
    this.at = start;
  }

  /** The premium at clock time `now` (steps the walk up to it). */
  valueAt(now: number): number {
    let steps = Math.floor((now - this.at) / 1000);
    if (steps <= 0) return this.value;
    this.at += steps * 1000;
    if (steps > MAX_STEPS) {
      this.value = PREMIUM_MEAN;
      steps = MAX_STEPS;
    }
    for (let i = 0; i < steps; i++) {
      const next =
        this.value + PREMIUM_PULL * (PREMIUM_MEAN - this.value) + PREMIUM_NOISE * gaussian(this.rng);
      this.value = Math.max(-PREMIUM_CAP, Math.min(PREMIUM_CAP, next));
    }
    return this.value;
  }
}
