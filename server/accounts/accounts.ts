/**
 * Accounts and sessions: the seeded users of every kind the spec names, password checks (scrypt), HttpOnly session
 * tokens, per-user preferences, double-confirm flags, kline config and chart layouts. All of it persisted.
 */
import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

/** scrypt on libuv's thread pool, so a login never blocks the event loop. */
function scryptAsync(password: string, salt: string): Promise<Buffer> {
  return new Promise((ok, ko) => {
    scrypt(password, salt, 32, (e, key) => {
      if (e === null) ok(key);
      else ko(e);
    });
  });
}

/** The kinds of account the spec distinguishes (§1, §6). */
export type AccountKind = 'classic' | 'unified' | 'demo' | 'sub' | 'leader';

/** One user. */
export interface Account {
  readonly id: string;
  readonly email: string;
  readonly kind: AccountKind;
  /** Unified trading account (UTA). */
  readonly isUTA: boolean;
  /** 2 = UTA2 (spec §3 unified_account). */
  readonly unifiedAccount: number;
  readonly marginMode: 'cross' | 'isolated';
  readonly isDemo: boolean;
  readonly isSub: boolean;
  readonly isCopyTradingLeader: boolean;
  /** Spec §3 grayFlag.IsUTA and the "newer gray flag" of §5. */
  readonly grayFlag: { readonly IsUTA: boolean; readonly minValueV2: boolean };
  /**
   * Identity verification level (0 none; 1 and up verified, see {@link KYC_PASS_LEVEL}): the trade dialog waits for
   * it (spec §5). Seeded accounts are verified; a sign-up starts unverified. Absent in rows written before it existed.
   */
  readonly kycLevel?: number;
  readonly salt: string;
  readonly hash: string;
  readonly createdAt: number;
}

/** A seeded account with its clear-text password (documented in the README; the simulator is for local use). */
export interface SeedAccount {
  readonly email: string;
  readonly password: string;
  readonly kind: AccountKind;
  readonly marginMode?: 'cross' | 'isolated';
}

/** The accounts every fresh data directory starts with. */
export const SEED_ACCOUNTS: readonly SeedAccount[] = [
  { email: 'classic@sim.local', password: 'classic-pass', kind: 'classic' },
  { email: 'uta@sim.local', password: 'uta-pass', kind: 'unified' },
  { email: 'isolated@sim.local', password: 'isolated-pass', kind: 'unified', marginMode: 'isolated' },
  { email: 'demo@sim.local', password: 'demo-pass', kind: 'demo' },
  { email: 'sub@sim.local', password: 'sub-pass', kind: 'sub' },
  { email: 'leader@sim.local', password: 'leader-pass', kind: 'leader' },
];

/** The KYC level from which an account passes identity verification (what user info's `kycPassed` says). */
export const KYC_PASS_LEVEL = 1;

/** An account's KYC level; rows from before the field are the seeded accounts (level 1) or sign-ups (level 0). */
export function kycLevelOf(a: Account): number {
  if (a.kycLevel !== undefined) return a.kycLevel;
  return SEED_ACCOUNTS.some((s) => s.email === a.email) ? KYC_PASS_LEVEL : 0;
}

/** Starting balances of a new account (demo accounts get the same; recharge tops USDT up). */
export const STARTING_BALANCES: Readonly<Record<string, string>> = {
  USDT: '100000',
  USDC: '20000',
  BTC: '2',
  ETH: '20',
  INNO: '20000',
  ADV: '50000',
  BTC3L: '5000',
  MNT: '10000',
  SUI: '5000',
  BANX: '1000',
};

/** Persisted form of the accounts collection. */
export interface AccountsState {
  readonly version: 1;
  readonly nextId: number;
  readonly accounts: Account[];
  /** token → { accountId, createdAt } */
  readonly sessions: Record<string, { accountId: string; createdAt: number }>;
  /** accountId → key → value (setPrefSetting upsert_keys). */
  readonly prefs: Record<string, Record<string, string>>;
  /** accountId → comma list of double-confirm flags. */
  readonly doubleConfirm: Record<string, string>;
  /** accountId → kline config (opaque JSON string). */
  readonly klineConfig: Record<string, string>;
  /** accountId → saved chart layouts, newest last (version, saveData, indicatorVersion). */
  readonly layouts: Record<string, { version: number; saveData: string; indicatorVersion: string }[]>;
  /** accountId → symbol → used quota (quote units, decimal string). */
  readonly quotaUsed: Record<string, Record<string, string>>;
}

/** One user's settings row (what `AccountsSink.settings` writes). */
export interface AccountSettings {
  readonly prefs: Record<string, string> | undefined;
  readonly doubleConfirm: string | undefined;
  readonly klineConfig: string | undefined;
  readonly layouts: AccountsState['layouts'][string] | undefined;
  readonly quotaUsed: Record<string, string> | undefined;
}

/** Where account changes go, one row at a time (server/store/accountRows.ts stages them in the database). */
export interface AccountsSink {
  account(a: Account, nextId: number): void;
  session(token: string, s: { accountId: string; createdAt: number } | null): void;
  settings(accountId: string, s: AccountSettings): void;
  pruneSessions(olderThan: number): void;
}

/** Session lifetime. */
export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;

function hashPassword(password: string, salt: string): string {
  return scryptSync(password, salt, 32).toString('hex');
}

function makeAccount(
  id: string,
  email: string,
  password: string,
  kind: AccountKind,
  marginMode: 'cross' | 'isolated',
  now: number,
  kycLevel: number,
): Account {
  const salt = randomBytes(16).toString('hex');
  const isUTA = kind !== 'classic';
  return {
    id,
    email,
    kind,
    isUTA,
    unifiedAccount: isUTA ? 2 : 0,
    marginMode,
    isDemo: kind === 'demo',
    isSub: kind === 'sub',
    isCopyTradingLeader: kind === 'leader',
    grayFlag: { IsUTA: !isUTA, minValueV2: false },
    kycLevel,
    salt,
    hash: hashPassword(password, salt),
    createdAt: now,
  };
}

/** Account registry with sessions and per-user settings. */
export class Accounts {
  private state: AccountsState;
  private readonly byEmail = new Map<string, Account>();
  private readonly byId = new Map<string, Account>();

  constructor(
    saved: AccountsState | undefined,
    private readonly now: () => number,
    private readonly sink: AccountsSink,
  ) {
    this.state = saved ?? emptyAccountsState();
    for (const a of this.state.accounts) this.index(a);
  }

  /** Creates the seed accounts that are missing; returns the ones created (so the caller can fund them). */
  seed(): Account[] {
    const created: Account[] = [];
    for (const s of SEED_ACCOUNTS) {
      if (this.byEmail.has(s.email)) continue;
      const r = this.register(s.email, s.password, s.kind, s.marginMode ?? 'cross', KYC_PASS_LEVEL);
      if (r !== null) created.push(r);
    }
    return created;
  }

  /** Registers a new account; null when the email is taken. */
  register(
    email: string,
    password: string,
    kind: AccountKind = 'unified',
    marginMode: 'cross' | 'isolated' = 'cross',
    kycLevel = 0,
  ): Account | null {
    const key = email.trim().toLowerCase();
    if (this.byEmail.has(key)) return null;
    const id = String(this.state.nextId);
    this.state = { ...this.state, nextId: this.state.nextId + 1 };
    const a = makeAccount(id, key, password, kind, marginMode, this.now(), kycLevel);
    this.state.accounts.push(a);
    this.index(a);
    this.sink.account(a, this.state.nextId);
    return a;
  }

  /** Changes an account's type fields (the UTA upgrade and its inverse); the row is written in this action. */
  update(
    id: string,
    patch: Partial<
      Pick<Account, 'kind' | 'isUTA' | 'unifiedAccount' | 'marginMode' | 'grayFlag' | 'kycLevel'>
    >,
  ): Account | undefined {
    const a = this.byId.get(id);
    if (a === undefined) return undefined;
    const next: Account = { ...a, ...patch };
    const i = this.state.accounts.indexOf(a);
    if (i >= 0) this.state.accounts[i] = next;
    this.index(next);
    this.sink.account(next, this.state.nextId);
    return next;
  }

  /** Checks a password; the account or null. */
  verify(email: string, password: string): Account | null {
    const a = this.byEmail.get(email.trim().toLowerCase());
    if (a === undefined) {
      hashPassword(password, 'timing-pad');
      return null;
    }
    const h = Buffer.from(hashPassword(password, a.salt), 'hex');
    return timingSafeEqual(h, Buffer.from(a.hash, 'hex')) ? a : null;
  }

  /** Checks a password off the event loop (same cost whether or not the email exists); the account or null. */
  async verifyAsync(email: string, password: string): Promise<Account | null> {
    const a = this.byEmail.get(email.trim().toLowerCase());
    const h = await scryptAsync(password, a?.salt ?? 'timing-pad');
    if (a === undefined) return null;
    return timingSafeEqual(h, Buffer.from(a.hash, 'hex')) ? a : null;
  }

  /** Opens a session; returns its token. */
  openSession(accountId: string): string {
    const token = randomBytes(32).toString('base64url');
    const s = { accountId, createdAt: this.now() };
    this.state.sessions[token] = s;
    this.sink.session(token, s);
    return token;
  }

  /** Closes a session (logout). */
  closeSession(token: string): void {
    if (token in this.state.sessions) {
      // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- sessions is a token-keyed record
      delete this.state.sessions[token];
      this.sink.session(token, null);
    }
  }

  /** The account of a live session token, or null. */
  fromToken(token: string | null): Account | null {
    if (token === null) return null;
    const s = this.state.sessions[token];
    if (s === undefined) return null;
    if (this.now() - s.createdAt > SESSION_TTL_MS) return null;
    return this.byId.get(s.accountId) ?? null;
  }

  /** Account by id. */
  get(id: string): Account | undefined {
    return this.byId.get(id);
  }

  /** All accounts. */
  all(): readonly Account[] {
    return this.state.accounts;
  }

  /** The persisted document. */
  snapshot(): AccountsState {
    return this.state;
  }

  /** Mutable per-user settings (callers call changed() after writing). */
  settings(): Pick<AccountsState, 'prefs' | 'doubleConfirm' | 'klineConfig' | 'layouts' | 'quotaUsed'> {
    return this.state;
  }

  /** Tells the store one user's settings changed (only that row is written). */
  changed(accountId: string): void {
    const st = this.state;
    this.sink.settings(accountId, {
      prefs: st.prefs[accountId],
      doubleConfirm: st.doubleConfirm[accountId],
      klineConfig: st.klineConfig[accountId],
      layouts: st.layouts[accountId],
      quotaUsed: st.quotaUsed[accountId],
    });
  }

  /** Forgets sessions past their lifetime, in memory and in the store; returns how many went. */
  pruneSessions(): number {
    const cutoff = this.now() - SESSION_TTL_MS;
    let n = 0;
    for (const [token, s] of Object.entries(this.state.sessions)) {
      if (s.createdAt >= cutoff) continue;
      // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- sessions is a token-keyed record
      delete this.state.sessions[token];
      n++;
    }
    if (n > 0) this.sink.pruneSessions(cutoff);
    return n;
  }

  /** Replaces everything by a saved state (after a write that failed: the database is the truth). */
  reload(saved: AccountsState | undefined): void {
    this.state = saved ?? emptyAccountsState();
    this.byEmail.clear();
    this.byId.clear();
    for (const a of this.state.accounts) this.index(a);
  }

  private index(a: Account): void {
    this.byEmail.set(a.email, a);
    this.byId.set(a.id, a);
  }
}

/** The state of a data directory nobody used yet. */
export function emptyAccountsState(): AccountsState {
  return {
    version: 1,
    nextId: 100001,
    accounts: [],
    sessions: {},
    prefs: {},
    doubleConfirm: {},
    klineConfig: {},
    layouts: {},
    quotaUsed: {},
  };
}

/** Whether a parsed JSON document is an accounts state (the one-time JSON migration). */
export function isAccountsState(v: unknown): v is AccountsState {
  return (
    typeof v === 'object' &&
    v !== null &&
    (v as { version?: unknown }).version === 1 &&
    Array.isArray((v as { accounts?: unknown }).accounts)
  );
}
