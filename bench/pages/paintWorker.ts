/**
 * Main-thread side of the hub bench page's paint worker (hubPaint.worker.ts; bench only, moved out of src/hub): gives the worker the canvas (as an OffscreenCanvas) and its own port to the
 * hub, and forwards page visibility. After this the tab's main thread does no work per frame for that canvas.
 */
import * as Comlink from 'comlink';
import { hubClient } from '../../src/hub/client';
import type { PaintInit } from './paintInit';

/** Connects `worker` to the hub and hands it `canvas`; `extra` is merged into the init message. */
export async function startPaintWorker(
  worker: Worker,
  canvas: HTMLCanvasElement,
  extra: Readonly<Record<string, unknown>> = {},
): Promise<void> {
  const { port1, port2 } = new MessageChannel();
  await hubClient()
    .remote()
    .connect(Comlink.transfer(port1, [port1]));
  const offscreen = canvas.transferControlToOffscreen();
  const init: PaintInit = {
    canvas: offscreen,
    hubPort: port2,
    visible: document.visibilityState === 'visible',
  };
  worker.postMessage({ ...extra, ...init }, [offscreen, port2]);
  document.addEventListener('visibilitychange', () => {
    worker.postMessage({ visible: document.visibilityState === 'visible' });
  });
}
