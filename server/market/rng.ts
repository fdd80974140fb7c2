/** Seeded randomness for the synthetic market: same seed, same market. */

/** A seeded PRNG (mulberry32) returning floats in [0, 1). */
export function makeRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal sample from a uniform source (Box–Muller). */
export function gaussian(rng: () => number): number {
  const u = Math.max(rng(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}

/** A deterministic hash of (seed, integer key) to [0, 1): stateless noise for back-filled history. */
export function hash01(seed: number, key: number): number {
  // Split the key so values beyond 2^32 (ms timestamps) still mix fully.
  let h = (seed ^ 0x9e3779b9) >>> 0;
  const lo = key % 4294967296;
  const hi = Math.floor(key / 4294967296);
  h = Math.imul(h ^ (lo >>> 0), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13) ^ (hi >>> 0), 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x27d4eb2f) >>> 0;
  h ^= h >>> 15;
  return (h >>> 0) / 4294967296;
}
