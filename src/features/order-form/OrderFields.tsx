import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SymbolInfo } from '../../../workers/api';
import { stepMultipleOf } from '../../lib/decimalInput';
import { demoAccess } from '../../session/demoRules';
import type { TradePreferences } from '../../session/preferences';
import type { OrderDraft, OrderKind } from '../../lib/orderDraft';
import {
  finestStep,
  NUMERIC_FIELDS,
  rowsOf,
  type DraftValueKey,
  type NumericSpec,
  type ShownRow,
} from './fieldTable';
import { LeverageRow } from './LeverageRow';
import { LimitOptions } from './LimitOptions';
import { NumericField } from '../../ui/NumericField';
import { OrderLeg, type LegPriceSetup } from './OrderLeg';
import { PercentSlider } from './PercentSlider';
import { sizeAtPercent } from './percentSize';
import { DemoTip } from '../../ui/DemoTip';
import { Tabs } from '../../ui/Tabs';
import { Uta1Tip } from './Uta1Tip';

const BASIC_KINDS = ['limit', 'market'] as const;
const ADVANCED_KINDS: readonly OrderKind[] = ['conditional', 'stopLimit', 'oco', 'trailing'];
const MARKET_UNITS = ['baseCoin', 'quoteCoin'] as const;
const AFTER_TRIGGER = ['Limit', 'Market'] as const;
const TRAILING_MODES = ['rate', 'distance'] as const;

/** A one-entry draft patch for a numeric field. */
function patchOf(key: DraftValueKey, v: string): Partial<OrderDraft> {
  const patch: Partial<Record<DraftValueKey, string>> = {};
  patch[key] = v;
  return patch;
}

/**
 * The fields of the selected order type (the rows `fieldTable.rowsOf` lists, rendered in one loop), the percentage
 * slider, the type / margin switches and the limit order's options.
 */
export function OrderFields({
  symbol,
  draft,
  setDraft,
  locale,
  lastPrice,
  advanced,
  marginAllowed,
  prefs,
  available,
  isDemo,
}: {
  readonly symbol: SymbolInfo;
  readonly draft: OrderDraft;
  readonly setDraft: (update: (d: OrderDraft) => OrderDraft) => void;
  readonly locale: string;
  /** Reads the last price at the moment it is used (never a prop that changes with every ticker). */
  readonly lastPrice: () => string | null;
  readonly advanced: boolean;
  readonly marginAllowed: boolean;
  readonly prefs: TradePreferences;
  readonly available: { readonly quote: string; readonly base: string };
  readonly isDemo: boolean;
}): React.JSX.Element {
  const { t } = useTranslation('trade');
  const [percent, setPercent] = useState(0);
  const set = (patch: Partial<OrderDraft>): void => {
    setDraft((d) => ({ ...d, ...patch }));
  };
  // A typed size no longer matches the slider's share, so the slider goes back to 0.
  const setSize = (patch: Partial<OrderDraft>): void => {
    setPercent(0);
    set(patch);
  };
  const priceMultiple = stepMultipleOf(finestStep(symbol.digitMerge));
  const start = (): string | undefined => lastPrice() ?? undefined;
  const ocoAccess = demoAccess('ocoOrderKind', { isDemo });
  const kinds = ADVANCED_KINDS.filter((k) => k !== 'oco' || ocoAccess !== 'hidden');
  // A demo account that picks OCO is told it cannot use it (spec §6) instead of getting a form it cannot send.
  const demoTip = draft.kind === 'oco' && ocoAccess === 'tip';
  const isAdvancedKind = ADVANCED_KINDS.includes(draft.kind);
  const legSetup: LegPriceSetup = {
    precision: symbol.pricePrecision,
    multiple: priceMultiple,
    locale,
    unit: symbol.quote,
    start,
  };

  const applyPercent = (pct: number): void => {
    setPercent(pct);
    set(
      sizeAtPercent(draft, pct, available, lastPrice(), {
        quantity: symbol.quantityPrecision,
        amount: symbol.amountPrecision,
      }),
    );
  };

  const numeric = (key: string, spec: NumericSpec): React.JSX.Element => {
    const precision =
      spec.precision === 'price'
        ? symbol.pricePrecision
        : spec.precision === 'quantity'
          ? symbol.quantityPrecision
          : spec.precision === 'amount'
            ? symbol.amountPrecision
            : spec.precision;
    const unit = spec.unit === 'base' ? symbol.base : spec.unit === 'quote' ? symbol.quote : '%';
    const max = spec.max === 'maxTradeQuantity' ? symbol.maxTradeQuantity : spec.max;
    return (
      <NumericField
        key={key}
        label={t(spec.label)}
        value={draft[spec.value]}
        onChange={(v) => {
          (spec.isSize === true ? setSize : set)(patchOf(spec.value, v));
        }}
        precision={precision}
        locale={locale}
        unit={unit}
        testId={spec.testId}
        {...(spec.priceGrid ? { multiple: priceMultiple } : {})}
        {...(spec.priceGrid ? { start } : {})}
        {...(max === undefined ? {} : { max })}
        {...(spec.optional === true ? { placeholder: t('field.optional') } : {})}
      />
    );
  };

  const renderRow = (row: ShownRow): React.JSX.Element => {
    switch (row.kind) {
      case 'numeric':
        return numeric(row.key, NUMERIC_FIELDS[row.key]);
      case 'marketPrice':
        return (
          <div key="market-price" className="num-field">
            <span className="num-field-label">{t('field.price')}</span>
            <div className="num-field-box is-static">{t('field.marketPrice')}</div>
          </div>
        );
      case 'unitSwitch':
        return (
          <div key="unit">
            <Tabs
              kind="radio"
              className="segmented unit-switch"
              label={t('field.unit')}
              keys={MARKET_UNITS}
              current={draft.marketUnit}
              onSelect={(u) => {
                setSize({ marketUnit: u });
              }}
              testId={(u) => `unit-${u}`}
              text={(u) => (u === 'baseCoin' ? symbol.base : symbol.quote)}
            />
          </div>
        );
      case 'conditionalType':
        return (
          <Tabs
            key="ctype"
            kind="radio"
            className="segmented"
            label={t('field.legType')}
            keys={AFTER_TRIGGER}
            current={draft.conditionalType}
            onSelect={(x) => {
              setSize({ conditionalType: x });
            }}
            testId={(x) => `conditional-${x.toLowerCase()}`}
            text={(x) => (x === 'Limit' ? t('kind.limit') : t('kind.market'))}
          />
        );
      case 'trailingMode':
        return (
          <Tabs
            key="tmode"
            kind="radio"
            className="segmented"
            label={t('field.trailingMode')}
            keys={TRAILING_MODES}
            current={draft.trailingMode}
            onSelect={(m) => {
              set({ trailingMode: m });
            }}
            testId={(m) => `trailing-${m}`}
            text={(m) => (m === 'rate' ? t('field.rate') : t('field.distance'))}
          />
        );
      case 'leg':
        return (
          <OrderLeg
            key={row.leg}
            prefix={row.leg}
            withType
            leg={draft[row.leg]}
            setDraft={setDraft}
            setup={legSetup}
          />
        );
    }
  };

  const rows = rowsOf({
    draft,
    unitSwitch: advanced && prefs.showBaseOrQuote,
    slippage: advanced && prefs.showMaxSlippageLimit,
  });

  return (
    <div className="order-fields">
      <Tabs
        className="kind-tabs"
        label={t('kind.label')}
        keys={BASIC_KINDS}
        current={draft.kind === 'limit' || draft.kind === 'market' ? draft.kind : null}
        onSelect={(k) => {
          setSize({ kind: k });
        }}
        testId={(k) => `kind-${k}`}
        text={(k) => t(`kind.${k}`)}
      >
        <select
          className={`kind-select${isAdvancedKind ? ' is-on' : ''}`}
          aria-label={t('kind.more')}
          data-testid="kind-more"
          value={isAdvancedKind ? draft.kind : ''}
          onChange={(e) => {
            const k = kinds.find((x) => x === e.currentTarget.value);
            if (k !== undefined) setSize({ kind: k });
          }}
        >
          {!isAdvancedKind && <option value="">{t('kind.more')}</option>}
          {kinds.map((k) => (
            <option key={k} value={k}>
              {t(`kind.${k}`)}
            </option>
          ))}
        </select>
      </Tabs>
      {marginAllowed && (
        <label className="check margin-toggle">
          <input
            type="checkbox"
            data-testid="margin-toggle"
            checked={draft.leverage}
            onChange={(e) => {
              set({ leverage: e.currentTarget.checked });
            }}
          />
          {t('field.margin')}
        </label>
      )}
      {marginAllowed && draft.leverage && prefs.showLeverage && <LeverageRow symbol={symbol.symbol} />}
      <Uta1Tip />
      {demoTip ? (
        <DemoTip feature="ocoOrderKind" />
      ) : (
        <>
          {rows.map(renderRow)}
          <PercentSlider percent={percent} onPick={applyPercent} />
          <LimitOptions
            draft={draft}
            set={set}
            setDraft={setDraft}
            advanced={advanced}
            prefs={prefs}
            legSetup={legSetup}
          />
        </>
      )}
    </div>
  );
}
