import { useTranslation } from 'react-i18next';
import type { SymbolInfo } from '../../../workers/api';
import { BlockLoadFailed } from '../../ui/BlockLoadFailed';
import { formatFixed, formatPercent, NO_VALUE } from '../../lib/format';
import { decimalsOf, ltGates, type LtGate, type LtInfo } from './ltInfo';
import { LtSection, type LtRow } from './LtSection';
import { useLtInfo } from './useLtInfo';
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

/**
 * The three info sections of the LT detail page (spec §2, §3 LT): token info (nav, leverage, direction, deviation),
 * subscription and redemption (kline status, risk control) and the limits — loaded from the LT symbol-info call,
 * with the loading and data-failed-to-load states (spec §8).
 */
export function LtInfoSections({
  symbol,
  locale,
}: {
  readonly symbol: SymbolInfo;
  readonly locale: string;
}): React.JSX.Element {
  const { t } = useTranslation('common');
  const load = useLtInfo(symbol.symbolId);

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
      key: 'leverage',
      label: t('lt.token.leverage'),
      value: leverage === NO_VALUE ? leverage : `${leverage}×`,
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
