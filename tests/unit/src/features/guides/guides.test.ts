import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NEW_USER_STEPS,
  guideForKind,
  guideStateOf,
  guideSteps,
  moveGuide,
} from '../../../../../src/features/guides/guides';

describe('guides (spec §2, §9 default steps [1,3])', () => {
  it('the new-user guide opens only when told, with the default steps, and resumes from the steps left', () => {
    expect(guideStateOf('newUser', undefined)).toEqual({ kind: 'unknown' });
    expect(guideStateOf('newUser', 'new')).toEqual({ kind: 'pending', steps: DEFAULT_NEW_USER_STEPS });
    expect(guideSteps('newUser', guideStateOf('newUser', 'new'), 'Buy')).toEqual(['step1', 'step3']);
    expect(guideSteps('newUser', guideStateOf('newUser', '[3]'), 'Buy')).toEqual(['step3']);
    expect(guideStateOf('newUser', '[9]')).toEqual({ kind: 'unknown' });
    expect(guideStateOf('newUser', 'readed')).toEqual({ kind: 'readed' });
  });

  it('the OCO guide shows its buying or selling steps; trailing stop three; both until read', () => {
    const pending = guideStateOf('oco', undefined);
    expect(guideSteps('oco', pending, 'Buy')).toEqual(['buy1', 'buy2', 'buy3']);
    expect(guideSteps('oco', pending, 'Sell')).toEqual(['sell1', 'sell2', 'sell3']);
    expect(guideSteps('trailing', guideStateOf('trailing', undefined), 'Buy')).toHaveLength(3);
    expect(guideSteps('oco', guideStateOf('oco', 'readed'), 'Buy')).toEqual([]);
    expect(guideForKind('oco')).toBe('oco');
    expect(guideForKind('trailing')).toBe('trailing');
    expect(guideForKind('limit')).toBeNull();
  });

  it('next moves on (the new-user guide writes the steps left); done and close save it read', () => {
    expect(moveGuide('newUser', ['step1', 'step3'], 0, 'next')).toEqual({
      step: 1,
      write: { newUserGuide: '[3]' },
    });
    expect(moveGuide('newUser', ['step1', 'step3'], 1, 'done')).toEqual({
      step: null,
      write: { newUserGuide: 'readed' },
    });
    expect(moveGuide('oco', ['buy1', 'buy2', 'buy3'], 0, 'next')).toEqual({ step: 1, write: null });
    expect(moveGuide('trailing', ['step1', 'step2', 'step3'], 1, 'close')).toEqual({
      step: null,
      write: { trailingStopGuide: 'readed' },
    });
  });
});
