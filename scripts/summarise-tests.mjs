// Sums Vitest's and Playwright's JSON reports into one plain line: "N passed, N failed".
// A step that failed before any test ran (install, typecheck, lint, build) counts as one failure.
import { existsSync, readFileSync } from 'node:fs';

const status = Number(process.argv[2] ?? '0');
let passed = 0;
let failed = 0;
let skipped = 0;

function read(path) {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

const unit = read('reports/unit.json');
if (unit !== undefined) {
  passed += unit.numPassedTests ?? 0;
  failed += unit.numFailedTests ?? 0;
  skipped += (unit.numPendingTests ?? 0) + (unit.numTodoTests ?? 0);
}
const e2e = read('reports/e2e.json');
if (e2e?.stats !== undefined) {
  passed += (e2e.stats.expected ?? 0) + (e2e.stats.flaky ?? 0);
  failed += e2e.stats.unexpected ?? 0;
  skipped += e2e.stats.skipped ?? 0;
}
if (status !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
