import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickEncoding, serveStatic } from '../../../../server/http/static';

describe('pickEncoding', () => {
  it('prefers brotli, falls back to gzip, honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip;q=0.8, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});

describe('serveStatic', () => {
  const root = mkdtempSync(join(tmpdir(), 'static-test-'));
  const js = `export const x = ${JSON.stringify('trade '.repeat(5000))};\n`;
  let server: Server;
  let base = '';
  beforeAll(async () => {
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>t</title>');
    writeFileSync(join(root, 'assets', 'app-abc123.js'), js);
    writeFileSync(join(root, 'assets', 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    server = createServer((req, res) => {
      serveStatic(root, req, res, new URL(req.url ?? '/', 'http://x').pathname);
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((ok) =>
      server.close(() => {
        ok();
      }),
    );
  });

  const raw = async (path: string, acceptEncoding: string) => {
    const { request } = await import('node:http');
    return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((ok, ko) => {
      request(`${base}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          ok({ headers: res.headers, body: Buffer.concat(chunks) });
        });
      })
        .on('error', ko)
        .end();
    });
  };

  it('sends hashed JS brotli-compressed, immutable, and much smaller', async () => {
    const r = await raw('/assets/app-abc123.js', 'gzip, br');
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['cache-control']).toContain('immutable');
    expect(r.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(r.body).toString()).toBe(js);
    expect(r.body.length).toBeLessThan(js.length / 10);
  });

  it('sends gzip to a gzip-only client, and plain bytes to one that accepts neither', async () => {
    const g = await raw('/assets/app-abc123.js', 'gzip');
    expect(g.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(g.body).toString()).toBe(js);
    const p = await raw('/assets/app-abc123.js', 'identity');
    expect(p.headers['content-encoding']).toBeUndefined();
    expect(p.body.toString()).toBe(js);
  });

  it('leaves images alone and keeps the SPA fallback uncached', async () => {
    const png = await raw('/assets/logo.png', 'br');
    expect(png.headers['content-encoding']).toBeUndefined();
    const page = await raw('/en/trade/spot/BTC/USDT', 'br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.body).toString()).toContain('<title>t</title>');
  });
});
