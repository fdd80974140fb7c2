/**
 * `npm run bench [-- --quick]`: runs the benches serially, prints a table, writes bench/results/latest.json.
 * `-- --only=render,chart` runs just those browser benches (names: browser, orders, chart, render, page, tabs,
 * load, tools) and prints their table without touching latest.json, which only a full set of figures updates.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { runBrowserBench } from './browser.bench';
import { runChartBench } from './chart.bench';
import { runIngestBench } from './node/ingest.bench';
import { runLoadBench } from './load.bench';
import { runOrdersBench } from './orders.bench';
import { runPageBench } from './page.bench';
import { runRenderBench } from './render.bench';
import { runSimFeedBench } from './node/simFeed.bench';
import { runTabsBench } from './tabs.bench';
import { runToolsBench } from './node/tools.bench';
import type { BenchResult } from './measure';

const quick = process.argv.includes('--quick');
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const wants = (name: string): boolean => only === undefined || only.includes(name);
const started = Date.now();
const results: BenchResult[] =
  only === undefined ? [...runSimFeedBench(quick), ...runIngestBench(quick)] : [];
if (wants('tools')) results.push(...runToolsBench(quick));
if (!process.argv.includes('--node-only')) {
  if (wants('browser')) results.push(...(await runBrowserBench(quick)));
  if (wants('orders')) results.push(...(await runOrdersBench(quick)));
  if (wants('chart')) results.push(...(await runChartBench(quick)));
  if (wants('render')) results.push(...(await runRenderBench(quick)));
  if (wants('page')) results.push(...(await runPageBench(quick)));
  if (wants('tabs')) results.push(...(await runTabsBench(quick)));
  if (wants('load')) results.push(...(await runLoadBench(quick)));
}

const fmt = (v: number): string => (v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(2));
console.log(`\n${'figure'.padEnd(42)} ${'median'.padStart(14)}  unit    spread`);
for (const r of results)
  console.log(
    `${r.key.padEnd(42)} ${fmt(r.value).padStart(14)}  ${r.unit.padEnd(6)}  ${(r.spread * 100).toFixed(1)}%`,
  );

if (only !== undefined) process.exit(0);
mkdirSync('bench/results', { recursive: true });
const out = {
  generatedAt: new Date().toISOString(),
  quick,
  machine: { cpus: cpus().length, node: process.version },
  durationMs: Date.now() - started,
  figures: Object.fromEntries(
    results.map((r) => [
      r.key,
      { value: Number(r.value.toPrecision(6)), unit: r.unit, spread: Number(r.spread.toFixed(3)) },
    ]),
  ),
};
writeFileSync('bench/results/latest.json', JSON.stringify(out, null, 2) + '\n');
console.log(`\nwrote bench/results/latest.json (${out.durationMs} ms)`);
