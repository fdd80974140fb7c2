/**
 * Leveraged-token composition (features never import each other): the LT info load (`lt-info`) feeds the info
 * sections and the subscription / redemption form and records (`lt-trade`), on the LT page and in the spot page's
 * order panel for an LT symbol. One load per place, refreshed while shown and after every request.
 */
import { useTranslation } from 'react-i18next';
import type { SymbolInfo } from '../../workers/api';
import { LtInfoSections } from '../features/lt-info/LtInfoSections';
import { toCheckState, type LtInfo } from '../features/lt-info/ltInfo';
import { useLtInfo } from '../features/lt-info/useLtInfo';
import { LtRecords } from '../features/lt-trade/LtRecords';
import { LtTradePanel } from '../features/lt-trade/LtTradePanel';
import { BlockBoundary } from '../ui/BlockBoundary';

/** The form fed by one LT info load: its checks' state, fee rate and daily remaining, reloaded after every request. */
function TradePanel({
  symbol,
  locale,
  info,
  reload,
}: {
  readonly symbol: SymbolInfo;
  readonly locale: string;
  readonly info: LtInfo | null;
  readonly reload: () => void;
}): React.JSX.Element {
  return (
    <LtTradePanel
      symbol={symbol}
      check={info === null ? null : toCheckState(info, symbol)}
      feeRate={info?.feeRate ?? ''}
      daily={
        info === null
          ? null
          : { subscription: info.dailyPurchaseRemaining, redemption: info.dailyRedeemRemaining }
      }
      locale={locale}
      onPlaced={reload}
    />
  );
}

/** The LT page body: the three info sections, then the form and the trader's recent records. */
export function LtDetail({
  symbol,
  locale,
}: {
  readonly symbol: SymbolInfo;
  readonly locale: string;
}): React.JSX.Element {
  const { t } = useTranslation('lt');
  const { load, reload } = useLtInfo(symbol.symbolId);
  const info = load.kind === 'ok' ? load.info : null;
  return (
    <>
      <BlockBoundary name="lt-info">
        <LtInfoSections symbol={symbol} locale={locale} load={load} />
      </BlockBoundary>
      <div className="lt-trade-area">
        <section className="lt-section lt-trade-card" aria-labelledby="lt-trade-title">
          <h2 id="lt-trade-title" className="lt-section-title">
            {t('trade.title')}
          </h2>
          <BlockBoundary name="lt-trade">
            <TradePanel symbol={symbol} locale={locale} info={info} reload={reload} />
          </BlockBoundary>
        </section>
        <BlockBoundary name="lt-records">
          <LtRecords symbolId={symbol.symbolId} locale={locale} />
        </BlockBoundary>
      </div>
    </>
  );
}

/** The subscription / redemption block under the order form of the spot page, for an LT symbol only. */
export function LtOrderPanelBlock({
  symbol,
  locale,
}: {
  readonly symbol: SymbolInfo;
  readonly locale: string;
}): React.JSX.Element {
  const { t } = useTranslation('lt');
  const { load, reload } = useLtInfo(symbol.symbolId);
  const info = load.kind === 'ok' ? load.info : null;
  return (
    <section className="lt-order-block" aria-labelledby="lt-order-block-title" data-testid="lt-order-block">
      <h3 id="lt-order-block-title" className="lt-order-block-title">
        {t('trade.title')}
      </h3>
      <TradePanel symbol={symbol} locale={locale} info={info} reload={reload} />
    </section>
  );
}
