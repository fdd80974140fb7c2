import { describe, expect, it } from 'vitest';
import {
  acceptNumericInput,
  clampDecimal,
  decimalSeparatorOf,
  divideDown,
  fractionOf,
  limitPrecision,
  parseNumericInput,
  snapToStep,
  stepMultipleOf,
  stepSize,
  stepValue,
  toDisplayInput,
} from '../../../../src/lib/decimalInput';

describe('parseNumericInput', () => {
  it('reads plain, grouped and exponent forms as canonical decimals', () => {
    expect(parseNumericInput('1234.5', '.')).toBe('1234.5');
    expect(parseNumericInput('1,234.5', '.')).toBe('1234.5');
    expect(parseNumericInput('1,234,567', '.')).toBe('1234567');
    expect(parseNumericInput(' 1 234.5 ', '.')).toBe('1234.5');
    expect(parseNumericInput('1e-3', '.')).toBe('0.001');
    expect(parseNumericInput('1.5E+2', '.')).toBe('150');
    expect(parseNumericInput('.5', '.')).toBe('.5');
    expect(parseNumericInput('12.', '.')).toBe('12.');
    expect(parseNumericInput('', '.')).toBe('');
  });
  it('reads decimal commas in comma locales and the European grouping', () => {
    expect(parseNumericInput('0,5', ',')).toBe('0.5');
    expect(parseNumericInput('1.234,5', ',')).toBe('1234.5');
    expect(parseNumericInput('1.234.567', ',')).toBe('1234567');
    expect(parseNumericInput('1.234,5', '.')).toBe('1234.5');
    // A single comma not grouping thousands is a decimal comma even in a dot locale.
    expect(parseNumericInput('0,25', '.')).toBe('0.25');
  });
  it('refuses what is not a number', () => {
    for (const bad of ['abc', '1.2.3', '-1', '1,2,3', '1e', '1,23.4', '--']) {
      expect(parseNumericInput(bad, '.'), bad).toBeNull();
    }
  });
});

describe('precision, clamp and steps', () => {
  it('limits decimals to the precision, towards zero', () => {
    expect(limitPrecision('1.23456', 2)).toBe('1.23');
    expect(limitPrecision('1.2', 4)).toBe('1.2');
    expect(limitPrecision('7.9', 0)).toBe('7');
    expect(acceptNumericInput('1,234.5678', 2, '.')).toBe('1234.56');
    expect(acceptNumericInput('x', 2, '.')).toBeNull();
  });
  it('clamps to the bounds', () => {
    expect(clampDecimal('5', '1', '10')).toBe('5');
    expect(clampDecimal('0.5', '1', '10')).toBe('1');
    expect(clampDecimal('11', '1', '10')).toBe('10');
    expect(clampDecimal('11', null, null)).toBe('11');
  });
  it('snaps to steps of 1, 2 or 5 units of the last decimal', () => {
    expect(stepSize(2, 5).toFixed()).toBe('0.05');
    expect(snapToStep('1.234', 2)).toBe('1.23');
    expect(snapToStep('1.237', 2, 5)).toBe('1.20');
    expect(snapToStep('1.27', 2, 5)).toBe('1.25');
    expect(snapToStep('1.27', 2, 2)).toBe('1.26');
    expect(snapToStep('1.27', 2, 5, 'nearest')).toBe('1.25');
    expect(snapToStep('1.28', 2, 5, 'nearest')).toBe('1.30');
    expect(snapToStep('1.21', 2, 5, 'up')).toBe('1.25');
    expect(snapToStep('7', 0, 5)).toBe('5');
  });
  it('picks the step multiple from a tick', () => {
    expect(stepMultipleOf('0.5')).toBe(5);
    expect(stepMultipleOf('0.05')).toBe(5);
    expect(stepMultipleOf('0.2')).toBe(2);
    expect(stepMultipleOf('0.01')).toBe(1);
    expect(stepMultipleOf('x')).toBe(1);
  });
  it('steps up and down on the grid, from the start value when empty, never below zero', () => {
    expect(stepValue('1.25', 1, { precision: 2, multiple: 5 })).toBe('1.30');
    expect(stepValue('1.27', 1, { precision: 2, multiple: 5 })).toBe('1.30');
    expect(stepValue('1.27', -1, { precision: 2, multiple: 5 })).toBe('1.25');
    expect(stepValue('', 1, { precision: 2, start: '100' })).toBe('100.01');
    expect(stepValue('0', -1, { precision: 2 })).toBe('0.00');
    expect(stepValue('10', 1, { precision: 2, max: '10' })).toBe('10');
  });
  it('shares of a balance and conversions cut down, never up', () => {
    expect(fractionOf('100', 0.333, 2)).toBe('33.3');
    expect(fractionOf('0', 0.5, 2)).toBe('');
    expect(divideDown('100', '3', 4)).toBe('33.3333');
    expect(divideDown('1', '0', 4)).toBe('');
  });
  it('shows canonical values with the locale separator', () => {
    expect(toDisplayInput('1234.5', ',')).toBe('1234,5');
    expect(decimalSeparatorOf('de-DE')).toBe(',');
    expect(decimalSeparatorOf('en')).toBe('.');
  });
});
