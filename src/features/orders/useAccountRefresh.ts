/** The history lists' refetch key: they follow the live account data, which they do not receive themselves. */
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { accountAtom } from '../../hub/state';

/** Refetch key that moves 300 ms after the live account data changes (an order closed, a fill). */
export function useAccountRefresh(): number {
  const account = useAtomValue(accountAtom);
  const [n, setN] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => {
      setN((x) => x + 1);
    }, 300);
    return () => {
      clearTimeout(timer);
    };
  }, [account]);
  return n;
}
