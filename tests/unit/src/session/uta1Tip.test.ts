import { describe, expect, it } from 'vitest';
import { showsUta1Tip, type Uta1TipInput } from '../../../../src/session/uta1Tip';

describe('UTA1 tip (spec §6: only to non-UTA2 non-demo users)', () => {
  const cases: { who: string; input: Uta1TipInput; shows: boolean }[] = [
    { who: 'classic account', input: { loggedIn: true, isDemo: false, unifiedAccount: 0 }, shows: true },
    { who: 'UTA 1.0 account', input: { loggedIn: true, isDemo: false, unifiedAccount: 1 }, shows: true },
    { who: 'UTA2 account', input: { loggedIn: true, isDemo: false, unifiedAccount: 2 }, shows: false },
    { who: 'demo classic', input: { loggedIn: true, isDemo: true, unifiedAccount: 0 }, shows: false },
    { who: 'demo UTA2', input: { loggedIn: true, isDemo: true, unifiedAccount: 2 }, shows: false },
    { who: 'visitor', input: { loggedIn: false, isDemo: false, unifiedAccount: 0 }, shows: false },
    {
      who: 'user info still loading',
      input: { loggedIn: true, isDemo: false, unifiedAccount: null },
      shows: false,
    },
  ];
  it.each(cases)('$who → $shows', ({ input, shows }) => {
    expect(showsUta1Tip(input)).toBe(shows);
  });
});
