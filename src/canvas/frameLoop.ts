/**
 * One requestAnimationFrame loop for every canvas of the tab. Tasks run only while the page is visible (a hidden tab
 * draws nothing) and each decides for itself whether it is dirty.
 */

/** A per-frame task; `now` is the rAF timestamp. */
export type FrameTask = (now: number) => void;

const tasks = new Set<FrameTask>();
let raf = 0;

function tick(now: number): void {
  raf = 0;
  if (tasks.size === 0) return;
  raf = requestAnimationFrame(tick);
  if (document.visibilityState !== 'visible') return;
  for (const t of tasks) t(now);
}

/** Runs `task` on every animation frame until the returned function is called. */
export function onEveryFrame(task: FrameTask): () => void {
  tasks.add(task);
  if (raf === 0) raf = requestAnimationFrame(tick);
  return () => {
    tasks.delete(task);
    if (tasks.size === 0 && raf !== 0) {
      cancelAnimationFrame(raf);
      raf = 0;
    }
  };
}
