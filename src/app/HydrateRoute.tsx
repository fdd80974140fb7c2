import { useHydrateAtoms } from 'jotai/utils';
import type { ReactNode } from 'react';
import type { PageRoute } from '../session/routes';
import { routeAtom } from '../session/state';

/** Seeds {@link routeAtom} with the route resolved at boot, before the first render reads it. */
export function HydrateRoute({
  route,
  children,
}: {
  readonly route: PageRoute;
  readonly children: ReactNode;
}): ReactNode {
  useHydrateAtoms([[routeAtom, route]]);
  return children;
}
