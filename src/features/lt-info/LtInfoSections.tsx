import { useTranslation } from 'react-i18next';
import type { SymbolInfo } from '../../../workers/api';
import { BlockLoadFailed } from '../../ui/BlockLoadFailed';
import { formatFixed, formatPercent, formatUtcDateTime, NO_VALUE } from '../../lib/format';
import { decimalsOf, ltGates, type LtGate, type LtInfo } from './ltInfo';
import { LtSection, type LtRow } from './LtSection';
import type { LtInfoLoad } from './useLtInfo';
import './lt-info.css';

/** "1,234.50 USDT", or "--" when the number is unknown. */
function withCoin(value: number, precision: number, coin: string, locale: string): string {
  const text = formatFixed(value, precision, locale);
  return text === NO_VALUE ? text : `${text} ${coin}`;
}

/** A limit as sent ("200000" → "200,000 USDT"), with its own decimals; "--" when missing. */
function limitText(decimal: string, coin: string, locale: string): string {
  return decimal === '' ? NO_VALUE : withCoin(Number(decimal), decimalsOf(decimal), coin, locale);
}

/** The basket rows of the token section: what one token holds, and the whole basket. */
function basketRows(
  info: LtInfo,
  symbol: SymbolInfo,
  locale: string,
  tl: (key: 'info.position' | 'info.totalPosition' | 'info.supply') => string,
): LtRow[] {
  const b = info.basket;
  if (b === null) return [];
  const coin = b.underlying.endsWith(symbol.quote)
    ? b.underlying.slice(0, -symbol.quote.length)
    : b.underlying;
  return [
    {
      key: 'position',
      label: tl('info.position'),
      value: `${formatFixed(b.positionPerToken, 8, locale)} ${coin}`,
    },
    {
      key: 'totalPosition',
      label: tl('info.totalPosition'),
      value: `${formatFixed(b.totalPosition, 4, locale)} ${coin}`,
    },
    {
      key: 'supply',
      label: tl('info.supply'),
      value: withCoin(b.supply, symbol.quantityPrecision, symbol.base, locale),
    },
  ];
}

/**
 * The three info sections of the LT detail page (spec §2, §3 LT): token info (live nav, market price and premium,
 * leverage, direction, the basket), subscription and redemption (kline status, risk control and state, the
 * rebalance schedule) and the limits — from the LT symbol-info load (`useLtInfo`, refreshed while shown), with the
 * loading and data-failed-to-load states (spec §8).
 */
export function LtInfoSections({
  symbol,
  locale,
  load,
}: {
  readonly symbol: SymbolInfo;
  readonly locale: string;
  readonly load: LtInfoLoad;
}): React.JSX.Element {
  const { t } = useTranslation('common');
  const { t: tl } = useTranslation('lt');

  if (load.kind === 'loading') {
    return (
      <p className="muted" data-testid="lt-loading">
        {t('lt.loading')}
      </p>
    );
  }
  if (load.kind === 'error') {
    return (
      <div className="lt-failed">
        <BlockLoadFailed mode="reload" />
      </div>
    );
  }

  const info: LtInfo = load.info;
  const gateText = (g: LtGate | undefined): string =>
    g === undefined ? NO_VALUE : g === 'rebalancing' ? t('lt.status.rebalancing') : t(`lt.status.${g}`);
  const gateTone = (g: LtGate | undefined): LtRow['tone'] =>
    g === 'open' ? 'up' : g === 'closed' ? 'down' : g === 'rebalancing' ? 'warn' : undefined;
  const gates = ltGates(info.status);
  const leverage = formatFixed(Number(info.leverage), decimalsOf(info.leverage), locale);
  const direction = info.direction === '' ? symbol.ltDirection : info.direction;

  const token: LtRow[] = [
    {
      key: 'nav',
      label: t('lt.token.nav'),
      value: withCoin(info.nav, symbol.pricePrecision, symbol.quote, locale),
    },
    {
      key: 'marketPrice',
      label: tl('info.marketPrice'),
      value: withCoin(info.marketPrice, symbol.pricePrecision, symbol.quote, locale),
    },
    {
      key: 'leverage',
      label: t('lt.token.leverage'),
      value: leverage === NO_VALUE ? leverage : `${leverage}×`,
    },
    {
      key: 'actualLeverage',
      label: tl('info.actualLeverage'),
      value: Number.isFinite(info.actualLeverage)
        ? `${formatFixed(info.actualLeverage, 2, locale)}×`
        : NO_VALUE,
    },
    {
      key: 'direction',
      label: t('lt.token.direction'),
      word: true,
      value:
        direction === 'long' ? t('lt.token.long') : direction === 'short' ? t('lt.token.short') : NO_VALUE,
      ...(direction === 'long'
        ? { tone: 'up' as const }
        : direction === 'short'
          ? { tone: 'down' as const }
          : {}),
    },
    { key: 'deviation', label: t('lt.token.deviation'), value: formatPercent(info.diffNvRate, locale) },
    ...basketRows(info, symbol, locale, tl),
  ];
  const subscriptionTone = gateTone(gates?.subscription);
  const redemptionTone = gateTone(gates?.redemption);
  const status: LtRow[] = [
    {
      key: 'subscription',
      label: t('lt.status.subscription'),
      word: true,
      value: gateText(gates?.subscription),
      ...(subscriptionTone === undefined ? {} : { tone: subscriptionTone }),
    },
    {
      key: 'redemption',
      label: t('lt.status.redemption'),
      word: true,
      value: gateText(gates?.redemption),
      ...(redemptionTone === undefined ? {} : { tone: redemptionTone }),
    },
    {
      key: 'riskControl',
      label: t('lt.status.riskControl'),
      word: true,
      value: info.riskSwitchOn ? t('lt.status.on') : t('lt.status.off'),
    },
    {
      key: 'riskState',
      label: tl('info.riskState'),
      word: true,
      value:
        info.riskState === 4 ? tl('info.risk4') : info.riskState === 5 ? tl('info.risk5') : tl('info.risk0'),
      ...(info.riskState === 4
        ? { tone: 'down' as const }
        : info.riskState === 5
          ? { tone: 'warn' as const }
          : {}),
    },
    info.rebalancingUntil > 0
      ? {
          key: 'rebalancingUntil',
          word: true,
          label: tl('info.rebalancingUntil'),
          value: formatUtcDateTime(info.rebalancingUntil, locale),
          tone: 'warn' as const,
        }
      : {
          key: 'nextRebalance',
          word: true,
          label: tl('info.nextRebalance'),
          value: info.nextRebalanceAt > 0 ? formatUtcDateTime(info.nextRebalanceAt, locale) : NO_VALUE,
        },
    {
      key: 'lastRebalance',
      word: true,
      label: tl('info.lastRebalance'),
      value: info.lastRebalanceAt > 0 ? formatUtcDateTime(info.lastRebalanceAt, locale) : NO_VALUE,
    },
  ];
  const limits: LtRow[] = [
    {
      key: 'minPurchase',
      label: t('lt.limits.minPurchase'),
      value: limitText(info.minPurchase, symbol.quote, locale),
    },
    {
      key: 'maxPurchase',
      label: t('lt.limits.maxPurchase'),
      value: limitText(info.maxPurchase, symbol.quote, locale),
    },
    {
      key: 'minRedeem',
      label: t('lt.limits.minRedeem'),
      value: limitText(info.minRedeem, symbol.base, locale),
    },
    {
      key: 'maxRedeem',
      label: t('lt.limits.maxRedeem'),
      value: limitText(info.maxRedeem, symbol.base, locale),
    },
  ];

  return (
    <div className="lt-sections" data-testid="lt-sections">
      <LtSection id="token" title={t('lt.token.title')} rows={token} />
      <LtSection id="status" title={t('lt.status.title')} rows={status} />
      <LtSection id="limits" title={t('lt.limits.title')} rows={limits} />
    </div>
  );
}
