import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSameOriginRedirect, toSameOriginRedirect } from '../../../../server/api/auth';
import { CALLS, SESSION_COOKIE } from '../../../../workers/protocol/paths';
import { call, login, resultOf, sessionCookieOf, startHarness, totalOf, type Harness } from './harness';

const HOST = '127.0.0.1:5173';

describe('isSameOriginRedirect', () => {
  it.each([
    '/',
    '/en/trade/spot/BTC/USDT',
    '/trade/spot/?x=1#y',
    `http://${HOST}/en/trade/spot/ETH/USDT`,
    `HTTP://${HOST}/a`,
  ])('allows %s', (target) => {
    expect(isSameOriginRedirect(target, HOST)).toBe(true);
  });

  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    `https://${HOST}/`, // same host, other scheme: another origin
    'http://127.0.0.1:5174/',
    `http://${HOST}@evil.example/`,
    `http://user:pw@${HOST}/`,
    '/..//evil.example',
    '/%2e%2e//evil.example',
    '/ok\n//evil.example',
    '/ok\r\nSet-Cookie: x=1',
    ' /leading-space',
    '/tab\tinside',
    'evil.example',
    '',
    `/${'a'.repeat(3000)}`,
  ])('refuses %j', (target) => {
    expect(isSameOriginRedirect(target, HOST)).toBe(false);
  });

  it('refuses everything when the Host header is not an origin', () => {
    expect(isSameOriginRedirect('/', '')).toBe(false);
    expect(isSameOriginRedirect('/', 'evil.example/path')).toBe(false);
    expect(isSameOriginRedirect('/', 'a@evil.example')).toBe(false);
  });

  it('normalises non-ASCII so the Location header stays valid', () => {
    expect(toSameOriginRedirect('/en/trade/spot/BTC/USDT?x=✓', HOST)).toBe(
      '/en/trade/spot/BTC/USDT?x=%E2%9C%93',
    );
  });

  it('honours https when the request came over https', () => {
    expect(isSameOriginRedirect(`https://${HOST}/x`, HOST, 'https:')).toBe(true);
    expect(isSameOriginRedirect(`http://${HOST}/x`, HOST, 'https:')).toBe(false);
  });
});

describe('auth routes', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('serves a dark, self-contained login page with the redirect_url in a hidden field', async () => {
    const r = await call(h, CALLS.loginPage, { query: { redirect_url: '/en/trade/spot/ETH/USDT' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/html');
    expect(r.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(r.text).toContain('<form method="post" action="/login">');
    expect(r.text).toContain('name="redirect_url" value="/en/trade/spot/ETH/USDT"');
    expect(r.text).not.toMatch(/<script|<link|src=/i);
    for (const secret of ['classic-pass', 'uta-pass', 'demo-pass', '@sim.local'])
      expect(r.text).not.toContain(secret);
  });

  it.each([CALLS.loginPage, CALLS.registerPage])('escapes an injected redirect_url on %s', async (def) => {
    const evil = '"><script>alert(1)</script><a href="';
    const r = await call(h, def, { query: { redirect_url: evil } });
    expect(r.status).toBe(200);
    expect(r.text).not.toContain('<script');
    expect(r.text).not.toContain('"><script');
    expect(r.text).not.toContain('<a href="">');
    expect(r.text).toContain('&#34;&#62;&#60;script&#62;');
  });

  it('logs in with a form post: 303 to the redirect_url and an HttpOnly session cookie', async () => {
    const r = await call(h, CALLS.login, {
      form: { email: 'uta@sim.local', password: 'uta-pass', redirect_url: '/en/trade/spot/ETH/USDT' },
    });
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe('/en/trade/spot/ETH/USDT');
    const setCookie = r.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{20,};`));
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).toContain('Max-Age=604800');
    const info = await call(h, CALLS.userInfo, { cookie: sessionCookieOf(r) });
    expect(resultOf(info)).toMatchObject({ isLogin: true, email: 'uta@sim.local' });
  });

  it('accepts an absolute same-origin redirect_url', async () => {
    const target = `${h.base}/en/trade/spot/BTC/USDT`;
    const r = await call(h, CALLS.login, {
      form: { email: 'uta@sim.local', password: 'uta-pass', redirect_url: target },
    });
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe(target);
  });

  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '/..//evil.example',
  ])('never redirects off-origin (%s): falls back to /', async (target) => {
    const r = await call(h, CALLS.login, {
      form: { email: 'uta@sim.local', password: 'uta-pass', redirect_url: target },
    });
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe('/');
    const json = await call(h, CALLS.login, {
      json: { email: 'uta@sim.local', password: 'uta-pass', redirect_url: target },
    });
    expect(resultOf(json).redirect).toBe('/');
  });

  it('logs in with JSON: code 0, uid and redirect', async () => {
    const r = await call(h, CALLS.login, {
      json: { email: 'Classic@Sim.Local', password: 'classic-pass', redirect_url: '/x' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 0, success: true, message: 'success' });
    expect(resultOf(r)).toEqual({
      uid: h.ctx.accounts.all().find((a) => a.kind === 'classic')?.id,
      redirect: '/x',
    });
    expect(r.headers.get('set-cookie')).toContain('HttpOnly');
  });

  it('refuses a wrong password: the form page again with an error (401), JSON 10007', async () => {
    const form = await call(h, CALLS.login, {
      form: { email: 'uta@sim.local', password: 'wrong-pass', redirect_url: '/"><b>' },
    });
    expect(form.status).toBe(401);
    expect(form.headers.get('set-cookie')).toBeNull();
    expect(form.text).toContain('Wrong email or password.');
    expect(form.text).toContain('value="uta@sim.local"');
    expect(form.text).not.toContain('<b>');
    const json = await call(h, CALLS.login, { json: { email: 'nobody@sim.local', password: 'whatever1' } });
    expect(json.status).toBe(401);
    expect(json.body).toMatchObject({ code: 10007, success: false });
    expect(json.headers.get('set-cookie')).toBeNull();
  });

  it('rejects missing or oversized login fields with 10001 naming the field', async () => {
    const missing = await call(h, CALLS.login, { json: { password: 'x' } });
    expect(missing.body.code).toBe(10001);
    expect(missing.body.message).toContain('email');
    const long = await call(h, CALLS.login, { json: { email: 'a@b.c', password: 'p'.repeat(129) } });
    expect(long.body.code).toBe(10001);
    expect(long.body.message).toContain('password');
    const form = await call(h, CALLS.login, { form: { email: 'a@b.c' } });
    expect(form.status).toBe(400);
    expect(form.text).toContain('password is required');
  });

  it('registers a funded unified account without a session, then logs it in', async () => {
    const r = await call(h, CALLS.register, {
      json: { email: 'new.user@sim.local', password: 'longenough', redirect_url: '/en/trade/spot/ETH/USDT' },
    });
    expect(r.body).toMatchObject({ code: 0, success: true });
    expect(resultOf(r)).toEqual({
      next: '/login?redirect_url=%2Fen%2Ftrade%2Fspot%2FETH%2FUSDT&registered=1',
    });
    expect(r.headers.get('set-cookie')).toBeNull();
    const cookie = await login(h, 'new.user@sim.local', 'longenough');
    const info = resultOf(await call(h, CALLS.userInfo, { cookie }));
    expect(info).toMatchObject({ isLogin: true, isUTA: true, unified_account: 2, isDemoAccount: false });
    const uid = String(info.id);
    expect(totalOf(h, uid, 'USDT')).toBe('100000');
    expect(totalOf(h, uid, 'BTC')).toBe('2');
  });

  it('answers a taken email exactly like a new one, logs no one in and changes nothing', async () => {
    const fresh = await call(h, CALLS.register, {
      json: { email: 'fresh.one@sim.local', password: 'longenough' },
    });
    const taken = await call(h, CALLS.register, {
      json: { email: 'UTA@sim.local', password: 'otherpass1' },
    });
    expect(taken.status).toBe(fresh.status);
    expect(taken.text).toBe(fresh.text);
    expect(taken.headers.get('set-cookie')).toBeNull();
    expect([...taken.headers.keys()].sort()).toEqual([...fresh.headers.keys()].sort());
    // The owner's password still works; the registrant's does not.
    await login(h, 'uta@sim.local');
    const wrong = await call(h, CALLS.login, { json: { email: 'uta@sim.local', password: 'otherpass1' } });
    expect(wrong.body).toMatchObject({ code: 10007 });

    const freshForm = await call(h, CALLS.register, {
      form: { email: 'fresh.form@sim.local', password: 'longenough' },
    });
    const takenForm = await call(h, CALLS.register, {
      form: { email: 'uta@sim.local', password: 'otherpass1' },
    });
    for (const r of [freshForm, takenForm]) {
      expect(r.status).toBe(303);
      expect(r.headers.get('location')).toBe('/login?registered=1');
      expect(r.headers.get('set-cookie')).toBeNull();
    }
    expect(takenForm.text).toBe(freshForm.text);
    const page = await call(h, CALLS.loginPage, { query: { registered: '1' } });
    expect(page.text).toContain('Registration received.');
  });

  it('registers with a form post and redirects same-origin only', async () => {
    const r = await call(h, CALLS.register, {
      form: { email: 'form.user@sim.local', password: 'longenough', redirect_url: '//evil.example' },
    });
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe('/login?registered=1');
    expect(r.headers.get('set-cookie')).toBeNull();
  });

  it.each([
    [{ password: 'longenough' }, 'email'],
    [{ email: 'not-an-email', password: 'longenough' }, 'email'],
    [{ email: `${'a'.repeat(115)}@b.com`, password: 'longenough' }, 'email'],
    [{ email: 'x@y.z' }, 'password'],
    [{ email: 'x@y.z', password: 'short' }, 'password'],
    [{ email: 'x@y.z', password: 'p'.repeat(129) }, 'password'],
    [{ email: 'x@y.z', password: { a: 1 } }, 'password'],
  ])('rejects bad registration %j naming %s', async (json, field) => {
    const r = await call(h, CALLS.register, { json });
    expect(r.body.code).toBe(10001);
    expect(String(r.body.message)).toContain(field);
  });

  it('logs out: closes the session and clears the cookie', async () => {
    const cookie = await login(h, 'uta@sim.local');
    const r = await call(h, CALLS.logout, { cookie });
    expect(r.body).toMatchObject({ code: 0, success: true });
    const setCookie = r.headers.get('set-cookie') ?? '';
    expect(setCookie).toContain(`${SESSION_COOKIE}=;`);
    expect(setCookie).toContain('Max-Age=0');
    expect(setCookie).toContain('HttpOnly');
    const info = await call(h, CALLS.userInfo, { cookie });
    expect(resultOf(info)).toEqual({ isLogin: false });
    const prefs = await call(h, CALLS.getPrefSetting, { cookie });
    expect(prefs.status).toBe(401);
    expect(prefs.body.code).toBe(10007);
  });

  it('logs out a visitor harmlessly', async () => {
    const r = await call(h, CALLS.logout);
    expect(r.body).toMatchObject({ code: 0 });
  });

  it('replaces the old session on a new login from the same browser', async () => {
    const first = await login(h, 'classic@sim.local');
    const r = await call(h, CALLS.login, {
      json: { email: 'classic@sim.local', password: 'classic-pass' },
      cookie: first,
    });
    const second = sessionCookieOf(r);
    expect(second).not.toBe(first);
    expect(resultOf(await call(h, CALLS.userInfo, { cookie: first }))).toEqual({ isLogin: false });
    expect(resultOf(await call(h, CALLS.userInfo, { cookie: second })).isLogin).toBe(true);
  });
});
