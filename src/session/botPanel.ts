/**
 * Whether the position slot shows the bot (grid) orders panel instead of the standard orders panel (spec §2 Orders
 * panel: "a bot (grid) orders panel with a back arrow to the standard panel"). The tools open it; its back arrow
 * closes it; the composition root picks the panel. Here because features do not import each other.
 */
import { atom } from 'jotai';

/** true: the bot orders panel is shown in the position slot. */
export const botPanelOpenAtom = atom(false);
botPanelOpenAtom.debugLabel = 'botPanelOpenAtom';
