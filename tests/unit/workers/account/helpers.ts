/**
 * Test vocabulary for the account reducers: the real matching engine over the simulator's symbols, a recording
 * listener, and the private frames the simulator would push for what the engine reported (JSON round-tripped, so
 * the reducers see exactly what crosses the wire).
 */
import type { Account } from '../../../../server/accounts/accounts';
import { Engine } from '../../../../server/engine/engine';
import { Market } from '../../../../server/market/market';
import type { RealtimeServer } from '../../../../server/realtime/realtime';
import type { ExecutionView, OrderView, PlaceOrderRequest, Side } from '../../../../server/engine/types';
import { SYMBOLS } from '../../../../server/market/symbols';
import { toOrderEvent, type OrderEvent } from '../../../../workers/protocol/orderEvent';
import { toPrivateFrame, type PrivateFrame } from '../../../../workers/account/wire';

/** The account under test. */
export const ME = 'u1';
/** A system market maker (no events, unlimited funds). */
export const MM = 'mm';
/** A second system account, to print trades between the two. */
export const MM2 = 'mm2';
/** 2023-11-14T22:13:20Z: a fixed start so times are reproducible. */
export const T0 = 1_700_000_000_000;

/** One engine event, in emission order. */
export type Recorded =
  | { readonly kind: 'order'; readonly view: OrderView }
  | { readonly kind: 'execution'; readonly view: ExecutionView };

/** One private frame the simulator's market layer published, as sent (JSON text). */
export interface Published {
  readonly accountId: string;
  readonly topic: string;
  readonly text: string;
}

/** An engine with a manual clock and everything it emitted for non-system accounts. */
export interface Sim {
  readonly engine: Engine;
  readonly clock: { t: number };
  readonly events: Recorded[];
  /** Private frames the simulator's Market published for the engine's events (every alias topic subscribed). */
  readonly published: Published[];
  /** Orders emitted since `from` (index into events). */
  orders(from?: number): OrderView[];
  executions(from?: number): ExecutionView[];
}

/** Builds the engine, funds ME and registers the market maker. Each engine call advances the clock by `step` ms. */
export function sim(step = 1): Sim {
  const clock = { t: T0 };
  const events: Recorded[] = [];
  const published: Published[] = [];
  // The simulator's real market layer turns engine events into private frames; its realtime server is replaced by a
  // recorder that subscribes every account to every private topic.
  const market = new Market(SYMBOLS, { seed: 1, startedAt: T0, now: () => clock.t, storm: false });
  const realtime = {
    hasPrivateSubscriber: () => true,
    hasSubscribers: () => false,
    publish: () => undefined,
    publishPrivate: (accountId: string, topic: string, text: string) => {
      published.push({ accountId, topic, text });
    },
  } as unknown as RealtimeServer<Account>;
  const engine = new Engine({
    symbols: SYMBOLS,
    now: () => (clock.t += step),
    listener: {
      ...market.listener,
      order: (view) => {
        events.push({ kind: 'order', view });
        market.listener.order?.(view);
      },
      execution: (view) => {
        events.push({ kind: 'execution', view });
        market.listener.execution?.(view);
      },
    },
  });
  market.attach(engine, realtime);
  // Only the private path is wanted: no publish cadences.
  market.stop();
  engine.addAccount(MM, { system: true });
  engine.addAccount(MM2, { system: true });
  engine.addAccount(ME);
  for (const spec of SYMBOLS) if (spec.openInMs === 0) engine.setLastPrice(spec.symbol, spec.seedPrice);
  for (const [coin, amount] of Object.entries({ USDT: '1000000', BTC: '50', ETH: '500' })) {
    const r = engine.deposit(ME, coin, amount);
    if (!r.ok) throw new Error(r.message);
  }
  return {
    engine,
    clock,
    events,
    published,
    orders: (from = 0) => events.slice(from).flatMap((e) => (e.kind === 'order' ? [e.view] : [])),
    executions: (from = 0) => events.slice(from).flatMap((e) => (e.kind === 'execution' ? [e.view] : [])),
  };
}

let cid = 0;

/** Places an order and returns its view (throws on an engine error). */
export function place(
  s: Sim,
  req: Omit<PlaceOrderRequest, 'accountId' | 'clientOrderId'> & { accountId?: string },
): OrderView {
  const r = s.engine.placeOrder({ accountId: ME, clientOrderId: `c${++cid}`, ...req });
  if (!r.ok) throw new Error(`${r.code} ${r.message}`);
  return r.value;
}

/** A resting limit order of ME. */
export function limit(s: Sim, side: Side, price: string, qty: string, symbol = 'BTCUSDT'): OrderView {
  return place(s, { symbol, side, orderType: 'Limit', price, qty });
}

/** A maker quote of the system account. */
export function quote(s: Sim, side: Side, price: string, qty: string, symbol = 'BTCUSDT'): OrderView {
  return place(s, { accountId: MM, symbol, side, orderType: 'Limit', price, qty });
}

/** Prints a public trade at `price` between the two system accounts (moves triggers, no events for ME). */
export function printTrade(s: Sim, price: string, symbol = 'BTCUSDT'): void {
  place(s, { accountId: MM, symbol, side: 'Sell', orderType: 'Limit', price, qty: '0.01' });
  place(s, { accountId: MM2, symbol, side: 'Buy', orderType: 'Limit', price, qty: '0.01' });
}

/** Cancels an order of ME. */
export function cancel(s: Sim, orderId: string): OrderView {
  const r = s.engine.cancelOrder({ accountId: ME, orderId });
  if (!r.ok) throw new Error(`${r.code} ${r.message}`);
  return r.value;
}

/** The private frame the simulator pushes for rows on a topic, parsed back from its JSON text. */
export function frame(topic: string, data: readonly unknown[], creationTime: number): PrivateFrame {
  const parsed = toPrivateFrame(
    JSON.parse(JSON.stringify({ id: `${topic}-${creationTime}`, topic, creationTime, data })) as unknown,
  );
  if (parsed === undefined) throw new Error('bad frame');
  return parsed;
}

/** An order view as the reducers read it off an `order` frame. */
export function orderEvent(view: OrderView, topic = 'order'): OrderEvent {
  const f = frame(topic, [view], view.updatedTime);
  const ev = toOrderEvent(f.data[0]);
  if (ev === undefined) throw new Error(`unreadable order row ${JSON.stringify(view)}`);
  return ev;
}

/** A real view with some fields changed (statuses the engine never emits, such as Rejected and Deactivated). */
export function variant(view: OrderView, over: Partial<Record<keyof OrderView, unknown>>): OrderView {
  return { ...view, ...over } as OrderView;
}
