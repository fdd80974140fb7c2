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

/** Renderer strings of software rasterisers (Chromium does not always honour failIfMajorPerformanceCaveat for them). */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software|basic render/i;

/** True for a GPU renderer string naming a software rasteriser. */
export function isSoftwareRenderer(renderer: string): boolean {
  return SOFTWARE_RENDERER.test(renderer);
}

/**
 * What index.html's boot worker found, once it has answered: the renderer string of a WebGL context it made on an
 * OffscreenCanvas with `failIfMajorPerformanceCaveat: true`, or '' when it could make none. Undefined when it has not
 * answered or could not probe (no OffscreenCanvas in workers): the page then probes on its own thread.
 */
export function bootRenderer(
  w: { bootWebGL?: unknown } = window as { bootWebGL?: unknown },
): string | undefined {
  return typeof w.bootWebGL === 'string' ? w.bootWebGL : undefined;
}

/**
 * True when a WebGL context with `failIfMajorPerformanceCaveat: true` can be created and its renderer is not a
 * software rasteriser (checked once per page). The boot worker's answer when it has one: making the context costs
 * 30 ms of a laptop's main thread, and more on a phone, at the moment the panels mount.
 */
export function hasFastWebGL(): boolean {
  if (probed !== null) return probed;
  const found = bootRenderer();
  if (found !== undefined) {
    probed = found !== '' && !isSoftwareRenderer(found);
    return probed;
  }
  try {
    const c = document.createElement('canvas');
    const gl =
      c.getContext('webgl2', { failIfMajorPerformanceCaveat: true }) ??
      c.getContext('webgl', { failIfMajorPerformanceCaveat: true });
    if (gl === null) probed = false;
    else {
      const info = gl.getExtension('WEBGL_debug_renderer_info');
      const renderer = String(gl.getParameter(info === null ? gl.RENDERER : info.UNMASKED_RENDERER_WEBGL));
      probed = !isSoftwareRenderer(renderer);
      gl.getExtension('WEBGL_lose_context')?.loseContext();
    }
  } catch {
    probed = false;
  }
  return probed;
}

/** The backend for this page: forced by the URL, else WebGL when it is fast, else Canvas2D. */
export function chooseBackend(search: string, fastWebGL: () => boolean = hasFastWebGL): Backend {
  return parseBackend(search) ?? (fastWebGL() ? 'webgl' : 'canvas');
}

let pageBackend: Backend | null = null;

/** The page's backend, chosen once: the URL's `?backend=`, else a fast-WebGL probe. */
export function pageSurfaceBackend(): Backend {
  pageBackend ??= chooseBackend(location.search);
  return pageBackend;
}

/** WebGL failed to start after all: the page draws with Canvas2D from now on. */
export function demoteToCanvas(): void {
  pageBackend = 'canvas';
}
