/**
 * A create request read and checked like an order (symbol, sides, precision, min / max, balance) and built into a
 * strategy document. Failures are the engine's codes (170134 price decimals, 170136 quantity below minimum, 170140
 * value below minimum, 170131 balance…) or 10001 naming the field.
 */
import { Decimal } from 'decimal.js';
import { STRATEGY_LIMITS, type StrategyCreateRequest } from '../../workers/protocol/strategy';
import type { Engine } from '../engine/engine';
import { ENGINE_ERRORS, type Side } from '../engine/types';
import { ParamError, type Params } from '../http/params';
import { ApiError } from '../http/router';
import { SYMBOL_BY_NAME, type SymbolSpec } from '../market/symbols';
import { gridLevels, gridQty } from './grid';
import { planScaled } from './scaled';
import type { StrategyDoc } from './types';
import { lotDown } from './math';

const L = STRATEGY_LIMITS;

function fail(code: number, message: string): never {
  throw new ApiError(code, message);
}

function decimalsOf(x: string): number {
  const i = x.indexOf('.');
  return i < 0 ? 0 : x.length - i - 1;
}

function checkPrice(spec: SymbolSpec, name: string, v: string): void {
  if (decimalsOf(v) > spec.pricePrecision) fail(ENGINE_ERRORS.priceDecimals, `${name} has too many decimals`);
}

function checkQty(spec: SymbolSpec, name: string, v: string): void {
  if (decimalsOf(v) > spec.quantityPrecision)
    fail(ENGINE_ERRORS.qtyDecimals, `${name} has too many decimals`);
  if (new Decimal(v).lt(spec.minQty))
    fail(ENGINE_ERRORS.qtyTooSmall, `${name} is below the minimum ${spec.minQty}`);
}

function readSide(p: Params): Side {
  const s = p.oneOf('side', ['Buy', 'Sell', 'buy', 'sell'], { required: true });
  return s === 'Buy' || s === 'buy' ? 'Buy' : 'Sell';
}

/** Reads the create request of the body (`kind` picks the strategy). */
export function readCreateRequest(p: Params): StrategyCreateRequest {
  const kind = p.oneOf('kind', ['grid', 'iceberg', 'twap', 'scaled'], { required: true });
  const symbol = p.reqStr('symbol', { max: 32 });
  const dec = (name: string): string | undefined => p.decimal(name, { positive: true });
  const reqDec = (name: string): string => {
    const v = dec(name);
    if (v === undefined) throw new ParamError(`${name} is required`);
    return v;
  };
  switch (kind) {
    case 'iceberg': {
      const price = dec('price');
      const priceDistance = p.decimal('priceDistance');
      const sliceQty = dec('sliceQty');
      const sliceCount = p.int('sliceCount', { min: 1, max: L.icebergMaxSlices });
      if ((price === undefined) === (priceDistance === undefined))
        throw new ParamError('give exactly one of price and priceDistance');
      if ((sliceQty === undefined) === (sliceCount === undefined))
        throw new ParamError('give exactly one of sliceQty and sliceCount');
      return {
        kind,
        symbol,
        side: readSide(p),
        totalQty: reqDec('totalQty'),
        ...(price === undefined ? {} : { price }),
        ...(priceDistance === undefined ? {} : { priceDistance }),
        ...(sliceQty === undefined ? {} : { sliceQty }),
        ...(sliceCount === undefined ? {} : { sliceCount }),
      };
    }
    case 'twap': {
      const durationMs = p.int('durationMs', {
        min: L.twapMinDurationMs,
        max: L.twapMaxDurationMs,
        required: true,
      });
      const intervalMs = p.int('intervalMs', {
        min: L.twapMinIntervalMs,
        max: L.twapMaxDurationMs,
        required: true,
      });
      if (durationMs === undefined || intervalMs === undefined)
        throw new ParamError('durationMs is required');
      if (intervalMs > durationMs) throw new ParamError('intervalMs must not exceed durationMs');
      const priceLimit = dec('priceLimit');
      return {
        kind,
        symbol,
        side: readSide(p),
        totalQty: reqDec('totalQty'),
        durationMs,
        intervalMs,
        ...(priceLimit === undefined ? {} : { priceLimit }),
      };
    }
    case 'scaled': {
      const totalQty = dec('totalQty');
      const totalValue = dec('totalValue');
      if ((totalQty === undefined) === (totalValue === undefined))
        throw new ParamError('give exactly one of totalQty and totalValue');
      const orderCount = p.int('orderCount', {
        min: L.scaledMinOrders,
        max: L.scaledMaxOrders,
        required: true,
      });
      return {
        kind,
        symbol,
        side: readSide(p),
        priceLow: reqDec('priceLow'),
        priceHigh: reqDec('priceHigh'),
        orderCount: orderCount ?? L.scaledMinOrders,
        distribution:
          p.oneOf('distribution', ['flat', 'increasing', 'decreasing'], { def: 'flat' }) ?? 'flat',
        ...(totalQty === undefined ? {} : { totalQty }),
        ...(totalValue === undefined ? {} : { totalValue }),
      };
    }
    case 'grid': {
      const gridNumber = p.int('gridNumber', { min: L.gridMinNumber, max: L.gridMaxNumber, required: true });
      const triggerPrice = dec('triggerPrice');
      const takeProfit = dec('takeProfit');
      const stopLoss = dec('stopLoss');
      return {
        kind,
        symbol,
        minPrice: reqDec('minPrice'),
        maxPrice: reqDec('maxPrice'),
        gridNumber: gridNumber ?? L.gridMinNumber,
        type: p.oneOf('type', ['grade', 'geometric'], { def: 'grade' }) ?? 'grade',
        investment: reqDec('investment'),
        ...(triggerPrice === undefined ? {} : { triggerPrice }),
        ...(takeProfit === undefined ? {} : { takeProfit }),
        ...(stopLoss === undefined ? {} : { stopLoss }),
      };
    }
    case undefined:
      throw new ParamError('kind is required');
  }
}

function checkFree(engine: Engine, accountId: string, coin: string, need: Decimal.Value): void {
  if (new Decimal(engine.balance(accountId, coin).free).lt(need))
    fail(ENGINE_ERRORS.balance, `insufficient ${coin} balance`);
}

/** Checks a request against the symbol and the account's balances and builds its document (not yet started). */
export function buildDoc(
  engine: Engine,
  accountId: string,
  req: StrategyCreateRequest,
  now: number,
): Omit<StrategyDoc, 'id'> {
  const spec = SYMBOL_BY_NAME.get(req.symbol);
  if (spec === undefined) fail(ENGINE_ERRORS.invalidSymbol, 'symbol does not exist');
  const side: Side = req.kind === 'grid' ? 'Buy' : req.side;
  if (
    (side === 'Buy' && spec.isBanBuy) ||
    (side === 'Sell' && spec.isBanSell) ||
    (req.kind === 'grid' && spec.isBanBuy)
  )
    fail(ENGINE_ERRORS.sideBanned, 'this side is disabled on this symbol');
  const last = engine.lastPrice(req.symbol) ?? String(spec.seedPrice);
  const base: Omit<StrategyDoc, 'id'> = {
    accountId,
    kind: req.kind,
    symbol: req.symbol,
    side,
    params: req,
    status: 'RAW',
    closeReason: '',
    createdTime: now,
    updatedTime: now,
    size: '0',
    executedSize: '0',
    executedValue: '0',
    childCount: 0,
    plannedChildren: 0,
    nextAt: 0,
    children: {},
    skipped: [],
    rejected: [],
    plan: [],
    sliceQty: '0',
    grid: null,
  };
  const lockCoin = side === 'Buy' ? spec.quote : spec.base;
  switch (req.kind) {
    case 'iceberg': {
      checkQty(spec, 'totalQty', req.totalQty);
      if (req.price !== undefined) checkPrice(spec, 'price', req.price);
      if (req.priceDistance !== undefined) checkPrice(spec, 'priceDistance', req.priceDistance);
      const slice = req.sliceQty ?? lotDown(spec, new Decimal(req.totalQty).div(req.sliceCount ?? 1));
      checkQty(spec, 'sliceQty', slice);
      if (new Decimal(slice).gt(req.totalQty)) throw new ParamError('sliceQty must not exceed totalQty');
      const slices = new Decimal(req.totalQty).div(slice).ceil().toNumber();
      if (slices > L.icebergMaxSlices) throw new ParamError(`at most ${L.icebergMaxSlices} slices`);
      const px = req.price ?? last;
      if (new Decimal(slice).times(px).lt(spec.minAmount))
        fail(ENGINE_ERRORS.valueTooSmall, `a slice is worth less than ${spec.minAmount}`);
      checkFree(
        engine,
        accountId,
        lockCoin,
        side === 'Buy' ? new Decimal(req.totalQty).times(px) : req.totalQty,
      );
      return { ...base, size: req.totalQty, sliceQty: slice, plannedChildren: slices };
    }
    case 'twap': {
      checkQty(spec, 'totalQty', req.totalQty);
      if (req.priceLimit !== undefined) checkPrice(spec, 'priceLimit', req.priceLimit);
      const slices = Math.floor(req.durationMs / req.intervalMs);
      const slice = lotDown(spec, new Decimal(req.totalQty).div(slices));
      checkQty(spec, 'totalQty ÷ slices', slice);
      if (new Decimal(slice).times(last).lt(spec.minAmount))
        fail(ENGINE_ERRORS.valueTooSmall, `a slice is worth less than ${spec.minAmount}`);
      checkFree(
        engine,
        accountId,
        lockCoin,
        side === 'Buy' ? new Decimal(req.totalQty).times(last) : req.totalQty,
      );
      return { ...base, size: req.totalQty, sliceQty: slice, plannedChildren: slices };
    }
    case 'scaled': {
      checkPrice(spec, 'priceLow', req.priceLow);
      checkPrice(spec, 'priceHigh', req.priceHigh);
      if (!new Decimal(req.priceHigh).gt(req.priceLow))
        throw new ParamError('priceHigh must be above priceLow');
      const plan = planScaled(spec, req);
      for (const o of plan) {
        checkQty(spec, 'each order', o.qty);
        if (new Decimal(o.qty).times(o.price).lt(spec.minAmount))
          fail(ENGINE_ERRORS.valueTooSmall, `an order is worth less than ${spec.minAmount}`);
      }
      // No balance check here: the engine checks each child, and the ones it refuses are reported one by one.
      const size = plan.reduce((s, o) => s.plus(o.qty), new Decimal(0));
      return { ...base, size: size.toFixed(), plan, plannedChildren: plan.length };
    }
    case 'grid': {
      checkPrice(spec, 'minPrice', req.minPrice);
      checkPrice(spec, 'maxPrice', req.maxPrice);
      if (!new Decimal(req.maxPrice).gt(req.minPrice))
        throw new ParamError('maxPrice must be above minPrice');
      for (const [name, v] of [
        ['triggerPrice', req.triggerPrice],
        ['takeProfit', req.takeProfit],
        ['stopLoss', req.stopLoss],
      ] as const)
        if (v !== undefined) checkPrice(spec, name, v);
      if (req.takeProfit !== undefined && !new Decimal(req.takeProfit).gt(req.maxPrice))
        throw new ParamError('takeProfit must be above maxPrice');
      if (req.stopLoss !== undefined && !new Decimal(req.stopLoss).lt(req.minPrice))
        throw new ParamError('stopLoss must be below minPrice');
      const levels = gridLevels(spec, req);
      if (new Set(levels).size !== levels.length)
        throw new ParamError('grid levels closer than one price tick');
      const qty = gridQty(spec, levels, req.investment, req.triggerPrice ?? last);
      checkQty(spec, 'investment ÷ grids', qty);
      if (new Decimal(qty).times(levels[0] ?? '0').lt(spec.minAmount))
        fail(ENGINE_ERRORS.valueTooSmall, `a grid order is worth less than ${spec.minAmount}`);
      checkFree(engine, accountId, spec.quote, req.investment);
      const dir = req.triggerPrice === undefined ? 0 : new Decimal(last).lt(req.triggerPrice) ? 1 : 2;
      return {
        ...base,
        size: new Decimal(qty).times(req.gridNumber).toFixed(),
        plannedChildren: req.gridNumber,
        grid: {
          levels,
          qtyPerGrid: qty,
          intervals: [],
          completedPairs: 0,
          gridProfit: '0',
          quoteFlow: '0',
          baseHeld: '0',
          triggerDirection: dir,
          runningSince: 0,
        },
      };
    }
  }
}
