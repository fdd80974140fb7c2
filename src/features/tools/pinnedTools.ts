/** Pinned tool icons of the left tab bar and the compliance rules that remove them (spec §2, §5, §6). Pure. */
import type { ComplianceConfig } from '../../session/compliance';
import type { SessionUser } from '../../session/session';

/** The tool sub-views of the Tools tab. */
export type ToolView = 'grid' | 'iceberg' | 'twap' | 'scaled' | 'spread';

/** Every tool sub-view, in tab order. */
export const TOOL_VIEWS: readonly ToolView[] = ['grid', 'iceberg', 'twap', 'scaled', 'spread'];

/** A pinned icon: grid bot, OTC, auto invest, iceberg, TWAP, scaled order, spread (spec §2 order). */
export type PinnedTool = 'grid' | 'otc' | 'autoInvest' | 'iceberg' | 'twap' | 'scaled' | 'spread';

/** Every pinned icon, in display order. */
export const PINNED_TOOLS: readonly PinnedTool[] = [
  'grid',
  'otc',
  'autoInvest',
  'iceberg',
  'twap',
  'scaled',
  'spread',
];

/** True when the account may use the Tools tab at all (sub-accounts may not, spec §6). */
export function hasTools(user: SessionUser): boolean {
  return !user.isSub;
}

/** Whether one pinned icon shows for this account and config (spec §5 "Pinned tool icons are removed when…"). */
export function isPinnedToolShown(tool: PinnedTool, config: ComplianceConfig, user: SessionUser): boolean {
  switch (tool) {
    case 'otc':
      return true;
    case 'twap':
    case 'iceberg':
      return config.splitTools && hasTools(user);
    case 'scaled':
      return config.scaledOrder && !user.isDemo && hasTools(user);
    case 'autoInvest':
      return config.autoInvest && !user.isSub;
    case 'grid':
      return config.gridBot && !user.isDemo && !user.isCopyTradingLeader && hasTools(user);
    case 'spread':
      return config.futureSpread && user.isDemo && hasTools(user);
  }
}

/** The pinned icons to show, in order. */
export function pinnedTools(config: ComplianceConfig, user: SessionUser): readonly PinnedTool[] {
  return PINNED_TOOLS.filter((t) => isPinnedToolShown(t, config, user));
}

/** The Tools sub-views available (the same rules as their icons). */
export function toolViews(config: ComplianceConfig, user: SessionUser): readonly ToolView[] {
  return TOOL_VIEWS.filter((t) => isPinnedToolShown(t, config, user));
}
