/** Account vocabulary shared by the simulator and the client (spec §3). */

/** Double-confirm flags of spec §3: the only entries the preference's comma list may hold. */
export const DOUBLE_CONFIRM_FLAGS = [
  'notifyClose',
  'tradeNotifyClose',
  'successAudio',
  'createOrderNotifyClose',
  'cancelOrderNotifyClose',
  'modifyOrderNotifyClose',
] as const;

/** One double-confirm flag. */
export type DoubleConfirmFlag = (typeof DOUBLE_CONFIRM_FLAGS)[number];
