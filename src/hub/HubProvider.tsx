import { Provider } from 'jotai';
import { useEffect, type ReactNode } from 'react';
import { hubClient, hubStore } from './client';

/** Mounts the hub client for this tab and provides the Jotai store it writes. */
export function HubProvider({ children }: { readonly children: ReactNode }): React.JSX.Element {
  useEffect(() => {
    hubClient();
  }, []);
  return <Provider store={hubStore}>{children}</Provider>;
}
