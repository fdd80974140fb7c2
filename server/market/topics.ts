/** The realtime topic names the simulator serves: private topics with their aliases, and public topic parsing. */
import { type Interval, toInterval } from '../../workers/protocol/intervals';
import { BOOK_DEPTHS, type BookDepth } from './bookFeed';
import { SYMBOL_BY_NAME, type SymbolSpec } from './symbols';

/** Private topics and their aliases (spec §7 Realtime names, v5 names). */
export const PRIVATE_TOPICS = {
  order: ['order', 'order_new', 'user.uta.spot.order', 'private.order'],
  execution: ['execution', 'match', 'user.uta.spot.trade'],
  wallet: ['wallet', 'asset.spot-walletbalance', 'user.unify.uta.wallet', 'unified.mix.asset'],
  plan: ['plan_order'],
  stopLimit: ['stop_limit_order'],
  oco: ['oco_order'],
  trailing: ['trailing_stop_order'],
  lt: ['lt_order', 'user.lt.order'],
  strategy: ['strategy'],
  position: ['private.position'],
  pnl: ['unified.mix.pnl'],
  combination: ['combination.trade.notify'],
  borrow: ['user.unify.usdc.borrowInfo'],
  utaUpgrade: ['user.uta.upgrade'],
} as const;

/** Every private topic name, aliases included. */
export const PRIVATE_SET: ReadonlySet<string> = new Set(Object.values(PRIVATE_TOPICS).flat());

/** A parsed public topic. */
export type PublicTopic =
  | { readonly kind: 'orderbook'; readonly depth: BookDepth; readonly spec: SymbolSpec }
  | { readonly kind: 'publicTrade'; readonly spec: SymbolSpec }
  | { readonly kind: 'tickers'; readonly spec: SymbolSpec }
  | { readonly kind: 'kline'; readonly interval: Interval; readonly spec: SymbolSpec };

/** Parses a public topic name; undefined when it is not one we serve. */
export function parsePublicTopic(topic: string): PublicTopic | undefined {
  const parts = topic.split('.');
  const [head] = parts;
  if (head === 'orderbook' && parts.length === 3) {
    const depth = Number(parts[1]);
    const spec = SYMBOL_BY_NAME.get(parts[2] ?? '');
    if (spec === undefined || !(BOOK_DEPTHS as readonly number[]).includes(depth)) return undefined;
    return { kind: 'orderbook', depth: depth as BookDepth, spec };
  }
  if ((head === 'publicTrade' || head === 'tickers') && parts.length === 2) {
    const spec = SYMBOL_BY_NAME.get(parts[1] ?? '');
    return spec === undefined ? undefined : { kind: head, spec };
  }
  if (head === 'kline' && parts.length === 3) {
    const interval = toInterval(parts[1] ?? '');
    const spec = SYMBOL_BY_NAME.get(parts[2] ?? '');
    return interval === undefined || spec === undefined ? undefined : { kind: 'kline', interval, spec };
  }
  return undefined;
}
