import { useEffect } from 'react';
import type { TabInterest } from '../../workers/api';
import { hubClient } from './client';

/**
 * Declares, for as long as the calling component is mounted, what it needs from the hub (merged with every other
 * mounted feature's needs into the tab's interest). Pass primitive values: the effect re-runs when one changes.
 */
export function useHubWant({
  symbol,
  step,
  bookRows,
  trades,
  klineInterval,
  allTickers,
  account,
}: Partial<TabInterest>): void {
  useEffect(
    () =>
      hubClient().want({
        ...(symbol === undefined ? {} : { symbol }),
        ...(step === undefined ? {} : { step }),
        ...(bookRows === undefined ? {} : { bookRows }),
        ...(trades === undefined ? {} : { trades }),
        ...(klineInterval === undefined ? {} : { klineInterval }),
        ...(allTickers === undefined ? {} : { allTickers }),
        ...(account === undefined ? {} : { account }),
      }),
    [symbol, step, bookRows, trades, klineInterval, allTickers, account],
  );
}
