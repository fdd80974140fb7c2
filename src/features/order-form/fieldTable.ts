/**
 * The order form's field table (spec §5 "Order form"): which rows each order kind shows, in order, and how each
 * numeric field is set up. Pure: `OrderFields` renders `rowsOf(...)` in one loop, so adding a field to a kind is one
 * line here, not a new hand-written `NumericField` block.
 */
import { sizeFieldOf, type OrderDraft, type OrderKind } from '../../lib/orderDraft';

/** A numeric field of the form; the key is also its React key. */
export type NumericKey =
  'price' | 'trigger' | 'qty' | 'amount' | 'slippage' | 'rate' | 'distance' | 'activation';

/** The draft entry a numeric field edits. */
export type DraftValueKey =
  'price' | 'trigger' | 'qty' | 'amount' | 'slippage' | 'trailingRate' | 'trailingDistance' | 'activation';

/** Translation keys (namespace `trade`) of the numeric fields' labels. */
export type FieldLabelKey =
  | 'field.price'
  | 'field.trigger'
  | 'field.qty'
  | 'field.amount'
  | 'field.slippage'
  | 'field.rate'
  | 'field.distance'
  | 'field.activation';

/** Where a field's decimals come from: one of the symbol's precisions, or a fixed count. */
export type PrecisionSource = 'price' | 'quantity' | 'amount' | number;

/** How one numeric field is set up. */
export interface NumericSpec {
  readonly value: DraftValueKey;
  readonly label: FieldLabelKey;
  readonly testId: string;
  /** The coin or sign shown after the value. */
  readonly unit: 'base' | 'quote' | 'percent';
  readonly precision: PrecisionSource;
  /** Snaps to the symbol's finest depth step and steps from the last price when empty (price-like fields). */
  readonly priceGrid: boolean;
  /** Upper bound: the symbol's maximum trade quantity, or a fixed value. */
  readonly max?: 'maxTradeQuantity' | `${number}`;
  /** Shows "Optional" when empty. */
  readonly optional?: true;
  /** Editing a size resets the percentage slider (its share no longer matches the value). */
  readonly isSize?: true;
}

/** Every numeric field of the form. */
export const NUMERIC_FIELDS: Readonly<Record<NumericKey, NumericSpec>> = {
  price: {
    value: 'price',
    label: 'field.price',
    testId: 'field-price',
    unit: 'quote',
    precision: 'price',
    priceGrid: true,
  },
  trigger: {
    value: 'trigger',
    label: 'field.trigger',
    testId: 'field-trigger',
    unit: 'quote',
    precision: 'price',
    priceGrid: true,
  },
  qty: {
    value: 'qty',
    label: 'field.qty',
    testId: 'field-qty',
    unit: 'base',
    precision: 'quantity',
    priceGrid: false,
    max: 'maxTradeQuantity',
    isSize: true,
  },
  amount: {
    value: 'amount',
    label: 'field.amount',
    testId: 'field-amount',
    unit: 'quote',
    precision: 'amount',
    priceGrid: false,
    isSize: true,
  },
  slippage: {
    value: 'slippage',
    label: 'field.slippage',
    testId: 'field-slippage',
    unit: 'percent',
    precision: 2,
    priceGrid: false,
    max: '50',
    optional: true,
  },
  rate: {
    value: 'trailingRate',
    label: 'field.rate',
    testId: 'field-trailing-rate',
    unit: 'percent',
    precision: 2,
    priceGrid: false,
    max: '99.99',
  },
  // A distance is a price difference: price decimals, but no step grid and no start from the last price.
  distance: {
    value: 'trailingDistance',
    label: 'field.distance',
    testId: 'field-trailing-distance',
    unit: 'quote',
    precision: 'price',
    priceGrid: false,
  },
  activation: {
    value: 'activation',
    label: 'field.activation',
    testId: 'field-activation',
    unit: 'quote',
    precision: 'price',
    priceGrid: true,
    optional: true,
  },
};

/** One row of the form: a numeric field, a switch, a static box or an OCO leg. */
export type FieldRow =
  | { readonly kind: 'numeric'; readonly key: NumericKey }
  /** The size field the draft is sized by (`sizeFieldOf`): quantity or order value. */
  | { readonly kind: 'size' }
  /** "Best market price" in place of a price field. */
  | { readonly kind: 'marketPrice' }
  /** Base / quote sizing switch (advanced accounts with the "base or quote" preference). */
  | { readonly kind: 'unitSwitch' }
  /** Limit / market once triggered (conditional orders). */
  | { readonly kind: 'conditionalType' }
  /** Retracement by rate or by distance (trailing stops). */
  | { readonly kind: 'trailingMode' }
  /** An OCO leg with its own trigger, type and limit price. */
  | { readonly kind: 'leg'; readonly leg: 'tp' | 'sl' };

/** A row as shown: the size row is resolved to the numeric field the draft is sized by. */
export type ShownRow = Exclude<FieldRow, { readonly kind: 'size' }>;

/** What decides whether a conditional row shows. */
export interface RowContext {
  readonly draft: Pick<OrderDraft, 'kind' | 'conditionalType' | 'marketUnit' | 'trailingMode'>;
  /** The base / quote switch is offered (advanced account, `showBaseOrQuote`). */
  readonly unitSwitch: boolean;
  /** The max-slippage field is offered (advanced account, `showMaxSlippageLimit`). */
  readonly slippage: boolean;
}

/** A row of a kind's declaration, shown only when `when` holds (always when absent). */
export interface KindRow {
  readonly row: FieldRow;
  readonly when?: (c: RowContext) => boolean;
}

const numeric = (key: NumericKey, when?: (c: RowContext) => boolean): KindRow =>
  when === undefined ? { row: { kind: 'numeric', key } } : { row: { kind: 'numeric', key }, when };
const SIZE: KindRow = { row: { kind: 'size' } };
const UNIT_SWITCH: KindRow = { row: { kind: 'unitSwitch' }, when: (c) => c.unitSwitch };
const isConditionalLimit = (c: RowContext): boolean => c.draft.conditionalType === 'Limit';

/** The rows of each order kind, in screen order (the percentage slider and limit options follow them). */
export const KIND_ROWS: Readonly<Record<OrderKind, readonly KindRow[]>> = {
  limit: [numeric('price'), numeric('qty')],
  market: [
    { row: { kind: 'marketPrice' } },
    UNIT_SWITCH,
    SIZE,
    // A slippage cap only makes sense for a quantity: it turns the order into an IOC limit (draft.toCreateParams).
    numeric('slippage', (c) => c.slippage && sizeFieldOf(c.draft) === 'qty'),
  ],
  conditional: [
    numeric('trigger'),
    { row: { kind: 'conditionalType' } },
    numeric('price', isConditionalLimit),
    { row: UNIT_SWITCH.row, when: (c) => !isConditionalLimit(c) && c.unitSwitch },
    SIZE,
  ],
  stopLimit: [numeric('trigger'), numeric('price'), numeric('qty')],
  oco: [{ row: { kind: 'leg', leg: 'tp' } }, { row: { kind: 'leg', leg: 'sl' } }, numeric('qty')],
  trailing: [
    { row: { kind: 'trailingMode' } },
    numeric('rate', (c) => c.draft.trailingMode === 'rate'),
    numeric('distance', (c) => c.draft.trailingMode === 'distance'),
    numeric('activation'),
    numeric('qty'),
  ],
};

/**
 * The rows the form shows for a draft, with the size row resolved to the draft's size field (`qty` or `amount`).
 */
export function rowsOf(c: RowContext): readonly ShownRow[] {
  const sizeKey = sizeFieldOf(c.draft);
  return KIND_ROWS[c.draft.kind]
    .filter((r) => r.when === undefined || r.when(c))
    .map((r): ShownRow => (r.row.kind === 'size' ? { kind: 'numeric', key: sizeKey } : r.row));
}

/** The finest depth step of a symbol (its price tick for step snapping). */
export function finestStep(digitMerge: string): string {
  const steps = digitMerge
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '' && Number(s) > 0)
    .sort((a, b) => Number(a) - Number(b));
  return steps[0] ?? '1';
}
