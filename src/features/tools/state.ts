/** Left-tab-bar state: Trade or Tools, and the tool sub-view. */
import { atom } from 'jotai';
import type { ToolView } from './pinnedTools';

/** Trade (standard) or Tools. */
export type TradeTab = 'trade' | 'tools';

/** The left tab bar's tab. */
export const tradeTabAtom = atom<TradeTab>('trade');
tradeTabAtom.debugLabel = 'tradeTabAtom';

/** The Tools tab's sub-view. */
export const toolViewAtom = atom<ToolView>('grid');
toolViewAtom.debugLabel = 'toolViewAtom';

/** Opens a tool: the Tools tab on that sub-view. */
export const openToolAtom = atom(null, (_get, set, view: ToolView) => {
  set(toolViewAtom, view);
  set(tradeTabAtom, 'tools');
});
openToolAtom.debugLabel = 'openToolAtom';
