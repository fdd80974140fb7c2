import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { connectionAtom } from '../../hub/state';
import { toConnectionView } from './connectionView';
import './connection.css';

/**
 * The connection indicator (spec §8 socket codes): connected, connecting, reconnecting with the code that explains
 * why, or offline. Every tab reads the one socket's state from the hub.
 */
export function ConnectionIndicator(): React.JSX.Element {
  const { t } = useTranslation('notices');
  const conn = useAtomValue(connectionAtom);
  const v = toConnectionView(conn);
  const state = t(`connection.${v.stateKey}`);
  const why = v.code === null ? '' : t(`connection.code.${v.code}`);
  return (
    <span
      className={`conn conn-${v.tone}`}
      role="status"
      data-testid="connection-indicator"
      data-state={conn.state}
      data-code={v.code ?? ''}
      title={why === '' ? state : `${state} · ${why} (${v.code ?? ''})`}
    >
      <span className="conn-dot" aria-hidden="true" />
      <span className="conn-text">{state}</span>
      {v.code !== null && v.stateKey !== 'connected' && <span className="conn-code">{v.code}</span>}
    </span>
  );
}
