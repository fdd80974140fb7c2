/**
 * Turns `src/lib/perfMarks.ts` on in the paint worker when the tab asked for marks: a worker has no page query, so
 * the tab names the worker with `perfMarks=1` (see panelWorkerHost.ts), and since perfMarks reads its switch once at
 * load, the worker entry imports this module first.
 */
const g = globalThis as { name?: unknown; __perfMarks?: unknown };
if (typeof g.name === 'string' && g.name.includes('perfMarks=1')) g.__perfMarks = true;

/** Marks that the module ran (nothing to call: importing it is the effect). */
export const WORKER_MARKS_READ = true;
