import { useAtomValue } from 'jotai';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PairProps } from './pairProps';
import { Icon } from '../../ui/Icon';
import { sessionUserAtom } from '../../session/state';
import { tickerAtom } from '../../hub/state';
import { formatCompact, formatFixed, formatPercent, NO_VALUE } from '../../lib/format';
import { HeaderStats, type HeaderStat } from './HeaderStats';
import { LiquidityShieldLink } from './LiquidityShieldLink';
import { LtInfoLink } from './LtInfoLink';
import { SymbolSelector } from './SymbolSelector';
import { TradeGuideDialog } from './TradeGuideDialog';
import { useTradeGuideAutoOpen } from './useTradeGuideAutoOpen';

/** The market header (spec §2): symbol with its hover list, last price, 24h stats, trade guide, liquidity shield. */
export function MarketHeader({ symbol, locale }: PairProps): React.JSX.Element {
  const { t } = useTranslation('header');
  const user = useAtomValue(sessionUserAtom);
  const [guideOpen, setGuideOpen] = useState(false);
  const openGuide = useCallback(() => {
    setGuideOpen(true);
  }, []);
  useTradeGuideAutoOpen(user, openGuide);

  return (
    <div className="market-header" data-testid="market-header">
      <SymbolSelector symbol={symbol} locale={locale} />
      <TickerStats
        symbol={symbol}
        locale={locale}
        labels={{
          high: t('stats.high'),
          low: t('stats.low'),
          turnover: t('stats.turnover', { coin: symbol.quote }),
          change: t('stats.change'),
        }}
      />
      <div className="header-end">
        <LtInfoLink symbol={symbol} locale={locale} />
        <LiquidityShieldLink symbol={symbol.symbol} isDemo={user?.isDemo ?? false} />
        <button type="button" className="header-link" onClick={openGuide}>
          <Icon name="info" /> {t('guide.entry')}
        </button>
      </div>
      {guideOpen && (
        <TradeGuideDialog
          loggedIn={user?.loggedIn ?? false}
          onClose={() => {
            setGuideOpen(false);
          }}
        />
      )}
    </div>
  );
}

/** The statistics' translated labels, read by the header (which re-renders on a language change, not a ticker). */
interface TickerLabels {
  readonly high: string;
  readonly low: string;
  readonly turnover: string;
  readonly change: string;
}

/**
 * The last price, the 24h change and the statistics: the header's only part that follows the ticker, so a ticker
 * re-renders these and not the symbol selector, the links or the guide. It calls no translation: the labels come
 * from the header.
 */
function TickerStats({
  symbol,
  locale,
  labels,
}: PairProps & { readonly labels: TickerLabels }): React.JSX.Element {
  const ticker = useAtomValue(tickerAtom(symbol.symbol));
  const p = symbol.pricePrecision;
  const change = ticker?.change24h ?? Number.NaN;
  const changeTone = change > 0 ? 'up' : change < 0 ? 'down' : undefined;

  const stats: HeaderStat[] = [
    {
      key: 'high',
      label: labels.high,
      value: ticker ? formatFixed(ticker.high24h, p, locale) : NO_VALUE,
    },
    { key: 'low', label: labels.low, value: ticker ? formatFixed(ticker.low24h, p, locale) : NO_VALUE },
    {
      key: 'turnover',
      label: labels.turnover,
      value: ticker ? formatCompact(ticker.turnover24h, locale) : NO_VALUE,
    },
  ];

  return (
    <>
      <div className="price-block">
        <div
          className={`last-price ${ticker?.direction === 'up' ? 'up' : ticker?.direction === 'down' ? 'down' : ''}`}
          data-testid="last-price"
        >
          {ticker ? formatFixed(ticker.last, p, locale) : NO_VALUE}
        </div>
        <div className={`price-change ${changeTone ?? ''}`} title={labels.change}>
          {formatPercent(change, locale)}
        </div>
      </div>
      <HeaderStats stats={stats} />
    </>
  );
}
