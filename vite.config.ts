import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { execSync } from 'node:child_process';

/** Build id: the commit plus build time, so every build gets its own hub (the worker name carries it). */
function buildId(): string {
  let rev = 'nogit';
  try {
    rev = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    // Not a git checkout: the time alone still tells builds apart.
  }
  return `${rev}-${Date.now().toString(36)}`;
}

const BUILD_ID = process.env.BUILD_ID ?? buildId();

const SIM = process.env.SIM_URL ?? 'http://127.0.0.1:5174';
const API = [
  '/v5',
  '/spot/api',
  '/unified',
  '/user/api',
  '/announcements',
  '/sim',
  '/login',
  '/register',
  '/logout',
];

export default defineConfig({
  plugins: [
    react(),
    {
      // The trade page's first paint needs only its HTML (the inline skeleton). Its stylesheet goes from <head> to
      // the end of <body>, where it no longer holds back that paint (on a slow link, the 8 KB sheet shared the
      // bandwidth with the scripts before anything showed). Its module script and module preloads go into
      // <template id="app-scripts">, which index.html's boot script puts into <head> on the skeleton's first contentful
      // paint, running the entry once the sheet has loaded (no unstyled render).
      name: 'app-after-skeleton',
      apply: 'build',
      transformIndexHtml: {
        order: 'post',
        handler(html, ctx) {
          if (!ctx.path.endsWith('/index.html') || ctx.path.includes('/bench/')) return html;
          const take = (re: RegExp, into: string[], text: string): string =>
            text.replace(re, (tag) => {
              into.push(tag.trim());
              return '';
            });
          const sheets: string[] = [];
          const scripts: string[] = [];
          let rest = take(
            /\s*<link rel="stylesheet" crossorigin href="\/assets\/[^"]+\.css">/g,
            sheets,
            html,
          );
          rest = take(
            /\s*<script type="module" crossorigin src="\/assets\/[^"]+\.js"><\/script>/g,
            scripts,
            rest,
          );
          if (scripts.length !== 1)
            throw new Error(`index.html: expected one entry script, found ${scripts.length}`);
          rest = take(/\s*<link rel="modulepreload" crossorigin href="\/assets\/[^"]+\.js">/g, scripts, rest);
          const template = `<template id="app-scripts">${scripts.join('')}</template>`;
          return rest.replace('</body>', `  ${[...sheets, template].join('\n    ')}\n  </body>`);
        },
      },
    },
    {
      // /build.json lets a running hub learn that a newer build is deployed and tell its tabs to reload.
      name: 'build-id',
      generateBundle() {
        this.emitFile({ type: 'asset', fileName: 'build.json', source: JSON.stringify({ id: BUILD_ID }) });
      },
    },
  ],
  define: { __BUILD_ID__: JSON.stringify(BUILD_ID) },
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: true,
    rollupOptions: {
      input: {
        main: 'index.html',
        benchHub: 'bench/pages/hub.html',
        benchReference: 'bench/pages/reference.html',
        benchChart: 'bench/pages/chart.html',
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.DEV_PORT ?? 5173),
    strictPort: true,
    proxy: {
      ...Object.fromEntries(API.map((p) => [p, { target: SIM, changeOrigin: false }])),
      '/realtime_w': { target: SIM.replace(/^http/, 'ws'), ws: true },
    },
  },
});
