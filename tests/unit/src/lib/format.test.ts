import { describe, expect, it } from 'vitest';
import {
  formatCompact,
  formatFixed,
  formatPercent,
  formatShare,
  formatTwoDigits,
  formatUtcDateTime,
} from '../../../../src/lib/format';

describe('Intl formatting per locale', () => {
  it('formats fixed precision with the locale separators and Latin digits', () => {
    expect(formatFixed(64000.5, 2, 'en')).toBe('64,000.50');
    expect(formatFixed(64000.5, 2, 'de-DE')).toBe('64.000,50');
    expect(formatFixed(64000.5, 2, 'ar-SA')).toMatch(/^[0-9.,\u066b\u066c\u200f\u061c]+$/);
    expect(formatFixed(64000.5, 2, 'fa-IR')).not.toMatch(/[\u06f0-\u06f9]/);
    expect(formatFixed(Number.NaN, 2, 'en')).toBe('--');
  });

  it('signs percentages and follows the locale', () => {
    expect(formatPercent(0.0196, 'en')).toBe('+1.96%');
    expect(formatPercent(-0.0123, 'en')).toBe('-1.23%');
    expect(formatPercent(0, 'en')).toBe('0.00%');
    expect(formatPercent(0.0196, 'fr-FR').replace(/\s/g, ' ')).toBe('+1,96 %');
    expect(formatPercent(0.0196, 'tr-TR')).toBe('+%1,96');
  });

  it('shows a progress share unsigned, up to one decimal, in the locale', () => {
    expect(formatShare(0.2, 'en')).toBe('20%');
    expect(formatShare(0, 'en')).toBe('0%');
    expect(formatShare(0.3333, 'en')).toBe('33.3%');
    expect(formatShare(0.2, 'tr-TR')).toBe('%20');
    expect(formatShare(Number.NaN, 'en')).toBe('--');
  });

  it('abbreviates large values with K, M, B, T', () => {
    expect(formatCompact(999.5, 'en')).toBe('999.50');
    expect(formatCompact(1_234, 'en')).toBe('1.23K');
    expect(formatCompact(2_370_000, 'en')).toBe('2.37M');
    expect(formatCompact(5.1e9, 'en')).toBe('5.10B');
    expect(formatCompact(7e12, 'de-DE')).toBe('7,00T');
  });

  it('pads countdown numbers and writes UTC dates', () => {
    expect(formatTwoDigits(7, 'en')).toBe('07');
    expect(formatTwoDigits(123, 'en')).toBe('123');
    expect(formatUtcDateTime(Date.UTC(2025, 5, 5, 14, 0, 0), 'en')).toBe('Jun 5, 2025, 14:00:00');
  });
});
