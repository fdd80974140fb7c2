/** `npm start` / `npm run sim`: parses flags and environment, starts the simulator, prints its URL. */
import { DEFAULT_CONFIG, startSimulator } from './app';

function flag(name: string): string | undefined {
  const argv = process.argv.slice(2);
  const i = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return undefined;
  const a = argv[i] ?? '';
  return a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[i + 1];
}

function num(name: string, raw: string | undefined, def: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return def;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    console.error(`[sim] ${name} must be an integer from ${min} to ${max}, got "${raw}"`);
    process.exit(2);
  }
  return n;
}

const config = {
  host: DEFAULT_CONFIG.host,
  port: num('PORT', flag('port') ?? process.env.PORT, DEFAULT_CONFIG.port, 0, 65535),
  rate: num('SIM_RATE', flag('rate') ?? process.env.SIM_RATE, DEFAULT_CONFIG.rate, 0, 100_000),
  seed: num('SIM_SEED', flag('seed') ?? process.env.SIM_SEED, DEFAULT_CONFIG.seed, 0, 2 ** 31),
  dataDir: flag('data') ?? process.env.SIM_DATA ?? DEFAULT_CONFIG.dataDir,
  staticDir: flag('static') ?? process.env.SIM_STATIC ?? DEFAULT_CONFIG.staticDir,
  quiet: process.argv.includes('--quiet') || process.env.SIM_QUIET === '1',
};

startSimulator(config)
  .then((sim) => {
    console.log(
      `Simulator ready: ${sim.url}/  (rate ${config.rate || 'calm'}, seed ${config.seed}, data ${config.dataDir})`,
    );
    let stopping = false;
    const stop = (): void => {
      if (stopping) return;
      stopping = true;
      sim.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  })
  .catch((e: unknown) => {
    console.error('[sim] failed to start:', e);
    process.exit(1);
  });
