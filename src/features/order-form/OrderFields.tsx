import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SymbolInfo } from '../../../workers/api';
import { divideDown, fractionOf, multiplyDown, stepMultipleOf } from '../../lib/decimalInput';
import type { TradePreferences } from '../../session/preferences';
import {
  hasLimitPrice,
  hasTrigger,
  sizeFieldOf,
  type LegDraft,
  type OrderDraft,
  type OrderKind,
} from '../../lib/orderDraft';
import { NumericField } from '../../ui/NumericField';
import { Tabs } from '../../ui/Tabs';

const BASIC_KINDS = ['limit', 'market'] as const;

const ADVANCED_KINDS: readonly OrderKind[] = ['conditional', 'stopLimit', 'oco', 'trailing'];
const SLIDER_MARKS = [0, 25, 50, 75, 100] as const;

/** The finest depth step of a symbol (its price tick for step snapping). */
function finestStep(digitMerge: string): string {
  const steps = digitMerge
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '' && Number(s) > 0)
    .sort((a, b) => Number(a) - Number(b));
  return steps[0] ?? '1';
}

/** The price a size is worth at: the limit price, the trigger, the activation, else the last price. */
function referencePrice(d: OrderDraft, lastPrice: string | null): string {
  if (hasLimitPrice(d) && d.price !== '') return d.price;
  if (hasTrigger(d) && d.trigger !== '') return d.trigger;
  if (d.kind === 'trailing' && d.activation !== '') return d.activation;
  return lastPrice ?? '';
}

/** The fields of the selected order type, the percentage slider and the type / margin switches. */
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
  readonly lastPrice: string | null;
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
  const setSize = (patch: Partial<OrderDraft>): void => {
    setPercent(0);
    set(patch);
  };
  const pp = symbol.pricePrecision;
  const qp = symbol.quantityPrecision;
  const ap = symbol.amountPrecision;
  const priceMultiple = stepMultipleOf(finestStep(symbol.digitMerge));
  const start = lastPrice ?? undefined;
  const sizeField = sizeFieldOf(draft);
  const kinds = ADVANCED_KINDS.filter((k) => k !== 'oco' || !isDemo);
  const isAdvancedKind = ADVANCED_KINDS.includes(draft.kind);

  const applyPercent = (pct: number): void => {
    setPercent(pct);
    const f = pct / 100;
    const buy = draft.side === 'Buy';
    const ref = referencePrice(draft, lastPrice);
    if (sizeField === 'amount') {
      const amount = buy
        ? fractionOf(available.quote, f, ap)
        : multiplyDown(fractionOf(available.base, f, qp), ref, ap);
      set({ amount });
    } else {
      const qty = buy
        ? divideDown(fractionOf(available.quote, f, ap), ref, qp)
        : fractionOf(available.base, f, qp);
      set({ qty });
    }
  };

  const price = (
    <NumericField
      key="price"
      label={t('field.price')}
      value={draft.price}
      onChange={(v) => {
        set({ price: v });
      }}
      precision={pp}
      multiple={priceMultiple}
      locale={locale}
      unit={symbol.quote}
      testId="field-price"
      min={null}
      {...(start === undefined ? {} : { start })}
    />
  );
  const trigger = (
    <NumericField
      key="trigger"
      label={t('field.trigger')}
      value={draft.trigger}
      onChange={(v) => {
        set({ trigger: v });
      }}
      precision={pp}
      multiple={priceMultiple}
      locale={locale}
      unit={symbol.quote}
      testId="field-trigger"
      {...(start === undefined ? {} : { start })}
    />
  );
  const qty = (
    <NumericField
      key="qty"
      label={t('field.qty')}
      value={draft.qty}
      onChange={(v) => {
        setSize({ qty: v });
      }}
      precision={qp}
      locale={locale}
      unit={symbol.base}
      max={symbol.maxTradeQuantity}
      testId="field-qty"
    />
  );
  const amount = (
    <NumericField
      key="amount"
      label={t('field.amount')}
      value={draft.amount}
      onChange={(v) => {
        setSize({ amount: v });
      }}
      precision={ap}
      locale={locale}
      unit={symbol.quote}
      testId="field-amount"
    />
  );
  const unitSwitch = advanced && prefs.showBaseOrQuote && (
    <div className="segmented unit-switch" role="radiogroup" aria-label={t('field.unit')}>
      {(['baseCoin', 'quoteCoin'] as const).map((u) => (
        <button
          key={u}
          type="button"
          role="radio"
          className="segment"
          aria-checked={draft.marketUnit === u}
          data-testid={`unit-${u}`}
          onClick={() => {
            setSize({ marketUnit: u });
          }}
        >
          {u === 'baseCoin' ? symbol.base : symbol.quote}
        </button>
      ))}
    </div>
  );
  const leg = (prefix: 'tp' | 'sl', withType: boolean): React.JSX.Element => {
    const l = draft[prefix];
    const setLeg = (patch: Partial<LegDraft>): void => {
      setDraft((d) => ({ ...d, [prefix]: { ...d[prefix], ...patch } }));
    };
    // A leg's trigger and limit price are the same field on different keys.
    const legPrice = (key: 'trigger' | 'limit', label: string): React.JSX.Element => (
      <NumericField
        label={label}
        value={l[key]}
        onChange={(v) => {
          setLeg({ [key]: v });
        }}
        precision={pp}
        multiple={priceMultiple}
        locale={locale}
        unit={symbol.quote}
        testId={`field-${prefix}-${key}`}
        {...(start === undefined ? {} : { start })}
      />
    );
    return (
      <fieldset className="leg" key={prefix} data-testid={`leg-${prefix}`}>
        <legend className="leg-title">{prefix === 'tp' ? t('leg.tp') : t('leg.sl')}</legend>
        {legPrice('trigger', t('field.legTrigger'))}
        {withType && (
          <div className="segmented" role="radiogroup" aria-label={t('field.legType')}>
            {(['Limit', 'Market'] as const).map((x) => (
              <button
                key={x}
                type="button"
                role="radio"
                className="segment"
                aria-checked={l.type === x}
                data-testid={`${prefix}-type-${x.toLowerCase()}`}
                onClick={() => {
                  setLeg({ type: x });
                }}
              >
                {x === 'Limit' ? t('kind.limit') : t('kind.market')}
              </button>
            ))}
          </div>
        )}
        {withType && l.type === 'Limit' && legPrice('limit', t('field.legLimit'))}
      </fieldset>
    );
  };

  let fields: React.JSX.Element[];
  switch (draft.kind) {
    case 'limit':
      fields = [price, qty];
      break;
    case 'market':
      fields = [
        <div key="market-price" className="num-field">
          <span className="num-field-label">{t('field.price')}</span>
          <div className="num-field-box is-static">{t('field.marketPrice')}</div>
        </div>,
        ...(unitSwitch === false ? [] : [<div key="unit">{unitSwitch}</div>]),
        sizeField === 'amount' ? amount : qty,
      ];
      if (advanced && prefs.showMaxSlippageLimit && sizeField === 'qty') {
        fields.push(
          <NumericField
            key="slippage"
            label={t('field.slippage')}
            value={draft.slippage}
            onChange={(v) => {
              set({ slippage: v });
            }}
            precision={2}
            max="50"
            locale={locale}
            unit="%"
            testId="field-slippage"
            placeholder={t('field.optional')}
          />,
        );
      }
      break;
    case 'conditional':
      fields = [
        trigger,
        <div key="ctype" className="segmented" role="radiogroup" aria-label={t('field.legType')}>
          {(['Limit', 'Market'] as const).map((x) => (
            <button
              key={x}
              type="button"
              role="radio"
              className="segment"
              aria-checked={draft.conditionalType === x}
              data-testid={`conditional-${x.toLowerCase()}`}
              onClick={() => {
                setSize({ conditionalType: x });
              }}
            >
              {x === 'Limit' ? t('kind.limit') : t('kind.market')}
            </button>
          ))}
        </div>,
        ...(draft.conditionalType === 'Limit'
          ? [price, qty]
          : [
              ...(unitSwitch === false ? [] : [<div key="unit">{unitSwitch}</div>]),
              sizeField === 'amount' ? amount : qty,
            ]),
      ];
      break;
    case 'stopLimit':
      fields = [trigger, price, qty];
      break;
    case 'oco':
      fields = [leg('tp', true), leg('sl', true), qty];
      break;
    case 'trailing':
      fields = [
        <div key="tmode" className="segmented" role="radiogroup" aria-label={t('field.trailingMode')}>
          {(['rate', 'distance'] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="radio"
              className="segment"
              aria-checked={draft.trailingMode === m}
              data-testid={`trailing-${m}`}
              onClick={() => {
                set({ trailingMode: m });
              }}
            >
              {m === 'rate' ? t('field.rate') : t('field.distance')}
            </button>
          ))}
        </div>,
        draft.trailingMode === 'rate' ? (
          <NumericField
            key="rate"
            label={t('field.rate')}
            value={draft.trailingRate}
            onChange={(v) => {
              set({ trailingRate: v });
            }}
            precision={2}
            max="99.99"
            locale={locale}
            unit="%"
            testId="field-trailing-rate"
          />
        ) : (
          <NumericField
            key="distance"
            label={t('field.distance')}
            value={draft.trailingDistance}
            onChange={(v) => {
              set({ trailingDistance: v });
            }}
            precision={pp}
            locale={locale}
            unit={symbol.quote}
            testId="field-trailing-distance"
          />
        ),
        <NumericField
          key="activation"
          label={t('field.activation')}
          value={draft.activation}
          onChange={(v) => {
            set({ activation: v });
          }}
          precision={pp}
          multiple={priceMultiple}
          locale={locale}
          unit={symbol.quote}
          testId="field-activation"
          placeholder={t('field.optional')}
          {...(start === undefined ? {} : { start })}
        />,
        qty,
      ];
      break;
  }

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
      {fields}
      <div className="pct-slider">
        <input
          type="range"
          min={0}
          max={100}
          step={1}
          value={percent}
          aria-label={t('field.percent')}
          data-testid="pct-slider"
          onChange={(e) => {
            applyPercent(Number(e.currentTarget.value));
          }}
        />
        <div className="pct-marks">
          {SLIDER_MARKS.map((m) => (
            <button
              key={m}
              type="button"
              className={`pct-mark${percent >= m ? ' is-on' : ''}`}
              data-testid={`pct-${m}`}
              onClick={() => {
                applyPercent(m);
              }}
            >
              {m}%
            </button>
          ))}
        </div>
      </div>
      {draft.kind === 'limit' && advanced && prefs.showTpSl && (
        <label className="check">
          <input
            type="checkbox"
            data-testid="tpsl-toggle"
            checked={draft.tpsl}
            onChange={(e) => {
              set({ tpsl: e.currentTarget.checked });
            }}
          />
          {t('field.tpsl')}
        </label>
      )}
      {draft.kind === 'limit' && draft.tpsl && advanced && prefs.showTpSl && (
        <div className="tpsl-legs">
          {leg('tp', false)}
          {leg('sl', false)}
        </div>
      )}
      {draft.kind === 'limit' && advanced && (prefs.showPostOnly || prefs.showTimeInForce) && (
        <div className="limit-options">
          {prefs.showPostOnly && (
            <label className="check">
              <input
                type="checkbox"
                data-testid="post-only"
                checked={draft.postOnly}
                onChange={(e) => {
                  set({ postOnly: e.currentTarget.checked });
                }}
              />
              {t('field.postOnly')}
            </label>
          )}
          {prefs.showTimeInForce && (
            <label className="tif">
              <span className="muted">{t('field.tif')}</span>
              <select
                className="select"
                data-testid="tif"
                value={draft.timeInForce}
                disabled={draft.postOnly}
                onChange={(e) => {
                  const v = e.currentTarget.value;
                  if (v === 'GTC' || v === 'IOC' || v === 'FOK') set({ timeInForce: v });
                }}
              >
                <option value="GTC">GTC</option>
                <option value="IOC">IOC</option>
                <option value="FOK">FOK</option>
              </select>
            </label>
          )}
        </div>
      )}
    </div>
  );
}
