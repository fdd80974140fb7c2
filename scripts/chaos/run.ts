/**
 * `npm run chaos [-- --short] [--rate N] [--kills N]`: the fault matrix of issue 28 against real simulator
 * processes on loopback, temp data directories and free ports, bounded in time (5 minutes; 60 s with `--short`).
 * Prints one table row per fault with what was measured, the criterion and the verdict; exits 1 if any fails.
 */
import { pathToFileURL } from 'node:url';
import { writeCost } from './cost';
import { bruteForce, snapshotFlood } from './fairness';
import { corruptedDatabase, injectedWriteFailure } from './faults';
import { killStorm } from './storm';

/** Options of a chaos run. */
export interface ChaosOptions {
  readonly short: boolean;
  /** Storm rate of the kill matrix (`--rate`, book + trade messages per second). */
  readonly rate: number;
  readonly kills: number;
}

/** One row of the table. */
export interface ChaosRow {
  readonly fault: string;
  readonly measured: string;
  readonly criterion: string;
  readonly ok: boolean;
  /**
   * For a timed fault: everything but the timing ratio held (429s came, the flood was throttled). The short run
   * in `npm test` asserts this, since a ratio measured for a second on a shared CI machine is mostly its noise;
   * `npm run chaos` holds the ratios too.
   */
  readonly mechanismOk?: boolean;
}

const f1 = (n: number): string => n.toFixed(1);

/** Runs the matrix; rows in order. Scenarios past the time bound are reported as not run (a fail). */
export async function runChaos(
  o: ChaosOptions,
  log: (s: string) => void = () => undefined,
): Promise<ChaosRow[]> {
  const deadline = Date.now() + (o.short ? 60_000 : 300_000);
  const slots: ChaosRow[][] = [];
  const step = async (
    fault: string,
    criterion: string,
    run: () => Promise<Omit<ChaosRow, 'fault' | 'criterion'>>,
  ): Promise<void> => {
    // A slot per step, taken before it runs, keeps the table in this order when steps overlap.
    const slot: ChaosRow[] = [];
    slots.push(slot);
    log(`chaos: ${fault}…`);
    if (Date.now() > deadline) {
      slot.push({ fault, criterion, measured: 'not run: time bound reached', ok: false });
      return;
    }
    try {
      slot.push({ fault, criterion, ...(await run()) });
    } catch (e) {
      slot.push({
        fault,
        criterion,
        measured: `error: ${e instanceof Error ? e.message : String(e)}`.slice(0, 200),
        ok: false,
      });
    }
  };

  // The storm checks correctness only, so the two store faults run beside it; the timed steps run alone after.
  const storm = step(
    `${o.kills} × kill -9 during a storm (rate ${o.rate})`,
    'lost 0, doubled 0, pushed fills missing 0',
    async () => {
      // The storm gets what is left of the bound after the other faults' typical time.
      const r = await killStorm({
        kills: o.kills,
        rate: o.rate,
        deadline: deadline - (o.short ? 25_000 : 120_000),
      });
      for (const p of r.problems) log(`  ${p}`);
      const a = r.acked;
      return {
        measured:
          `kills ${r.kills}; acked orders ${a.orders}, cancels ${a.cancels}, registrations ${a.registrations}, ` +
          `prefs ${a.prefs}, pushed fills ${a.fills}; retried ${r.retried}; ` +
          `lost ${r.lost}, doubled ${r.doubled}, fills missing ${r.missingFills}`,
        ok: r.kills >= o.kills && r.lost === 0 && r.doubled === 0 && r.missingFills === 0 && a.fills > 0,
      };
    },
  );
  const faults = (async () => {
    await step('corrupted database', 'exit 1 with a message, file untouched', async () => {
      const r = await corruptedDatabase();
      return { measured: `exit ${String(r.exitCode)}; kept ${String(r.fileKept)}; "${r.message}"`, ok: r.ok };
    });
    await step(
      'injected write failure',
      'order and pref: 503 + 10016 envelope; nothing kept; server alive',
      async () => {
        const r = await injectedWriteFailure();
        return {
          measured: `HTTP ${r.status}, code ${String(r.code)}; unchanged ${String(r.unchanged)}; alive ${String(r.alive)}`,
          ok: r.ok,
        };
      },
    );
  })();
  await Promise.all([storm, faults]);
  await step('per-order write cost vs state size', 'median ratio ≤ 1.5', async () => {
    const small = await writeCost(1, o.short ? 30 : 60);
    const large = await writeCost(o.short ? 10 : 100, o.short ? 30 : 60);
    const ratio = large.medianMs / small.medianMs;
    return {
      measured:
        `${f1(small.stateMB)} MB: median ${small.medianMs.toFixed(2)} ms (p90 ${small.p90Ms.toFixed(2)}); ` +
        `${f1(large.stateMB)} MB: median ${large.medianMs.toFixed(2)} ms (p90 ${large.p90Ms.toFixed(2)}, ` +
        `start ${f1(large.startMs / 1000)} s); ratio ${ratio.toFixed(2)}`,
      ok: ratio <= 1.5,
      mechanismOk: large.medianMs > 0,
    };
  });
  const win = o.short ? 1500 : 3000;
  await step('login brute force (4 loops)', '429 within 10 tries; others’ ping p95 ≤ 2×', async () => {
    const r = await bruteForce(win);
    return {
      measured:
        `first 429 at try ${r.first429} of ${r.attempts}; ping p95 ${r.baseP95.toFixed(2)} → ` +
        `${r.duringP95.toFixed(2)} ms (×${r.ratio.toFixed(2)})`,
      ok: r.ok,
      mechanismOk: r.first429 > 0 && r.first429 <= 10,
    };
  });
  await step('snapshot-flooding client (reconnects)', 'throttled; others’ ping p95 ≤ 2×', async () => {
    const r = await snapshotFlood(win);
    return {
      measured:
        `${r.framesSent} subscribes on ${r.connections} connections; ${r.throttled} throttled, ${r.dropped} dropped (1008), ${r.refusedUpgrades} reconnects refused (429), ` +
        `${f1(r.snapshotMB)} MB of snapshots; ping p95 ${r.baseP95.toFixed(2)} → ${r.duringP95.toFixed(2)} ms ` +
        `(×${r.ratio.toFixed(2)})`,
      ok: r.ok,
      mechanismOk: r.throttled + r.dropped > 0,
    };
  });
  return slots.flat();
}

/** The table as text. */
export function formatTable(rows: readonly ChaosRow[]): string {
  const lines = rows.map(
    (r) => `| ${r.ok ? 'PASS' : 'FAIL'} | ${r.fault} | ${r.measured} | ${r.criterion} |`,
  );
  return ['| verdict | fault | measured | criterion |', '| --- | --- | --- | --- |', ...lines].join('\n');
}

function arg(name: string): string | undefined {
  const i = process.argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return undefined;
  const a = process.argv[i] ?? '';
  return a.includes('=') ? a.slice(a.indexOf('=') + 1) : process.argv[i + 1];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const short = process.argv.includes('--short');
  const opts: ChaosOptions = {
    short,
    rate: Number(arg('rate') ?? 200),
    kills: Number(arg('kills') ?? (short ? 3 : 20)),
  };
  const t0 = Date.now();
  const rows = await runChaos(opts, (s) => {
    console.log(s);
  });
  console.log(`\n${formatTable(rows)}\n\nchaos took ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  process.exitCode = rows.every((r) => r.ok) ? 0 : 1;
}
