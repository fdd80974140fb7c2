import { HubProvider } from '../hub/HubProvider';
import { AppErrorBoundary } from './AppErrorBoundary';
import { HydrateRoute } from './HydrateRoute';
import type { PageRoute } from '../session/routes';
import { Shell } from './Shell';

/** The app: the hub's store, the routed page, and the page-level error fallback. */
export function App({
  route,
  mobile,
}: {
  readonly route: PageRoute;
  readonly mobile: boolean;
}): React.JSX.Element {
  return (
    <HubProvider>
      <HydrateRoute route={route}>
        <AppErrorBoundary>
          <Shell mobile={mobile} />
        </AppErrorBoundary>
      </HydrateRoute>
    </HubProvider>
  );
}
