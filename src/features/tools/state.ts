/** Left-tab-bar state: Trade or Tools, and the tool sub-view. */
import { atom } from 'jotai';
import type { ToolView } from './pinnedTools';
import { EMPTY_TOOL_DRAFT, type FormTool, type ToolDraft } from './draft';

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

/** Each tool form's draft, kept while the user switches tools. */
export const toolDraftsAtom = atom<Readonly<Record<FormTool, ToolDraft>>>({
  grid: EMPTY_TOOL_DRAFT,
  iceberg: EMPTY_TOOL_DRAFT,
  twap: EMPTY_TOOL_DRAFT,
  scaled: EMPTY_TOOL_DRAFT,
});
toolDraftsAtom.debugLabel = 'toolDraftsAtom';

/** The strategy list under a tool's form: running or history. */
export const strategyListTabAtom = atom<'running' | 'history'>('running');
strategyListTabAtom.debugLabel = 'strategyListTabAtom';
