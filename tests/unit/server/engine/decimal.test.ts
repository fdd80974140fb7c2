import { describe, expect, it } from 'vitest';
import { formatUnits, parseDec, roundUnits, toUnits } from '../../../../server/engine/decimal';

describe('decimal helpers', () => {
  it('parses plain and exponent forms to a minimal scale', () => {
    expect(parseDec('100')).toEqual({ int: 100n, scale: 0 });
    expect(parseDec('100.500')).toEqual({ int: 1005n, scale: 1 });
    expect(parseDec('.5')).toEqual({ int: 5n, scale: 1 });
    expect(parseDec('5.')).toEqual({ int: 5n, scale: 0 });
    expect(parseDec('1e2')).toEqual({ int: 100n, scale: 0 });
    expect(parseDec('1.5E-3')).toEqual({ int: 15n, scale: 4 });
    expect(parseDec('0.000')).toEqual({ int: 0n, scale: 0 });
    expect(parseDec('+2')).toEqual({ int: 2n, scale: 0 });
  });

  it('rejects signs, blanks and garbage', () => {
    for (const bad of ['', '-1', 'abc', 'NaN', 'Infinity', '1e', '.', '1.2.3', ' 1', '1 ', '0x1', '1e1000']) {
      expect(parseDec(bad)).toBeUndefined();
    }
    expect(parseDec(undefined)).toBeUndefined();
  });

  it('converts to units exactly or refuses, rounds on request, and formats trimmed', () => {
    const d = parseDec('1.2345');
    if (d === undefined) throw new Error('parse');
    expect(toUnits(d, 4)).toBe(12345n);
    expect(toUnits(d, 6)).toBe(1234500n);
    expect(toUnits(d, 2)).toBeUndefined();
    expect(roundUnits(d, 2)).toBe(123n);
    expect(roundUnits(d, 3)).toBe(1235n);
    expect(formatUnits(12345n, 4)).toBe('1.2345');
    expect(formatUnits(1234500, 6)).toBe('1.2345');
    expect(formatUnits(100, 2)).toBe('1');
    expect(formatUnits(5, 3)).toBe('0.005');
    expect(formatUnits(0, 8)).toBe('0');
    expect(formatUnits(-5n, 1)).toBe('-0.5');
    expect(formatUnits(6400000, 2)).toBe('64000');
  });
});
