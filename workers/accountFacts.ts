/**
 * The user's facts the hub owns for every tab (user details, server preferences, double-confirm flags, zone quota):
 * fetched once per login (and again after a reconnect), the quota refetched when fills move it, written through the
 * hub's one write path so every tab sees the new value in its next diff. AccountState feeds it and serves it in the
 * account diff.
 */
import { CALLS } from './protocol/paths';
import {
  decodeConfirmFlags,
  decodePreferences,
  decodeQuotaRemain,
  decodeUser,
  decodeWriteOutcome,
  type ConfirmFlag,
  type Preferences,
  type UserFacts,
  type WriteOutcome,
} from './protocol/user';

/** What the facts need from the hub. */
export interface FactsHooks {
  readonly getJson: (path: string) => Promise<unknown>;
  readonly postJson: (path: string, body: unknown) => Promise<unknown>;
  /** Something changed: the account diff must go out again. */
  readonly changed: () => void;
  readonly log: (line: string) => void;
  /** Listed symbol's id and zone mark (the quota is asked by id, for zone symbols only). */
  readonly symbolInfo: (symbol: string) => { readonly symbolId: number; readonly mark: string } | undefined;
}

/** The user's facts, as the account diff carries them. */
export interface FactsView {
  readonly user: UserFacts | null;
  readonly preferences: Preferences;
  readonly confirmFlags: readonly ConfirmFlag[];
  /** Zone quota left by symbol (classic accounts, zone symbols tabs show); null = unlimited or unknown. */
  readonly quota: Readonly<Record<string, string | null>>;
}

const NONE: FactsView = { user: null, preferences: {}, confirmFlags: [], quota: {} };

/** The hub's copy of the user's facts. */
export class AccountFacts {
  private view: FactsView = NONE;
  /** Symbols whose quota tabs may show (zone symbols in an account tab's interest). */
  private quotaSymbols: readonly string[] = [];

  constructor(private readonly hooks: FactsHooks) {}

  /** The facts to send. */
  current(): FactsView {
    return this.view;
  }

  /** Logged out: every fact is forgotten. */
  clear(): void {
    if (this.view === NONE) return;
    this.view = NONE;
    this.hooks.changed();
  }

  /**
   * Takes the user-info reply the account already fetched, then loads the preferences and the quota. Preferences that
   * fail to load keep their previous value (a reconnect must not reset a gate the user accepted).
   */
  async load(userInfo: unknown): Promise<void> {
    const user = decodeUser(userInfo);
    if (user === null) {
      this.clear();
      return;
    }
    const confirmFlags = decodeConfirmFlags(userInfo) ?? [];
    let preferences = this.view.preferences;
    try {
      preferences = decodePreferences(await this.hooks.getJson(CALLS.getPrefSetting.path)) ?? preferences;
    } catch (e) {
      this.hooks.log(`preferences failed: ${String(e)}`);
    }
    // User and preferences go out together: a tab that sees the user knows the preferences are loaded (the guide
    // and the gates read "absent" as "not seen", so an early empty set would open them wrongly).
    this.view = { ...this.view, user, confirmFlags, preferences };
    await this.loadQuota(this.quotaSymbols);
    this.hooks.changed();
  }

  /** The zone symbols tabs show changed: their quota is fetched (classic accounts only; unified ones have none). */
  setQuotaSymbols(symbols: readonly string[]): void {
    const fresh = symbols.filter((s) => !this.quotaSymbols.includes(s));
    this.quotaSymbols = symbols;
    if (fresh.length > 0 && this.view.user !== null)
      void this.loadQuota(fresh).then(() => {
        this.hooks.changed();
      });
  }

  /** A fill of `symbol` moved its quota: refetch it if a tab shows it. */
  onFill(symbol: string): void {
    if (this.view.user === null || !this.quotaSymbols.includes(symbol)) return;
    void this.loadQuota([symbol]).then(() => {
      this.hooks.changed();
    });
  }

  /** Upserts preferences on the server; on success the hub's copy takes the server's merged answer. */
  async setPreferences(patch: Preferences): Promise<WriteOutcome> {
    if (this.view.user === null) return { ok: false, message: 'not logged in' };
    let reply: unknown;
    try {
      reply = await this.hooks.postJson(CALLS.setPrefSetting.path, { upsert_keys: patch });
    } catch (e) {
      return { ok: false, message: String(e) };
    }
    const out = decodeWriteOutcome(reply);
    if (out.ok) {
      const merged = decodePreferences(reply) ?? { ...this.view.preferences, ...patch };
      this.view = { ...this.view, preferences: merged };
      this.hooks.changed();
    }
    return out;
  }

  /** Replaces the double-confirm flags on the server; on success the hub's copy follows. */
  async setConfirmFlags(flags: readonly ConfirmFlag[]): Promise<WriteOutcome> {
    if (this.view.user === null) return { ok: false, message: 'not logged in' };
    let reply: unknown;
    try {
      reply = await this.hooks.postJson(CALLS.setDoubleConfirm.path, { confirms: flags.join(',') });
    } catch (e) {
      return { ok: false, message: String(e) };
    }
    const out = decodeWriteOutcome(reply);
    if (out.ok) {
      this.view = { ...this.view, confirmFlags: decodeConfirmFlags(reply) ?? flags };
      this.hooks.changed();
    }
    return out;
  }

  private async loadQuota(symbols: readonly string[]): Promise<void> {
    if (this.view.user === null || this.view.user.isUTA) return;
    await Promise.all(
      symbols.map(async (symbol) => {
        const info = this.hooks.symbolInfo(symbol);
        if (info === undefined || (info.mark !== 'innovation' && info.mark !== 'adventure')) return;
        try {
          const remain = decodeQuotaRemain(
            await this.hooks.getJson(`${CALLS.quota.path}?symbol_id=${info.symbolId}`),
          );
          this.view = { ...this.view, quota: { ...this.view.quota, [symbol]: remain } };
        } catch (e) {
          this.hooks.log(`quota of ${symbol} failed: ${String(e)}`);
        }
      }),
    );
  }
}
