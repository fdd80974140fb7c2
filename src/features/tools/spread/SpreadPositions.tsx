/**
 * The account's perpetual positions in the spread view, from queryPositions (size-zero positions are not listed,
 * spec §9), refetched on every position push and every few seconds while open (`usePositionsRefresh`).
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { decodePerpPosition, type PerpPositionRow } from '../../../../workers/protocol/perp';
import { formatFixed } from '../../../lib/format';
import { usePagedList } from '../../../session/usePagedList';
import { usePositionsRefresh } from '../../../session/usePositionsRefresh';

/** The readable, open rows of a queryPositions answer. */
export function openPerpPositions(raw: readonly unknown[]): PerpPositionRow[] {
  const out: PerpPositionRow[] = [];
  for (const r of raw) {
    const p = decodePerpPosition(r);
    if (p !== undefined && Number(p.size) !== 0) out.push(p);
  }
  return out;
}

/** The positions list. */
export function SpreadPositions({ locale }: { readonly locale: string }): React.JSX.Element {
  const { t } = useTranslation('spread');
  const [live, setLive] = useState(false);
  const refresh = usePositionsRefresh(live);
  const list = usePagedList('queryPositions', { needSort: 'true' }, { pageSize: 100, post: true, refresh });
  const rows = useMemo(() => openPerpPositions(list.rows), [list.rows]);
  useEffect(() => {
    setLive(rows.length > 0);
  }, [rows.length]);
  return (
    <section className="spread-positions" data-testid="spread-positions">
      <h3 className="spread-title">{t('positions')}</h3>
      {rows.length === 0 ? (
        <p className="muted small">{t('noPositions')}</p>
      ) : (
        <ul className="spread-cards">
          {rows.map((p) => {
            const pnl = Number(p.unrealisedPnl);
            return (
              <li key={p.symbol} className="spread-card" data-testid={`spread-position-${p.symbol}`}>
                <div className="spread-card-head">
                  <strong>{t('contract', { symbol: p.symbol })}</strong>
                  <span className={p.side === 'Buy' ? 'up' : 'down'}>
                    {t(p.side === 'Buy' ? 'long' : 'short')} {t('leverageX', { n: p.leverage })}
                  </span>
                </div>
                <dl className="spread-figures">
                  <div>
                    <dt>{t('size')}</dt>
                    <dd>{p.size}</dd>
                  </div>
                  <div>
                    <dt>{t('entry')}</dt>
                    <dd>{formatFixed(Number(p.avgPrice), 2, locale)}</dd>
                  </div>
                  <div>
                    <dt>{t('markPrice')}</dt>
                    <dd>{formatFixed(Number(p.markPrice), 2, locale)}</dd>
                  </div>
                  <div>
                    <dt>{t('unrealised')}</dt>
                    <dd className={pnl >= 0 ? 'up' : 'down'} data-testid="spread-upnl">
                      <bdi dir="ltr">{formatFixed(pnl, 4, locale)}</bdi>
                    </dd>
                  </div>
                  <div>
                    <dt>{t('realised')}</dt>
                    <dd>
                      <bdi dir="ltr">{formatFixed(Number(p.cumRealisedPnl), 4, locale)}</bdi>
                    </dd>
                  </div>
                  <div>
                    <dt>{t('margin')}</dt>
                    <dd>{formatFixed(Number(p.positionIM), 2, locale)}</dd>
                  </div>
                </dl>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
