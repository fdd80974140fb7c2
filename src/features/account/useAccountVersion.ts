/** A number that moves whenever the hub's account data changes (a REST list refetches on it, coalesced per frame). */
import { useStore } from 'jotai';
import { useEffect, useState } from 'react';
import { accountAtom } from '../../hub/state';

/** Counts changes of the account atom (balances, orders, borrowInfo pushes) since mount. */
export function useAccountVersion(): number {
  const store = useStore();
  const [version, setVersion] = useState(0);
  useEffect(
    () =>
      store.sub(accountAtom, () => {
        setVersion((v) => v + 1);
      }),
    [store],
  );
  return version;
}
