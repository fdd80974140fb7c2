/**
 * The hardened edge in Chromium: the page works under its Content-Security-Policy (hub SharedWorker, paint worker,
 * pixi.js on WebGL, lightweight-charts, i18n, the socket) with no violation; and a page of another origin on the
 * same site (so the Lax cookie does travel) can neither log the browser into another account, nor write with the
 * user's session, nor open the user's socket.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { api, loginAs } from './support/orders';
import { openPair, waitForLivePrice } from './support/shell';

/** Records CSP violations (document events and console reports) of a page from its first script on. */
async function watchCsp(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  await page.exposeFunction('__cspViolation', (s: string) => {
    seen.push(s);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __cspViolation: (s: string) => void }).__cspViolation;
      report(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return seen;
}

test('the page works under its Content-Security-Policy: workers, canvases, chart, socket, login', async ({
  page,
}) => {
  test.slow(); // The WebGL half runs on SwiftShader.
  await page.setViewportSize({ width: 1440, height: 900 });
  const violations = await watchCsp(page);
  const res = await page.goto('/en/trade/spot/BTC/USDT');
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(res?.headers()['x-content-type-options']).toBe('nosniff');
  await expect(page.getByTestId('trade-page')).toHaveAttribute('data-state', 'found', { timeout: 15_000 });
  await waitForLivePrice(page);
  const book = page.getByTestId('book-canvas');
  await expect(book).toHaveAttribute('data-rows', /^[1-9]\d*$/, { timeout: 15_000 });
  await expect(book).toHaveAttribute('data-renderer', 'canvas2d-worker');
  // The boot worker probed WebGL under the policy and answered (a renderer string, '' for no context): the page used
  // that instead of probing on its own thread.
  expect(await page.evaluate(() => typeof (window as { bootWebGL?: unknown }).bootWebGL)).toBe('string');
  await expect(page.locator('[data-grid-item="chart"] canvas').first()).toBeVisible();
  // Another language's strings load under the policy too.
  await openPair(page, 'de-DE', 'BTC', 'USDT');
  await waitForLivePrice(page);
  // The login form posts to its own origin: allowed.
  await loginAs(page, 'uta@sim.local', 'uta-pass');
  await page.goto('/en/trade/spot/BTC/USDT?backend=webgl');
  await expect(page.getByTestId('book-canvas')).toHaveAttribute('data-renderer', 'webgl', {
    timeout: 15_000,
  });
  await expect(page.getByTestId('book-canvas')).toHaveAttribute('data-rows', /^[1-9]\d*$/, {
    timeout: 15_000,
  });
  expect(violations).toEqual([]);
});

/**
 * A page of another origin on the same site as the simulator (127.0.0.1, another port), served by a real loopback
 * server: Chromium lets a loopback page reach loopback, so only the simulator's own checks stand in the way.
 */
async function foreignSite(html: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

test('a same-site page of another origin cannot log in, write with the session, or open the socket', async ({
  page,
  baseURL,
}) => {
  const base = baseURL ?? '';
  await loginAs(page, 'classic@sim.local', 'classic-pass');
  const before = (await api<{ result: { id: string } }>(page, 'GET', '/user/api/info')).result.id;
  const foreign = await foreignSite(
    `<!doctype html><title>foreign</title><form method="post" action="${base}/login">` +
      '<input name="email" value="uta@sim.local"><input name="password" value="uta-pass">' +
      '<button>go</button></form>',
  );
  await page.goto(foreign.url);
  const outcome = await page.evaluate(async (sim) => {
    // A no-CORS write with the user's cookie (same site: the Lax cookie is sent); the answer is opaque.
    await fetch(`${sim}/user/api/pref/setPrefSetting`, {
      method: 'POST',
      mode: 'no-cors',
      credentials: 'include',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ upsert_keys: { foreignWrite: 'yes' } }),
    });
    const socket = await new Promise<string>((resolve) => {
      const ws = new WebSocket(`${sim.replace(/^http/, 'ws')}/realtime_w`);
      ws.onopen = () => {
        resolve('open');
      };
      ws.onclose = (e) => {
        resolve(`closed ${e.code}`);
      };
    });
    return { socket };
  }, base);
  expect(outcome.socket).toBe('closed 1006');
  // Login CSRF: a form on the foreign page posts someone else's credentials to /login.
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url() === `${base}/login` && r.request().method() === 'POST'),
    page.click('button'),
  ]);
  expect(answer.status()).toBe(403);
  await page.waitForURL(`${base}/login`);
  expect(await page.textContent('body')).toContain('10403');
  await page.goto('/en/trade/spot/BTC/USDT');
  // Still the same user, and the foreign write changed nothing.
  expect((await api<{ result: { id: string } }>(page, 'GET', '/user/api/info')).result.id).toBe(before);
  const prefs = await api<{ result: Record<string, string> }>(page, 'GET', '/user/api/pref/getPrefSetting');
  expect(prefs.result.foreignWrite).toBeUndefined();
  foreign.server.close();
});
