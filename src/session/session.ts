/** The signed-in user as the shell needs it (roles of spec §6), parsed from `/user/api/info`. */

/** Roles and flags of the current user; a visitor has every flag false. */
export interface SessionUser {
  readonly loggedIn: boolean;
  readonly isDemo: boolean;
  readonly isSub: boolean;
  readonly isCopyTradingLeader: boolean;
  readonly isUTA: boolean;
  /** EAA (EU) user: the notice bar is not shown unless demo (spec §4). */
  readonly isEaa: boolean;
}

/** A logged-out visitor. */
export const VISITOR: SessionUser = {
  loggedIn: false,
  isDemo: false,
  isSub: false,
  isCopyTradingLeader: false,
  isUTA: false,
  isEaa: false,
};

/** The user of a `{code, success, result}` user-info reply; a visitor for anything else. */
export function toSessionUser(reply: unknown): SessionUser {
  if (typeof reply !== 'object' || reply === null) return VISITOR;
  const { code, result } = reply as Record<string, unknown>;
  if (code !== 0 || typeof result !== 'object' || result === null) return VISITOR;
  const r = result as Record<string, unknown>;
  if (r.isLogin !== true) return VISITOR;
  return {
    loggedIn: true,
    isDemo: r.isDemoAccount === true,
    isSub: r.isSubAccount === true,
    isCopyTradingLeader: r.is_copy_trading_leader === true,
    isUTA: r.isUTA === true,
    isEaa: r.eaaStatus === true,
  };
}
