// Makes sure Debian's Chromium is there for the e2e tests: installs it when we are root with apt-get, otherwise
// stops at once with a one-line instruction. Never hangs: apt gets a time limit and no stdin.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
if (!isRoot || !hasApt) {
  console.error(
    `Chromium not found at ${path}: install it with "sudo apt-get install -y chromium" (or set CHROMIUM_PATH), then re-run npm test.`,
  );
  process.exit(1);
}
console.log(`Chromium not found at ${path}: installing Debian's chromium with apt-get…`);
const opts = {
  stdio: ['ignore', 'inherit', 'inherit'],
  timeout: 15 * 60 * 1000,
  env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
};
for (const args of [
  ['update', '-qq'],
  ['install', '-y', '-qq', 'chromium'],
]) {
  const r = spawnSync('apt-get', args, opts);
  if (r.status !== 0) {
    console.error(
      `apt-get ${args.join(' ')} failed (${r.error?.message ?? `exit ${r.status}`}): install chromium by hand, then re-run npm test.`,
    );
    process.exit(1);
  }
}
if (!existsSync(path)) {
  console.error(`apt-get installed chromium but ${path} is still missing: set CHROMIUM_PATH to its binary.`);
  process.exit(1);
}
