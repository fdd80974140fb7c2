import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSameOrigin, mediaType } from '../../../../server/http/origin';
import { CALLS } from '../../../../workers/protocol/paths';
import { call, login, resultOf, startHarness, type Harness } from '../api/harness';

const HOST = '127.0.0.1:5173';

describe('isSameOrigin', () => {
  it.each([`http://${HOST}`, `https://${HOST}`, 'http://localhost:5173'])('accepts %s for its Host', (o) => {
    expect(isSameOrigin(o, new URL(o).host)).toBe(true);
  });

  it.each([
    'http://127.0.0.1:5174',
    'http://localhost:5173',
    'http://evil.example',
    'null',
    '',
    `http://${HOST}/path`,
    `http://user@${HOST}`,
    `ftp://${HOST}`,
    'not a url',
  ])('refuses %j for Host 127.0.0.1:5173', (o) => {
    expect(isSameOrigin(o, HOST)).toBe(false);
  });

  it('refuses everything without a Host', () => {
    expect(isSameOrigin(`http://${HOST}`, '')).toBe(false);
  });

  it('reads the media type without parameters', () => {
    expect(mediaType('Application/JSON; charset=utf-8')).toBe('application/json');
    expect(mediaType(undefined)).toBe('');
  });
});

describe('the edge on POST', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  async function post(
    path: string,
    body: string,
    headers: Record<string, string>,
  ): Promise<{ status: number; body: Record<string, unknown>; cookie: string | null }> {
    const res = await fetch(h.base + path, { method: 'POST', headers, body, redirect: 'manual' });
    const text = await res.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // A page, not JSON.
    }
    return { status: res.status, body: parsed, cookie: res.headers.get('set-cookie') };
  }

  const creds = JSON.stringify({ email: 'uta@sim.local', password: 'uta-pass' });
  const json = { 'content-type': 'application/json' };

  it('refuses a login from a foreign Origin (login CSRF): 403 envelope, no session', async () => {
    for (const origin of ['http://evil.example', 'http://127.0.0.1:1', 'null']) {
      const r = await post('/login', creds, { ...json, origin });
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ code: 10403, success: false });
      expect(r.cookie).toBeNull();
    }
    const form = await post('/login', 'email=uta%40sim.local&password=uta-pass', {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'http://evil.example',
    });
    expect(form.status).toBe(403);
    expect(form.cookie).toBeNull();
  });

  it('accepts a login with its own Origin (the form page) or none (scripts)', async () => {
    const own = await post('/login', creds, { ...json, origin: h.base });
    expect(own.body).toMatchObject({ code: 0 });
    const form = await post('/login', 'email=uta%40sim.local&password=uta-pass', {
      'content-type': 'application/x-www-form-urlencoded',
      origin: h.base,
    });
    expect(form.status).toBe(303);
    expect(form.cookie).toContain('HttpOnly');
    expect((await post('/login', creds, json)).body).toMatchObject({ code: 0 });
  });

  it('refuses a registration from a foreign Origin and creates nothing', async () => {
    const before = h.ctx.accounts.all().length;
    const r = await post('/register', JSON.stringify({ email: 'csrf@sim.local', password: 'longenough' }), {
      ...json,
      origin: 'http://evil.example',
    });
    expect(r.status).toBe(403);
    expect(h.ctx.accounts.all().length).toBe(before);
  });

  it('refuses an authenticated write from a foreign Origin even with the cookie', async () => {
    const cookie = await login(h, 'uta@sim.local');
    const body = JSON.stringify({ upsert_keys: { csrf: 'yes' } });
    const r = await post(CALLS.setPrefSetting.path, body, {
      ...json,
      cookie,
      origin: 'http://localhost:9999',
    });
    expect(r.status).toBe(403);
    const ok = await post(CALLS.setPrefSetting.path, body, { ...json, cookie, origin: h.base });
    expect(ok.body).toMatchObject({ code: 0 });
    const prefs = await call(h, CALLS.getPrefSetting, { cookie });
    expect(resultOf(prefs)).toEqual({ csrf: 'yes' });
  });

  it.each([
    ['text/plain', '{"email":"uta@sim.local","password":"uta-pass"}'],
    ['multipart/form-data; boundary=x', '--x--'],
    ['', 'email=uta%40sim.local&password=uta-pass'],
  ])('refuses a %j body on an API post with 415', async (type, body) => {
    const cookie = await login(h, 'uta@sim.local');
    const headers: Record<string, string> = { cookie };
    if (type !== '') headers['content-type'] = type;
    const r = await post(CALLS.logout.path, body, headers);
    expect(r.status).toBe(415);
    expect(r.body).toMatchObject({ code: 10415, success: false });
    const login2 = await post('/login', body, headers);
    expect(login2.status).toBe(415);
    expect(login2.cookie).toBeNull();
  });

  it('accepts a body-less POST without a type (nothing to misread)', async () => {
    const r = await fetch(h.base + CALLS.logout.path, { method: 'POST' });
    expect(r.status).toBe(200);
  });
});
