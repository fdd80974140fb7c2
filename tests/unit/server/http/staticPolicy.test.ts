import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../../server/app';
import { BOOT_SCRIPT_HASH, CONTENT_SECURITY_POLICY } from '../../../../server/http/static';
import { startTestSim } from '../../../support/sim';

let sim: Simulator;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'sim-static-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dist, 'assets', 'main-abc.js'), 'console.log(1);\n//# sourceMappingURL=main-abc.js.map');
  writeFileSync(join(dist, 'assets', 'main-abc.js.map'), '{"sources":["secret.ts"]}');
  sim = await startTestSim({ staticDir: dist });
});
afterAll(async () => {
  await sim.close();
});

describe('the built app', () => {
  it('serves the page with its Content-Security-Policy and nosniff', async () => {
    for (const path of ['/', '/en/trade/spot/BTC/USDT', '/assets/main-abc.js']) {
      const r = await fetch(sim.url + path);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect(CONTENT_SECURITY_POLICY).toContain(`script-src 'self' '${BOOT_SCRIPT_HASH}'`);
    expect(CONTENT_SECURITY_POLICY).not.toContain("unsafe-inline'; script");
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
  });

  it("allows index.html's inline boot script by its hash, and no other inline script", () => {
    const html = readFileSync(join(import.meta.dirname, '../../../../index.html'), 'utf8');
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
    expect(inline).toHaveLength(1);
    const hash = `sha256-${createHash('sha256')
      .update(inline[0] ?? '')
      .digest('base64')}`;
    expect(hash).toBe(BOOT_SCRIPT_HASH);
  });

  it('never serves a source map', async () => {
    const r = await fetch(`${sim.url}/assets/main-abc.js.map`);
    expect(r.status).toBe(404);
    expect(await r.text()).not.toContain('secret.ts');
  });
});
