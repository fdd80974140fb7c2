/** Panel-grid state (spec §4 Layout): the user's saved layout, whether it is customised, order-book visibility. */
import { atom } from 'jotai';
import { storedAtom } from '../../session/storage';
import { sanitiseLayout, toStoredLayout, withoutOrderBook, type PanelLayoutItem } from './grid';

/** The user's last layout as stored (validated against the panel limits when used). */
export const savedLayoutAtom = storedAtom<unknown>('layout.items', null, (raw) => raw);
savedLayoutAtom.debugLabel = 'savedLayoutAtom';

/** True once the user changed the layout; without it widths follow the page width. */
export const layoutCustomisedAtom = storedAtom('layout.customised', false, (raw) =>
  typeof raw === 'boolean' ? raw : undefined,
);
layoutCustomisedAtom.debugLabel = 'layoutCustomisedAtom';

/** Whether the order-book panel is shown. */
export const orderBookVisibleAtom = storedAtom('layout.orderbook', true, (raw) =>
  typeof raw === 'boolean' ? raw : undefined,
);
orderBookVisibleAtom.debugLabel = 'orderBookVisibleAtom';

/** Saves a layout the user made (drag or resize stop) and marks the layout customised. */
export const saveLayoutAtom = atom(null, (_get, set, items: readonly PanelLayoutItem[]) => {
  set(savedLayoutAtom, toStoredLayout(items));
  set(layoutCustomisedAtom, true);
});
saveLayoutAtom.debugLabel = 'saveLayoutAtom';

/** Back to the default layout: clears the saved layout and the customised mark. */
export const resetLayoutAtom = atom(null, (_get, set) => {
  set(savedLayoutAtom, null);
  set(layoutCustomisedAtom, false);
});
resetLayoutAtom.debugLabel = 'resetLayoutAtom';

/** Hides the order book (the chart widens to the position panel's width) or shows it (the layout resets). */
export const setOrderBookVisibleAtom = atom(null, (get, set, visible: boolean) => {
  if (visible) {
    set(orderBookVisibleAtom, true);
    set(savedLayoutAtom, null);
    set(layoutCustomisedAtom, false);
    return;
  }
  set(orderBookVisibleAtom, false);
  if (get(layoutCustomisedAtom)) {
    const current = sanitiseLayout(get(savedLayoutAtom), true);
    const next = current === undefined ? undefined : withoutOrderBook(current);
    if (next === undefined) {
      set(savedLayoutAtom, null);
      set(layoutCustomisedAtom, false);
    } else {
      set(savedLayoutAtom, toStoredLayout(next));
    }
  }
});
setOrderBookVisibleAtom.debugLabel = 'setOrderBookVisibleAtom';
