/** Public market data REST in the bybit v5 shapes (bybit-wire.md §3), plus the product's kline `to` (spec §7). */
import { CALLS } from '../../workers/protocol/paths';
import type { RouteModule } from '../context';
import { ParamError, type Params } from '../http/params';
import { toInterval } from '../../workers/protocol/intervals';
import { fixed } from '../market/frames';
import type { Market } from '../market/market';
import { perpOf } from '../perp/install';
import { SYMBOLS, SYMBOL_BY_NAME, type SymbolSpec } from '../market/symbols';

/** Bound of accepted times (±year 2286). */
const MAX_MS = 1e13;

/** Default kline page (spec §7/§9: 500). */
export const KLINE_PAGE = 500;

function category(p: Params): void {
  p.oneOf('category', ['spot'], { def: 'spot' });
}

function requireSymbol(p: Params): SymbolSpec {
  const name = p.reqStr('symbol', { max: 32 });
  const spec = SYMBOL_BY_NAME.get(name.toUpperCase());
  if (spec === undefined) throw new ParamError(`symbol ${name} is not listed`);
  return spec;
}

/** Instrument row: the v5 fields plus the product's Symbol fields (spec §3). */
export function instrumentRow(s: SymbolSpec, openAt: number): Record<string, unknown> {
  const tick = fixed(10 ** -s.pricePrecision, s.pricePrecision);
  const lot = fixed(10 ** -s.quantityPrecision, s.quantityPrecision);
  return {
    symbol: s.symbol,
    baseCoin: s.base,
    quoteCoin: s.quote,
    innovation: s.mark === 'innovation' ? '1' : '0',
    status: openAt > Date.now() ? 'PreLaunch' : 'Trading',
    marginTrading: s.mark === '' && s.ltDirection === '' ? 'both' : 'none',
    symbolType: s.mark,
    lotSizeFilter: {
      basePrecision: lot,
      quotePrecision: fixed(10 ** -s.amountPrecision, s.amountPrecision),
      minOrderQty: s.minQty,
      maxOrderQty: s.maxQty,
      minOrderAmt: s.minAmount,
      maxOrderAmt: s.maxAmount,
      maxLimitOrderQty: s.maxQty,
      maxMarketOrderQty: s.maxQty,
    },
    priceFilter: { tickSize: tick },
    // Product fields (spec §3 Symbol).
    symbolId: s.symbolId,
    symbolName: s.symbol,
    baseTokenId: s.base,
    quoteTokenId: s.quote,
    baseTokenName: s.base,
    quoteTokenName: s.quote,
    baseTokenNumericId: s.baseTokenId,
    quoteTokenNumericId: s.quoteTokenId,
    pricePrecision: s.pricePrecision,
    quantityPrecision: s.quantityPrecision,
    amountPrecision: s.amountPrecision,
    minPricePrecision: tick,
    minTradeQuantity: s.minQty,
    maxTradeQuantity: s.maxQty,
    minTradeAmount: s.minAmount,
    maxTradeAmount: s.maxAmount,
    digitMerge: s.digitMerge,
    mark: s.mark,
    tradeStatus: s.tradeStatus,
    isBanBuy: s.isBanBuy,
    isBanSell: s.isBanSell,
    ltDirection: s.ltDirection,
    quoteTokenLeverageRatio: s.quoteTokenLeverageRatio,
    noticeVisible: openAt > 0,
    noticeType: s.notice,
    priceScale: s.pricePrecision,
    openTime: openAt,
  };
}

/** Registers /v5/market/*. */
export function registerMarketRoutes(market: Market): RouteModule {
  return (router, ctx) => {
    router.on(CALLS.instrumentsInfo, ({ params }) => {
      category(params);
      const name = params.str('symbol', { max: 32 });
      const list = SYMBOLS.filter((s) => name === undefined || s.symbol === name.toUpperCase()).map((s) =>
        instrumentRow(s, market.openAt(s.symbol)),
      );
      return { category: 'spot', list, nextPageCursor: '' };
    });

    router.on(CALLS.orderbook, ({ params }) => {
      category(params);
      const spec = requireSymbol(params);
      const limit = params.intOr('limit', 1, { min: 1, max: 1000 });
      const d = ctx.engine.depth(spec.symbol, limit);
      const now = ctx.now();
      const u = market.bookSnapshot(spec.symbol, 200)?.u ?? 0;
      return { s: spec.symbol, b: d.bids, a: d.asks, ts: now, u, seq: u, cts: now };
    });

    router.on(CALLS.recentTrade, ({ params }) => {
      category(params);
      const spec = requireSymbol(params);
      const limit = params.intOr('limit', 1, { min: 1, max: 60 });
      const list = market.recentTrades(spec.symbol, limit).map((t) => ({
        execId: t.tradeId,
        symbol: t.symbol,
        price: t.price,
        size: t.qty,
        side: t.side,
        time: String(t.time),
        isBlockTrade: false,
        seq: String(t.seq),
      }));
      return { category: 'spot', list };
    });

    router.on(CALLS.tickers, ({ params }) => {
      const perp = perpOf(ctx);
      if (perp !== undefined && params.str('category', { max: 16 }) === 'linear')
        return { category: 'linear', list: perp.tickers(params.str('symbol', { max: 32 })) };
      category(params);
      const name = params.str('symbol', { max: 32 });
      if (name !== undefined && !SYMBOL_BY_NAME.has(name.toUpperCase()))
        throw new ParamError(`symbol ${name} is not listed`);
      const list = SYMBOLS.filter((s) => name === undefined || s.symbol === name.toUpperCase()).flatMap(
        (s) => {
          const t = market.ticker(s.symbol);
          if (t === undefined) return [];
          const d = ctx.engine.depth(s.symbol, 1);
          const [bid] = d.bids;
          const [ask] = d.asks;
          return [
            {
              ...t,
              bid1Price: bid?.[0] ?? '',
              bid1Size: bid?.[1] ?? '',
              ask1Price: ask?.[0] ?? '',
              ask1Size: ask?.[1] ?? '',
              usdIndexPrice: t.lastPrice,
            },
          ];
        },
      );
      return { category: 'spot', list };
    });

    router.on(CALLS.kline, ({ params }) => {
      category(params);
      const spec = requireSymbol(params);
      const code = params.reqStr('interval', { max: 8 });
      const interval = toInterval(code);
      if (interval === undefined) throw new ParamError(`interval ${code} is not supported`);
      const limit = params.intOr('limit', KLINE_PAGE, { min: 1, max: 1000 });
      // Times are ms since the epoch; weekly and monthly history reaches before 1970, so negatives are valid.
      const start = params.int('start', { min: -MAX_MS, max: MAX_MS });
      const end =
        params.int('end', { min: -MAX_MS, max: MAX_MS }) ??
        params.int('to', { min: -MAX_MS, max: MAX_MS }) ??
        ctx.now();
      if (start !== undefined && start > end) throw new ParamError('start must not be after end');
      const dp = spec.pricePrecision;
      const list = market
        .candles(spec.symbol, interval, end, limit, start)
        .map((c) => [
          String(c.start),
          fixed(c.open, dp),
          fixed(c.high, dp),
          fixed(c.low, dp),
          fixed(c.close, dp),
          fixed(c.volume, spec.quantityPrecision),
          fixed(c.turnover, 4),
        ]);
      return { category: 'spot', symbol: spec.symbol, list };
    });
  };
}
