/** The simulator's symbol catalogue: every case the spec names (majors, zones, LT, disclaimers, future listing, bans). */

/** Trading zone of a symbol (spec §3 Symbol.mark). */
export type SymbolMark = '' | 'innovation' | 'adventure';

/** Static definition of one spot symbol; precisions are decimal places. */
export interface SymbolSpec {
  readonly symbol: string;
  readonly symbolId: number;
  readonly base: string;
  readonly quote: string;
  readonly baseTokenId: number;
  readonly quoteTokenId: number;
  /** Price decimals; tick = 10^-pricePrecision. */
  readonly pricePrecision: number;
  /** Quantity decimals; lot = 10^-quantityPrecision. */
  readonly quantityPrecision: number;
  /** Quote amount decimals. */
  readonly amountPrecision: number;
  readonly minQty: string;
  readonly maxQty: string;
  readonly minAmount: string;
  readonly maxAmount: string;
  /** Comma list of depth steps (spec §5: entries made of 0, 1 and dot are kept by the client). */
  readonly digitMerge: string;
  readonly mark: SymbolMark;
  /** 1 trading, 4 restricted; spec §6. */
  readonly tradeStatus: number;
  readonly isBanBuy: boolean;
  readonly isBanSell: boolean;
  /** Leveraged-token direction: '' none, 'long' or 'short'. */
  readonly ltDirection: '' | 'long' | 'short';
  readonly quoteTokenLeverageRatio: string;
  /** Seed mid price of the synthetic market. */
  readonly seedPrice: number;
  /** Opening time in ms since epoch, relative offsets resolved at start; 0 = already open. */
  readonly openInMs: number;
  /** Remaining-quota per account in quote units for zone symbols; '' = unlimited. */
  readonly quota: string;
  readonly notice: '' | 'disclaimer' | 'terms';
}

const base = {
  mark: '' as SymbolMark,
  tradeStatus: 1,
  isBanBuy: false,
  isBanSell: false,
  ltDirection: '' as const,
  quoteTokenLeverageRatio: '0',
  openInMs: 0,
  quota: '',
  notice: '' as const,
};

/** Token ids (spec §3 baseTokenId / quoteTokenId are names on this exchange; ids are numeric here). */
export const TOKENS: Readonly<Record<string, number>> = {
  USDT: 1,
  BTC: 2,
  ETH: 3,
  INNO: 4,
  ADV: 5,
  BTC3L: 6,
  MNT: 7,
  SUI: 8,
  NEWC: 9,
  BANX: 10,
  USDC: 11,
  BTC3S: 12,
};

function tok(name: string): number {
  const id = TOKENS[name];
  if (id === undefined) throw new Error(`unknown token ${name}`);
  return id;
}

/** All symbols the simulator lists. BTCUSDT first: the default pair and the storm symbol. */
export const SYMBOLS: readonly SymbolSpec[] = [
  {
    ...base,
    symbol: 'BTCUSDT',
    symbolId: 1,
    base: 'BTC',
    quote: 'USDT',
    baseTokenId: tok('BTC'),
    quoteTokenId: tok('USDT'),
    pricePrecision: 2,
    quantityPrecision: 6,
    amountPrecision: 8,
    minQty: '0.000048',
    maxQty: '71.73956243',
    minAmount: '1',
    maxAmount: '4000000',
    digitMerge: '0.01,0.1,1,10,100',
    seedPrice: 64000,
  },
  {
    ...base,
    symbol: 'ETHUSDT',
    symbolId: 2,
    base: 'ETH',
    quote: 'USDT',
    baseTokenId: tok('ETH'),
    quoteTokenId: tok('USDT'),
    pricePrecision: 2,
    quantityPrecision: 5,
    amountPrecision: 7,
    minQty: '0.00062',
    maxQty: '1229.2336343',
    minAmount: '1',
    maxAmount: '4000000',
    digitMerge: '0.01,0.1,1,10',
    seedPrice: 3200,
  },
  {
    ...base,
    symbol: 'BTCUSDC',
    symbolId: 3,
    base: 'BTC',
    quote: 'USDC',
    baseTokenId: tok('BTC'),
    quoteTokenId: tok('USDC'),
    pricePrecision: 2,
    quantityPrecision: 6,
    amountPrecision: 8,
    minQty: '0.000048',
    maxQty: '50',
    minAmount: '1',
    maxAmount: '2000000',
    digitMerge: '0.01,0.1,1,10,100',
    seedPrice: 64010,
  },
  {
    ...base,
    symbol: 'INNOUSDT',
    symbolId: 4,
    base: 'INNO',
    quote: 'USDT',
    baseTokenId: tok('INNO'),
    quoteTokenId: tok('USDT'),
    pricePrecision: 4,
    quantityPrecision: 2,
    amountPrecision: 6,
    minQty: '1',
    maxQty: '500000',
    minAmount: '1',
    maxAmount: '20000',
    digitMerge: '0.0001,0.001,0.01,0.1,0.5',
    mark: 'innovation',
    quota: '5000',
    seedPrice: 0.4521,
  },
  {
    ...base,
    symbol: 'ADVUSDT',
    symbolId: 5,
    base: 'ADV',
    quote: 'USDT',
    baseTokenId: tok('ADV'),
    quoteTokenId: tok('USDT'),
    pricePrecision: 5,
    quantityPrecision: 1,
    amountPrecision: 6,
    minQty: '10',
    maxQty: '1000000',
    minAmount: '1',
    maxAmount: '10000',
    digitMerge: '0.00001,0.0001,0.001,0.01',
    mark: 'adventure',
    quota: '2000',
    seedPrice: 0.08213,
  },
  {
    ...base,
    symbol: 'BTC3LUSDT',
    symbolId: 6,
    base: 'BTC3L',
    quote: 'USDT',
    baseTokenId: tok('BTC3L'),
    quoteTokenId: tok('USDT'),
    pricePrecision: 4,
    quantityPrecision: 2,
    amountPrecision: 6,
    minQty: '1',
    maxQty: '200000',
    minAmount: '1',
    maxAmount: '200000',
    digitMerge: '0.0001,0.001,0.01,0.1',
    ltDirection: 'long',
    quoteTokenLeverageRatio: '3',
    seedPrice: 2.1375,
  },
  {
    ...base,
    symbol: 'MNTUSDT',
    symbolId: 7,
    base: 'MNT',
    quote: 'USDT',
    baseTokenId: tok('MNT'),
    quoteTokenId: tok('USDT'),
    pricePrecision: 4,
    quantityPrecision: 2,
    amountPrecision: 6,
    minQty: '1',
    maxQty: '1000000',
    minAmount: '1',
    maxAmount: '500000',
    digitMerge: '0.0001,0.001,0.01,0.1',
    notice: 'disclaimer',
    seedPrice: 0.8123,
  },
  {
    ...base,
    symbol: 'SUIUSDT',
    symbolId: 8,
    base: 'SUI',
    quote: 'USDT',
    baseTokenId: tok('SUI'),
    quoteTokenId: tok('USDT'),
    pricePrecision: 4,
    quantityPrecision: 2,
    amountPrecision: 6,
    minQty: '0.5',
    maxQty: '500000',
    minAmount: '1',
    maxAmount: '500000',
    digitMerge: '0.0001,0.001,0.01,0.1',
    notice: 'terms',
    seedPrice: 1.8734,
  },
  {
    ...base,
    symbol: 'NEWCUSDT',
    symbolId: 9,
    base: 'NEWC',
    quote: 'USDT',
    baseTokenId: tok('NEWC'),
    quoteTokenId: tok('USDT'),
    pricePrecision: 4,
    quantityPrecision: 1,
    amountPrecision: 6,
    minQty: '10',
    maxQty: '100000',
    minAmount: '1',
    maxAmount: '50000',
    digitMerge: '0.0001,0.001,0.01',
    mark: 'innovation',
    quota: '1000',
    // Opens 10 minutes after the simulator starts: the countdown case.
    openInMs: 10 * 60 * 1000,
    seedPrice: 0.1,
  },
  {
    ...base,
    symbol: 'BANXUSDT',
    symbolId: 10,
    base: 'BANX',
    quote: 'USDT',
    baseTokenId: tok('BANX'),
    quoteTokenId: tok('USDT'),
    pricePrecision: 3,
    quantityPrecision: 2,
    amountPrecision: 6,
    minQty: '1',
    maxQty: '100000',
    minAmount: '1',
    maxAmount: '100000',
    digitMerge: '0.001,0.01,0.1,1',
    tradeStatus: 4,
    isBanBuy: true,
    seedPrice: 12.345,
  },
  {
    ...base,
    symbol: 'BTC3SUSDT',
    symbolId: 11,
    base: 'BTC3S',
    quote: 'USDT',
    baseTokenId: tok('BTC3S'),
    quoteTokenId: tok('USDT'),
    pricePrecision: 4,
    quantityPrecision: 2,
    amountPrecision: 6,
    minQty: '1',
    maxQty: '200000',
    minAmount: '1',
    maxAmount: '200000',
    digitMerge: '0.0001,0.001,0.01,0.1',
    ltDirection: 'short',
    quoteTokenLeverageRatio: '3',
    seedPrice: 1.426,
  },
];

/** Lookup by symbol name. */
export const SYMBOL_BY_NAME: ReadonlyMap<string, SymbolSpec> = new Map(SYMBOLS.map((s) => [s.symbol, s]));
/** Lookup by numeric symbol id. */
export const SYMBOL_BY_ID: ReadonlyMap<number, SymbolSpec> = new Map(SYMBOLS.map((s) => [s.symbolId, s]));

/** Resolves a symbol from a name ("BTCUSDT", "BTC/USDT", "BTC-USDT") or a numeric id string. */
export function findSymbol(key: string | number | undefined | null): SymbolSpec | undefined {
  if (key === undefined || key === null || key === '') return undefined;
  if (typeof key === 'number' || /^\d+$/.test(key)) return SYMBOL_BY_ID.get(Number(key));
  return SYMBOL_BY_NAME.get(key.replace(/[/\-_]/g, '').toUpperCase());
}
