/**
 * End to end over the real simulator: REST calls and the private socket exactly as the hub will use them, fed to the
 * account reducers, which must agree with the server's own answers afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../../server/app';
import { AveragePrices, parseAverageResult } from '../../../../workers/account/averages';
import { FillHistory, fromExecutionRow, parseUnifiedFills } from '../../../../workers/account/fills';
import { decideNotification, type NotificationDecision } from '../../../../workers/account/notifications';
import { OPEN_LISTS, OpenOrders } from '../../../../workers/account/orders';
import { toOrderEvent } from '../../../../workers/protocol/orderEvent';
import { WalletBalances } from '../../../../workers/account/wallet';
import { accountTopicKind, toPrivateFrame, type PrivateFrame } from '../../../../workers/account/wire';
import { CALLS, type CallDef } from '../../../../workers/protocol/paths';
import { call, login, startTestSim, WsClient } from '../../../support/sim';

let sim: Simulator;
beforeAll(async () => {
  sim = await startTestSim();
});
afterAll(async () => {
  await sim.close();
});

async function rest(def: CallDef, params: Record<string, unknown>, cookie: string): Promise<unknown> {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
  const get = def.method === 'GET';
  const r = await call(
    sim,
    def.method,
    get ? `${def.path}?${query.toString()}` : def.path,
    get ? undefined : params,
    cookie,
  );
  if (r.json.code !== 0) throw new Error(`${def.path}: ${JSON.stringify(r.json)}`);
  return r.json.result;
}

async function until(cond: () => boolean, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('account reducers against the running simulator', () => {
  it('converge with the server: open orders, fills, averages, balances, notifications', async () => {
    const cookie = await login(sim, 'uta@sim.local', 'uta-pass');
    const ws = new WsClient(sim.url, cookie);
    await ws.open();
    // Aliases on purpose: the simulator pushes each event on every alias, so the reducers see duplicates.
    ws.send({ op: 'subscribe', args: ['order', 'user.uta.spot.order', 'plan_order', 'execution', 'wallet'] });
    await ws.next((m) => m.op === 'subscribe');

    const orders = new OpenOrders();
    const fills = new FillHistory();
    const avg = new AveragePrices();
    const wallet = new WalletBalances();
    const notices: NotificationDecision[] = [];

    // Server state first (the hub's (re)connect sequence): marks, then the answers.
    const ordersMark = orders.mark();
    orders.replaceFromRest(
      ((await rest(CALLS.getUTAOrders, { limit: 100 }, cookie)) as { list: unknown[] }).list,
      { lists: OPEN_LISTS, symbol: null },
      ordersMark,
    );
    const walletMark = wallet.mark();
    wallet.applyClassicRest(await rest(CALLS.balanceClassic, {}, cookie), walletMark);
    const avgParams = { contractType: 6, symbol: 'BTCUSDT', side: 1, daySpan: 7 };
    const before = parseAverageResult('unified', await rest(CALLS.avgUnified, avgParams, cookie));
    if (before === undefined) throw new Error('average');
    avg.setServer('BTCUSDT', 'Buy', 7, before);

    // The user acts.
    const create = (p: Record<string, unknown>) => rest(CALLS.orderCreate, { symbol_id: 1, ...p }, cookie);
    const resting = (await create({
      side: 'buy',
      type: 'limit',
      price: '30000',
      quantity: '0.001',
      client_order_id: 'it-rest',
    })) as {
      orderId: string;
    };
    await create({
      side: 'buy',
      type: 'limit',
      price: '30001',
      quantity: '0.001',
      client_order_id: 'it-keep',
    });
    await create({ side: 'buy', type: 'market', amount: '200', client_order_id: 'it-mkt' });
    await create({
      side: 'sell',
      type: 'market',
      quantity: '0.001',
      market_unit: 'baseCoin',
      client_order_id: 'it-mkt2',
    });
    await create({
      side: 'buy',
      type: 'market',
      market_unit: 'baseCoin',
      quantity: '0.001',
      plan_type: 1,
      trigger_price: '90000',
      client_order_id: 'it-plan',
    });
    await rest(CALLS.cancelOrder, { order_id: resting.orderId }, cookie);

    const privateFrames = (): PrivateFrame[] =>
      ws
        .peek((m) => typeof m.topic === 'string' && accountTopicKind(m.topic) !== undefined)
        .flatMap((m) => {
          const f = toPrivateFrame(m);
          return f === undefined ? [] : [f];
        });
    const isCancel = (f: PrivateFrame) =>
      f.topic === 'order' &&
      f.data.some((d) => (d as { orderId?: string; orderStatus?: string }).orderStatus === 'Cancelled');
    // The cancel is the last action and its wallet push the last frame it causes; one socket keeps order, so once
    // that arrived, every earlier push has too.
    await until(() => {
      const all = privateFrames();
      const i = all.findIndex(isCancel);
      return i >= 0 && all.slice(i).some((f) => f.topic === 'wallet');
    }, 'the pushes of the cancel');

    // The hub's push path.
    for (const f of privateFrames()) {
      const kind = accountTopicKind(f.topic);
      if (kind === 'order') {
        for (const row of f.data) {
          const ev = toOrderEvent(row);
          if (ev === undefined) continue;
          const d = decideNotification(orders.apply(ev).prevStatus, ev);
          if (d.type !== 'none') notices.push(d);
        }
      } else if (kind === 'execution') {
        const added = fills.add(
          f.data.flatMap((r) => fromExecutionRow(r) ?? []),
          Date.now(),
        );
        avg.applyFills(added);
      } else if (kind === 'wallet') {
        wallet.applyPush(f, { topics: ['wallet'], accountTypes: ['UNIFIED'] });
      }
    }
    ws.close();

    // Orders: a fresh page changes nothing.
    const page = ((await rest(CALLS.getUTAOrders, { limit: 100 }, cookie)) as { list: unknown[] }).list;
    expect(page.length).toBe(2);
    const v = orders.version;
    expect(orders.replaceFromRest(page, { lists: OPEN_LISTS, symbol: null }, orders.mark())).toEqual({
      added: 0,
      updated: 0,
      removed: 0,
      skipped: 0,
    });
    expect(orders.version).toBe(v);
    expect(orders.view('spot').map((o) => o.clientOrderId)).toEqual(['it-keep']);
    expect(orders.view('plan').map((o) => o.clientOrderId)).toEqual(['it-plan']);

    // Notifications: two filled market orders (toast only), one cancel (toast, silent); once each despite aliases.
    expect(notices).toEqual([
      { type: 'toast', kind: 'filled', withSound: true },
      { type: 'toast', kind: 'filled', withSound: true },
      { type: 'toast', kind: 'canceled', withSound: false },
    ]);

    // Fills: the pushes hold what the server lists.
    const server = parseUnifiedFills(
      'BTCUSDT',
      await rest(CALLS.tradeInfoUnified, { symbol: 'BTCUSDT', contractType: 6 }, cookie),
    );
    expect(server?.bad).toBe(0);
    expect(
      fills
        .list('BTCUSDT')
        .map((f) => f.id)
        .sort(),
    ).toEqual((server?.fills ?? []).map((f) => f.id).sort());
    expect(fills.list('BTCUSDT')).toEqual(
      [...(server?.fills ?? [])].sort((a, b) => a.time - b.time || Number(a.id) - Number(b.id)),
    );

    // Averages: the incremental line equals the server's fresh sums.
    const after = parseAverageResult('unified', await rest(CALLS.avgUnified, avgParams, cookie));
    expect(avg.line('BTCUSDT', 'Buy')).toMatchObject({ valueSum: after?.valueSum, qtySum: after?.qtySum });

    // Balances: the pushed feed equals a fresh answer.
    const fresh = new WalletBalances();
    fresh.applyClassicRest(await rest(CALLS.balanceClassic, {}, cookie), fresh.mark());
    const pick = (w: WalletBalances) => w.list().map((b) => [b.coin, b.free, b.locked, b.total]);
    expect(pick(wallet)).toEqual(pick(fresh));
  });
});
