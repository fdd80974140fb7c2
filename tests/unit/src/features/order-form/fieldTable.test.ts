import { describe, expect, it } from 'vitest';
import trade from '../../../../../locales/en/trade.json';
import { EMPTY_DRAFT, ORDER_KINDS, type OrderDraft } from '../../../../../src/lib/orderDraft';
import {
  finestStep,
  KIND_ROWS,
  NUMERIC_FIELDS,
  rowsOf,
  type NumericKey,
  type RowContext,
  type ShownRow,
} from '../../../../../src/features/order-form/fieldTable';

/** Rows as short names: numeric fields by key, legs as "leg:tp", everything else by kind. */
function names(rows: readonly ShownRow[]): string[] {
  return rows.map((r) => (r.kind === 'numeric' ? r.key : r.kind === 'leg' ? `leg:${r.leg}` : r.kind));
}

function shown(patch: Partial<OrderDraft>, flags: Partial<Omit<RowContext, 'draft'>> = {}): string[] {
  return names(rowsOf({ draft: { ...EMPTY_DRAFT, ...patch }, unitSwitch: false, slippage: false, ...flags }));
}

describe('field table: the fields each order kind shows (spec §5 "Order form")', () => {
  it('limit: price and quantity', () => {
    expect(shown({ kind: 'limit' })).toEqual(['price', 'qty']);
    // The unit switch and slippage are market-only, whatever the preferences.
    expect(shown({ kind: 'limit' }, { unitSwitch: true, slippage: true })).toEqual(['price', 'qty']);
  });

  it('market: no price of its own; amount when buying by value, quantity by base', () => {
    expect(shown({ kind: 'market', marketUnit: 'quoteCoin' })).toEqual(['marketPrice', 'amount']);
    expect(shown({ kind: 'market', marketUnit: 'baseCoin' })).toEqual(['marketPrice', 'qty']);
  });

  it('market: the unit switch and the slippage cap (quantity-sized only) follow the advanced preferences', () => {
    const on = { unitSwitch: true, slippage: true };
    expect(shown({ kind: 'market', marketUnit: 'baseCoin' }, on)).toEqual([
      'marketPrice',
      'unitSwitch',
      'qty',
      'slippage',
    ]);
    expect(shown({ kind: 'market', marketUnit: 'quoteCoin' }, on)).toEqual([
      'marketPrice',
      'unitSwitch',
      'amount',
    ]);
    expect(shown({ kind: 'market', marketUnit: 'baseCoin' }, { slippage: true })).toEqual([
      'marketPrice',
      'qty',
      'slippage',
    ]);
  });

  it('conditional: a trigger price, then limit price and quantity, or the market sizing', () => {
    expect(shown({ kind: 'conditional', conditionalType: 'Limit' })).toEqual([
      'trigger',
      'conditionalType',
      'price',
      'qty',
    ]);
    // The market unit only matters once the order executes at market.
    expect(
      shown({ kind: 'conditional', conditionalType: 'Limit', marketUnit: 'quoteCoin' }, { unitSwitch: true }),
    ).toEqual(['trigger', 'conditionalType', 'price', 'qty']);
    expect(
      shown(
        { kind: 'conditional', conditionalType: 'Market', marketUnit: 'quoteCoin' },
        { unitSwitch: true },
      ),
    ).toEqual(['trigger', 'conditionalType', 'unitSwitch', 'amount']);
    expect(
      shown({ kind: 'conditional', conditionalType: 'Market', marketUnit: 'baseCoin' }, { slippage: true }),
    ).toEqual(['trigger', 'conditionalType', 'qty']);
  });

  it('stop-limit: trigger, limit price, quantity', () => {
    expect(shown({ kind: 'stopLimit' })).toEqual(['trigger', 'price', 'qty']);
  });

  it('OCO: a take-profit and a stop-loss leg, then the quantity', () => {
    expect(shown({ kind: 'oco' })).toEqual(['leg:tp', 'leg:sl', 'qty']);
  });

  it('trailing stop: retracement rate or distance, activation price, quantity', () => {
    expect(shown({ kind: 'trailing', trailingMode: 'rate' })).toEqual([
      'trailingMode',
      'rate',
      'activation',
      'qty',
    ]);
    expect(shown({ kind: 'trailing', trailingMode: 'distance' })).toEqual([
      'trailingMode',
      'distance',
      'activation',
      'qty',
    ]);
  });

  it('every order kind is declared and sized by a quantity or an order value', () => {
    for (const kind of ORDER_KINDS) {
      expect(KIND_ROWS[kind].length).toBeGreaterThan(0);
      for (const marketUnit of ['baseCoin', 'quoteCoin'] as const) {
        const rows = shown({ kind, marketUnit, conditionalType: 'Market' });
        expect(
          rows.filter((r) => r === 'qty' || r === 'amount'),
          kind,
        ).toHaveLength(1);
      }
    }
  });
});

describe('field table: how each numeric field is set up', () => {
  const keys = Object.keys(NUMERIC_FIELDS) as NumericKey[];

  it('keeps the test ids the e2e suite drives', () => {
    expect(keys.map((k) => NUMERIC_FIELDS[k].testId)).toEqual([
      'field-price',
      'field-trigger',
      'field-qty',
      'field-amount',
      'field-slippage',
      'field-trailing-rate',
      'field-trailing-distance',
      'field-activation',
    ]);
  });

  it('labels are translation keys of the trade bundle, and each edits a text entry of the draft', () => {
    for (const k of keys) {
      const spec = NUMERIC_FIELDS[k];
      const [group, name] = spec.label.split('.');
      expect(trade[group as 'field'][name as keyof typeof trade.field], k).toBeTypeOf('string');
      expect(EMPTY_DRAFT[spec.value], k).toBe('');
    }
  });

  it('price-like fields use price decimals and the step grid; distance is a price without the grid', () => {
    for (const k of ['price', 'trigger', 'activation'] as const) {
      expect(NUMERIC_FIELDS[k]).toMatchObject({ precision: 'price', priceGrid: true, unit: 'quote' });
    }
    expect(NUMERIC_FIELDS.distance).toMatchObject({ precision: 'price', priceGrid: false, unit: 'quote' });
  });

  it('sizes reset the slider and use their own decimals; quantity is capped by the symbol', () => {
    expect(NUMERIC_FIELDS.qty).toMatchObject({
      precision: 'quantity',
      unit: 'base',
      max: 'maxTradeQuantity',
      isSize: true,
    });
    expect(NUMERIC_FIELDS.amount).toMatchObject({ precision: 'amount', unit: 'quote', isSize: true });
    expect(keys.filter((k) => NUMERIC_FIELDS[k].isSize === true)).toEqual(['qty', 'amount']);
  });

  it('percentages have two decimals and their caps; slippage and activation are optional', () => {
    expect(NUMERIC_FIELDS.slippage).toMatchObject({ precision: 2, unit: 'percent', max: '50' });
    expect(NUMERIC_FIELDS.rate).toMatchObject({ precision: 2, unit: 'percent', max: '99.99' });
    expect(keys.filter((k) => NUMERIC_FIELDS[k].optional === true)).toEqual(['slippage', 'activation']);
  });
});

describe('finestStep', () => {
  it('is the smallest positive depth step, else 1', () => {
    expect(finestStep('0.01,0.1,1,10,100')).toBe('0.01');
    expect(finestStep(' 10, 0.5 ,1')).toBe('0.5');
    expect(finestStep('0,,')).toBe('1');
    expect(finestStep('')).toBe('1');
  });
});
