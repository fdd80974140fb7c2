/**
 * The chart's canvases get `desynchronized` 2D contexts. A canvas drawn on the main thread is a layer of the page's
 * compositor tree, and under software compositing every commit of the page copies every such canvas's pixels,
 * changed or not: on the trade page the chart's fifteen canvases made most of the main thread's commit time, at
 * about 1.7 ms a commit (4× throttle) for each pane-sized canvas that had not changed. A desynchronized canvas sends
 * its frames to the display compositor itself, as an OffscreenCanvas does, so the page's commit no longer carries it.
 * The library creates its contexts itself, so the option is added where it asks for one: every 2D context requested
 * for a canvas inside an element marked by `desyncCanvasesIn`. Browsers without the option ignore it.
 */

const MARK = 'data-canvas-desync';
/** On a canvas inside a marked element: its context is created as usual (`keepInCommit`). */
const IN_COMMIT = 'data-canvas-in-commit';

type GetContext = (this: HTMLCanvasElement, id: string, options?: unknown) => RenderingContext | null;

let installed = false;

function install(): void {
  if (installed) return;
  installed = true;
  const proto = HTMLCanvasElement.prototype;
  const original = Reflect.get(proto, 'getContext') as GetContext;
  const patched: GetContext = function getContext(this: HTMLCanvasElement, id, options) {
    if (id !== '2d' || this.closest(`[${MARK}]`) === null || this.hasAttribute(IN_COMMIT))
      return original.call(this, id, options);
    const given = typeof options === 'object' && options !== null ? options : {};
    return original.call(this, id, { ...given, desynchronized: true });
  };
  proto.getContext = patched as unknown as typeof proto.getContext;
}

/** From now on, 2D contexts of canvases inside `root` (present or added later) are created desynchronized. */
export function desyncCanvasesIn(root: HTMLElement): void {
  install();
  root.setAttribute(MARK, '');
}

/**
 * `canvas` (inside a marked element, before its context is asked for) keeps a synchronized context: what it draws
 * shows in the same frame as the page's own changes of that frame.
 */
export function keepInCommit(canvas: HTMLCanvasElement): void {
  canvas.setAttribute(IN_COMMIT, '');
}
