import { describe, expect, it } from 'vitest';
import {
  EMPTY_DRAFT,
  ORDER_KINDS,
  orderValue,
  summaryPriceOf,
  type OrderDraft,
} from '../../../../src/lib/orderDraft';

/** Every kind, with the fields each could have typed or left empty. */
function drafts(): OrderDraft[] {
  const out: OrderDraft[] = [];
  for (const kind of ORDER_KINDS)
    for (const conditionalType of ['Limit', 'Market'] as const)
      for (const marketUnit of ['baseCoin', 'quoteCoin'] as const)
        for (const price of ['', '60000'])
          for (const trigger of ['', '61000'])
            for (const activation of ['', '62000'])
              out.push({
                ...EMPTY_DRAFT,
                kind,
                conditionalType,
                marketUnit,
                price,
                trigger,
                activation,
                qty: '0.5',
                amount: '100',
                tp: { ...EMPTY_DRAFT.tp, trigger: '70000', limit: '70100' },
                sl: { ...EMPTY_DRAFT.sl, trigger: '50000' },
              });
  return out;
}

describe('summaryPriceOf', () => {
  it('is the typed limit price first, then the trigger, and null (the last price) otherwise', () => {
    expect(summaryPriceOf({ ...EMPTY_DRAFT, kind: 'limit', price: '60000' })).toBe('60000');
    expect(summaryPriceOf({ ...EMPTY_DRAFT, kind: 'limit', price: '' })).toBeNull();
    expect(summaryPriceOf({ ...EMPTY_DRAFT, kind: 'stopLimit', price: '', trigger: '61000' })).toBe('61000');
    expect(summaryPriceOf({ ...EMPTY_DRAFT, kind: 'stopLimit', price: '60000', trigger: '61000' })).toBe(
      '60000',
    );
    expect(summaryPriceOf({ ...EMPTY_DRAFT, kind: 'market' })).toBeNull();
    expect(summaryPriceOf({ ...EMPTY_DRAFT, kind: 'trailing', activation: '62000' })).toBeNull();
  });

  // The order form's summary subscribes to the ticker only while summaryPriceOf is null: the order value must then
  // not depend on the last price, or the summary would show a stale value.
  it('is null whenever the order value depends on the last price', () => {
    let dependent = 0;
    for (const d of drafts()) {
      const a = orderValue(d, '40000')?.toString() ?? null;
      const b = orderValue(d, '80000')?.toString() ?? null;
      if (a === b) continue;
      dependent += 1;
      expect(summaryPriceOf(d), JSON.stringify(d)).toBeNull();
    }
    // Market orders sized in base and trailing orders without an activation price do depend on it.
    expect(dependent).toBeGreaterThan(0);
  });
});
