/**
 * The unified account's margin pushes in the hub: the latest `user.unify.usdc.borrowInfo` (risk and borrowed coins)
 * and the `user.uta.upgrade` events (progress and result), each numbered so a tab acts on a result once, and the user
 * info's upgrade facts. Pure.
 */
import type { BorrowInfo, UpgradeEvent, UtaFacts } from '../protocol/margin';
import { decodeBorrowInfo, decodeUpgradeEvent, decodeUtaFacts } from '../protocol/margin';

/** The newest upgrade event with its arrival number (tabs remember the last number they acted on). */
export interface NumberedUpgradeEvent {
  readonly seq: number;
  readonly event: UpgradeEvent;
}

/** Latest borrowInfo and upgrade event of the logged-in account. */
export class MarginPushes {
  private borrowInfo: BorrowInfo | null = null;
  private upgrade: NumberedUpgradeEvent | null = null;
  private seq = 0;
  private uta: UtaFacts | null = null;

  /** Takes the upgrade facts of a user-info reply's result (each load of the user). */
  applyUserInfo(result: unknown): void {
    this.uta = decodeUtaFacts(result);
  }

  /** The user's upgrade facts (null while logged out). */
  utaFacts(): UtaFacts | null {
    return this.uta;
  }

  /** Takes a borrowInfo frame's rows (the last valid one wins); the number of rows dropped. */
  applyBorrowInfo(rows: readonly unknown[]): { changed: boolean; bad: number } {
    let changed = false;
    let bad = 0;
    for (const r of rows) {
      const d = decodeBorrowInfo(r);
      if (d === undefined) bad++;
      else {
        this.borrowInfo = d;
        changed = true;
      }
    }
    return { changed, bad };
  }

  /** Takes an upgrade frame's rows, numbering each event. */
  applyUpgrade(rows: readonly unknown[]): { changed: boolean; bad: number } {
    let changed = false;
    let bad = 0;
    for (const r of rows) {
      const ev = decodeUpgradeEvent(r);
      if (ev === undefined) bad++;
      else {
        this.upgrade = { seq: ++this.seq, event: ev };
        changed = true;
      }
    }
    return { changed, bad };
  }

  /** The latest borrowInfo (null before the first push). */
  borrow(): BorrowInfo | null {
    return this.borrowInfo;
  }

  /** The latest upgrade event (null before the first push). */
  upgradeEvent(): NumberedUpgradeEvent | null {
    return this.upgrade;
  }

  /** Forgets everything (logout, account switch). */
  clear(): void {
    this.borrowInfo = null;
    this.upgrade = null;
    this.uta = null;
  }
}
