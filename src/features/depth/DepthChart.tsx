/**
 * The chart area's depth view (spec §2 Chart area, issue 5): cumulative bids and asks against price on a canvas.
 * Reads the routed symbol from atoms and asks the hub for the book itself; takes no props.
 */
import { useAtomValue } from 'jotai';
import { pairLookupAtom } from '../../app/state';
import { useHubWant } from '../../hub/useHubWant';

/** The depth chart of the routed symbol; fills its parent. */
export function DepthChart(): React.JSX.Element {
  const lookup = useAtomValue(pairLookupAtom);
  const symbol = lookup.kind === 'found' ? lookup.symbol.symbol : null;
  useHubWant({ symbol, bookRows: 40 });
  return <div className="depth-chart" data-testid="depth-chart" style={{ width: '100%', height: '100%' }} />;
}
