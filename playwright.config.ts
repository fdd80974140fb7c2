import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

/** Port of the simulator the e2e suite starts (not the developer's 5173). */
const PORT = Number(process.env.E2E_PORT ?? 5199);
/** A fresh data directory per run: e2e tests never see state left by an earlier run. */
const DATA = process.env.E2E_DATA ?? mkdtempSync(join(tmpdir(), 'sim-e2e-'));
process.env.E2E_DATA = DATA;
/** Built app to serve (default dist/); lets parallel work build and test its own copy. */
const STATIC = process.env.E2E_STATIC ?? 'dist';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT ?? 'reports/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--enable-unsafe-swiftshader',
      ],
    },
  },
  webServer: {
    command: `node --import tsx server/main.ts --port ${PORT} --data ${DATA} --static ${STATIC} --quiet`,
    url: `http://127.0.0.1:${PORT}/sim/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
  },
});
