import { useAtomValue } from 'jotai';
import { openingAtom } from '../../session/state';
import { NetworkErrorOverlay } from './NetworkErrorOverlay';
import { PendingOverlay } from './PendingOverlay';
import { SymbolCountdown } from './SymbolCountdown';

/** The chart-area overlay for the routed symbol's opening state; nothing once it is open. */
export function OpeningOverlay({
  pair,
  locale,
}: {
  readonly pair: string;
  readonly locale: string;
}): React.JSX.Element | null {
  const state = useAtomValue(openingAtom);
  switch (state.kind) {
    case 'checking':
    case 'open':
      return null;
    case 'countdown':
    case 'opening':
      return (
        <SymbolCountdown
          pair={pair}
          openAt={state.openAt}
          onlineTime={state.onlineTime}
          notice={state.notice}
          locale={locale}
        />
      );
    case 'pending':
      return <PendingOverlay pair={pair} notice={state.notice} />;
    case 'error':
      return <NetworkErrorOverlay pair={pair} onlineTime={state.onlineTime} locale={locale} />;
  }
}
