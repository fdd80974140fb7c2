/**
 * The P&L tab's perpetual section: per contract the account ever traded (the future spread's linear perpetuals),
 * realised P&L since the position opened (fees included) and unrealised P&L at the current mark, with totals; read
 * from queryPositions with closed positions included, refetched on every position push and every few seconds
 * while a position is open. Renders nothing for an account without perpetual positions.
 */
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { decodePerpPosition, type PerpPositionRow } from '../../../../workers/protocol/perp';
import { formatFixed } from '../../../lib/format';
import { routeAtom } from '../../../session/state';
import { usePagedList } from '../../../session/usePagedList';
import { usePositionsRefresh } from '../../../session/usePositionsRefresh';
import './perpPnl.css';

function signedClass(v: number): string {
  return v > 0 ? 'up' : v < 0 ? 'down' : '';
}

/** The readable rows of a queryPositions answer (closed ones included). */
export function perpPnlRows(raw: readonly unknown[]): PerpPositionRow[] {
  const out: PerpPositionRow[] = [];
  for (const r of raw) {
    const p = decodePerpPosition(r);
    if (p !== undefined) out.push(p);
  }
  return out;
}

/** The section, or null when the account never held a perpetual. */
export function PerpPnlSection(): React.JSX.Element | null {
  const { t } = useTranslation(['spread', 'orders']);
  const locale = useAtomValue(routeAtom).locale;
  const [live, setLive] = useState(false);
  const refresh = usePositionsRefresh(live);
  const list = usePagedList(
    'queryPositions',
    { needSort: 'true', includeClosed: 'true' },
    { pageSize: 100, post: true, refresh },
  );
  const rows = useMemo(() => perpPnlRows(list.rows), [list.rows]);
  useEffect(() => {
    setLive(rows.some((r) => Number(r.size) !== 0));
  }, [rows]);
  if (rows.length === 0) return null;
  const realised = rows.reduce((s, r) => s + Number(r.cumRealisedPnl), 0);
  const unrealised = rows.reduce((s, r) => s + Number(r.unrealisedPnl), 0);
  const cell = (v: number, testId?: string): React.JSX.Element => (
    <td className={`num ${signedClass(v)}`} {...(testId === undefined ? {} : { 'data-testid': testId })}>
      <bdi dir="ltr">{formatFixed(v, 4, locale)}</bdi>
    </td>
  );
  return (
    <section className="perp-pnl" data-testid="perp-pnl">
      <h3 className="perp-pnl-title">{t('positions')}</h3>
      <table className="perp-pnl-table">
        <thead>
          <tr>
            <th>{t('orders:col.pair')}</th>
            <th className="num">{t('size')}</th>
            <th className="num">{t('realised')}</th>
            <th className="num">{t('unrealised')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.symbol} data-testid={`perp-pnl-${r.symbol}`}>
              <td>{t('contract', { symbol: r.symbol })}</td>
              <td className="num">
                <bdi dir="ltr">{r.side === 'Sell' ? `-${r.size}` : r.size}</bdi>
              </td>
              {cell(Number(r.cumRealisedPnl))}
              {cell(Number(r.unrealisedPnl))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th colSpan={2}>{t('total')}</th>
            {cell(realised, 'perp-pnl-realised')}
            {cell(unrealised, 'perp-pnl-unrealised')}
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
