import { useAtom, useAtomValue, useStore } from 'jotai';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SymbolInfo } from '../../../workers/api';
import { openingAtom, pairLookupAtom, routeAtom, sessionUserAtom } from '../../session/state';
import type { SessionUser } from '../../session/session';
import { accountAtom, lastPriceTextAtom } from '../../hub/state';
import { useHubWant } from '../../hub/useHubWant';
import { snapToStep } from '../../lib/decimalInput';
import { tradePreferencesAtom } from '../../session/preferences';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { CreateBlockDialog } from './CreateBlockDialog';
import { defaultMarketUnit, EMPTY_DRAFT, type OrderDraft } from '../../lib/orderDraft';
import { GateDialogView } from './GateDialogView';
import { OrderFields } from './OrderFields';
import { ConfirmSummary, OrderSummary } from './OrderSummary';
import { orderFormIntentAtom } from '../../session/intent';
import {
  accountInfoAtom,
  gatesAcceptedAtom,
  pairFreeAtom,
  quotaRemainAtom,
  userDetailsAtom,
} from '../../session/account';
import { orderDraftAtom } from './state';
import { useAccountFacts, useAcceptGate, useSetConfirmFlag } from '../../session/useAccount';
import { usePlaceOrder } from './usePlaceOrder';
import type { ValidationContext } from '../../lib/orderValidation';
import { VisitorPrompt } from '../../ui/VisitorPrompt';
import { complianceAtom } from '../../session/compliance';
import { demoAccess } from '../../session/demoRules';
import './orderForm.css';

/** The order panel (right column, spec §2): the routed pair's order entry, or the visitor prompt. */
export function OrderForm(): React.JSX.Element | null {
  const lookup = useAtomValue(pairLookupAtom);
  const user = useAtomValue(sessionUserAtom);
  if (lookup.kind !== 'found' || user === null) return null;
  if (!user.loggedIn) return <VisitorPrompt />;
  return <OrderEntry symbol={lookup.symbol} user={user} />;
}

function freeOf(balances: readonly { coin: string; free: string }[] | undefined, coin: string): string {
  return balances?.find((b) => b.coin === coin)?.free ?? '0';
}

function OrderEntry({
  symbol,
  user,
}: {
  readonly symbol: SymbolInfo;
  readonly user: SessionUser;
}): React.JSX.Element {
  const { t } = useTranslation('trade');
  const store = useStore();
  const locale = useAtomValue(routeAtom).locale;
  const [draft, setDraft] = useAtom(orderDraftAtom);
  const prefs = useAtomValue(tradePreferencesAtom);
  const opening = useAtomValue(openingAtom);
  const intent = useAtomValue(orderFormIntentAtom);
  const [freeQuote = '0', freeBase = '0'] = useAtomValue(pairFreeAtom).split('|');
  const info = useAtomValue(accountInfoAtom);
  const setFlag = useSetConfirmFlag();
  const acceptGate = useAcceptGate();
  useHubWant({ account: true });

  const unified = user.isUTA;
  const advanced = unified && !user.isDemo;
  // Spec §4 "Leverage check": a UTA in isolated-margin mode is warned, as soon as it turns margin on, that leveraged
  // trading is not supported (submitting still stops at the leverage rule with the same words).
  const marginMode = useAtomValue(userDetailsAtom)?.marginMode ?? 'cross';
  const isolatedWarning = unified && draft.leverage && marginMode === 'isolated';
  // The demo rules keep OCO in the kind menu with a tip in place of its fields (OrderFields): nothing to send.
  const demoBlocked = draft.kind === 'oco' && demoAccess('ocoOrderKind', user) === 'tip';
  const marginAllowed = unified && prefs.showSpotMargin;
  useAccountFacts(symbol, { unified, leverage: marginAllowed && draft.leverage, side: draft.side });

  // A new pair starts a new draft (keeping the order type and side).
  const lastSymbol = useRef(symbol.symbol);
  useEffect(() => {
    if (lastSymbol.current === symbol.symbol) return;
    lastSymbol.current = symbol.symbol;
    setDraft((d) => ({ ...EMPTY_DRAFT, kind: d.kind, side: d.side, marketUnit: defaultMarketUnit(d.side) }));
  }, [symbol.symbol, setDraft]);

  // Order book / chart clicks fill the form (intent.ts).
  const lastNonce = useRef(intent?.nonce ?? 0);
  useEffect(() => {
    if (intent === null || intent.nonce === lastNonce.current) return;
    lastNonce.current = intent.nonce;
    setDraft((d) => {
      const price = snapToStep(intent.price, symbol.pricePrecision, 1, 'nearest');
      const side = intent.side ?? d.side;
      const kind = d.kind === 'market' || d.kind === 'trailing' || d.kind === 'oco' ? 'limit' : d.kind;
      const next: OrderDraft = { ...d, kind, side, price };
      return intent.qty === undefined
        ? next
        : { ...next, qty: snapToStep(intent.qty, symbol.quantityPrecision) };
    });
  }, [intent, setDraft, symbol.pricePrecision, symbol.quantityPrecision]);

  // Read when used (a step from an empty price, a size by percent, a submit), never subscribed: the entry and its
  // fields do not re-render with every ticker; the summary follows the last price itself while it needs it.
  const lastPrice = useCallback(
    (): string | null => store.get(lastPriceTextAtom(symbol.symbol, symbol.pricePrecision)),
    [store, symbol],
  );

  const context = useCallback((): ValidationContext => {
    const acc = store.get(accountAtom);
    const details = store.get(userDetailsAtom);
    const d = store.get(orderDraftAtom);
    const ai = store.get(accountInfoAtom);
    return {
      symbol,
      unified,
      marginMode: details?.marginMode ?? 'cross',
      minValueV2: details?.minValueV2 ?? false,
      freeQuote: freeOf(acc?.balances, symbol.quote),
      freeBase: freeOf(acc?.balances, symbol.base),
      quotaRemain: store.get(quotaRemainAtom),
      lastPrice: lastPrice(),
      // Web2 upgrade notice (spec §5 gate 'will update'): the web config's switch, read at submit time.
      upgradeNotice: store.get(complianceAtom).web2UpgradeNotice,
      accepted: store.get(gatesAcceptedAtom),
      accountStatus: d.leverage && ai !== null ? ai.status : 1,
      // The account's leverage setting (getUnifiedAsset), not the showLeverage display preference.
      leverageEnabled: ai?.leverageEnabled ?? true,
    };
  }, [store, symbol, unified, lastPrice]);

  const flow = usePlaceOrder(symbol, context);

  const available = useMemo(() => {
    const useInfo = unified && info !== null && info.symbol === symbol.symbol;
    return {
      quote: useInfo ? info.availableQuote : freeQuote,
      base: useInfo ? info.availableBase : freeBase,
    };
  }, [unified, info, freeQuote, freeBase, symbol]);

  const gate = flow.stage.type === 'gate' ? flow.stage.gate : null;
  const banned = draft.side === 'Buy' ? symbol.isBanBuy : symbol.isBanSell;
  const open = opening.kind === 'open';
  const sideWord = draft.side === 'Buy' ? t('side.buy') : t('side.sell');
  let buttonText = t(draft.side === 'Buy' ? 'button.buy' : 'button.sell', { coin: symbol.base });
  if (!open) buttonText = t('button.notOpen');
  else if (banned) buttonText = t('button.banned', { side: sideWord });
  else if (flow.stage.type === 'placing') buttonText = t('button.placing');

  return (
    <form
      className="order-form"
      data-testid="order-form"
      data-side={draft.side}
      data-kind={draft.kind}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        flow.submit();
      }}
    >
      {user.isDemo && (
        <div className="order-form-demo">
          <span className="tag" data-testid="demo-tag">
            {t('demo')}
          </span>
        </div>
      )}
      <div className="side-switch" role="radiogroup" aria-label={t('side.label')}>
        {(['Buy', 'Sell'] as const).map((s) => (
          <button
            key={s}
            type="button"
            role="radio"
            aria-checked={draft.side === s}
            className={`side-btn side-${s.toLowerCase()}`}
            data-testid={`side-${s.toLowerCase()}`}
            onClick={() => {
              setDraft((d) => (d.side === s ? d : { ...d, side: s, marketUnit: defaultMarketUnit(s) }));
            }}
          >
            {s === 'Buy' ? t('side.buy') : t('side.sell')}
          </button>
        ))}
      </div>
      <OrderFields
        symbol={symbol}
        draft={draft}
        setDraft={setDraft}
        locale={locale}
        lastPrice={lastPrice}
        advanced={advanced}
        marginAllowed={marginAllowed}
        prefs={prefs}
        available={available}
        isDemo={user.isDemo}
      />
      {isolatedWarning && (
        <p className="order-form-warning" role="alert" data-testid="isolated-warning">
          {t('validation.isolatedModeNotSupportNewTip')}
        </p>
      )}
      {!demoBlocked && (
        <OrderSummary
          symbol={symbol}
          draft={draft}
          locale={locale}
          available={available}
          info={unified && info?.symbol === symbol.symbol ? info : null}
          freeQuote={freeQuote}
          freeBase={freeBase}
          prefs={prefs}
        />
      )}
      <button
        type="submit"
        className={`btn order-submit submit-${draft.side.toLowerCase()}`}
        data-testid="order-submit"
        disabled={!open || banned || demoBlocked || flow.stage.type === 'placing'}
      >
        {buttonText}
      </button>
      {flow.stage.type === 'confirm' && (
        <ConfirmDialog
          testId="confirm-create"
          title={t('confirm.title')}
          confirmLabel={sideWord}
          cancelLabel={t('confirm.cancel')}
          dontAskLabel={t('confirm.dontAsk')}
          tone={draft.side === 'Buy' ? 'buy' : 'sell'}
          onCancel={flow.dismiss}
          onConfirm={(dontAsk) => {
            if (dontAsk) setFlag('createOrderNotifyClose', true);
            flow.confirm();
          }}
        >
          <ConfirmSummary symbol={symbol} draft={flow.stage.draft} locale={locale} />
        </ConfirmDialog>
      )}
      {gate !== null && (
        <GateDialogView
          gate={gate}
          symbol={symbol}
          onCancel={flow.dismiss}
          onAccept={() => {
            void acceptGate(gate).then(flow.gateAccepted);
          }}
        />
      )}
      <CreateBlockDialog />
    </form>
  );
}
