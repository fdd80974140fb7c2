import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toProductOrder } from '../../../../server/api/orders';
import type { OrderView, Side } from '../../../../server/engine/types';
import { compareOrderVersions, OPEN_LISTS, OpenOrders } from '../../../../workers/account/orders';
import type { OrderEvent } from '../../../../workers/protocol/orderEvent';
import { ME, MM, orderEvent, place, printTrade, sim, type Sim } from './helpers';

/** One step of a random walk over real order lifecycles. */
type Action =
  | { readonly type: 'limit'; readonly side: Side; readonly offset: number; readonly lots: number }
  | { readonly type: 'quote'; readonly side: Side; readonly offset: number; readonly lots: number }
  | { readonly type: 'market'; readonly side: Side; readonly lots: number }
  | { readonly type: 'cancel'; readonly pick: number }
  | { readonly type: 'modify'; readonly pick: number; readonly offset: number; readonly lots: number }
  | { readonly type: 'plan'; readonly planType: 1 | 8 | 4 | 5; readonly side: Side; readonly offset: number }
  | { readonly type: 'print'; readonly offset: number };

const side = fc.constantFrom<Side>('Buy', 'Sell');
const offset = fc.integer({ min: -6, max: 6 });
const lots = fc.integer({ min: 1, max: 8 });
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ type: fc.constant('limit' as const), side, offset, lots }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('quote' as const), side, offset, lots }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('market' as const), side, lots }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('cancel' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('modify' as const), pick: fc.nat(), offset, lots }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('plan' as const),
      planType: fc.constantFrom<1 | 8 | 4 | 5>(1, 8, 4, 5),
      side,
      offset,
    }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('print' as const), offset }) },
);

const px = (o: number): string => String(64000 + o * 10);
const qty = (n: number): string => (n / 100).toFixed(2);

/** Runs the actions on the real engine; refused actions are skipped, as a user's refused clicks would be. */
function run(actions: readonly Action[]): Sim {
  const s = sim();
  const attempt = (f: () => unknown): void => {
    try {
      f();
    } catch {
      // An engine refusal (balance, trigger side, nothing to modify): no event, nothing to check.
    }
  };
  for (const a of actions) {
    const open = (): OrderView[] => s.engine.openOrders(ME);
    switch (a.type) {
      case 'limit':
        attempt(() =>
          place(s, {
            symbol: 'BTCUSDT',
            side: a.side,
            orderType: 'Limit',
            price: px(a.offset),
            qty: qty(a.lots),
          }),
        );
        break;
      case 'quote':
        attempt(() =>
          place(s, {
            accountId: MM,
            symbol: 'BTCUSDT',
            side: a.side,
            orderType: 'Limit',
            price: px(a.offset),
            qty: qty(a.lots),
          }),
        );
        break;
      case 'market':
        attempt(() =>
          place(s, {
            symbol: 'BTCUSDT',
            side: a.side,
            orderType: 'Market',
            qty: qty(a.lots),
            marketUnit: 'baseCoin',
          }),
        );
        break;
      case 'cancel': {
        const list = open();
        const o = list[a.pick % Math.max(1, list.length)];
        if (o !== undefined) s.engine.cancelOrder({ accountId: ME, orderId: o.orderId });
        break;
      }
      case 'modify': {
        const list = open();
        const o = list[a.pick % Math.max(1, list.length)];
        if (o === undefined) break;
        s.engine.modifyOrder(
          o.orderStatus === 'Untriggered'
            ? o.planType === 4 || o.planType === 5
              ? { accountId: ME, orderId: o.orderId, trailingValue: String(50 + a.lots * 10) }
              : { accountId: ME, orderId: o.orderId, triggerPrice: px(a.offset) }
            : { accountId: ME, orderId: o.orderId, price: px(a.offset), qty: qty(a.lots + 4) },
        );
        break;
      }
      case 'plan':
        attempt(() =>
          place(s, {
            symbol: 'BTCUSDT',
            side: a.side,
            orderType: a.planType === 8 ? 'Limit' : 'Market',
            planType: a.planType,
            qty: '0.01',
            marketUnit: 'baseCoin',
            ...(a.planType === 1 || a.planType === 8 ? { triggerPrice: px(a.offset) } : {}),
            ...(a.planType === 8 ? { price: px(a.offset) } : {}),
            ...(a.planType === 4 ? { trailingPercentage: '0.001' } : {}),
            ...(a.planType === 5 ? { trailingValue: '40', activationPrice: px(a.offset) } : {}),
          }),
        );
        break;
      case 'print':
        attempt(() => {
          printTrade(s, px(a.offset));
        });
        break;
    }
  }
  return s;
}

/** A deterministic PRNG (mulberry32) for the delivery perturbation. */
function rng(seed: number): () => number {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r ^= r + Math.imul(r ^ (r >>> 7), 61 | r);
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The delivery the spec allows: any reorder and any duplicate, except among events of one order whose version keys
 * are equal (a trailing stop moved twice in one millisecond): those keep their relative order and their duplicates
 * arrive right after them, as topic-alias copies do. Nothing else can order them.
 */
function perturb(events: readonly OrderEvent[], seed: number): OrderEvent[] {
  const rand = rng(seed);
  const tied = new Set<number>();
  for (let i = 0; i < events.length; i++) {
    for (let j = i + 1; j < events.length; j++) {
      const a = events[i];
      const b = events[j];
      if (a !== undefined && b !== undefined && a.orderId === b.orderId && compareOrderVersions(a, b) === 0) {
        tied.add(i);
        tied.add(j);
      }
    }
  }
  const slots = events.map((_, i) => ({ i, key: rand() }));
  slots.sort((a, b) => a.key - b.key);
  // Tied events take the slots their group landed in, in causal order.
  const tiedSlots = slots.map((s, pos) => ({ ...s, pos })).filter((s) => tied.has(s.i));
  const tiedInOrder = [...tiedSlots].sort((a, b) => a.i - b.i);
  const order = slots.map((s) => s.i);
  tiedSlots.forEach((slot, k) => {
    const src = tiedInOrder[k];
    if (src !== undefined) order[slot.pos] = src.i;
  });
  const out: OrderEvent[] = [];
  for (const i of order) {
    const e = events[i];
    if (e === undefined) continue;
    out.push(e);
    if (tied.has(i) && rand() < 0.3) out.push(e);
  }
  // Free duplicates, anywhere.
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    if (e !== undefined && !tied.has(i) && rand() < 0.3)
      out.splice(Math.floor(rand() * (out.length + 1)), 0, e);
  }
  return out;
}

function snapshot(book: OpenOrders): Record<string, readonly OrderEvent[]> {
  return Object.fromEntries(OPEN_LISTS.map((l) => [l, book.view(l)]));
}

describe('open orders, property', () => {
  it('any allowed delivery of real order events ends where a causal replay does, which is the engine truth', () => {
    // What the walks covered: every status and every list must have been exercised, or the property proves little.
    const seen = new Map<string, number>();
    const see = (k: string): void => {
      seen.set(k, (seen.get(k) ?? 0) + 1);
    };
    fc.assert(
      fc.property(fc.array(action, { minLength: 1, maxLength: 40 }), fc.integer(), (actions, seed) => {
        const s = run(actions);
        const events = s.orders().map((v) => orderEvent(v));
        const causal = new OpenOrders();
        for (const e of events) {
          see(e.status);
          const r = causal.apply(e);
          if (r.change.type === 'added') see(r.change.list);
        }
        const shuffled = new OpenOrders();
        for (const e of perturb(events, seed)) shuffled.apply(e);
        expect(snapshot(shuffled)).toEqual(snapshot(causal));
        // The causal replay is the engine's own open set, newest first.
        const truth = s.engine.openOrders(ME).map((o) => orderEvent(o));
        const replayed = OPEN_LISTS.flatMap((l) => causal.view(l));
        expect(new Set(replayed.map((o) => o.orderId))).toEqual(new Set(truth.map((o) => o.orderId)));
        for (const o of replayed) expect(o).toEqual(truth.find((t) => t.orderId === o.orderId));
      }),
      { numRuns: 150 },
    );
    for (const k of [
      'NEW',
      'PARTIALLY_FILLED',
      'FILLED',
      'CANCELED',
      'PARTIALLY_FILLED_CANCELED',
      'ORDER_NEW',
    ]) {
      expect(seen.get(k) ?? 0, k).toBeGreaterThan(0);
    }
    for (const k of ['ORDER_FILLED', 'ORDER_CANCELED', 'spot', 'plan', 'trailing'])
      expect(seen.get(k) ?? 0, k).toBeGreaterThan(0);
  });

  it('after any delivery, one REST page taken afterwards converges to the engine exactly', () => {
    fc.assert(
      fc.property(
        fc.array(action, { minLength: 1, maxLength: 30 }),
        fc.integer(),
        fc.integer({ min: 0, max: 100 }),
        (actions, seed, lossPct) => {
          const s = run(actions);
          const events = s.orders().map((v) => orderEvent(v));
          const rand = rng(seed ^ 0x5bd1e995);
          const book = new OpenOrders();
          // Some pushes are lost (a disconnect), the rest arrive perturbed.
          for (const e of perturb(events, seed)) if (rand() * 100 >= lossPct) book.apply(e);
          const mark = book.mark();
          const page = JSON.parse(JSON.stringify(s.engine.openOrders(ME).map(toProductOrder))) as unknown[];
          book.replaceFromRest(page, { lists: OPEN_LISTS, symbol: null }, mark);
          const truth = s.engine.openOrders(ME).map((o) => orderEvent(o));
          const held = OPEN_LISTS.flatMap((l) => book.view(l));
          expect(new Set(held.map((o) => o.orderId))).toEqual(new Set(truth.map((o) => o.orderId)));
          for (const o of held) expect(o).toEqual(truth.find((t) => t.orderId === o.orderId));
        },
      ),
      { numRuns: 100 },
    );
  });
});
