import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../../server/app';
import { CONTENT_SECURITY_POLICY } from '../../../../server/http/static';
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
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toContain("unsafe-inline'; script");
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
  });

  it('never serves a source map', async () => {
    const r = await fetch(`${sim.url}/assets/main-abc.js.map`);
    expect(r.status).toBe(404);
    expect(await r.text()).not.toContain('secret.ts');
  });
});
