/** Order-book panel state: the shown tab (book or latest trades), the layout and the total column's unit. */
import { storedAtom } from '../../session/storage';
import type { BookLayout, TotalUnit } from './layout';

/** The order-book panel's tab (spec §2: order book tab and latest-trades tab). */
export type BookTab = 'book' | 'trades';

/** The shown tab (remembered). */
export const bookTabAtom = storedAtom<BookTab>('book.tab', 'book', (raw) =>
  raw === 'book' || raw === 'trades' ? raw : undefined,
);
bookTabAtom.debugLabel = 'bookTabAtom';

/** The book layout 1–4 (remembered). */
export const bookLayoutAtom = storedAtom<BookLayout>('book.layout', 1, (raw) =>
  raw === 1 || raw === 2 || raw === 3 || raw === 4 ? raw : undefined,
);
bookLayoutAtom.debugLabel = 'bookLayoutAtom';

/** The total column in base or quote (remembered). */
export const bookTotalAtom = storedAtom<TotalUnit>('book.total', 'base', (raw) =>
  raw === 'base' || raw === 'quote' ? raw : undefined,
);
bookTotalAtom.debugLabel = 'bookTotalAtom';
