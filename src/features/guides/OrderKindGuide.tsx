import { GuideCard } from './GuideCard';
import { guideForKind } from './guides';

/**
 * The guide of the order kind being entered (spec §2: the OCO guide's buying or selling steps, the trailing-stop
 * guide's three), shown the first times the kind is picked until finished or closed. The composition root passes the
 * kind and side, so this feature does not read the order form's state.
 */
export function OrderKindGuide({
  kind,
  side,
  loggedIn,
}: {
  readonly kind: string;
  readonly side: 'Buy' | 'Sell';
  readonly loggedIn: boolean;
}): React.JSX.Element | null {
  const id = guideForKind(kind);
  if (id === null || !loggedIn) return null;
  return <GuideCard key={`${id}-${side}`} id={id} side={side} />;
}
