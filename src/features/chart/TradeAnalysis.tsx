/**
 * The trade-analysis tab: the account's average buy and sell prices of the routed symbol over each period of spec
 * §9 (classic accounts capped at 90 days, as the hub asks). Visitors see a prompt to log in.
 */
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AVERAGE_DAY_CHOICES } from '../../../workers/protocol/account';
import type { AverageLine, SymbolInfo } from '../../../workers/api';
import { routeAtom, sessionUserAtom } from '../../session/state';
import { hubClient } from '../../hub/client';
import { averagesVersionAtom } from '../../session/account';
import { formatFixed, NO_VALUE } from '../../lib/format';
import { averageLegend } from './lines';

type Row = { readonly days: number; readonly buy: AverageLine | null; readonly sell: AverageLine | null };

/** Average prices per period. */
export function TradeAnalysis({ symbol }: { readonly symbol: SymbolInfo }): React.JSX.Element {
  const { t } = useTranslation('chart');
  const { locale } = useAtomValue(routeAtom);
  const user = useAtomValue(sessionUserAtom);
  const version = useAtomValue(averagesVersionAtom);
  const [rows, setRows] = useState<readonly Row[] | null>(null);
  const loggedIn = user?.loggedIn === true;
  useEffect(() => {
    if (!loggedIn) return;
    let alive = true;
    const hub = hubClient().remote();
    // One span at a time: the hub keeps one day span per side, so concurrent calls with different spans race.
    void (async () => {
      const out: Row[] = [];
      for (const days of AVERAGE_DAY_CHOICES) {
        const r = await hub.averages(symbol.symbol, days).catch(() => ({ buy: null, sell: null }));
        out.push({ days, buy: r.buy, sell: r.sell });
      }
      return out;
    })().then((r) => {
      if (alive) setRows(r);
    });
    return () => {
      alive = false;
    };
  }, [loggedIn, symbol.symbol, version]);
  if (!loggedIn)
    return (
      <div className="chart-analysis chart-empty" data-testid="trade-analysis">
        <p>{t('analysis.login')}</p>
      </div>
    );
  const price = (l: AverageLine | null): string =>
    l === null || !l.positive ? NO_VALUE : formatFixed(Number(l.price), symbol.pricePrecision, locale);
  const qty = (l: AverageLine | null): string =>
    l === null || !l.positive ? NO_VALUE : formatFixed(Number(l.qtySum), symbol.quantityPrecision, locale);
  const label = (days: number): string => {
    const l = averageLegend(days);
    return l.key === 'lastNDays'
      ? t('avg.lastNDays', { n: l.n })
      : t(l.n === 1 ? 'avg.lastYear' : 'avg.lastNYears', { n: l.n });
  };
  return (
    <div className="chart-analysis" data-testid="trade-analysis">
      <table className="trade-info-table">
        <thead>
          <tr>
            <th>{t('analysis.period')}</th>
            <th className="num">{t('analysis.avgBuy')}</th>
            <th className="num">{t('analysis.bought')}</th>
            <th className="num">{t('analysis.avgSell')}</th>
            <th className="num">{t('analysis.sold')}</th>
          </tr>
        </thead>
        <tbody>
          {(rows ?? []).map((r) => (
            <tr key={r.days} data-testid="analysis-row">
              <td>{label(r.buy?.days ?? r.sell?.days ?? r.days)}</td>
              <td className="num up">{price(r.buy)}</td>
              <td className="num">{qty(r.buy)}</td>
              <td className="num down">{price(r.sell)}</td>
              <td className="num">{qty(r.sell)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows === null && <p className="muted small">{t('empty.loading')}</p>}
    </div>
  );
}
