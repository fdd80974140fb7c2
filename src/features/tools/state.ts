/** Left-tab-bar state: Trade or Tools, the tool sub-view, trade preferences. */
import { atom } from 'jotai';
import { storedAtom } from '../../app/storage';
import type { ToolView } from './pinnedTools';
import {
  DEFAULT_PREFERENCES,
  toTradePreferences,
  type TradePreferenceKey,
  type TradePreferences,
} from './preferences';

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

/** Trade preference flags (remembered locally). */
export const tradePreferencesAtom = storedAtom<TradePreferences>(
  'tradePreferences',
  DEFAULT_PREFERENCES,
  toTradePreferences,
);
tradePreferencesAtom.debugLabel = 'tradePreferencesAtom';

/** Sets one preference flag. */
export const setTradePreferenceAtom = atom(
  null,
  (get, set, change: { readonly key: TradePreferenceKey; readonly value: boolean }) => {
    set(tradePreferencesAtom, { ...get(tradePreferencesAtom), [change.key]: change.value });
  },
);
setTradePreferenceAtom.debugLabel = 'setTradePreferenceAtom';
