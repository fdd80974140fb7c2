/**
 * The one table of HTTP paths, imported by the simulator (server/) and the client (workers/, src/).
 * Paths the spec names are used as named; where it names none, the chosen path is documented here (README too).
 */

/** HTTP method of a call. */
export type HttpMethod = 'GET' | 'POST';

/** One REST call: method, path and the envelope its success answer uses. */
export interface CallDef {
  readonly method: HttpMethod;
  readonly path: string;
  /**
   * Envelope family: 'v5' = {retCode, retMsg, result, retExtInfo, time} (bybit-wire.md §3);
   * 'code' = {code: 0, success: true, message, result} (spec §7 "code 0 plus success");
   * 'ret' = {ret_code: 0, ret_msg, result} (spec §7 "ret_code 0 plus result").
   */
  readonly envelope: 'v5' | 'code' | 'ret';
  /** true: the call needs a logged-in session (401-style error envelope otherwise). */
  readonly auth: boolean;
  /** true: the spec names this path; false: chosen by this project. */
  readonly specNamed: boolean;
}

function call(
  method: HttpMethod,
  path: string,
  envelope: CallDef['envelope'],
  auth: boolean,
  specNamed = false,
): CallDef {
  return { method, path, envelope, auth, specNamed };
}

/** Every REST call of the simulator, by name. */
export const CALLS = {
  // Public market data, bybit v5 shapes (bybit-wire.md §3). kline also takes the product's `to` (spec §7).
  kline: call('GET', '/v5/market/kline', 'v5', false, true),
  instrumentsInfo: call('GET', '/v5/market/instruments-info', 'v5', false, true),
  orderbook: call('GET', '/v5/market/orderbook', 'v5', false, true),
  recentTrade: call('GET', '/v5/market/recent-trade', 'v5', false, true),
  tickers: call('GET', '/v5/market/tickers', 'v5', false, true),

  // Symbol opening notice (spec §7 getNoticeInfoBySymbolId).
  noticeBySymbolId: call('GET', '/spot/api/basic/getNoticeInfoBySymbolId', 'code', false),
  // Notice-bar notices (spec §3 "Notice bar notice": symbolName, info, url).
  noticeBar: call('GET', '/spot/api/basic/notice_bar', 'code', false),
  // Announcement search (spec §7: ret_code and result.hits).
  announcementSearch: call('GET', '/announcements/api/search', 'ret', false),

  // Chart config and layout (spec §7 names these four).
  getKlineConfig: call('GET', '/spot/api/account/get_kline_config', 'code', true, true),
  setKlineConfig: call('POST', '/spot/api/account/set_kline_config', 'code', true, true),
  uploadKline: call('POST', '/spot/api/account/upload_kline', 'code', true, true),
  getKline: call('GET', '/spot/api/account/get_kline', 'code', true, true),
  // Where get_kline's result.klinePath points: GET {klineLayoutPrefix}{userId}/{version} → {version, saveData}.
  klineLayoutPrefix: call('GET', '/spot/api/account/kline_layout/', 'code', true),

  // Orders (spec §7 Orders).
  orderCreate: call('POST', '/spot/api/order/orderCreate', 'code', true),
  cancelOrder: call('POST', '/spot/api/order/cancelOrder', 'code', true),
  cancelPlanOrder: call('POST', '/spot/api/order/cancelPlanOrder', 'code', true),
  orderModify: call('POST', '/spot/api/order/orderModify', 'code', true),
  planOrderModify: call('POST', '/spot/api/order/planOrderModify', 'code', true),
  getOpenOrders: call('GET', '/spot/api/order/getOpenOrders', 'code', true),
  getOpenPlanOrders: call('GET', '/spot/api/order/getOpenPlanOrders', 'code', true),
  getUTAOrders: call('GET', '/unified/api/order/getUTAOrders', 'code', true),
  cancelAll: call('POST', '/spot/api/order/cancelAll', 'code', true),
  cancelAllPlan: call('POST', '/spot/api/order/cancelAllPlan', 'code', true),
  orderHistory: call('GET', '/spot/api/order/getHistoryOrders', 'code', true),
  tradeHistory: call('GET', '/spot/api/order/getTradeHistory', 'code', true),
  queryOpenOrders: call('POST', '/unified/integrated/v5/queryOpenOrders', 'code', true, true),
  queryPositions: call('POST', '/unified/integrated/v5/queryPositions', 'code', true, true),
  // Future spread (server/perp): a spot leg and a linear perpetual leg in one order; path in the integrated family.
  combinationOrder: call('POST', '/unified/integrated/v5/combinationOrder', 'code', true),

  // Fills and averages (spec §7 Fills and averages).
  tradeInfoClassic: call('GET', '/spot/api/order/getTradeInfo', 'code', true),
  tradeInfoUnified: call('GET', '/unified/api/order/getTradeInfoForKLine', 'code', true),
  avgClassic: call('GET', '/spot/api/order/getTradeAvgInfo', 'code', true),
  avgUnified: call('GET', '/unified/api/order/getTradeAvgPriceForKLine', 'code', true),

  // Account and assets.
  userInfo: call('GET', '/user/api/info', 'code', false),
  balanceClassic: call('GET', '/spot/api/asset/getBalance', 'code', true),
  unifiedAsset: call('GET', '/unified/api/asset/getUnifiedAsset', 'code', true),
  liabilityList: call('GET', '/unified/api/liability/list', 'code', true),
  strategyList: call('POST', '/spot/api/strategy/list', 'code', true),
  // Margin of unified accounts (server/margin): loans, repayments, repay, the leverage setting, the UTA upgrade.
  loanList: call('GET', '/unified/api/liability/loans', 'code', true),
  repaymentList: call('GET', '/unified/api/liability/repayments', 'code', true),
  repay: call('POST', '/unified/api/liability/repay', 'code', true),
  getLeverage: call('GET', '/unified/api/account/leverage', 'code', true),
  setLeverage: call('POST', '/unified/api/account/set_leverage', 'code', true),
  utaUpgrade: call('POST', '/unified/api/account/upgrade', 'code', true),
  utaUpgradeStatus: call('GET', '/unified/api/account/upgrade_status', 'code', true),
  strategyCreate: call('POST', '/spot/api/strategy/create', 'code', true),
  strategyStop: call('POST', '/spot/api/strategy/stop', 'code', true),
  quota: call('GET', '/spot/api/account/quota', 'code', true),
  demoWalletBalance: call('GET', '/spot/api/demo/wallet_balance', 'code', true),
  demoRecharge: call('POST', '/spot/api/demo/recharge', 'code', true),
  ltSymbolInfo: call('GET', '/spot/api/lt/symbol_info', 'code', false),
  // LT subscription, redemption and their records (spec §7: "LT … fetches: paths not shown").
  ltSubscribe: call('POST', '/spot/api/lt/subscribe', 'code', true),
  ltRedeem: call('POST', '/spot/api/lt/redeem', 'code', true),
  ltOrders: call('GET', '/spot/api/lt/orders', 'code', true),
  // Web config (spec §6 compliance switches): per account (the session) and region (`region`, else the account's).
  webConfig: call('GET', '/spot/api/config/web_config', 'code', false),

  // Preferences (spec §7 setPrefSetting upsert_keys) and double-confirm config.
  getPrefSetting: call('GET', '/user/api/pref/getPrefSetting', 'code', true),
  setPrefSetting: call('POST', '/user/api/pref/setPrefSetting', 'code', true),
  getDoubleConfirm: call('GET', '/user/api/double_confirm/get', 'code', true),
  setDoubleConfirm: call('POST', '/user/api/double_confirm/set', 'code', true),

  // Sessions. /login and /register are HTML pages on GET and form posts on POST.
  loginPage: call('GET', '/login', 'code', false),
  login: call('POST', '/login', 'code', false),
  registerPage: call('GET', '/register', 'code', false),
  register: call('POST', '/register', 'code', false),
  logout: call('POST', '/logout', 'code', false, true),

  // Simulator health and admin-free introspection (connection counts for tests and benches).
  health: call('GET', '/sim/health', 'code', false),
} as const satisfies Record<string, CallDef>;

/** Name of a call in {@link CALLS}. */
export type CallName = keyof typeof CALLS;

/** The WebSocket path (spec §7 Realtime). */
export const REALTIME_PATH = '/realtime_w';

/** Session cookie name (HttpOnly). */
export const SESSION_COOKIE = 'sim_session';
