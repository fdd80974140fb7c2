/**
 * The future spread tool (spec §2 Tools): for demo accounts with the futureSpread switch (the pinned icon's rule),
 * the basis between a spot pair and its linear perpetual (spot, mark, index, basis and its rate, live), the
 * combination form and the account's perpetual positions; the link out to the full page opens in a new window
 * (spec §2 Navigation links out). Everyone else is told the tool is not available.
 */
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PerpTickerRow } from '../../../../workers/protocol/perp';
import { tickerAtom } from '../../../hub/state';
import { useHubWant } from '../../../hub/useHubWant';
import { formatFixed, NO_VALUE } from '../../../lib/format';
import { complianceAtom } from '../../../session/compliance';
import { toSafeHref } from '../../../session/links';
import { routeAtom, sessionUserAtom } from '../../../session/state';
import { Tabs } from '../../../ui/Tabs';
import { isPinnedToolShown } from '../pinnedTools';
import { CombinationForm } from './CombinationForm';
import { SpreadPositions } from './SpreadPositions';
import { usePerpTickers } from './usePerpTickers';
import './spread.css';

/** The future spread page (spec §2: opens in a new window). */
export const FUTURE_SPREAD_PATH = '/liquid-marketplace/future-spread';
/** The contracts the simulator lists, in tab order. */
export const SPREAD_SYMBOLS = ['BTCUSDT', 'ETHUSDT'] as const;
/** One contract of the view. */
export type SpreadSymbol = (typeof SPREAD_SYMBOLS)[number];

/** The spread view, or the "not available" note. */
export function SpreadView(): React.JSX.Element {
  const { t } = useTranslation('spread');
  const user = useAtomValue(sessionUserAtom);
  const config = useAtomValue(complianceAtom);
  const allowed = user !== null && isPinnedToolShown('spread', config, user);
  return (
    <div className="tool-pane spread-view" data-testid="spread-view">
      {allowed ? <SpreadBody /> : <p className="muted">{t('notAvailable')}</p>}
      <SpreadLinkOut />
    </div>
  );
}

function SpreadBody(): React.JSX.Element {
  useHubWant({ account: true });
  const locale = useAtomValue(routeAtom).locale;
  const [symbol, setSymbol] = useState<SpreadSymbol>('BTCUSDT');
  const tickers = usePerpTickers();
  const ticker = tickers.find((x) => x.symbol === symbol);
  return (
    <>
      <Tabs
        className="tabs tabs-small"
        keys={SPREAD_SYMBOLS}
        current={symbol}
        onSelect={setSymbol}
        testId={(k) => `spread-symbol-${k}`}
        text={(k) => k}
      />
      <BasisPanel ticker={ticker} symbol={symbol} locale={locale} />
      <CombinationForm symbol={symbol} ticker={ticker} locale={locale} />
      <SpreadPositions locale={locale} />
    </>
  );
}

function BasisPanel({
  ticker,
  symbol,
  locale,
}: {
  readonly ticker: PerpTickerRow | undefined;
  readonly symbol: SpreadSymbol;
  readonly locale: string;
}): React.JSX.Element {
  const { t } = useTranslation('spread');
  const spot = useAtomValue(tickerAtom(symbol));
  const dp = symbol === 'BTCUSDT' ? 1 : 2;
  const num = (v: string | undefined): string =>
    v === undefined ? NO_VALUE : formatFixed(Number(v), dp, locale);
  const rate =
    ticker === undefined
      ? NO_VALUE
      : new Intl.NumberFormat(locale, {
          numberingSystem: 'latn',
          style: 'percent',
          minimumFractionDigits: 3,
          maximumFractionDigits: 3,
          signDisplay: 'exceptZero',
        }).format(Number(ticker.basisRate));
  const basis = ticker === undefined ? NO_VALUE : num(ticker.basis);
  return (
    <dl className="spread-figures" data-testid="spread-figures">
      <div>
        <dt>{t('spotPrice')}</dt>
        <dd data-testid="spread-spot">
          {spot === undefined || !(spot.last > 0) ? NO_VALUE : formatFixed(spot.last, 2, locale)}
        </dd>
      </div>
      <div>
        <dt>{t('markPrice')}</dt>
        <dd data-testid="spread-mark">{num(ticker?.markPrice)}</dd>
      </div>
      <div>
        <dt>{t('indexPrice')}</dt>
        <dd data-testid="spread-index">{num(ticker?.indexPrice)}</dd>
      </div>
      <div className="spread-basis">
        <dt>{t('basis')}</dt>
        <dd data-testid="spread-basis">
          <bdi dir="ltr">{basis}</bdi> (
          <bdi dir="ltr" data-testid="spread-basis-rate">
            {rate}
          </bdi>
          )
        </dd>
      </div>
    </dl>
  );
}

function SpreadLinkOut(): React.JSX.Element | null {
  const { t } = useTranslation('tools');
  const safe = toSafeHref(FUTURE_SPREAD_PATH, window.location.origin);
  if (safe === null) return null;
  return (
    <p className="muted small spread-link">
      {t('spread.note')}{' '}
      <a href={safe.href} target="_blank" rel="noopener noreferrer" data-testid="spread-open-page">
        {t('spread.open')}
      </a>
    </p>
  );
}
