import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, type OrderDraft } from '../../../../../src/lib/orderDraft';
import { referencePrice, sizeAtPercent } from '../../../../../src/features/order-form/percentSize';

const AVAILABLE = { quote: '1000', base: '2' };
const PRECISION = { quantity: 6, amount: 2 };
const draft = (patch: Partial<OrderDraft>): OrderDraft => ({ ...EMPTY_DRAFT, ...patch });

describe('referencePrice', () => {
  it('prefers the limit price, then the trigger, then the activation, then the last price', () => {
    expect(referencePrice(draft({ kind: 'limit', price: '100' }), '90')).toBe('100');
    expect(referencePrice(draft({ kind: 'limit' }), '90')).toBe('90');
    expect(referencePrice(draft({ kind: 'stopLimit', trigger: '95' }), '90')).toBe('95');
    expect(referencePrice(draft({ kind: 'stopLimit', price: '96', trigger: '95' }), '90')).toBe('96');
    expect(
      referencePrice(
        draft({ kind: 'conditional', conditionalType: 'Market', price: '1', trigger: '95' }),
        '90',
      ),
    ).toBe('95');
    expect(referencePrice(draft({ kind: 'trailing', activation: '80' }), '90')).toBe('80');
    expect(referencePrice(draft({ kind: 'market', price: '1' }), null)).toBe('');
  });
});

describe('sizeAtPercent', () => {
  it('a buy sized in base spends that share of the quote balance at the reference price, cut down', () => {
    expect(sizeAtPercent(draft({ kind: 'limit', price: '300' }), 50, AVAILABLE, null, PRECISION)).toEqual({
      qty: '1.666666',
    });
  });

  it('a sell sized in base takes that share of the base balance', () => {
    expect(sizeAtPercent(draft({ kind: 'limit', side: 'Sell' }), 25, AVAILABLE, '10', PRECISION)).toEqual({
      qty: '0.5',
    });
  });

  it('a market buy by value takes that share of the quote balance', () => {
    const d = draft({ kind: 'market', marketUnit: 'quoteCoin' });
    expect(sizeAtPercent(d, 33, AVAILABLE, '10', PRECISION)).toEqual({ amount: '330' });
  });

  it('a market sell by value converts the base share at the last price', () => {
    const d = draft({ kind: 'market', side: 'Sell', marketUnit: 'quoteCoin' });
    expect(sizeAtPercent(d, 50, AVAILABLE, '123.456', PRECISION)).toEqual({ amount: '123.45' });
  });

  it('0 % and a missing reference price give an empty size', () => {
    expect(sizeAtPercent(draft({ kind: 'limit' }), 0, AVAILABLE, '10', PRECISION)).toEqual({ qty: '' });
    expect(
      sizeAtPercent(draft({ kind: 'market', marketUnit: 'baseCoin' }), 50, AVAILABLE, null, PRECISION),
    ).toEqual({
      qty: '',
    });
  });
});
