/** Order-form state: the draft and the create-block state shown after a refused create. */
import { atom } from 'jotai';
import type { CreateBlock } from '../../session/orderOutcome';
import { EMPTY_DRAFT, type OrderDraft } from '../../lib/orderDraft';

/** The draft being edited; reset when the symbol changes. */
export const orderDraftAtom = atom<OrderDraft>(EMPTY_DRAFT);
orderDraftAtom.debugLabel = 'orderDraftAtom';

/** The block state shown, if any. */
export const createBlockAtom = atom<CreateBlock | null>(null);
createBlockAtom.debugLabel = 'createBlockAtom';
