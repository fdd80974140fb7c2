import { useTranslation } from 'react-i18next';
import type { StepMultiple } from '../../lib/decimalInput';
import { Tabs } from '../../ui/Tabs';
import type { LegDraft, OrderDraft } from '../../lib/orderDraft';
import { NumericField } from '../../ui/NumericField';

const LEG_TYPES = ['Limit', 'Market'] as const;

/** How the leg's price fields are set up (the form's price field settings). */
export interface LegPriceSetup {
  readonly precision: number;
  readonly multiple: StepMultiple;
  readonly locale: string;
  readonly unit: string;
  /** Where +/- start on an empty field: reads the last price at the click. */
  readonly start: () => string | undefined;
}

/**
 * One take-profit or stop-loss leg: its trigger and, when `withType` (OCO legs), the limit / market switch and the
 * limit price of a limit leg. The TP/SL of a limit order has no type switch (it keeps the draft's default type).
 */
export function OrderLeg({
  prefix,
  withType,
  leg,
  setDraft,
  setup,
}: {
  readonly prefix: 'tp' | 'sl';
  readonly withType: boolean;
  readonly leg: LegDraft;
  readonly setDraft: (update: (d: OrderDraft) => OrderDraft) => void;
  readonly setup: LegPriceSetup;
}): React.JSX.Element {
  const { t } = useTranslation('trade');
  const setLeg = (patch: Partial<LegDraft>): void => {
    setDraft((d) => ({ ...d, [prefix]: { ...d[prefix], ...patch } }));
  };
  // A leg's trigger and limit price are the same field on different keys.
  const legPrice = (key: 'trigger' | 'limit', label: string): React.JSX.Element => (
    <NumericField
      label={label}
      value={leg[key]}
      onChange={(v) => {
        setLeg({ [key]: v });
      }}
      precision={setup.precision}
      multiple={setup.multiple}
      locale={setup.locale}
      unit={setup.unit}
      testId={`field-${prefix}-${key}`}
      start={setup.start}
    />
  );
  return (
    <fieldset className="leg" data-testid={`leg-${prefix}`}>
      <legend className="leg-title">{prefix === 'tp' ? t('leg.tp') : t('leg.sl')}</legend>
      {legPrice('trigger', t('field.legTrigger'))}
      {withType && (
        <Tabs
          kind="radio"
          className="segmented"
          label={t('field.legType')}
          keys={LEG_TYPES}
          current={leg.type}
          onSelect={(x) => {
            setLeg({ type: x });
          }}
          testId={(x) => `${prefix}-type-${x.toLowerCase()}`}
          text={(x) => (x === 'Limit' ? t('kind.limit') : t('kind.market'))}
        />
      )}
      {withType && leg.type === 'Limit' && legPrice('limit', t('field.legLimit'))}
    </fieldset>
  );
}
