import { useAtomValue } from 'jotai';
import { orderDraftAtom } from '../features/order-form/state';
import { GuideCard } from '../features/guides/GuideCard';
import { OrderKindGuide } from '../features/guides/OrderKindGuide';
import { sessionUserAtom } from '../session/state';

/**
 * The guides in the right column (spec §2): the new-user guide, and the guide of the order kind being entered (read
 * here from the order form's draft, so neither feature knows the other). Only this slot re-renders on form edits.
 */
export function GuideSlot(): React.JSX.Element | null {
  const user = useAtomValue(sessionUserAtom);
  const draft = useAtomValue(orderDraftAtom);
  if (user?.loggedIn !== true) return null;
  return (
    <>
      <GuideCard id="newUser" side={draft.side} />
      <OrderKindGuide kind={draft.kind} side={draft.side} loggedIn />
    </>
  );
}
