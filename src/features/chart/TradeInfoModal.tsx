/**
 * Trade info of a clicked fill marker (spec §2): order type, deal price, quantity, filled value, trading fee and
 * transaction time of each fill behind it. A modal table normally; a notice dialog in fullscreen.
 */
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Fill, SymbolInfo } from '../../../workers/api';
import { routeAtom } from '../../session/state';
import { formatFixed, formatUtcDateTime } from '../../lib/format';
import { hubClient } from '../../hub/client';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

/** The trade-info modal (or notice) of one marker. */
export function TradeInfoModal({
  symbol,
  fillIds,
  notice,
  onClose,
}: {
  readonly symbol: SymbolInfo;
  readonly fillIds: readonly string[];
  readonly notice: boolean;
  readonly onClose: () => void;
}): React.JSX.Element {
  const { t } = useTranslation('chart');
  const { locale } = useAtomValue(routeAtom);
  const [fills, setFills] = useState<readonly Fill[] | null>(null);
  useEffect(() => {
    let alive = true;
    hubClient()
      .remote()
      .fillsByIds(symbol.symbol, fillIds)
      .then(
        (f) => {
          if (alive) setFills(f);
        },
        () => {
          if (alive) setFills([]);
        },
      );
    return () => {
      alive = false;
    };
  }, [symbol.symbol, fillIds]);
  const rows = (fills ?? []).map((f) => ({
    id: f.id,
    side: f.side,
    type: f.orderType === 'Limit' ? t('tradeInfo.limit') : t('tradeInfo.market'),
    price: formatFixed(Number(f.price), symbol.pricePrecision, locale),
    qty: `${formatFixed(Number(f.qty), symbol.quantityPrecision, locale)} ${symbol.base}`,
    value: `${formatFixed(Number(f.value), symbol.amountPrecision, locale)} ${symbol.quote}`,
    fee: `${f.fee} ${f.feeCurrency}`,
    time: formatUtcDateTime(f.time, locale),
  }));
  if (notice)
    return (
      <ConfirmDialog
        testId="trade-info"
        title={t('tradeInfo.title')}
        confirmLabel={t('tradeInfo.close')}
        onConfirm={onClose}
        onCancel={onClose}
      >
        {rows.map((r) => (
          <dl key={r.id} className="trade-info-list">
            <dt>{t('tradeInfo.orderType')}</dt>
            <dd>{r.type}</dd>
            <dt>{t('tradeInfo.price')}</dt>
            <dd>{r.price}</dd>
            <dt>{t('tradeInfo.qty')}</dt>
            <dd>{r.qty}</dd>
            <dt>{t('tradeInfo.value')}</dt>
            <dd>{r.value}</dd>
            <dt>{t('tradeInfo.fee')}</dt>
            <dd>{r.fee}</dd>
            <dt>{t('tradeInfo.time')}</dt>
            <dd>{r.time}</dd>
          </dl>
        ))}
      </ConfirmDialog>
    );
  return (
    <div
      className="modal-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div
        className="modal trade-info-modal"
        role="dialog"
        aria-modal="true"
        aria-label={t('tradeInfo.title')}
        data-testid="trade-info"
      >
        <div className="modal-head">
          <h3>{t('tradeInfo.title')}</h3>
          <button
            type="button"
            className="icon-btn"
            aria-label={t('tradeInfo.close')}
            data-testid="trade-info-close"
            onClick={onClose}
          >
            ×
          </button>
        </div>
        <table className="trade-info-table">
          <thead>
            <tr>
              <th>{t('tradeInfo.orderType')}</th>
              <th className="num">{t('tradeInfo.price')}</th>
              <th className="num">{t('tradeInfo.qty')}</th>
              <th className="num">{t('tradeInfo.value')}</th>
              <th className="num">{t('tradeInfo.fee')}</th>
              <th>{t('tradeInfo.time')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-testid="trade-info-row" className={r.side === 'Buy' ? 'up' : 'down'}>
                <td>{r.type}</td>
                <td className="num">{r.price}</td>
                <td className="num">{r.qty}</td>
                <td className="num">{r.value}</td>
                <td className="num">{r.fee}</td>
                <td>{r.time}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {fills === null && <p className="muted small">{t('empty.loading')}</p>}
      </div>
    </div>
  );
}
