/**
 * The loan book: every loan an account took (one per borrow), its hourly interest and its repayments. Pure state:
 * it never touches balances (the engine does, through the `Lender` calls) and marks what changed so the desk can
 * stage the records in the action's transaction. Amounts are bigint atoms of 10^-18, as in the engine's ledger.
 */
import { HOURS_PER_YEAR, YEARLY_RATES } from './rates';

/** Decimal places of an atom (the engine's ATOM_DP). */
const DP = 18n;
const ONE = 10n ** DP;

/** One loan: principal and interest owed, what was repaid of each, and when it was paid off (0: unpaid). */
export interface Loan {
  readonly id: string;
  readonly accountId: string;
  readonly coin: string;
  readonly principal: bigint;
  interest: bigint;
  repaidPrincipal: bigint;
  repaidInterest: bigint;
  /** Hourly rate in atoms per atom × 10^18 (yearly rate ÷ 8760). */
  readonly hourlyRate: bigint;
  readonly createdAt: number;
  updatedAt: number;
  paidOffAt: number;
}

/** One repayment (auto: a coin came back to the account; manual: the repay call). */
export interface Repayment {
  readonly id: string;
  readonly accountId: string;
  readonly coin: string;
  readonly amount: bigint;
  readonly interest: bigint;
  readonly time: number;
  readonly auto: boolean;
}

/** Stored form of a loan (atoms as decimal strings of integers). */
export interface LoanDoc {
  readonly coin: string;
  readonly principal: string;
  readonly interest: string;
  readonly repaidPrincipal: string;
  readonly repaidInterest: string;
  readonly hourlyRate: string;
  readonly createdAt: number;
  readonly paidOffAt: number;
}

/** Stored form of a repayment. */
export interface RepaymentDoc {
  readonly coin: string;
  readonly amount: string;
  readonly interest: string;
  readonly time: number;
  readonly auto: boolean;
}

/** Hourly rate of a coin in atoms per atom × 10^18; 0n when the coin is not lent. */
export function hourlyRateOf(coin: string): bigint {
  const y = YEARLY_RATES[coin];
  if (y === undefined) return 0n;
  const [i = '0', f = ''] = y.split('.');
  const yearly = BigInt(i) * ONE + BigInt((f + '0'.repeat(18)).slice(0, 18));
  return yearly / BigInt(HOURS_PER_YEAR);
}

/** What a loan still owes (principal + interest − repaid). */
export function owed(l: Loan): bigint {
  return l.principal + l.interest - l.repaidPrincipal - l.repaidInterest;
}

/** Loans, repayments and the changes not yet stored. */
export class LoanBook {
  private readonly loans = new Map<string, Loan>();
  private readonly repayments: Repayment[] = [];
  private readonly dirtyLoans = new Set<Loan>();
  private readonly newRepayments: Repayment[] = [];
  private readonly touchedAccounts = new Set<string>();
  private nextId = 1;

  /** Loads stored loans and repayments (start-up, and the restore after a failed write). */
  load(
    loans: readonly { id: string; accountId: string; doc: LoanDoc }[],
    repays: readonly { id: string; accountId: string; doc: RepaymentDoc }[],
  ): void {
    this.loans.clear();
    this.repayments.length = 0;
    this.dirtyLoans.clear();
    this.newRepayments.length = 0;
    this.touchedAccounts.clear();
    let max = 0;
    for (const { id, accountId, doc } of loans) {
      this.loans.set(id, {
        id,
        accountId,
        coin: doc.coin,
        principal: BigInt(doc.principal),
        interest: BigInt(doc.interest),
        repaidPrincipal: BigInt(doc.repaidPrincipal),
        repaidInterest: BigInt(doc.repaidInterest),
        hourlyRate: BigInt(doc.hourlyRate),
        createdAt: doc.createdAt,
        updatedAt: doc.createdAt,
        paidOffAt: doc.paidOffAt,
      });
      max = Math.max(max, Number(id.replace(/\D/g, '')) || 0);
    }
    for (const { id, accountId, doc } of repays) {
      this.repayments.push({
        id,
        accountId,
        coin: doc.coin,
        amount: BigInt(doc.amount),
        interest: BigInt(doc.interest),
        time: doc.time,
        auto: doc.auto,
      });
      max = Math.max(max, Number(id.replace(/\D/g, '')) || 0);
    }
    this.nextId = max + 1;
  }

  /** Opens a loan of `atoms`. */
  borrow(accountId: string, coin: string, atoms: bigint, time: number): Loan {
    const l: Loan = {
      id: `L${this.nextId++}`,
      accountId,
      coin,
      principal: atoms,
      interest: 0n,
      repaidPrincipal: 0n,
      repaidInterest: 0n,
      hourlyRate: hourlyRateOf(coin),
      createdAt: time,
      updatedAt: time,
      paidOffAt: 0,
    };
    this.loans.set(l.id, l);
    this.mark(l);
    return l;
  }

  /** Outstanding debt of a coin (interest included). */
  debt(accountId: string, coin: string): bigint {
    let sum = 0n;
    for (const l of this.loans.values())
      if (l.paidOffAt === 0 && l.accountId === accountId && l.coin === coin) sum += owed(l);
    return sum;
  }

  /** Outstanding interest of a coin. */
  interestDue(accountId: string, coin: string): bigint {
    let sum = 0n;
    for (const l of this.loans.values())
      if (l.paidOffAt === 0 && l.accountId === accountId && l.coin === coin)
        sum += l.interest - l.repaidInterest;
    return sum;
  }

  /** Applies a repayment to the oldest loans of the coin, interest before principal; records it. */
  repay(accountId: string, coin: string, atoms: bigint, time: number, auto: boolean): void {
    let left = atoms;
    let interestPaid = 0n;
    const open = this.open(accountId).filter((l) => l.coin === coin);
    for (const l of open) {
      if (left <= 0n) break;
      const i = l.interest - l.repaidInterest;
      const pi = i < left ? i : left;
      l.repaidInterest += pi;
      left -= pi;
      interestPaid += pi;
      const p = l.principal - l.repaidPrincipal;
      const pp = p < left ? p : left;
      l.repaidPrincipal += pp;
      left -= pp;
      l.updatedAt = time;
      if (owed(l) === 0n) l.paidOffAt = time;
      this.mark(l);
    }
    const r: Repayment = {
      id: `R${this.nextId++}`,
      accountId,
      coin,
      amount: atoms - left,
      interest: interestPaid,
      time,
      auto,
    };
    this.repayments.push(r);
    this.newRepayments.push(r);
  }

  /** Charges one period's interest on every unpaid loan's outstanding principal (rounded up to the atom). */
  accrue(time: number): void {
    for (const l of this.loans.values()) {
      if (l.paidOffAt !== 0) continue;
      const p = l.principal - l.repaidPrincipal;
      if (p <= 0n || l.hourlyRate === 0n) continue;
      l.interest += (p * l.hourlyRate + ONE - 1n) / ONE;
      l.updatedAt = time;
      this.mark(l);
    }
  }

  /** Unpaid loans of an account, oldest first. */
  open(accountId: string): Loan[] {
    return [...this.loans.values()].filter((l) => l.accountId === accountId && l.paidOffAt === 0);
  }

  /** Paid-off loans of an account, newest first. */
  paidOff(accountId: string): Loan[] {
    return [...this.loans.values()]
      .filter((l) => l.accountId === accountId && l.paidOffAt !== 0)
      .sort((a, b) => b.paidOffAt - a.paidOffAt);
  }

  /** Repayments of an account, newest first. */
  repaymentsOf(accountId: string): Repayment[] {
    return this.repayments.filter((r) => r.accountId === accountId).reverse();
  }

  /** Accounts with an unpaid loan. */
  debtors(): Set<string> {
    const out = new Set<string>();
    for (const l of this.loans.values()) if (l.paidOffAt === 0) out.add(l.accountId);
    return out;
  }

  /** Hands over (and forgets) the changes since the last call: loans to store, repayments to add, accounts touched. */
  drain(): { loans: Loan[]; repayments: Repayment[]; accounts: string[] } {
    const out = {
      loans: [...this.dirtyLoans],
      repayments: [...this.newRepayments],
      accounts: [...this.touchedAccounts],
    };
    this.dirtyLoans.clear();
    this.newRepayments.length = 0;
    this.touchedAccounts.clear();
    return out;
  }

  private mark(l: Loan): void {
    this.dirtyLoans.add(l);
    this.touchedAccounts.add(l.accountId);
  }
}

/** A loan's stored form. */
export function toLoanDoc(l: Loan): LoanDoc {
  return {
    coin: l.coin,
    principal: String(l.principal),
    interest: String(l.interest),
    repaidPrincipal: String(l.repaidPrincipal),
    repaidInterest: String(l.repaidInterest),
    hourlyRate: String(l.hourlyRate),
    createdAt: l.createdAt,
    paidOffAt: l.paidOffAt,
  };
}

/** A repayment's stored form. */
export function toRepaymentDoc(r: Repayment): RepaymentDoc {
  return { coin: r.coin, amount: String(r.amount), interest: String(r.interest), time: r.time, auto: r.auto };
}
