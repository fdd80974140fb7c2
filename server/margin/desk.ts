/**
 * The margin desk: lends to the engine's margin orders (`Lender`), keeps the loan book, charges interest every hour
 * on the engine's clock, values accounts at mark price for risk, holds each account's leverage setting, and stages
 * its records and the borrowInfo pushes in the action's transaction (a store collector, so nothing leaves early).
 */
import { Decimal } from 'decimal.js';
import type { Account, Accounts } from '../accounts/accounts';
import type { SimClock } from '../clock/clock';
import type { Engine } from '../engine/engine';
import type { Lender } from '../engine/types';
import { PRIVATE_TOPICS } from '../market/topics';
import type { Db } from '../store/db';
import { loadRecords, putRecord } from '../store/records';
import type { Store } from '../store/store';
import type { BorrowInfo, LiabilityRow } from '../../workers/protocol/margin';
import type { LoanDoc, RepaymentDoc } from './loans';
import { LoanBook, toLoanDoc, toRepaymentDoc } from './loans';
import type { AccountEquity, CoinPosition } from './equity';
import { accountEquity, markPrice } from './equity';
import { INTEREST_PERIOD_MS, RISK_WATCH_MS, YEARLY_RATES } from './rates';
import type { RiskFigures } from './risk';
import { assessRisk } from './risk';

/** Record kinds of the desk. */
export const MARGIN_KINDS = {
  loan: 'margin.loan',
  repayment: 'margin.repay',
  setting: 'margin.setting',
} as const;

/** Stored leverage setting of one account. */
interface SettingDoc {
  readonly leverage: boolean;
}

const ATOMS = new Decimal('1e18');

/** Decimal coin amount → atoms, rounded down. */
export function toAtoms(d: Decimal): bigint {
  return BigInt(d.times(ATOMS).floor().toFixed(0));
}

/** Atoms → decimal coin amount. */
export function fromAtoms(a: bigint): Decimal {
  return new Decimal(a.toString()).div(ATOMS);
}

/** What the desk needs from the simulator. */
export interface DeskDeps {
  readonly engine: Engine;
  readonly accounts: Accounts;
  readonly clock: SimClock;
  readonly store: Store;
  readonly db: Db;
  readonly pushPrivate: (accountId: string, topics: readonly string[], data: readonly unknown[]) => void;
}

/** Whether an account may trade on margin at all: unified, cross margin (isolated mode does not support it). */
export function isCrossUnified(a: Account | undefined): boolean {
  return a !== undefined && a.isUTA && a.marginMode === 'cross';
}

/** The lender and risk desk of the unified accounts. */
export class MarginDesk implements Lender {
  readonly book = new LoanBook();
  private readonly leverageOff = new Set<string>();
  private stopInterest: (() => void) | null = null;
  private stopRisk: (() => void) | null = null;
  /** Last status seen per debtor by the risk watch (a change is pushed on borrowInfo). */
  private readonly lastStatus = new Map<string, number>();
  /** Accounts whose leverage setting changed in this action: their tabs learn it from a borrowInfo push. */
  private readonly settingChanged = new Set<string>();

  constructor(private readonly deps: DeskDeps) {
    this.reload();
    deps.store.collect(() => {
      this.stage();
    });
  }

  /** Loads loans, repayments and settings from the database (start, and after a failed write). */
  reload(): void {
    const db = this.deps.db;
    this.book.load(
      loadRecords<LoanDoc>(db, MARGIN_KINDS.loan),
      loadRecords<RepaymentDoc>(db, MARGIN_KINDS.repayment),
    );
    this.leverageOff.clear();
    this.settingChanged.clear();
    for (const r of loadRecords<SettingDoc>(db, MARGIN_KINDS.setting))
      if (!r.doc.leverage) this.leverageOff.add(r.accountId);
  }

  /** Starts the hourly interest on the engine's clock. */
  start(): void {
    this.stopInterest ??= this.deps.clock.every(INTEREST_PERIOD_MS, () => {
      this.chargeInterest();
    });
    this.stopRisk ??= this.deps.clock.every(RISK_WATCH_MS, () => {
      this.watchRisk();
    });
  }

  /** Stops the interest timer. */
  stop(): void {
    this.stopInterest?.();
    this.stopInterest = null;
    this.stopRisk?.();
    this.stopRisk = null;
  }

  // ───────── Lender (called by the engine inside its call) ─────────

  /** Atoms of `coin` the account may borrow now: 0 unless cross unified, leverage on, coin lent, status normal. */
  borrowable(accountId: string, coin: string): bigint {
    if (!this.canBorrow(accountId) || YEARLY_RATES[coin] === undefined) return 0n;
    const mark = this.mark(coin);
    if (mark.lte(0)) return 0n;
    return toAtoms(this.risk(accountId).borrowRoom.div(mark));
  }

  /** Records a loan the engine took. */
  borrow(accountId: string, coin: string, atoms: bigint, time: number): void {
    this.book.borrow(accountId, coin, atoms, time);
  }

  /** Outstanding debt in atoms. */
  debt(accountId: string, coin: string): bigint {
    return this.book.debt(accountId, coin);
  }

  /** Records a repayment the engine made. */
  repaid(accountId: string, coin: string, atoms: bigint, time: number, auto: boolean): void {
    this.book.repay(accountId, coin, atoms, time, auto);
  }

  // ───────── figures ─────────

  /** Mark price of a coin in USDT: stablecoins 1, else the last price of COIN/USDT, else its seed; unknown 0. */
  mark(coin: string): Decimal {
    return markPrice((s) => this.deps.engine.lastPrice(s), coin);
  }

  /** The account's coins with their debts and marks. */
  positions(accountId: string): CoinPosition[] {
    const coins = new Map<string, CoinPosition>();
    for (const b of this.deps.engine.balances(accountId)) {
      coins.set(b.coin, {
        coin: b.coin,
        total: new Decimal(b.total),
        debt: fromAtoms(this.book.debt(accountId, b.coin)),
        mark: this.mark(b.coin),
      });
    }
    for (const l of this.book.open(accountId)) {
      if (coins.has(l.coin)) continue;
      coins.set(l.coin, {
        coin: l.coin,
        total: new Decimal(0),
        debt: fromAtoms(this.book.debt(accountId, l.coin)),
        mark: this.mark(l.coin),
      });
    }
    return [...coins.values()];
  }

  /** The account's risk now. */
  risk(accountId: string): RiskFigures {
    return assessRisk(this.positions(accountId));
  }

  /** The account's equity now: every coin net of its debt, at mark (equity.ts). */
  equity(accountId: string): AccountEquity {
    return accountEquity(this.positions(accountId));
  }

  /** One coin's liability row: owed, interest, and the most it could owe now. */
  liability(accountId: string, coin: string): LiabilityRow {
    const owed = fromAtoms(this.book.debt(accountId, coin));
    const room = fromAtoms(this.borrowable(accountId, coin));
    return {
      currency: coin,
      borrowSize: owed.toFixed(),
      interest: fromAtoms(this.book.interestDue(accountId, coin)).toFixed(),
      borrowMaxSize: owed.plus(room).toFixed(),
      yearlyRate: YEARLY_RATES[coin] ?? '0',
    };
  }

  /** The borrowInfo figures of an account (the push, and the unified asset call's risk fields). */
  borrowInfo(accountId: string): BorrowInfo {
    const r = this.risk(accountId);
    const coins = new Set(this.book.open(accountId).map((l) => l.coin));
    return {
      status: r.status,
      riskState: r.riskState,
      riskRatio: r.riskRatio.toDecimalPlaces(4, Decimal.ROUND_UP).toFixed(),
      actualLeverageRatio: r.leverage.toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(),
      leverage: this.leverageOn(accountId),
      list: [...coins].map((c) => this.liability(accountId, c)),
    };
  }

  // ───────── leverage setting ─────────

  /** Whether the account's leverage setting is on (default on). */
  leverageOn(accountId: string): boolean {
    return !this.leverageOff.has(accountId);
  }

  /** Sets the account's leverage setting (stored in this action). */
  setLeverage(accountId: string, on: boolean): void {
    if (on) this.leverageOff.delete(accountId);
    else this.leverageOff.add(accountId);
    putRecord<SettingDoc>(this.deps.store, MARGIN_KINDS.setting, {
      id: accountId,
      accountId,
      updatedAt: this.deps.clock.now(),
      doc: { leverage: on },
    });
    this.settingChanged.add(accountId);
  }

  private canBorrow(accountId: string): boolean {
    return isCrossUnified(this.deps.accounts.get(accountId)) && this.leverageOn(accountId);
  }

  /** One interest period: charge every unpaid loan, then let free coins repay what they can. */
  private chargeInterest(): void {
    const now = this.deps.clock.now();
    this.book.accrue(now);
    for (const acct of this.book.debtors()) {
      for (const l of this.book.open(acct)) this.deps.engine.repayDebt(acct, l.coin);
    }
  }

  /** Risk watch: prices move without the account acting, so a debtor whose status changed is told on borrowInfo. */
  private watchRisk(): void {
    const debtors = this.book.debtors();
    for (const a of this.lastStatus.keys()) if (!debtors.has(a)) this.lastStatus.delete(a);
    for (const a of debtors) {
      const info = this.borrowInfo(a);
      if (this.lastStatus.get(a) === info.status) continue;
      this.lastStatus.set(a, info.status);
      this.deps.pushPrivate(a, PRIVATE_TOPICS.borrow, [info]);
    }
  }

  /** Store collector: stages changed loans and new repayments, and queues one borrowInfo push per account. */
  private stage(): void {
    const { loans, repayments, accounts } = this.book.drain();
    const store = this.deps.store;
    for (const l of loans) {
      putRecord(store, MARGIN_KINDS.loan, {
        id: l.id,
        accountId: l.accountId,
        updatedAt: l.updatedAt,
        doc: toLoanDoc(l),
      });
    }
    for (const r of repayments) {
      putRecord(store, MARGIN_KINDS.repayment, {
        id: r.id,
        accountId: r.accountId,
        updatedAt: r.time,
        doc: toRepaymentDoc(r),
      });
    }
    const pushTo = new Set([...accounts, ...this.settingChanged]);
    this.settingChanged.clear();
    for (const a of pushTo) this.deps.pushPrivate(a, PRIVATE_TOPICS.borrow, [this.borrowInfo(a)]);
  }
}
