/** The fill sound (spec §7 "a fill-sound file"): a short two-tone chime synthesised with Web Audio, no asset. */

let ctx: AudioContext | null = null;

/** Plays the chime; silently does nothing where audio is unavailable or not yet allowed. */
export function playFillSound(): void {
  try {
    ctx ??= new AudioContext();
    const t0 = ctx.currentTime;
    for (const [i, freq] of [880, 1320].entries()) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t0 + i * 0.09);
      gain.gain.exponentialRampToValueAtTime(0.15, t0 + i * 0.09 + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + i * 0.09 + 0.16);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0 + i * 0.09);
      osc.stop(t0 + i * 0.09 + 0.18);
    }
  } catch {
    // No audio: the toast alone tells the trader.
  }
}
