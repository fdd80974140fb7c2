/**
 * When a positions list refetches (queryPositions): on every position or P&L push the hub counted
 * (`positionsVersion`), and every few seconds while positions are open, since their unrealised P&L moves with the
 * mark price.
 */
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { accountAtom } from '../hub/state';

/** How often open positions are re-read for their unrealised P&L at the current mark. */
export const POSITION_REFRESH_MS = 3000;

/** A number that changes on every position push and, while `live`, every POSITION_REFRESH_MS. */
export function usePositionsRefresh(live: boolean): number {
  const version = useAtomValue(accountAtom)?.positionsVersion ?? 0;
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!live) return undefined;
    const timer = setInterval(() => {
      setTick((n) => n + 1);
    }, POSITION_REFRESH_MS);
    return () => {
      clearInterval(timer);
    };
  }, [live]);
  // Two counters in one number: the push count moves it by a step the timer never reaches in a session.
  return version * 1_000_000 + tick;
}
