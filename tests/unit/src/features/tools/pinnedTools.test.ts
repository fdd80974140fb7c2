import { describe, expect, it } from 'vitest';
import { COMPLIANCE, type ComplianceConfig } from '../../../../../src/session/compliance';
import { VISITOR, type SessionUser } from '../../../../../src/session/session';
import { hasTools, pinnedTools, toolViews } from '../../../../../src/features/tools/pinnedTools';
import {
  canChangePreference,
  toTradePreferences,
  DEFAULT_PREFERENCES,
  PREFERENCE_SECTIONS,
} from '../../../../../src/session/preferences';

const user = (over: Partial<SessionUser>): SessionUser => ({ ...VISITOR, loggedIn: true, ...over });
const off = (over: Partial<ComplianceConfig>): ComplianceConfig => ({ ...COMPLIANCE, ...over });

describe('pinned tool icons (spec §5)', () => {
  it('shows every icon but spread for a regular account, in spec order', () => {
    expect(pinnedTools(COMPLIANCE, user({}))).toEqual([
      'grid',
      'otc',
      'autoInvest',
      'iceberg',
      'twap',
      'scaled',
    ]);
  });

  it('removes twap and iceberg without the split-tools flag', () => {
    expect(pinnedTools(off({ splitTools: false }), user({}))).not.toContain('twap');
    expect(pinnedTools(off({ splitTools: false }), user({}))).not.toContain('iceberg');
  });

  it('removes scaled order without its flag or for demo; shows spread only for demo with its flag', () => {
    expect(pinnedTools(off({ scaledOrder: false }), user({}))).not.toContain('scaled');
    const demo = pinnedTools(COMPLIANCE, user({ isDemo: true }));
    expect(demo).not.toContain('scaled');
    expect(demo).toContain('spread');
    expect(pinnedTools(off({ futureSpread: false }), user({ isDemo: true }))).not.toContain('spread');
  });

  it('removes auto invest for sub-accounts or without its flag', () => {
    expect(pinnedTools(COMPLIANCE, user({ isSub: true }))).not.toContain('autoInvest');
    expect(pinnedTools(off({ autoInvest: false }), user({}))).not.toContain('autoInvest');
  });

  it('removes grid bot for copy-trading leaders, demo, or without its flag', () => {
    expect(pinnedTools(COMPLIANCE, user({ isCopyTradingLeader: true }))).not.toContain('grid');
    expect(pinnedTools(COMPLIANCE, user({ isDemo: true }))).not.toContain('grid');
    expect(pinnedTools(off({ gridBot: false }), user({}))).not.toContain('grid');
  });

  it('gives sub-accounts no tools (spec §6)', () => {
    const sub = user({ isSub: true });
    expect(hasTools(sub)).toBe(false);
    expect(toolViews(COMPLIANCE, sub)).toEqual([]);
    expect(pinnedTools(COMPLIANCE, sub)).toEqual(['otc']);
  });
});

describe('trade preferences (spec §6)', () => {
  it('lets only UTA non-demo users change advanced and unit preferences', () => {
    expect(canChangePreference('showTpSl', COMPLIANCE, user({ isUTA: true }))).toBe(true);
    expect(canChangePreference('showTpSl', COMPLIANCE, user({ isUTA: true, isDemo: true }))).toBe(false);
    expect(canChangePreference('showBaseOrQuote', COMPLIANCE, user({}))).toBe(false);
    expect(canChangePreference('showAvailableBalance', COMPLIANCE, VISITOR)).toBe(true);
  });

  it('gates spot margin on compliance', () => {
    expect(canChangePreference('showSpotMargin', COMPLIANCE, user({ isUTA: true }))).toBe(true);
    expect(canChangePreference('showSpotMargin', off({ spotMargin: false }), user({ isUTA: true }))).toBe(
      false,
    );
  });

  it('trade flashes: on by default, in Unit display, changeable by anyone, remembered with the other flags', () => {
    expect(DEFAULT_PREFERENCES.showTradeFlashes).toBe(true);
    expect(PREFERENCE_SECTIONS.map((s) => s.id)).toEqual(['setup', 'orderInfo', 'advanced', 'unit']);
    expect(PREFERENCE_SECTIONS.find((s) => s.id === 'unit')?.keys).toContain('showTradeFlashes');
    expect(canChangePreference('showTradeFlashes', COMPLIANCE, VISITOR)).toBe(true);
    expect(canChangePreference('showTradeFlashes', COMPLIANCE, user({ isDemo: true }))).toBe(true);
    expect(toTradePreferences({ showTradeFlashes: false }).showTradeFlashes).toBe(false);
  });

  it('merges stored flags over the defaults, ignoring junk', () => {
    expect(toTradePreferences({ showMaxBuy: false, showTpSl: 'no', bogus: true })).toEqual({
      ...DEFAULT_PREFERENCES,
      showMaxBuy: false,
    });
    expect(toTradePreferences(null)).toBe(DEFAULT_PREFERENCES);
  });
});
