import { describe, expect, it } from 'vitest';
import { toConnectionView } from '../../../../../src/features/connection/connectionView';

describe('toConnectionView (spec §8 socket codes)', () => {
  it('open is connected; 4995 (heartbeat recovered) is kept as the reason', () => {
    expect(toConnectionView({ state: 'open', code: null })).toEqual({
      tone: 'ok',
      stateKey: 'connected',
      code: null,
    });
    expect(toConnectionView({ state: 'open', code: 4995 }).code).toBe(4995);
    expect(toConnectionView({ state: 'open', code: 4996 }).code).toBeNull();
  });
  it('reconnecting carries its code; unknown codes are dropped; offline is down', () => {
    for (const code of [4996, 4997, 4998, 4999, 4005, 4006])
      expect(toConnectionView({ state: 'reconnecting', code })).toEqual({
        tone: 'warn',
        stateKey: 'reconnecting',
        code,
      });
    expect(toConnectionView({ state: 'reconnecting', code: 1006 }).code).toBeNull();
    expect(toConnectionView({ state: 'offline', code: 4998 }).tone).toBe('down');
  });
});
