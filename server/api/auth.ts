/**
 * Sessions: the login and register pages (small self-contained HTML), their form and JSON posts, and logout.
 * A session is an HttpOnly cookie; `redirect_url` is honoured only when it stays on this origin.
 */
import type { IncomingMessage } from 'node:http';
import type { Account } from '../accounts/accounts';
import { SESSION_TTL_MS, STARTING_BALANCES } from '../accounts/accounts';
import type { RouteModule, SimContext } from '../context';
import { fail, HTTP_ERRORS, ok } from '../http/envelope';
import { RateLimiter } from '../http/rateLimit';
import { LowPriorityHasher } from '../http/hasher';
import { ParamError, type Params } from '../http/params';
import { ApiError, RawReply, type RequestContext } from '../http/router';
import { CALLS, SESSION_COOKIE } from '../../workers/protocol/paths';

/** Error codes of the session calls (10007 is the wire's auth code; 10429 mirrors HTTP 429 like the router's codes). */
export const AUTH_ERRORS = {
  badCredentials: HTTP_ERRORS.auth,
  tooMany: 10429,
} as const;

const EMAIL_MAX = 120;
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;
const REDIRECT_MAX = 2048;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL_RE = /[\u0000-\u001f\u007f]/;
const SESSION_MAX_AGE_S = Math.floor(SESSION_TTL_MS / 1000);

/**
 * The redirect target to send a browser to, normalised, or null when it would leave this origin.
 * Relative targets must be a path (single leading '/'); absolute ones must be http(s) on exactly `host`.
 */
export function toSameOriginRedirect(target: string, host: string, protocol = 'http:'): string | null {
  if (target === '' || target.length > REDIRECT_MAX || CONTROL_RE.test(target)) return null;
  // Browsers treat '\' like '/' in http URLs, so '/\evil' is '//evil': refuse backslashes anywhere.
  if (target.includes('\\') || target.trim() !== target) return null;
  let own: URL;
  try {
    own = new URL(`${protocol}//${host}`);
  } catch {
    return null;
  }
  // A Host header carrying a path, query or credentials is not an origin.
  const extras = own.search + own.hash + own.username + own.password;
  if (host === '' || own.pathname !== '/' || extras !== '') return null;
  if (target.startsWith('/')) {
    if (target.startsWith('//')) return null;
    let resolved: URL;
    try {
      resolved = new URL(target, own);
    } catch {
      return null;
    }
    // Dot segments can fold '/..//evil' into '//evil' after resolution: check the path we would actually send.
    if (resolved.origin !== own.origin || resolved.pathname.startsWith('//')) return null;
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  }
  let abs: URL;
  try {
    abs = new URL(target);
  } catch {
    return null;
  }
  if (abs.protocol !== 'http:' && abs.protocol !== 'https:') return null;
  if (abs.username !== '' || abs.password !== '') return null;
  return abs.origin === own.origin ? abs.href : null;
}

/** True when `target` is a redirect that stays on the origin of `host` (see {@link toSameOriginRedirect}). */
export function isSameOriginRedirect(target: string, host: string, protocol = 'http:'): boolean {
  return toSameOriginRedirect(target, host, protocol) !== null;
}

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function sessionCookie(token: string): string {
  return `${SESSION_COOKIE}=${token}; HttpOnly; SameSite=Lax; Path=/; Max-Age=${SESSION_MAX_AGE_S}`;
}

const CLEAR_COOKIE = `${SESSION_COOKIE}=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0`;

// The pages carry only inline CSS and a form; a strict policy keeps any injection inert even if escaping failed.
const PAGE_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
};

type PageKind = 'login' | 'register';

interface PageInput {
  readonly kind: PageKind;
  readonly email: string;
  readonly redirectUrl: string;
  readonly error: string;
  /** A neutral status line (after a registration); '' for none. */
  readonly notice?: string;
}

function renderPage({ kind, email, redirectUrl, error, notice = '' }: PageInput): string {
  const isLogin = kind === 'login';
  const title = isLogin ? 'Log in' : 'Create an account';
  const action = isLogin ? CALLS.login.path : CALLS.register.path;
  const otherPath = isLogin ? CALLS.registerPage.path : CALLS.loginPage.path;
  const otherHref =
    redirectUrl === '' ? otherPath : `${otherPath}?redirect_url=${encodeURIComponent(redirectUrl)}`;
  const otherText = isLogin ? 'No account yet? Sign up' : 'Already registered? Log in';
  const pwHint = isLogin ? '' : ` minlength="${PASSWORD_MIN}"`;
  const errorBlock =
    (error === '' ? '' : `<p class="error" role="alert">${escapeHtml(error)}</p>`) +
    (notice === '' ? '' : `<p class="note" role="status">${escapeHtml(notice)}</p>`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Spot simulator</title>
<style>
  :root { color-scheme: dark; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #0b0e11;
    color: #eaecef; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { width: min(360px, 92vw); padding: 32px 28px; background: #161a1e; border: 1px solid #2b3139;
    border-radius: 8px; }
  h1 { margin: 0 0 20px; font-size: 22px; font-weight: 600; }
  label { display: block; margin: 14px 0 6px; color: #848e9c; }
  input { width: 100%; padding: 10px 12px; border: 1px solid #2b3139; border-radius: 4px; background: #0b0e11;
    color: #eaecef; font: inherit; }
  input:focus { outline: none; border-color: #f7a600; }
  button { width: 100%; margin-top: 22px; padding: 11px; border: 0; border-radius: 4px; background: #f7a600;
    color: #0b0e11; font: inherit; font-weight: 600; cursor: pointer; }
  .error { margin: 0 0 8px; padding: 8px 10px; border-radius: 4px; background: rgba(246, 70, 93, 0.12);
    color: #f6465d; }
  .note { margin: 0 0 8px; padding: 8px 10px; border-radius: 4px; background: rgba(247, 166, 0, 0.12);
    color: #eaecef; }
  .other { margin: 18px 0 0; text-align: center; }
  a { color: #f7a600; }
</style>
</head>
<body>
<main>
<h1>${title}</h1>
${errorBlock}
<form method="post" action="${action}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required maxlength="${EMAIL_MAX}" value="${escapeHtml(email)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="${isLogin ? 'current-password' : 'new-password'}" required maxlength="${PASSWORD_MAX}"${pwHint}>
<input type="hidden" name="redirect_url" value="${escapeHtml(redirectUrl)}">
<button type="submit">${title}</button>
</form>
<p class="other"><a href="${escapeHtml(otherHref)}">${otherText}</a></p>
</main>
</body>
</html>
`;
}

function page(status: number, input: PageInput): RawReply {
  return new RawReply({ status, html: renderPage(input), headers: PAGE_HEADERS });
}

function isFormPost(req: IncomingMessage): boolean {
  return req.headers['content-type']?.includes('application/x-www-form-urlencoded') === true;
}

/** The redirect_url as sent, bounded, for echoing back into the page (never trusted as a destination). */
function rawRedirect(params: Params): string {
  const v = params.raw.redirect_url;
  return typeof v === 'string' ? v.slice(0, REDIRECT_MAX) : '';
}

function rawEmail(params: Params): string {
  const v = params.raw.email;
  return typeof v === 'string' ? v.slice(0, EMAIL_MAX) : '';
}

function readCredentials(params: Params, kind: PageKind): { email: string; password: string } {
  const email = params.reqStr('email', { max: EMAIL_MAX });
  if (kind === 'register' && !EMAIL_RE.test(email)) throw new ParamError('email has an invalid format');
  const password = params.reqStr('password', { max: PASSWORD_MAX });
  if (kind === 'register' && password.length < PASSWORD_MIN) {
    throw new ParamError(`password must be at least ${PASSWORD_MIN} characters`);
  }
  return { email, password };
}

/** Where to go after logging in: the same-origin redirect_url, else the site root (never an error). */
function destination(rc: RequestContext<Account>): string {
  const target = rc.params.raw.redirect_url;
  if (typeof target !== 'string') return '/';
  return toSameOriginRedirect(target, rc.req.headers.host ?? '') ?? '/';
}

/** Opens a session for `account` and answers the form (303) or JSON post. */
function loggedIn(ctx: SimContext, rc: RequestContext<Account>, account: Account, form: boolean): RawReply {
  const redirect = destination(rc);
  // A fresh token on every login; an older session on this browser is closed rather than left dangling.
  if (rc.token !== null) ctx.accounts.closeSession(rc.token);
  const token = ctx.accounts.openSession(account.id);
  const cookie = sessionCookie(token);
  if (form) {
    const html = `<!doctype html><title>Redirecting</title><a href="${escapeHtml(redirect)}">Continue</a>`;
    return new RawReply({ status: 303, html, headers: { location: redirect, 'set-cookie': cookie } });
  }
  const reply = ok('code', { uid: account.id, redirect });
  return new RawReply({ ...reply, headers: { 'set-cookie': cookie } });
}

/** A form post's validation failure re-renders the page; a JSON post's becomes the router's 10001 envelope. */
function formError(e: unknown, kind: PageKind, params: Params): RawReply {
  if (!(e instanceof ParamError)) throw e;
  return page(400, {
    kind,
    email: rawEmail(params),
    redirectUrl: rawRedirect(params),
    error: `Please check the form: ${e.message}.`,
  });
}

/** Funds a new account with the starting balances every account gets. */
function fund(ctx: SimContext, accountId: string): void {
  ctx.engine.addAccount(accountId);
  for (const [coin, amount] of Object.entries(STARTING_BALANCES)) {
    const r = ctx.engine.deposit(accountId, coin, amount);
    if (!r.ok) throw new Error(`funding ${accountId} with ${amount} ${coin} failed: ${r.message}`);
  }
}

/** Failed logins allowed per address and per account in LOGIN_WINDOW_MS; registrations per address. */
export const AUTH_LIMITS = { loginPerAddress: 20, loginPerAccount: 5, registerPerAddress: 30 } as const;
const LOGIN_WINDOW_MS = 60_000;

/** The 429 answer of a limited login or register, with its Retry-After. */
async function tooMany(seconds: number): Promise<RawReply> {
  // Held a moment before it leaves: a guessing loop that ignores Retry-After then costs a request a second per
  // connection instead of as many as it can send (holding an answer costs the server nothing).
  await new Promise((ok) => setTimeout(ok, LIMITED_ANSWER_DELAY_MS));
  const reply = fail('code', AUTH_ERRORS.tooMany, `too many attempts, retry in ${seconds} s`, 429);
  return new RawReply({ ...reply, headers: { 'retry-after': String(seconds) } });
}

/** How long a limited login or register waits before its 429 leaves. */
export const LIMITED_ANSWER_DELAY_MS = 1000;

/** The login page's line after a registration: true whether or not the email was new, so it reveals nothing. */
export const REGISTERED_NOTICE =
  'Registration received. If this email was new, its account is ready: log in with it. If it was already registered, log in with its password.';

/**
 * The answer of every valid registration, new email or taken: no session, the login page to go to next. The same
 * status, body and headers either way, so `/register` cannot be used to learn which emails have accounts.
 */
function registered(rc: RequestContext<Account>, form: boolean): RawReply {
  const target = rc.params.raw.redirect_url;
  const redirect =
    typeof target === 'string' ? toSameOriginRedirect(target, rc.req.headers.host ?? '') : null;
  const next = `${CALLS.loginPage.path}?${new URLSearchParams({
    ...(redirect === null ? {} : { redirect_url: redirect }),
    registered: '1',
  }).toString()}`;
  if (form) {
    const html = `<!doctype html><title>Redirecting</title><a href="${escapeHtml(next)}">Continue</a>`;
    return new RawReply({ status: 303, html, headers: { location: next } });
  }
  return new RawReply(ok('code', { next }));
}

/** Registers /login, /register (pages and posts) and /logout. */
export const registerAuthRoutes: RouteModule = (router, ctx) => {
  const byAddress = new RateLimiter(ctx.now, AUTH_LIMITS.loginPerAddress, LOGIN_WINDOW_MS);
  const byAccount = new RateLimiter(ctx.now, AUTH_LIMITS.loginPerAccount, LOGIN_WINDOW_MS);
  const registrations = new RateLimiter(ctx.now, AUTH_LIMITS.registerPerAddress, LOGIN_WINDOW_MS);
  const hasher = new LowPriorityHasher();
  router.on(CALLS.loginPage, (rc) =>
    page(200, {
      kind: 'login',
      email: '',
      redirectUrl: rawRedirect(rc.params),
      error: '',
      notice: rc.params.raw.registered === '1' ? REGISTERED_NOTICE : '',
    }),
  );
  router.on(CALLS.registerPage, (rc) =>
    page(200, { kind: 'register', email: '', redirectUrl: rawRedirect(rc.params), error: '', notice: '' }),
  );

  router.on(
    CALLS.login,
    async (rc) => {
      const form = isFormPost(rc.req);
      let creds: { email: string; password: string };
      try {
        creds = readCredentials(rc.params, 'login');
      } catch (e) {
        if (form) return formError(e, 'login', rc.params);
        throw e;
      }
      const ipKey = `ip:${rc.req.socket.remoteAddress ?? ''}`;
      const acctKey = `acct:${creds.email.trim().toLowerCase()}`;
      const wait = Math.max(byAddress.retryAfter(ipKey), byAccount.retryAfter(acctKey));
      if (wait > 0) return tooMany(wait);
      // The attempt counts before the hash runs, so a burst of parallel guesses cannot all get past the limit
      // while the first ones are still hashing; a login that succeeds gives its attempt back.
      byAddress.hit(ipKey);
      byAccount.hit(acctKey);
      const account = await hasher.verify(ctx.accounts.all(), creds.email, creds.password);
      if (account === null) {
        const message = 'Wrong email or password.';
        if (form) {
          return page(401, {
            kind: 'login',
            email: creds.email,
            redirectUrl: rawRedirect(rc.params),
            error: message,
          });
        }
        throw new ApiError(AUTH_ERRORS.badCredentials, 'wrong email or password', 401);
      }
      byAddress.undo(ipKey);
      byAccount.undo(acctKey);
      return loggedIn(ctx, rc, account, form);
    },
    { forms: true },
  );

  router.on(
    CALLS.register,
    async (rc) => {
      const form = isFormPost(rc.req);
      let creds: { email: string; password: string };
      try {
        creds = readCredentials(rc.params, 'register');
      } catch (e) {
        if (form) return formError(e, 'register', rc.params);
        throw e;
      }
      const ipKey = `ip:${rc.req.socket.remoteAddress ?? ''}`;
      const wait = registrations.retryAfter(ipKey);
      if (wait > 0) return tooMany(wait);
      registrations.hit(ipKey);
      const account = ctx.accounts.register(creds.email, creds.password, 'unified');
      // A taken email costs the same password hash as a new one, so the answer's timing tells nothing either.
      if (account === null) await hasher.verify(ctx.accounts.all(), creds.email, creds.password);
      else fund(ctx, account.id);
      return registered(rc, form);
    },
    { forms: true },
  );

  router.on(CALLS.logout, (rc) => {
    if (rc.token !== null) ctx.accounts.closeSession(rc.token);
    return new RawReply({ ...ok('code', {}), headers: { 'set-cookie': CLEAR_COOKIE } });
  });
};
