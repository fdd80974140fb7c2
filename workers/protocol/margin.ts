/**
 * The unified account's margin wire: error codes, the borrowInfo push, loan and repayment rows, and the UTA upgrade
 * events (spec §4 "UTA upgrade states", §7 user.unify.usdc.borrowInfo and user.uta.upgrade). Shared by the
 * simulator (which writes them) and the hub and tab (which decode them once, here).
 */
import { isRecord, toDecimal, toId, toText, toTime } from './fields';

/** Error codes of the margin and upgrade calls (81001 and 3400324 are the spec's; the others this project's). */
export const MARGIN_ERRORS = {
  /** Account in liquidation (status 4): spec §8 'liquidation error info'. */
  liquidation: 81001,
  /** Account in overrun (status 5): no new borrowing. */
  overrun: 81002,
  /** Leverage switched off for the account (the leverage setting call). */
  leverageOff: 81003,
  /** Isolated-margin mode does not support leveraged spot trading. */
  isolated: 81004,
  /** Nothing of this coin is owed. */
  nothingOwed: 81005,
  /** An upgrade (or its inverse) is already in process: spec §8. */
  upgradeInProcess: 3400324,
  /** The account cannot take this upgrade (already unified, demo, sub-account…). */
  upgradeNotAllowed: 3400325,
  /** The upgrade stopped: the account still has open orders. */
  upgradeOpenOrders: 3400326,
  /** The inverse upgrade stopped: the account still owes. */
  upgradeLiabilities: 3400327,
} as const;

/** Upgrade state of an account (spec §4: none or fail, in process, success). */
export type UpgradeStatus = 'none' | 'fail' | 'processing' | 'success';

/** The account's upgrade as the user info and the status call report it. */
export interface UpgradeState {
  readonly status: UpgradeStatus;
  /** The inverse path (unified → classic). */
  readonly inverse: boolean;
  /** 0..100 while processing. */
  readonly progress: number;
  /** The error code of a failed upgrade ('' otherwise). */
  readonly errorCode: string;
}

/** Push code of an upgrade result (data "0" success, "3400324" in process, else an error code: spec §4). */
export const UPGRADE_RESULT_CODE = 200;
/** Push code of an upgrade progress step (data: percent done). */
export const UPGRADE_PROGRESS_CODE = 100;

/** One `user.uta.upgrade` event. */
export interface UpgradeEvent {
  readonly code: number;
  readonly data: string;
  readonly inverse: boolean;
}

/** Decodes a `user.uta.upgrade` row; undefined when malformed. */
export function decodeUpgradeEvent(row: unknown): UpgradeEvent | undefined {
  if (!isRecord(row) || typeof row.code !== 'number') return undefined;
  if (typeof row.data !== 'string') return undefined;
  return { code: row.code, data: row.data, inverse: row.inverse === true };
}

/** Decodes the upgrade state of the user info or the status call; none when absent or malformed. */
export function decodeUpgradeState(x: unknown): UpgradeState {
  const none: UpgradeState = { status: 'none', inverse: false, progress: 0, errorCode: '' };
  if (!isRecord(x)) return none;
  const s = x.status;
  if (s !== 'none' && s !== 'fail' && s !== 'processing' && s !== 'success') return none;
  const p = typeof x.progress === 'number' && x.progress >= 0 && x.progress <= 100 ? x.progress : 0;
  return { status: s, inverse: x.inverse === true, progress: p, errorCode: toText(x.errorCode) };
}

/** One coin of the liability list and the borrowInfo push. */
export interface LiabilityRow {
  readonly currency: string;
  /** Owed now, interest included. */
  readonly borrowSize: string;
  /** Unpaid interest (part of borrowSize). */
  readonly interest: string;
  /** Most the account could owe in this coin right now (owed + still borrowable). */
  readonly borrowMaxSize: string;
  /** Yearly interest rate as a fraction ("0.08"). */
  readonly yearlyRate: string;
}

/** Decodes a liability row; undefined when it has no currency or a bad figure. */
export function decodeLiabilityRow(row: unknown): LiabilityRow | undefined {
  if (!isRecord(row)) return undefined;
  const currency = toText(row.currency);
  const borrowSize = toDecimal(row.borrowSize);
  const borrowMaxSize = toDecimal(row.borrowMaxSize);
  if (currency === '' || borrowSize === undefined || borrowMaxSize === undefined) return undefined;
  return {
    currency,
    borrowSize,
    interest: toDecimal(row.interest) ?? '0',
    borrowMaxSize,
    yearlyRate: toDecimal(row.yearlyRate) ?? '0',
  };
}

/** The account's risk as the borrowInfo push and the unified asset call carry it. */
export interface BorrowInfo {
  /** 1 normal, 4 liquidation, 5 overrun. */
  readonly status: number;
  readonly riskState: number;
  /** Liabilities ÷ haircut collateral. */
  readonly riskRatio: string;
  readonly actualLeverageRatio: string;
  /** The account's leverage setting (absent from older senders: unknown). */
  readonly leverage?: boolean;
  /** Borrowed coins (owed > 0). */
  readonly list: readonly LiabilityRow[];
}

/** Decodes a `user.unify.usdc.borrowInfo` row; undefined when malformed. */
export function decodeBorrowInfo(row: unknown): BorrowInfo | undefined {
  if (!isRecord(row) || typeof row.status !== 'number' || typeof row.riskState !== 'number') return undefined;
  const riskRatio = toDecimal(row.riskRatio);
  const lev = toDecimal(row.actualLeverageRatio);
  if (riskRatio === undefined || lev === undefined || !Array.isArray(row.list)) return undefined;
  const list: LiabilityRow[] = [];
  for (const r of row.list as unknown[]) {
    const d = decodeLiabilityRow(r);
    if (d !== undefined) list.push(d);
  }
  const info = { status: row.status, riskState: row.riskState, riskRatio, actualLeverageRatio: lev, list };
  return typeof row.leverage === 'boolean' ? { ...info, leverage: row.leverage } : info;
}

/** One loan (the borrowing tab's unpaid and paid-off sub-tabs). */
export interface LoanRow {
  readonly loanId: string;
  readonly currency: string;
  readonly principal: string;
  readonly interest: string;
  /** Still owed (principal + interest − repaid). */
  readonly owed: string;
  readonly yearlyRate: string;
  readonly createdTime: number;
  /** 0 while unpaid. */
  readonly paidOffTime: number;
}

/** Decodes a loan row; undefined when malformed. */
export function decodeLoanRow(row: unknown): LoanRow | undefined {
  if (!isRecord(row)) return undefined;
  const loanId = toId(row.loanId);
  const principal = toDecimal(row.principal);
  const owed = toDecimal(row.owed);
  const createdTime = toTime(row.createdTime);
  if (loanId === undefined || principal === undefined || owed === undefined || createdTime === undefined) {
    return undefined;
  }
  return {
    loanId,
    currency: toText(row.currency),
    principal,
    interest: toDecimal(row.interest) ?? '0',
    owed,
    yearlyRate: toDecimal(row.yearlyRate) ?? '0',
    createdTime,
    paidOffTime: toTime(row.paidOffTime) ?? 0,
  };
}

/** One repayment (the borrowing tab's repayment sub-tab). */
export interface RepaymentRow {
  readonly repayId: string;
  readonly currency: string;
  readonly amount: string;
  /** Part of the amount that paid interest. */
  readonly interest: string;
  readonly time: number;
  /** true: repaid automatically when the coin came back; false: the repay call. */
  readonly auto: boolean;
}

/** Decodes a repayment row; undefined when malformed. */
export function decodeRepaymentRow(row: unknown): RepaymentRow | undefined {
  if (!isRecord(row)) return undefined;
  const repayId = toId(row.repayId);
  const amount = toDecimal(row.amount);
  const time = toTime(row.time);
  if (repayId === undefined || amount === undefined || time === undefined) return undefined;
  return {
    repayId,
    currency: toText(row.currency),
    amount,
    interest: toDecimal(row.interest) ?? '0',
    time,
    auto: row.auto === true,
  };
}

/** The user info's upgrade facts (spec §3 grayFlag.IsUTA, unified_account, member_tag.UTA_INVERSE; §4 states). */
export interface UtaFacts {
  /** grayFlag.IsUTA: the account is in the upgrade's gray release (the entry and its tip may show). */
  readonly grayUta: boolean;
  /** 2 = UTA2. */
  readonly unifiedAccount: number;
  readonly upgrade: UpgradeState;
}

/** The upgrade facts of a user-info reply's result; null when logged out or unreadable. */
export function decodeUtaFacts(result: unknown): UtaFacts | null {
  if (!isRecord(result) || result.isLogin !== true) return null;
  const gray = isRecord(result.grayFlag) ? result.grayFlag : {};
  return {
    grayUta: gray.IsUTA === true,
    unifiedAccount: typeof result.unified_account === 'number' ? result.unified_account : 0,
    upgrade: decodeUpgradeState(result.utaUpgrade),
  };
}
