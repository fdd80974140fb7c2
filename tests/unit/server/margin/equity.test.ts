/**
 * Equity net of debt (server/margin/equity.ts): the pure figures, then a real leveraged buy on the margin bench whose
 * wallet push (the simulator's market layer) reports equity below the gross wallet value by exactly the debt, the
 * same figure the desk's risk reads.
 */
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { Account } from '../../../../server/accounts/accounts';
import { accountEquity, type CoinPosition } from '../../../../server/margin/equity';
import { Market } from '../../../../server/market/market';
import { SYMBOLS } from '../../../../server/market/symbols';
import type { RealtimeServer } from '../../../../server/realtime/realtime';
import { marginBench } from './fixture';

const d = (x: string | number): Decimal => new Decimal(x);
const pos = (coin: string, total: number, debt: number, mark: number): CoinPosition => ({
  coin,
  total: d(total),
  debt: d(debt),
  mark: d(mark),
});

describe('accountEquity', () => {
  const cases: {
    name: string;
    coins: CoinPosition[];
    total: string;
    wallet: string;
    coinEquity: Record<string, string>;
  }[] = [
    {
      name: 'nothing owed: equity is the wallet',
      coins: [pos('USDT', 1000, 0, 1), pos('BTC', 2, 0, 50_000)],
      total: '101000',
      wallet: '101000',
      coinEquity: { USDT: '1000', BTC: '2' },
    },
    {
      name: 'a USDT loan held as USDT: the wallet grows, equity does not',
      coins: [pos('USDT', 1500, 500, 1)],
      total: '1000',
      wallet: '1500',
      coinEquity: { USDT: '1000' },
    },
    {
      name: 'a loan spent on BTC: the owed coin goes negative, the debt is valued at its mark',
      coins: [pos('USDT', 0, 50_000, 1), pos('BTC', 3, 0, 50_000)],
      total: '100000',
      wallet: '150000',
      coinEquity: { USDT: '-50000', BTC: '3' },
    },
    {
      name: 'a BTC debt with interest moves with the BTC mark',
      coins: [pos('USDT', 60_000, 0, 1), pos('BTC', 0, 1.0001, 40_000)],
      total: '19996',
      wallet: '60000',
      coinEquity: { USDT: '60000', BTC: '-1.0001' },
    },
  ];
  it.each(cases)('$name', ({ coins, total, wallet, coinEquity }) => {
    const eq = accountEquity(coins);
    expect(eq.totalEquity.toFixed()).toBe(total);
    expect(eq.walletValue.toFixed()).toBe(wallet);
    expect(eq.walletValue.minus(eq.liabilities).toFixed()).toBe(total);
    for (const c of eq.coins) expect(c.equity.toFixed()).toBe(coinEquity[c.coin]);
  });
});

describe('equity of a borrowing account', () => {
  it('the wallet push reports equity net of the loan, as the desk values it', () => {
    const b = marginBench();
    const uta = b.account('uta').id;
    const before = b.desk.equity(uta);
    const r = b.engine.placeOrder({
      accountId: uta,
      clientOrderId: '',
      symbol: 'BTCUSDT',
      side: 'Buy',
      orderType: 'Market',
      amount: '150000',
      marketUnit: 'quoteCoin',
      isLeverage: true,
    });
    expect(r.ok && r.value.orderStatus).toBe('Filled');
    b.store.commit();
    const debt = b.debt(uta, 'USDT');
    expect(debt.gt(49_000)).toBe(true);

    const after = b.desk.equity(uta);
    // Gross wallet value counts the borrowed USDT's BTC; equity does not: they part by exactly the debt.
    expect(after.walletValue.minus(after.totalEquity).toFixed()).toBe(debt.toFixed());
    // Borrowing does not make the account richer: equity moves only by the fill's cost against the mark (fees,
    // the book's spread), far less than the loan.
    expect(after.totalEquity.minus(before.totalEquity).abs().lt(debt.div(20))).toBe(true);
    expect(b.desk.risk(uta).totalEquity.toFixed()).toBe(after.totalEquity.toFixed());

    // The market layer's wallet push, with the desk wired in as install.ts does.
    const sent: { topic: string; text: string }[] = [];
    const realtime = {
      hasPrivateSubscriber: () => true,
      hasSubscribers: () => false,
      publish: () => undefined,
      publishPrivate: (_a: string, topic: string, text: string) => {
        sent.push({ topic, text });
      },
    } as unknown as RealtimeServer<Account>;
    const market = new Market(SYMBOLS, { seed: 1, startedAt: 0, now: b.clock.now, storm: false });
    market.attach(b.engine, realtime);
    market.stop();
    market.equityOf = (id) => b.desk.equity(id);
    market.listener.wallet?.(uta, ['USDT', 'BTC']);
    const frame = sent.find((s) => s.topic === 'wallet');
    expect(frame).toBeDefined();
    const row = (JSON.parse(frame?.text ?? '{}') as { data: Record<string, unknown>[] }).data[0] ?? {};
    expect(row.totalEquity).toBe(after.totalEquity.toFixed(4, Decimal.ROUND_DOWN));
    expect(
      d(String(row.totalWalletBalance))
        .minus(d(String(row.totalEquity)))
        .gt(debt.minus(0.001)),
    ).toBe(true);
    const coins = row.coin as { coin: string; equity: string; walletBalance: string }[];
    const usdt = coins.find((c) => c.coin === 'USDT');
    expect(usdt?.equity).toBe(b.total(uta, 'USDT').minus(debt).toFixed());
    expect(d(usdt?.equity ?? '0').lt(0)).toBe(true);
    const btc = coins.find((c) => c.coin === 'BTC');
    expect(btc?.equity).toBe(btc?.walletBalance);
  });
});
