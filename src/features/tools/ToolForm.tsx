/**
 * The form of one Tools sub-view (grid bot, iceberg, TWAP, scaled order): its fields, validated like the order form
 * on submit (first failure toasted), then sent to the simulator's strategy create call; the outcome is a toast. The
 * draft of each tool is kept while the user switches tools (`toolDraftsAtom`).
 */
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SymbolInfo } from '../../../workers/api';
import { toStrategyRow } from '../../../workers/protocol/strategy';
import { postCall } from '../../session/api';
import { pairFreeAtom } from '../../session/account';
import { botPanelOpenAtom } from '../../session/botPanel';
import { NumericField } from '../../ui/NumericField';
import { Tabs } from '../../ui/Tabs';
import { pushToastAtom } from '../../ui/toasts/state';
import { useFailureText } from '../../ui/useFailureText';
import { scaledPlan, toCreateRequest, type FormTool, type ToolDraft } from './draft';
import { toolDraftsAtom } from './state';
import { validateTool, type ToolContext } from './validation';

type NumKey = Exclude<
  keyof ToolDraft,
  'side' | 'priceMode' | 'sliceMode' | 'distribution' | 'sizeMode' | 'gridType'
>;

/** How a numeric field is entered: its precision and unit. */
interface FieldSpec {
  readonly precision: 'price' | 'quantity' | 'amount' | 0;
  readonly unit: 'base' | 'quote' | 'min' | 's' | '';
  readonly optional?: boolean;
  readonly priceGrid?: boolean;
}

const FIELDS: Readonly<Record<NumKey, FieldSpec>> = {
  totalQty: { precision: 'quantity', unit: 'base' },
  price: { precision: 'price', unit: 'quote', priceGrid: true },
  priceDistance: { precision: 'price', unit: 'quote' },
  sliceQty: { precision: 'quantity', unit: 'base' },
  sliceCount: { precision: 0, unit: '' },
  durationMin: { precision: 0, unit: 'min' },
  intervalSec: { precision: 0, unit: 's' },
  priceLimit: { precision: 'price', unit: 'quote', optional: true, priceGrid: true },
  priceLow: { precision: 'price', unit: 'quote', priceGrid: true },
  priceHigh: { precision: 'price', unit: 'quote', priceGrid: true },
  orderCount: { precision: 0, unit: '' },
  totalValue: { precision: 'amount', unit: 'quote' },
  minPrice: { precision: 'price', unit: 'quote', priceGrid: true },
  maxPrice: { precision: 'price', unit: 'quote', priceGrid: true },
  gridNumber: { precision: 0, unit: '' },
  investment: { precision: 'amount', unit: 'quote' },
  triggerPrice: { precision: 'price', unit: 'quote', optional: true, priceGrid: true },
  takeProfit: { precision: 'price', unit: 'quote', optional: true, priceGrid: true },
  stopLoss: { precision: 'price', unit: 'quote', optional: true, priceGrid: true },
};

/** Which numeric fields a tool shows for a draft, in order. */
function fieldsOf(tool: FormTool, d: ToolDraft): NumKey[] {
  switch (tool) {
    case 'iceberg':
      return [
        d.priceMode === 'fixed' ? 'price' : 'priceDistance',
        'totalQty',
        d.sliceMode === 'qty' ? 'sliceQty' : 'sliceCount',
      ];
    case 'twap':
      return ['totalQty', 'durationMin', 'intervalSec', 'priceLimit'];
    case 'scaled':
      return ['priceLow', 'priceHigh', 'orderCount', d.sizeMode === 'qty' ? 'totalQty' : 'totalValue'];
    case 'grid':
      return ['minPrice', 'maxPrice', 'gridNumber', 'investment', 'triggerPrice', 'takeProfit', 'stopLoss'];
  }
}

/** The form of one tool for the routed pair. */
export function ToolForm({
  tool,
  symbol,
  locale,
  lastPrice,
}: {
  readonly tool: FormTool;
  readonly symbol: SymbolInfo;
  readonly locale: string;
  readonly lastPrice: string | null;
}): React.JSX.Element {
  const { t } = useTranslation(['tools', 'trade']);
  const [drafts, setDrafts] = useAtom(toolDraftsAtom);
  const d = drafts[tool];
  const [freeQuote = '0', freeBase = '0'] = useAtomValue(pairFreeAtom).split('|');
  const push = useSetAtom(pushToastAtom);
  const failureText = useFailureText();
  const openBotPanel = useSetAtom(botPanelOpenAtom);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<ToolDraft>): void => {
    setDrafts((all) => ({ ...all, [tool]: { ...all[tool], ...patch } }));
  };

  const submit = async (): Promise<void> => {
    const ctx: ToolContext = { symbol, freeQuote, freeBase, lastPrice };
    const failure = validateTool(tool, d, ctx);
    if (failure !== null) {
      const title =
        failure.ns === 'trade'
          ? failureText({ type: 'message', key: failure.key, params: failure.params })
          : t(`validation.${failure.key}` as const, { replace: failure.params });
      push({ tone: 'error', title, body: '' });
      return;
    }
    setBusy(true);
    try {
      const reply = (await postCall('strategyCreate', toCreateRequest(tool, d, symbol.symbol))) as {
        code?: unknown;
        message?: unknown;
        result?: unknown;
      } | null;
      const row = reply?.code === 0 ? toStrategyRow(reply.result) : undefined;
      if (row === undefined) {
        push({
          tone: 'error',
          title: t('toast.createFailed'),
          body: typeof reply?.message === 'string' ? reply.message : '',
        });
        return;
      }
      const rejected = row.rejected.length;
      push({
        tone: rejected > 0 ? 'info' : 'success',
        title: t('toast.created', { tool: t(`tool.${tool}`) }),
        body: rejected > 0 ? t('toast.someRejected', { count: rejected }) : '',
      });
      if (tool === 'grid') openBotPanel(true);
    } catch {
      push({ tone: 'error', title: t('toast.createFailed'), body: t('trade:toast.networkError') });
    } finally {
      setBusy(false);
    }
  };

  const numeric = (key: NumKey): React.JSX.Element => {
    const spec = FIELDS[key];
    const precision =
      spec.precision === 'price'
        ? symbol.pricePrecision
        : spec.precision === 'quantity'
          ? symbol.quantityPrecision
          : spec.precision === 'amount'
            ? symbol.amountPrecision
            : 0;
    const unit =
      spec.unit === 'base'
        ? symbol.base
        : spec.unit === 'quote'
          ? symbol.quote
          : spec.unit === ''
            ? undefined
            : t(`unit.${spec.unit}`);
    return (
      <NumericField
        key={key}
        label={t(`field.${key}`)}
        value={d[key]}
        onChange={(v) => {
          set({ [key]: v });
        }}
        precision={precision}
        locale={locale}
        testId={`tool-${key}`}
        {...(unit === undefined ? {} : { unit })}
        {...(spec.priceGrid === true && lastPrice !== null ? { start: lastPrice } : {})}
        {...(spec.optional === true ? { placeholder: t('trade:field.optional') } : {})}
      />
    );
  };

  const plan = tool === 'scaled' ? scaledPlan(d, symbol) : [];
  return (
    <form
      className="tool-form"
      data-testid={`tool-form-${tool}`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {tool !== 'grid' && (
        <div className="side-switch" role="radiogroup" aria-label={t('trade:side.label')}>
          {(['Buy', 'Sell'] as const).map((s) => (
            <button
              key={s}
              type="button"
              role="radio"
              aria-checked={d.side === s}
              className={`side-btn side-${s.toLowerCase()}`}
              data-testid={`tool-side-${s.toLowerCase()}`}
              onClick={() => {
                set({ side: s });
              }}
            >
              {t(s === 'Buy' ? 'trade:side.buy' : 'trade:side.sell')}
            </button>
          ))}
        </div>
      )}
      {tool === 'iceberg' && (
        <Tabs
          kind="radio"
          className="segmented"
          label={t('field.priceMode')}
          keys={['fixed', 'distance'] as const}
          current={d.priceMode}
          onSelect={(m) => {
            set({ priceMode: m });
          }}
          testId={(m) => `tool-price-${m}`}
          text={(m) => t(`field.priceMode_${m}`)}
        />
      )}
      {tool === 'grid' && (
        <Tabs
          kind="radio"
          className="segmented"
          label={t('field.gridType')}
          keys={['grade', 'geometric'] as const}
          current={d.gridType}
          onSelect={(g) => {
            set({ gridType: g });
          }}
          testId={(g) => `tool-grid-${g}`}
          text={(g) => t(`field.gridType_${g}`)}
        />
      )}
      {fieldsOf(tool, d).map(numeric)}
      {tool === 'iceberg' && (
        <Tabs
          kind="radio"
          className="segmented"
          label={t('field.sliceMode')}
          keys={['count', 'qty'] as const}
          current={d.sliceMode}
          onSelect={(m) => {
            set({ sliceMode: m });
          }}
          testId={(m) => `tool-slice-${m}`}
          text={(m) => t(`field.sliceMode_${m}`)}
        />
      )}
      {tool === 'scaled' && (
        <>
          <Tabs
            kind="radio"
            className="segmented"
            label={t('field.distribution')}
            keys={['flat', 'increasing', 'decreasing'] as const}
            current={d.distribution}
            onSelect={(x) => {
              set({ distribution: x });
            }}
            testId={(x) => `tool-dist-${x}`}
            text={(x) => t(`field.distribution_${x}`)}
          />
          <Tabs
            kind="radio"
            className="segmented"
            label={t('field.sizeMode')}
            keys={['qty', 'value'] as const}
            current={d.sizeMode}
            onSelect={(x) => {
              set({ sizeMode: x });
            }}
            testId={(x) => `tool-size-${x}`}
            text={(x) => (x === 'qty' ? symbol.base : symbol.quote)}
          />
          {plan.length > 0 && (
            <p className="muted small" data-testid="tool-scaled-summary">
              {t('form.scaledSummary', {
                count: plan.length,
                low: plan[0]?.qty ?? '',
                high: plan[plan.length - 1]?.qty ?? '',
                coin: symbol.base,
              })}
            </p>
          )}
        </>
      )}
      <p className="muted small tool-available">
        {t('form.available', {
          value: d.side === 'Buy' || tool === 'grid' ? freeQuote : freeBase,
          coin: d.side === 'Buy' || tool === 'grid' ? symbol.quote : symbol.base,
        })}
      </p>
      <button
        type="submit"
        className={`btn btn-primary tool-submit${tool !== 'grid' && d.side === 'Sell' ? ' is-sell' : ''}`}
        disabled={busy}
        data-testid="tool-submit"
      >
        {t('form.create', { tool: t(`tool.${tool}`) })}
      </button>
    </form>
  );
}
