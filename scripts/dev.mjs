// `npm run dev`: the simulator on SIM_PORT (default 5174) and Vite on 5173 with a proxy to it, stopped together.
import { spawn } from 'node:child_process';

const simPort = process.env.SIM_PORT ?? '5174';
const procs = [
  spawn('npx', ['tsx', 'server/main.ts', '--port', simPort], { stdio: 'inherit' }),
  spawn('npx', ['vite'], {
    stdio: 'inherit',
    env: { ...process.env, SIM_URL: `http://127.0.0.1:${simPort}` },
  }),
];
const stop = () => {
  for (const p of procs) p.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs)
  p.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
