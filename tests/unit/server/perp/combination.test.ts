/**
 * The combination call on a whole simulator (quiet market, SQLite store): the gate and the quantity checks in
 * order, both legs booked (spot fill and fee, the position, the margin out of USDT), nothing moved when the
 * perpetual book cannot fill, a client id answering the first combination (also after a restart), positions
 * resumed after a restart, and the linear tickers' basis.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../../server/app';
import { findContract } from '../../../../server/perp/contracts';
import { perpOf } from '../../../../server/perp/install';
import { PERP_DESK } from '../../../../server/perp/market';
import { COMBINATION_ERRORS } from '../../../../workers/protocol/perp';
import { call, login, startTestSim, tempDataDir, type Json } from '../../../support/sim';

const PATH = '/unified/integrated/v5/combinationOrder';
let sims: Simulator[] = [];
afterEach(async () => {
  for (const s of sims) await s.close();
  sims = [];
});

async function start(
  dataDir = tempDataDir(),
  email = 'demo@sim.local',
  password = 'demo-pass',
): Promise<{ sim: Simulator; cookie: string; uid: string }> {
  const sim = await startTestSim({ dataDir });
  sims.push(sim);
  const cookie = await login(sim, email, password);
  const uid = sim.ctx.accounts.all().find((a) => a.email === email)?.id ?? '';
  return { sim, cookie, uid };
}

function place(sim: Simulator, cookie: string, body: Record<string, unknown>): Promise<{ json: Json }> {
  return call(sim, 'POST', PATH, { symbol: 'BTCUSDT', direction: 'longBasis', ...body }, cookie);
}

function usdt(sim: Simulator, uid: string): number {
  return Number(sim.ctx.engine.balance(uid, 'USDT').free);
}

async function positions(sim: Simulator, cookie: string): Promise<Record<string, unknown>[]> {
  const r = await call(sim, 'POST', '/unified/integrated/v5/queryPositions', { needSort: true }, cookie);
  return (r.json.result as { list: Record<string, unknown>[] }).list;
}

describe('combination order', () => {
  it('refuses non-demo and sub accounts before anything else', async () => {
    const { sim } = await start();
    const uta = await login(sim, 'uta@sim.local', 'uta-pass');
    expect((await place(sim, uta, { qty: '0.01' })).json.code).toBe(COMBINATION_ERRORS.notAvailable);
    const sub = await login(sim, 'sub@sim.local', 'sub-pass');
    expect((await place(sim, sub, { qty: 'x' })).json.code).toBe(COMBINATION_ERRORS.subAccount);
  });

  it('checks the quantity in the form order: empty, decimals, minimum, maximum, then balance', async () => {
    const { sim, cookie } = await start();
    expect((await place(sim, cookie, { qty: '0' })).json.code).toBe(COMBINATION_ERRORS.qtyTooSmall);
    expect((await place(sim, cookie, { qty: '0.0015' })).json.code).toBe(COMBINATION_ERRORS.qtyDecimals);
    expect((await place(sim, cookie, { qty: '101' })).json.code).toBe(COMBINATION_ERRORS.qtyTooLarge);
    // 5 BTC of spot at ~64000 is far above the demo account's 100000 USDT.
    expect((await place(sim, cookie, { qty: '5' })).json.code).toBe(COMBINATION_ERRORS.balance);
    expect(await positions(sim, cookie)).toEqual([]);
  });

  it('books both legs: spot bought with its fee, perpetual short at the book, margin out of USDT', async () => {
    const { sim, cookie, uid } = await start();
    const before = usdt(sim, uid);
    const btcBefore = Number(sim.ctx.engine.balance(uid, 'BTC').free);
    const r = await place(sim, cookie, { qty: '0.1', leverage: 4 });
    expect(r.json.code).toBe(0);
    const row = r.json.result as Record<string, string>;
    expect(row.qty).toBe('0.1');
    const spotAvg = Number(row.spotAvgPrice);
    const perpAvg = Number(row.perpAvgPrice);
    expect(Number(row.basis)).toBeCloseTo(perpAvg - spotAvg, 2);
    // Spot leg: 0.1 BTC less the engine's taker fee in BTC.
    expect(Number(sim.ctx.engine.balance(uid, 'BTC').free) - btcBefore).toBeCloseTo(
      0.1 - Number(row.spotFee),
      8,
    );
    // USDT: the spot value, plus the margin at 4x, plus the perpetual fee.
    const margin = (0.1 * perpAvg) / 4;
    expect(before - usdt(sim, uid)).toBeCloseTo(0.1 * spotAvg + margin + Number(row.perpFee), 4);
    const [pos] = await positions(sim, cookie);
    expect(pos).toMatchObject({
      symbol: 'BTCUSDT',
      side: 'Sell',
      size: '0.1',
      leverage: '4',
      category: 'linear',
    });
    const perp = perpOf(sim.ctx);
    const c = findContract('BTCUSDT');
    if (perp === undefined || c === undefined) throw new Error('perp not installed');
    const mark = Number(perp.market.markPrice(c));
    expect(Number(pos?.unrealisedPnl)).toBeCloseTo(-0.1 * (mark - perpAvg), 6);

    // The reverse closes it: flat positions leave the list (spec §9), the margin comes back.
    const back = await place(sim, cookie, { qty: '0.1', direction: 'shortBasis' });
    expect(back.json.code).toBe(0);
    expect(await positions(sim, cookie)).toEqual([]);
    expect(perp.positions.all(uid)[0]?.positionIM).toBe('0');
  });

  it('places nothing when the perpetual book cannot fill the quantity', async () => {
    const { sim, cookie, uid } = await start();
    const perp = perpOf(sim.ctx);
    const c = findContract('ETHUSDT');
    if (perp === undefined || c === undefined) throw new Error('perp not installed');
    // Empty the perpetual's bids: the desk sells into every resting bid.
    const depth = perp.market.engine.depth('ETHUSDT', 1000);
    const all = depth.bids.reduce((s, [, q]) => s + Number(q), 0);
    perp.market.fill(c, 'Sell', all.toFixed(2));
    expect(perp.market.engine.depth('ETHUSDT', 1).bids).toEqual([]);
    const before = usdt(sim, uid);
    const orders = sim.ctx.engine.orderHistory(uid).length;
    const r = await place(sim, cookie, { symbol: 'ETHUSDT', qty: '1' });
    expect(r.json.code).toBe(COMBINATION_ERRORS.noLiquidity);
    expect(usdt(sim, uid)).toBe(before);
    expect(sim.ctx.engine.orderHistory(uid).length).toBe(orders);
    expect(PERP_DESK).toBe('sys-perp-desk');
  });

  it('answers a repeated client_order_id with the first combination, also after a restart', async () => {
    const dir = tempDataDir();
    const first = await start(dir);
    const a = await place(first.sim, first.cookie, { qty: '0.01', client_order_id: 'spread-1' });
    expect(a.json.code).toBe(0);
    const usdtAfter = usdt(first.sim, first.uid);
    const again = await place(first.sim, first.cookie, { qty: '0.01', client_order_id: 'spread-1' });
    expect(again.json.result).toEqual(a.json.result);
    expect(usdt(first.sim, first.uid)).toBe(usdtAfter);
    const other = await place(first.sim, first.cookie, { qty: '0.02', client_order_id: 'spread-1' });
    expect(other.json.code).toBe(10001);
    await first.sim.close();
    sims = [];

    const second = await start(dir);
    const resumed = await positions(second.sim, second.cookie);
    expect(resumed).toHaveLength(1);
    expect(resumed[0]).toMatchObject({ symbol: 'BTCUSDT', side: 'Sell', size: '0.01' });
    const repeat = await place(second.sim, second.cookie, { qty: '0.01', client_order_id: 'spread-1' });
    expect(repeat.json.result).toEqual(a.json.result);
    expect(await positions(second.sim, second.cookie)).toHaveLength(1);
    expect(resumed[0]?.size).toBe('0.01');
  });

  it('serves the linear tickers with mark, index and the basis between them', async () => {
    const { sim } = await start();
    const r = await call(sim, 'GET', '/v5/market/tickers?category=linear');
    const list = (r.json.result as { list: Record<string, string>[] }).list;
    expect(list.map((t) => t.symbol)).toEqual(['BTCUSDT', 'ETHUSDT']);
    for (const t of list) {
      expect(Number(t.basis)).toBeCloseTo(Number(t.markPrice) - Number(t.indexPrice), 1);
      expect(Number(t.markPrice)).toBeGreaterThan(0);
    }
    const spot = await call(sim, 'GET', '/v5/market/tickers?symbol=BTCUSDT');
    expect((spot.json.result as { category: string }).category).toBe('spot');
  });
});
