import { describe, expect, it } from 'vitest';
import {
  checkRedemption,
  checkSubscription,
  REDEMPTION_FAILURES,
  SUBSCRIPTION_FAILURES,
  type LtCheckState,
} from '../../../../workers/protocol/ltChecks';

const OK: LtCheckState = {
  st: 1,
  riskState: 0,
  riskSwitchOn: true,
  nav: '2.1375',
  minPurchase: '10',
  maxPurchase: '1000',
  minRedeem: '5',
  maxRedeem: '500',
  quote: 'USDT',
  token: 'BTC3L',
};

interface Input {
  readonly qty: string;
  readonly available: string;
  readonly state: LtCheckState;
}

/**
 * One step per check, in the spec's order: the input breaks it. Starting from an input where every check fails at
 * once and repairing them one by one, each check must be the one reported in its turn.
 */
type Step = readonly [key: string, breakIt: (i: Input) => Input, repair: (i: Input) => Input];

const SUBSCRIPTION_STEPS: readonly Step[] = [
  ['failedInputAmount', (i) => ({ ...i, qty: '0' }), (i) => ({ ...i, qty: '2000' })],
  ['usdtNotEnough', (i) => ({ ...i, available: '1' }), (i) => ({ ...i, available: '5000' })],
  [
    'closed',
    (i) => ({ ...i, state: { ...i.state, st: 3 } }),
    (i) => ({ ...i, state: { ...i.state, st: 5 } }),
  ],
  ['changePosition', (i) => i, (i) => ({ ...i, state: { ...i.state, st: 1 } })],
  [
    'closePosition',
    (i) => ({ ...i, state: { ...i.state, riskState: 4 } }),
    (i) => ({ ...i, state: { ...i.state, riskState: 0 } }),
  ],
  [
    'invalidValue',
    (i) => ({ ...i, state: { ...i.state, nav: '0' } }),
    (i) => ({ ...i, state: { ...i.state, nav: '2.1375' } }),
  ],
  // 2000 is above maxPurchase 1000; the repair also makes it below minPurchase (50 → raise min to 100).
  ['maxAmount', (i) => i, (i) => ({ ...i, qty: '50', state: { ...i.state, minPurchase: '100' } })],
  ['minAmount', (i) => i, (i) => ({ ...i, qty: '500' })],
];

const REDEMPTION_STEPS: readonly Step[] = [
  ['failedInputQuantity', (i) => ({ ...i, qty: '' }), (i) => ({ ...i, qty: '1' })],
  ['amountNotEnough', (i) => ({ ...i, available: '0.5' }), (i) => ({ ...i, available: '5000' })],
  [
    'closed',
    (i) => ({ ...i, state: { ...i.state, st: 2 } }),
    (i) => ({ ...i, state: { ...i.state, st: 5 } }),
  ],
  ['changePosition', (i) => i, (i) => ({ ...i, state: { ...i.state, st: 1 } })],
  [
    'wearPosition',
    (i) => ({ ...i, state: { ...i.state, riskState: 4, riskSwitchOn: false } }),
    (i) => ({ ...i, state: { ...i.state, riskState: 0 } }),
  ],
  [
    'netWorth',
    (i) => ({ ...i, state: { ...i.state, nav: '0' } }),
    (i) => ({ ...i, state: { ...i.state, nav: '2' } }),
  ],
  // 1 is below minRedeem 5; the repair makes it above maxRedeem (lowered to 3).
  ['minQuantity', (i) => i, (i) => ({ ...i, qty: '10', state: { ...i.state, maxRedeem: '3' } })],
  ['maxQuantity', (i) => i, (i) => ({ ...i, qty: '3', state: { ...i.state, minRedeem: '1' } })],
];

function walk(
  steps: readonly Step[],
  check: (q: string, a: string, s: LtCheckState) => { ok: boolean; key?: string },
): [string, string | undefined][] {
  let input: Input = { qty: '2000', available: '5000', state: OK };
  for (const [, breakIt] of steps) input = breakIt(input);
  const seen: [string, string | undefined][] = [];
  for (const [key, , repair] of steps) {
    const r = check(input.qty, input.available, input.state);
    seen.push([key, r.ok ? 'ok' : r.key]);
    input = repair(input);
  }
  const last = check(input.qty, input.available, input.state);
  seen.push(['pass', last.ok ? 'ok' : last.key]);
  return seen;
}

describe('LT checks (spec §5), each failing first in its turn', () => {
  it('subscription: 8 checks in order', () => {
    const seen = walk(SUBSCRIPTION_STEPS, checkSubscription);
    expect(seen).toEqual([...SUBSCRIPTION_FAILURES.map((k) => [k, k]), ['pass', 'ok']]);
  });

  it('redemption: 8 checks in order', () => {
    const seen = walk(REDEMPTION_STEPS, checkRedemption);
    expect(seen).toEqual([...REDEMPTION_FAILURES.map((k) => [k, k]), ['pass', 'ok']]);
  });

  it.each([
    ['', 'failedInputAmount'],
    ['abc', 'failedInputAmount'],
    ['-5', 'failedInputAmount'],
    ['0.000', 'failedInputAmount'],
    ['5000.01', 'usdtNotEnough'],
    ['1000.0001', 'maxAmount'],
    ['9.99', 'minAmount'],
  ])('subscription of %j fails with %s', (amount, key) => {
    const r = checkSubscription(amount, '5000', OK);
    expect(r.ok ? 'ok' : r.key).toBe(key);
  });

  it('names the currency and the limit in the messages', () => {
    expect(checkSubscription('6000', '5000', OK)).toEqual({
      ok: false,
      key: 'usdtNotEnough',
      values: { currency: 'USDT' },
    });
    expect(checkSubscription('2000', '5000', OK)).toMatchObject({
      values: { value: '1000', currency: 'USDT' },
    });
    expect(checkRedemption('1', '5000', OK)).toMatchObject({ values: { value: '5', currency: 'BTC3L' } });
  });

  it('closes subscription at st 3 and 4, redemption at 2 and 4', () => {
    const sub = (st: number): string => {
      const r = checkSubscription('100', '5000', { ...OK, st });
      return r.ok ? 'ok' : r.key;
    };
    const red = (st: number): string => {
      const r = checkRedemption('10', '5000', { ...OK, st });
      return r.ok ? 'ok' : r.key;
    };
    expect([1, 2, 3, 4, 5].map(sub)).toEqual(['ok', 'ok', 'closed', 'closed', 'changePosition']);
    expect([1, 2, 3, 4, 5].map(red)).toEqual(['ok', 'closed', 'ok', 'closed', 'changePosition']);
  });

  it('blocks subscription at risk state 4 only with the switch on; risk state 5 is a warning', () => {
    expect(checkSubscription('100', '5000', { ...OK, riskState: 4, riskSwitchOn: false })).toEqual({
      ok: true,
      warning: null,
    });
    expect(checkSubscription('100', '5000', { ...OK, riskState: 5 })).toEqual({
      ok: true,
      warning: 'wearPosition',
    });
    expect(checkRedemption('10', '5000', { ...OK, riskState: 5 })).toEqual({ ok: true, warning: null });
  });
});
