import { describe, expect, it } from 'vitest';
import type { SymbolInfo } from '../../../../workers/api';
import { EMPTY_DRAFT, toCreateParams, type OrderDraft } from '../../../../src/lib/orderDraft';
import {
  checkModify,
  ORDER_RULES,
  validateOrder,
  type ValidationContext,
} from '../../../../src/lib/orderValidation';

const BTC: SymbolInfo = {
  symbol: 'BTCUSDT',
  symbolId: 1,
  base: 'BTC',
  quote: 'USDT',
  pricePrecision: 2,
  quantityPrecision: 6,
  amountPrecision: 8,
  minTradeQuantity: '0.000048',
  maxTradeQuantity: '71.73956243',
  minTradeAmount: '1',
  maxTradeAmount: '4000000',
  digitMerge: '0.01,0.1,1,10,100',
  mark: '',
  tradeStatus: 1,
  isBanBuy: false,
  isBanSell: false,
  ltDirection: '',
  noticeType: '',
  openTime: 0,
};

const CTX: ValidationContext = {
  symbol: BTC,
  unified: false,
  marginMode: 'cross',
  minValueV2: false,
  freeQuote: '100000',
  freeBase: '2',
  quotaRemain: null,
  lastPrice: '64000.00',
  upgradeNotice: false,
  accepted: { suiTerms: false, ltRiskTest: false, disclaimer: false, zoneRisk: false },
  accountStatus: 1,
  leverageEnabled: true,
};

const limit = (over: Partial<OrderDraft> = {}): OrderDraft => ({
  ...EMPTY_DRAFT,
  kind: 'limit',
  price: '60000',
  qty: '0.01',
  ...over,
});
const ctx = (over: Partial<ValidationContext> = {}): ValidationContext => ({ ...CTX, ...over });
const msg = (key: string, params: Record<string, string> = {}, field?: string): unknown =>
  expect.objectContaining({ type: 'message', key, params, ...(field === undefined ? {} : { field }) });

describe('order form validation (spec §5, in order)', () => {
  it('runs the rules in the spec order', () => {
    expect(ORDER_RULES.map(([name]) => name)).toEqual([
      'required',
      'priceFloor',
      'quantityLimit',
      'amountLimit',
      'balance',
      'quota',
      'triggerBand',
      'ocoSide',
      'marketUnit',
      'gate',
      'leverage',
    ]);
  });

  it('passes a good limit order', () => {
    expect(validateOrder(limit(), ctx())).toBeNull();
  });

  describe('1. required fields', () => {
    it('trigger price first, then price (buy/sell wording), then quantity (buy/sell wording)', () => {
      const cond = limit({ kind: 'conditional', price: '', trigger: '', qty: '' });
      expect(validateOrder(cond, ctx())).toEqual(msg('triggerPriceRequired'));
      expect(validateOrder({ ...cond, trigger: '65000' }, ctx())).toEqual(msg('priceRequiredBuy'));
      expect(validateOrder(limit({ price: '', side: 'Sell' }), ctx())).toEqual(msg('priceRequiredSell'));
      expect(validateOrder(limit({ qty: '' }), ctx())).toEqual(msg('qtyRequiredBuy'));
      expect(validateOrder(limit({ qty: '0', side: 'Sell' }), ctx())).toEqual(msg('qtyRequiredSell'));
    });
    it('amount for market orders by value', () => {
      expect(validateOrder({ ...EMPTY_DRAFT, kind: 'market', marketUnit: 'quoteCoin' }, ctx())).toEqual(
        msg('amountRequired'),
      );
    });
    it('OCO: take-profit and stop-loss triggers, and their limit prices for limit legs', () => {
      const oco: OrderDraft = { ...EMPTY_DRAFT, kind: 'oco', qty: '0.01' };
      expect(validateOrder(oco, ctx())).toEqual(msg('tpTriggerRequired'));
      const tp = { trigger: '60000', type: 'Limit' as const, limit: '' };
      expect(validateOrder({ ...oco, tp }, ctx())).toEqual(msg('tpLimitRequired'));
      const withTp = { ...oco, tp: { ...tp, limit: '60000' } };
      expect(validateOrder(withTp, ctx())).toEqual(msg('slTriggerRequired'));
      const sl = { trigger: '68000', type: 'Limit' as const, limit: '' };
      expect(validateOrder({ ...withTp, sl }, ctx())).toEqual(msg('slLimitRequired'));
    });
    it('trailing stop: the rate (below 100 %) or the distance', () => {
      const tr: OrderDraft = { ...EMPTY_DRAFT, kind: 'trailing', side: 'Sell', qty: '0.01' };
      expect(validateOrder(tr, ctx())).toEqual(msg('trailingRateRequired'));
      expect(validateOrder({ ...tr, trailingRate: '100' }, ctx())).toEqual(
        msg('trailingRateRange', { max: '100' }),
      );
      expect(validateOrder({ ...tr, trailingMode: 'distance' }, ctx())).toEqual(
        msg('trailingDistanceRequired'),
      );
    });
  });

  it('2. price and trigger below the symbol minimum: order price lower limit with the value', () => {
    expect(validateOrder(limit({ price: '0.001', qty: '100' }), ctx())).toEqual(
      msg('priceLowerLimit', { value: '0.01' }),
    );
    const stop = limit({ kind: 'stopLimit', trigger: '0.001', price: '60000' });
    expect(validateOrder(stop, ctx())).toEqual(msg('priceLowerLimit', { value: '0.01' }, 'trigger'));
  });

  it('3. quantity lower and upper limits (type bought/sold, quantity, coin)', () => {
    expect(validateOrder(limit({ qty: '0.00001' }), ctx())).toEqual(
      msg('quantityLowerLimit', { type: 'bought', quantity: '0.000048', coin: 'BTC' }),
    );
    expect(validateOrder(limit({ qty: '100', side: 'Sell' }), ctx())).toEqual(
      msg('quantityUpperLimit', { type: 'sold', quantity: '71.73956243', coin: 'BTC' }),
    );
  });

  it('4. amount above max; below min per side, or the gray-flag wording', () => {
    expect(validateOrder(limit({ price: '100000', qty: '50' }), ctx({ freeQuote: '1e12' }))).toEqual(
      msg('maxAmount', { value: '4000000', coin: 'USDT' }),
    );
    expect(validateOrder(limit({ price: '10', qty: '0.05' }), ctx())).toEqual(
      msg('amountLowerLimitBuy', { value: '1', coin: 'USDT' }),
    );
    expect(validateOrder(limit({ price: '10', qty: '0.05', side: 'Sell' }), ctx())).toEqual(
      msg('amountLowerLimitSell', { value: '1', coin: 'USDT' }),
    );
    expect(validateOrder(limit({ price: '10', qty: '0.05' }), ctx({ minValueV2: true }))).toEqual(
      msg('totalOrderMinimumValue', { value: '1', coin: 'USDT' }),
    );
  });

  it('5. balance (non-unified only): quote for buys, base for sells', () => {
    expect(validateOrder(limit({ qty: '2' }), ctx({ freeQuote: '100' }))).toEqual(
      msg('balanceNotEnough', { coin: 'USDT' }),
    );
    expect(validateOrder(limit({ qty: '3', side: 'Sell' }), ctx())).toEqual(
      msg('balanceNotEnough', { coin: 'BTC' }),
    );
    expect(validateOrder(limit({ qty: '2' }), ctx({ freeQuote: '100', unified: true }))).toBeNull();
  });

  it('6. innovation-zone remaining quota (non-unified buys)', () => {
    expect(validateOrder(limit({ qty: '0.1' }), ctx({ quotaRemain: '5000' }))).toEqual(
      msg('innovateTradeFail', { value: '5000', coin: 'USDT' }),
    );
    expect(validateOrder(limit({ qty: '0.1' }), ctx({ quotaRemain: '5000', unified: true }))).toBeNull();
    expect(validateOrder(limit({ qty: '0.1', side: 'Sell' }), ctx({ quotaRemain: '5000' }))).toBeNull();
  });

  it('7. conditional and stop-limit prices within 110 % / 90 % of the trigger, per leg for OCO', () => {
    const cond = limit({ kind: 'conditional', trigger: '50000', price: '56000' });
    expect(validateOrder(cond, ctx())).toEqual(msg('triggerBandBuy', { value: '55000' }));
    expect(validateOrder({ ...cond, price: '55000' }, ctx())).toBeNull();
    const stop = limit({ kind: 'stopLimit', side: 'Sell', trigger: '50000', price: '44000', qty: '0.1' });
    expect(validateOrder(stop, ctx())).toEqual(msg('triggerBandSell', { value: '45000' }));
    const oco: OrderDraft = {
      ...EMPTY_DRAFT,
      kind: 'oco',
      qty: '0.01',
      tp: { trigger: '60000', type: 'Limit', limit: '67000' },
      sl: { trigger: '68000', type: 'Market', limit: '' },
    };
    expect(validateOrder(oco, ctx())).toEqual(msg('triggerBandBuy', { value: '66000' }, 'tp.limit'));
    const ocoSl: OrderDraft = {
      ...oco,
      tp: { trigger: '60000', type: 'Market', limit: '' },
      sl: { trigger: '68000', type: 'Limit', limit: '75000' },
    };
    expect(validateOrder(ocoSl, ctx())).toEqual(msg('triggerBandBuy', { value: '74800' }, 'sl.limit'));
  });

  it('8. OCO legs on the right side of the last price: four messages', () => {
    const base: OrderDraft = { ...EMPTY_DRAFT, kind: 'oco', qty: '0.01' };
    const leg = (trigger: string): OrderDraft['tp'] => ({ trigger, type: 'Market', limit: '' });
    const v = { value: '64000.00' };
    expect(validateOrder({ ...base, tp: leg('65000'), sl: leg('70000') }, ctx())).toEqual(
      msg('ocoBuyTpBelowLast', v),
    );
    expect(validateOrder({ ...base, tp: leg('60000'), sl: leg('63000') }, ctx())).toEqual(
      msg('ocoBuySlAboveLast', v),
    );
    const sell = { ...base, side: 'Sell' as const };
    expect(validateOrder({ ...sell, tp: leg('63000'), sl: leg('60000') }, ctx())).toEqual(
      msg('ocoSellTpAboveLast', v),
    );
    expect(validateOrder({ ...sell, tp: leg('70000'), sl: leg('65000') }, ctx())).toEqual(
      msg('ocoSellSlBelowLast', v),
    );
    expect(validateOrder({ ...sell, tp: leg('70000'), sl: leg('60000') }, ctx())).toBeNull();
  });

  it('9. market order units: buys by value and sells by quantity, or the reverse; conditional market sells by quantity', () => {
    const buyValue: OrderDraft = { ...EMPTY_DRAFT, kind: 'market', marketUnit: 'quoteCoin', amount: '100' };
    expect(validateOrder(buyValue, ctx())).toBeNull();
    expect(toCreateParams(buyValue, BTC, { unified: false, lastPrice: null })).toMatchObject({
      type: 'market',
      market_unit: 'quoteCoin',
      amount: '100',
    });
    const sellQty: OrderDraft = {
      ...EMPTY_DRAFT,
      kind: 'market',
      side: 'Sell',
      marketUnit: 'baseCoin',
      qty: '0.1',
    };
    expect(toCreateParams(sellQty, BTC, { unified: false, lastPrice: null })).toMatchObject({
      quantity: '0.1',
    });
    const condSellValue: OrderDraft = {
      ...EMPTY_DRAFT,
      kind: 'conditional',
      conditionalType: 'Market',
      side: 'Sell',
      marketUnit: 'quoteCoin',
      trigger: '60000',
      amount: '100',
    };
    expect(validateOrder(condSellValue, ctx())).toEqual(msg('planMarketSellByQty'));
  });

  describe('10. gate checks, in order', () => {
    it('web2 upgrade notice blocks with will update', () => {
      expect(validateOrder(limit(), ctx({ upgradeNotice: true }))).toEqual(msg('willUpdate'));
    });
    it('SUI terms, LT risk test, MNT/BIT disclaimer, zone risk open their dialogs until accepted', () => {
      const sym = (over: Partial<SymbolInfo>): ValidationContext => ctx({ symbol: { ...BTC, ...over } });
      expect(validateOrder(limit(), sym({ base: 'SUI' }))).toEqual({ type: 'gate', gate: 'suiTerms' });
      expect(validateOrder(limit(), sym({ ltDirection: 'long' }))).toEqual({
        type: 'gate',
        gate: 'ltRiskTest',
      });
      expect(validateOrder(limit(), sym({ base: 'MNT' }))).toEqual({ type: 'gate', gate: 'disclaimer' });
      expect(validateOrder(limit(), sym({ base: 'BIT' }))).toEqual({ type: 'gate', gate: 'disclaimer' });
      expect(validateOrder(limit(), sym({ mark: 'innovation' }))).toEqual({ type: 'gate', gate: 'zoneRisk' });
      expect(validateOrder(limit(), sym({ mark: 'adventure' }))).toEqual({ type: 'gate', gate: 'zoneRisk' });
      const accepted = { suiTerms: true, ltRiskTest: true, disclaimer: true, zoneRisk: true };
      expect(validateOrder(limit(), { ...sym({ base: 'SUI', mark: 'innovation' }), accepted })).toBeNull();
    });
    it('margin with account status 4: liquidation error info; status 5 with leverage: overrun error info', () => {
      const lev = limit({ leverage: true });
      expect(validateOrder(lev, ctx({ unified: true, accountStatus: 4 }))).toEqual(
        msg('liquidationErrorInfo'),
      );
      expect(validateOrder(lev, ctx({ unified: true, accountStatus: 5 }))).toEqual(msg('overrunErrorInfo'));
      expect(validateOrder(limit(), ctx({ unified: true, accountStatus: 5 }))).toBeNull();
    });
  });

  it('11. leverage blocks: isolated margin under UTA, leverage switched off', () => {
    const lev = limit({ leverage: true });
    expect(validateOrder(lev, ctx({ unified: true, marginMode: 'isolated' }))).toEqual(
      msg('isolatedModeNotSupportNewTip'),
    );
    expect(validateOrder(lev, ctx({ unified: true, leverageEnabled: false }))).toEqual(
      msg('leverageOffTradeTip'),
    );
  });

  it('stops at the first failure: a missing price wins over every later rule', () => {
    expect(
      validateOrder(limit({ price: '', qty: '100' }), ctx({ upgradeNotice: true, freeQuote: '0' })),
    ).toEqual(msg('priceRequiredBuy'));
  });
});

describe('edit rules (spec §5 Edit)', () => {
  const base = {
    executedQty: '0.4',
    isLeverage: false,
    unified: false,
    side: 'Buy' as const,
    lastPrice: '64000',
    triggerDirection: 0 as const,
  };
  it('rejects a quantity below the executed one, and leveraged orders of non-unified accounts', () => {
    expect(checkModify({ qty: '0.3' }, base)).toEqual({ type: 'reject', key: 'modifyQuantityLess' });
    expect(checkModify({ price: '1' }, { ...base, isLeverage: true })).toEqual({
      type: 'reject',
      key: 'modifyLeverageError',
    });
    expect(checkModify({ price: '1' }, { ...base, isLeverage: true, unified: true })).toEqual({ type: 'ok' });
  });
  it('asks to confirm a quantity equal to the executed one, a price at market, a trigger already crossed', () => {
    expect(checkModify({ qty: '0.4' }, base)).toEqual({ type: 'hint', hint: 'qtyEqualsExecuted' });
    expect(checkModify({ price: '64000' }, base)).toEqual({ type: 'hint', hint: 'priceEqualsMarket' });
    expect(checkModify({ trigger: '63000' }, { ...base, triggerDirection: 1 })).toEqual({
      type: 'hint',
      hint: 'triggerCrossesMarket',
    });
    expect(checkModify({ trigger: '65000' }, { ...base, triggerDirection: 1 })).toEqual({ type: 'ok' });
  });
});
