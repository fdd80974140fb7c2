import { useAtomValue } from 'jotai';
import { orderDraftAtom } from '../features/order-form/state';
import { GuideCard } from '../features/guides/GuideCard';
import { OrderKindGuide } from '../features/guides/OrderKindGuide';
import { demoAccess } from '../session/demoRules';
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
      {/* A demo account's OCO kind shows the demo tip, so its guide would teach a form that is not there. */}
      {(draft.kind !== 'oco' || demoAccess('ocoOrderKind', user) === 'available') && (
        <OrderKindGuide kind={draft.kind} side={draft.side} loggedIn />
      )}
    </>
  );
}
