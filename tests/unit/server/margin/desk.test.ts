/**
 * The margin desk with the real engine: a leveraged buy borrows, interest accrues hourly over a simulated day, a
 * sale repays automatically, a scripted price path takes the account to overrun (5) then liquidation (4), and
 * every coin's balance − debt moves only by the account's fills, their fees and the interest charged.
 */
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { PlaceOrderRequest } from '../../../../server/engine/types';
import { fromAtoms } from '../../../../server/margin/desk';
import { HOURS_PER_YEAR, YEARLY_RATES } from '../../../../server/margin/rates';
import { SYMBOLS } from '../../../../server/market/symbols';
import { marginBench } from './fixture';

const HOUR = 3_600_000;

function marketBuy(accountId: string, amount: string, isLeverage: boolean): PlaceOrderRequest {
  return {
    accountId,
    clientOrderId: '',
    symbol: 'BTCUSDT',
    side: 'Buy',
    orderType: 'Market',
    amount,
    marketUnit: 'quoteCoin',
    isLeverage,
  };
}

describe('margin desk', () => {
  it('borrows the shortfall of a leveraged buy; the same buy without leverage is refused', () => {
    const b = marginBench();
    const uta = b.account('uta').id;
    const spot = b.engine.placeOrder(marketBuy(uta, '150000', false));
    expect(spot.ok ? 'ok' : spot.code).toBe(170131);
    expect(b.debt(uta, 'USDT').toFixed()).toBe('0');

    const r = b.engine.placeOrder(marketBuy(uta, '150000', true));
    expect(r.ok && r.value.orderStatus).toBe('Filled');
    b.store.commit();
    expect(b.engine.balance(uta, 'USDT').free).toBe('0');
    // The last lot's change is refunded and repays at once: the loan is what the fills cost beyond 100,000.
    const spent = new Decimal(r.ok ? r.value.cumExecValue : '0');
    expect(spent.gt(149_900)).toBe(true);
    expect(b.debt(uta, 'USDT').toFixed()).toBe(spent.minus(100_000).toFixed());
    expect(b.total(uta, 'BTC').gt(4)).toBe(true);
    const [loan] = b.desk.book.open(uta);
    expect(loan?.coin).toBe('USDT');
    expect(b.desk.borrowInfo(uta).list[0]).toMatchObject({
      currency: 'USDT',
      borrowSize: spent.minus(100_000).toFixed(),
    });
    expect(b.pushes.some((p) => p.topics.includes('user.unify.usdc.borrowInfo'))).toBe(true);
  });

  it('refuses to lend to a classic account, to an isolated one, with leverage off, or past the limit', () => {
    const b = marginBench();
    for (const name of ['classic', 'isolated']) {
      const r = b.engine.placeOrder(marketBuy(b.account(name).id, '150000', true));
      expect(r.ok ? 'ok' : r.code).toBe(170131);
    }
    const uta = b.account('uta').id;
    b.desk.setLeverage(uta, false);
    const off = b.engine.placeOrder(marketBuy(uta, '150000', true));
    expect(off.ok ? 'ok' : off.code).toBe(170131);
    b.desk.setLeverage(uta, true);
    // A limit buy far below the market rests: it locks (and borrows) price × qty of USDT.
    const room = b.desk.risk(uta).borrowRoom;
    const buyAt = (usdt: Decimal): PlaceOrderRequest => ({
      accountId: uta,
      clientOrderId: '',
      symbol: 'BTCUSDT',
      side: 'Buy',
      orderType: 'Limit',
      price: '20000',
      qty: usdt.div(20000).toFixed(4, Decimal.ROUND_DOWN),
      isLeverage: true,
    });
    const over = b.engine.placeOrder(buyAt(room.plus(100_000 + 10)));
    expect(over.ok ? 'ok' : over.code).toBe(170131);
    const within = b.engine.placeOrder(buyAt(room.plus(100_000 - 10)));
    expect(within.ok && within.value.orderStatus).toBe('New');
    expect(b.debt(uta, 'USDT').gt(room.minus(20))).toBe(true);
  });

  it('charges hourly interest over a simulated day', () => {
    const b = marginBench();
    const uta = b.account('uta').id;
    b.engine.placeOrder(marketBuy(uta, '150000', true));
    const principal = b.debt(uta, 'USDT');
    b.clock.advance(24 * HOUR);
    const interest = b.desk.book.interestDue(uta, 'USDT');
    expect(interest > 0n).toBe(true);
    const expected = principal
      .times(YEARLY_RATES.USDT ?? '0')
      .div(HOURS_PER_YEAR)
      .times(24);
    expect(fromAtoms(interest).minus(expected).abs().lt('1e-12')).toBe(true);
    expect(b.debt(uta, 'USDT').toFixed()).toBe(principal.plus(fromAtoms(interest)).toFixed());
  }, 60_000); // 43,200 risk checks (one per 2 s of clock) run in the simulated day: 10–20 s on this machine.

  it('repays automatically when the sale brings the coin back, interest first', () => {
    const b = marginBench();
    const uta = b.account('uta').id;
    b.engine.placeOrder(marketBuy(uta, '150000', true));
    b.clock.advance(3 * HOUR);
    const sale = b.engine.placeOrder({
      accountId: uta,
      clientOrderId: '',
      symbol: 'BTCUSDT',
      side: 'Sell',
      orderType: 'Market',
      qty: '1.5',
      marketUnit: 'baseCoin',
    });
    expect(sale.ok && sale.value.orderStatus).toBe('Filled');
    expect(b.debt(uta, 'USDT').toFixed()).toBe('0');
    expect(b.desk.book.open(uta)).toEqual([]);
    const [loan] = b.desk.book.paidOff(uta);
    expect(loan?.paidOffAt).toBe(b.clock.now());
    const [rep] = b.desk.book.repaymentsOf(uta);
    expect(rep?.auto).toBe(true);
    expect(rep?.interest).toBe(loan?.interest);
    expect(new Decimal(b.engine.balance(uta, 'USDT').free).gt(0)).toBe(true);
  });

  it('reaches overrun (5) and then liquidation (4) along a scripted price path', () => {
    const b = marginBench();
    const uta = b.account('uta').id;
    expect(b.engine.placeOrder(marketBuy(uta, '250000', true)).ok).toBe(true);
    const statuses = [b.desk.risk(uta).status];
    // Cumulative price levels 100 % → 50 % → 40 % → 36 % → 30 % of every non-stable coin.
    for (const f of [0.5, 0.8, 0.9, 0.8333]) {
      for (const s of SYMBOLS) if (s.base !== 'USDC') b.synth.shift(s.symbol, f);
      const r = b.desk.risk(uta);
      statuses.push(r.status);
      expect(r.riskState).toBe(r.status === 1 ? 0 : r.status);
    }
    expect(statuses[0]).toBe(1);
    expect(statuses.indexOf(5)).toBeGreaterThan(0);
    expect(statuses.indexOf(4)).toBeGreaterThan(statuses.indexOf(5));
    expect(statuses.at(-1)).toBe(4);
    expect(b.desk.borrowable(uta, 'USDT')).toBe(0n);
    expect(Number(b.desk.borrowInfo(uta).actualLeverageRatio)).toBeGreaterThan(2);
  });

  it('conserves every coin: balance − debt moves only by fills, fees and interest', () => {
    const b = marginBench();
    const uta = b.account('uta').id;
    const coins = ['USDT', 'BTC', 'ETH'];
    const start = new Map(coins.map((c) => [c, b.total(uta, c)]));
    let seed = 11;
    const rnd = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 40; i++) {
      const symbol = rnd() < 0.6 ? 'BTCUSDT' : 'ETHUSDT';
      const side = rnd() < 0.55 ? 'Buy' : 'Sell';
      const px = Number(b.engine.lastPrice(symbol));
      const limit = rnd() < 0.4;
      b.engine.placeOrder({
        accountId: uta,
        clientOrderId: '',
        symbol,
        side,
        orderType: limit ? 'Limit' : 'Market',
        ...(limit ? { price: (px * (side === 'Buy' ? 1.001 : 0.999)).toFixed(2) } : {}),
        qty: (symbol === 'BTCUSDT' ? 0.2 + rnd() * 2 : 3 + rnd() * 40).toFixed(4),
        marketUnit: 'baseCoin',
        isLeverage: rnd() < 0.7,
      });
      if (rnd() < 0.3) b.clock.advance(HOUR);
    }
    for (const o of b.engine.openOrders(uta)) b.engine.cancelOrder({ accountId: uta, orderId: o.orderId });
    const flow = new Map(coins.map((c) => [c, new Decimal(0)]));
    const add = (c: string, d: Decimal): void => {
      flow.set(c, (flow.get(c) ?? new Decimal(0)).plus(d));
    };
    for (const e of b.engine.executions(uta)) {
      const [base, quote] = e.symbol === 'BTCUSDT' ? ['BTC', 'USDT'] : ['ETH', 'USDT'];
      const sign = e.side === 'Buy' ? 1 : -1;
      add(base, new Decimal(e.execQty).times(sign));
      add(quote, new Decimal(e.execValue).times(-sign));
      add(e.feeCurrency, new Decimal(e.execFee).neg());
    }
    const interest = new Map<string, Decimal>();
    for (const l of [...b.desk.book.open(uta), ...b.desk.book.paidOff(uta)]) {
      interest.set(l.coin, (interest.get(l.coin) ?? new Decimal(0)).plus(fromAtoms(l.interest)));
    }
    expect(b.desk.book.open(uta).length + b.desk.book.paidOff(uta).length).toBeGreaterThan(0);
    for (const c of coins) {
      const net = b.total(uta, c).minus(b.debt(uta, c));
      const expected = (start.get(c) ?? new Decimal(0)).plus(flow.get(c) ?? 0).minus(interest.get(c) ?? 0);
      expect(net.toFixed(), c).toBe(expected.toFixed());
      // Auto-repay: a coin still owed has nothing free.
      if (b.debt(uta, c).gt(0)) expect(b.engine.balance(uta, c).free).toBe('0');
    }
  });
});
