import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_RULES, DEMO_TIP_KEY, demoAccess, type DemoFeature } from '../../../../src/session/demoRules';
import { ordersSubTabs, ordersTabs, ORDERS_COMPLIANCE } from '../../../../src/features/orders/tabs';
import { canSyncLayout } from '../../../../src/features/chart/config';
import { COMPLIANCE, showsLiquidityShield } from '../../../../src/session/compliance';

const DEMO = { isDemo: true };
const LIVE = { isDemo: false };

describe('demo rules (spec §6 "Demo account")', () => {
  it('treats every feature the spec lists, each the way its spec sentence says', () => {
    const table: [DemoFeature, string][] = [
      ['tradeAnalysis', 'hidden'],
      ['ocoOrderTab', 'hidden'],
      ['ocoOrderKind', 'tip'],
      ['performanceLink', 'tip'],
      ['liquidityShield', 'hidden'],
      ['klineLayoutSync', 'skipped'],
      ['advancedPreferences', 'hidden'],
      ['utaUpgradeGuide', 'skipped'],
      ['syncToApp', 'hidden'],
    ];
    expect(Object.keys(DEMO_RULES).sort()).toEqual(table.map(([f]) => f).sort());
    for (const [feature, treatment] of table) {
      expect(demoAccess(feature, DEMO), feature).toBe(treatment);
      expect(demoAccess(feature, LIVE), feature).toBe('available');
    }
    expect(demoAccess('ocoOrderKind', null)).toBe('available');
  });

  it('the features follow the table: P&L tab with the tip, no OCO sub-tab, no layout sync, no shield link', () => {
    const demoUta = { unified: true, isDemo: true };
    expect(ordersTabs(demoUta, ORDERS_COMPLIANCE)).toContain('pnl');
    expect(ordersSubTabs(demoUta, ORDERS_COMPLIANCE, false)).not.toContain('oco');
    expect(ordersSubTabs(demoUta, ORDERS_COMPLIANCE, true)).not.toContain('oco');
    expect(canSyncLayout({ loggedIn: true, isDemo: true })).toBe(false);
    expect(canSyncLayout({ loggedIn: true, isDemo: false })).toBe(true);
    const symbol = COMPLIANCE.slippageCompensationSymbols[0] ?? 'BTCUSDT';
    const on = { ...COMPLIANCE, liquidityShield: true, slippageCompensationSymbols: [symbol] };
    expect(showsLiquidityShield(on, symbol, true)).toBe(false);
    expect(showsLiquidityShield(on, symbol, false)).toBe(true);
  });

  it('the tip has its spec key, translated (not the English text) in every locale', () => {
    const root = 'locales';
    const en = (JSON.parse(readFileSync(`${root}/en/common.json`, 'utf8')) as Record<string, unknown>)[
      DEMO_TIP_KEY
    ];
    expect(typeof en).toBe('string');
    for (const lng of readdirSync(root).filter((d) => d !== 'en' && !d.endsWith('.md'))) {
      const text = (
        JSON.parse(readFileSync(`${root}/${lng}/common.json`, 'utf8')) as Record<string, unknown>
      )[DEMO_TIP_KEY];
      expect(typeof text, lng).toBe('string');
      expect(text, lng).not.toBe(en);
    }
  });
});
