import { useTranslation } from 'react-i18next';
import type { TradePreferences } from '../../session/preferences';
import type { OrderDraft } from '../../lib/orderDraft';
import { OrderLeg, type LegPriceSetup } from './OrderLeg';

/**
 * What a limit order of an advanced account (unified, non-demo) adds under the slider, each behind its trade
 * preference: the TP/SL toggle and its two legs, post only, time in force. Renders nothing for other orders.
 */
export function LimitOptions({
  draft,
  set,
  setDraft,
  advanced,
  prefs,
  legSetup,
}: {
  readonly draft: OrderDraft;
  readonly set: (patch: Partial<OrderDraft>) => void;
  readonly setDraft: (update: (d: OrderDraft) => OrderDraft) => void;
  readonly advanced: boolean;
  readonly prefs: TradePreferences;
  readonly legSetup: LegPriceSetup;
}): React.JSX.Element | null {
  const { t } = useTranslation('trade');
  if (draft.kind !== 'limit' || !advanced) return null;
  return (
    <>
      {prefs.showTpSl && (
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
      {draft.tpsl && prefs.showTpSl && (
        <div className="tpsl-legs">
          {(['tp', 'sl'] as const).map((prefix) => (
            <OrderLeg
              key={prefix}
              prefix={prefix}
              withType={false}
              leg={draft[prefix]}
              setDraft={setDraft}
              setup={legSetup}
            />
          ))}
        </div>
      )}
      {(prefs.showPostOnly || prefs.showTimeInForce) && (
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
    </>
  );
}
