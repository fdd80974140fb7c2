/**
 * Backend choice (issue 5 §6). pixi.js on WebGL only where the browser gives a WebGL context without a major
 * performance caveat (a hardware GPU); elsewhere (software rasteriser, blocklisted GPU, headless Chromium) plain
 * Canvas2D, measured far cheaper there. `?backend=webgl|canvas` forces one, so the bench can measure both.
 */
import type { Backend } from './surface';

/** The backend forced by the URL (`?backend=webgl|canvas`), or null. */
export function parseBackend(search: string): Backend | null {
  const v = new URLSearchParams(search).get('backend');
  return v === 'webgl' || v === 'canvas' ? v : null;
}

let probed: boolean | null = null;

/** True when a WebGL context with `failIfMajorPerformanceCaveat: true` can be created (checked once per page). */
export function hasFastWebGL(): boolean {
  if (probed !== null) return probed;
  try {
    const c = document.createElement('canvas');
    const gl =
      c.getContext('webgl2', { failIfMajorPerformanceCaveat: true }) ??
      c.getContext('webgl', { failIfMajorPerformanceCaveat: true });
    probed = gl !== null;
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
  } catch {
    probed = false;
  }
  return probed;
}

/** The backend for this page: forced by the URL, else WebGL when it is fast, else Canvas2D. */
export function chooseBackend(search: string, fastWebGL: () => boolean = hasFastWebGL): Backend {
  return parseBackend(search) ?? (fastWebGL() ? 'webgl' : 'canvas');
}
