/**
 * The UTA upgrade (classic → unified) and its inverse (unified → classic) as a state machine on the engine's clock:
 * a start call puts the account in process, progress steps are pushed on `user.uta.upgrade`, and the last step
 * either moves the account (its balances are the unified wallet from then on) or fails with a code. One record per
 * account (kind `uta.upgrade`); an upgrade in process when the simulator stops resumes on the next start.
 */
import type { Account, Accounts } from '../accounts/accounts';
import type { SimClock } from '../clock/clock';
import type { Engine } from '../engine/engine';
import { PRIVATE_TOPICS } from '../market/topics';
import type { Db } from '../store/db';
import { loadRecords, putRecord } from '../store/records';
import type { Store } from '../store/store';
import type { UpgradeEvent, UpgradeState } from '../../workers/protocol/margin';
import { MARGIN_ERRORS, UPGRADE_PROGRESS_CODE, UPGRADE_RESULT_CODE } from '../../workers/protocol/margin';

/** Record kind of the upgrades. */
export const UPGRADE_KIND = 'uta.upgrade';
/** Steps of an upgrade, one progress push each; the last one finishes it. */
export const UPGRADE_STEPS = 5;
/** Clock time between steps: an upgrade takes UPGRADE_STEPS × this (5 s). */
export const UPGRADE_STEP_MS = 1000;

/** Why a start was refused: the code, and whether the spec's in-process event goes out too. */
export class UpgradeRefused extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** What the upgrades need from the simulator. */
export interface UpgradeDeps {
  readonly engine: Engine;
  readonly accounts: Accounts;
  readonly clock: SimClock;
  readonly store: Store;
  readonly db: Db;
  /** Outstanding debts of an account (the inverse path refuses an account that owes). */
  readonly owes: (accountId: string) => boolean;
  readonly pushPrivate: (accountId: string, topics: readonly string[], data: readonly unknown[]) => void;
}

const NONE: UpgradeState = { status: 'none', inverse: false, progress: 0, errorCode: '' };

/** Upgrades in every state, by account. */
export class Upgrades {
  private readonly states = new Map<string, UpgradeState>();
  private readonly timers = new Map<string, number>();

  constructor(private readonly deps: UpgradeDeps) {
    this.reload();
  }

  /** Loads the stored states; upgrades in process continue from their progress. */
  reload(): void {
    for (const id of this.timers.values()) this.deps.clock.cancel(id);
    this.timers.clear();
    this.states.clear();
    for (const r of loadRecords<UpgradeState>(this.deps.db, UPGRADE_KIND)) {
      this.states.set(r.accountId, r.doc);
      if (r.doc.status === 'processing') this.schedule(r.accountId);
    }
  }

  /** The account's upgrade state (none when it never started one). */
  state(accountId: string): UpgradeState {
    return this.states.get(accountId) ?? NONE;
  }

  /** Starts the upgrade (or its inverse); throws UpgradeRefused with the code when it cannot start. */
  start(a: Account, inverse: boolean): UpgradeState {
    const cur = this.state(a.id);
    if (cur.status === 'processing') {
      // Spec §4: data "3400324" puts the page in process and opens the modal at status 1.
      this.push(a.id, { code: UPGRADE_RESULT_CODE, data: String(MARGIN_ERRORS.upgradeInProcess), inverse });
      throw new UpgradeRefused(MARGIN_ERRORS.upgradeInProcess, 'an upgrade is already in process');
    }
    if (inverse ? !canDowngrade(a) : !canUpgrade(a)) {
      throw new UpgradeRefused(
        MARGIN_ERRORS.upgradeNotAllowed,
        inverse ? 'only a unified account can go back to classic' : 'only a classic account can upgrade',
      );
    }
    const next: UpgradeState = { status: 'processing', inverse, progress: 0, errorCode: '' };
    this.save(a.id, next);
    this.push(a.id, { code: UPGRADE_PROGRESS_CODE, data: '0', inverse });
    this.schedule(a.id);
    return next;
  }

  private schedule(accountId: string): void {
    const id = this.deps.clock.after(UPGRADE_STEP_MS, () => {
      this.timers.delete(accountId);
      this.step(accountId);
    });
    this.timers.set(accountId, id);
  }

  private step(accountId: string): void {
    const cur = this.state(accountId);
    if (cur.status !== 'processing') return;
    const progress = Math.min(100, cur.progress + 100 / UPGRADE_STEPS);
    if (progress < 100) {
      this.save(accountId, { ...cur, progress });
      this.push(accountId, { code: UPGRADE_PROGRESS_CODE, data: String(progress), inverse: cur.inverse });
      this.schedule(accountId);
      return;
    }
    const failure = this.blocker(accountId, cur.inverse);
    if (failure !== 0) {
      this.save(accountId, { ...cur, status: 'fail', progress: 0, errorCode: String(failure) });
      this.push(accountId, { code: UPGRADE_RESULT_CODE, data: String(failure), inverse: cur.inverse });
      return;
    }
    // The balances stay where they are: the account's one ledger is its unified (or classic) wallet from now on.
    this.deps.accounts.update(
      accountId,
      cur.inverse
        ? { kind: 'classic', isUTA: false, unifiedAccount: 0 }
        : { kind: 'unified', isUTA: true, unifiedAccount: 2, marginMode: 'cross' },
    );
    this.save(accountId, { ...cur, status: 'success', progress: 100 });
    this.push(accountId, { code: UPGRADE_RESULT_CODE, data: '0', inverse: cur.inverse });
  }

  /** The code that stops the last step (0: none): open orders, or debts on the inverse path. */
  private blocker(accountId: string, inverse: boolean): number {
    if (this.deps.engine.openOrders(accountId).length > 0) return MARGIN_ERRORS.upgradeOpenOrders;
    if (inverse && this.deps.owes(accountId)) return MARGIN_ERRORS.upgradeLiabilities;
    return 0;
  }

  private save(accountId: string, s: UpgradeState): void {
    this.states.set(accountId, s);
    putRecord(this.deps.store, UPGRADE_KIND, {
      id: accountId,
      accountId,
      updatedAt: this.deps.clock.now(),
      doc: s,
    });
  }

  private push(accountId: string, ev: UpgradeEvent): void {
    this.deps.pushPrivate(accountId, PRIVATE_TOPICS.utaUpgrade, [ev]);
  }
}

/** A classic account (not demo, not a sub-account) may upgrade. */
export function canUpgrade(a: Account): boolean {
  return !a.isUTA && a.kind === 'classic';
}

/** A plain unified account (not demo, sub-account or copy-trading leader) may go back to classic. */
export function canDowngrade(a: Account): boolean {
  return a.isUTA && a.kind === 'unified';
}
