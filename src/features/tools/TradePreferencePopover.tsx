import { useAtomValue, useSetAtom } from 'jotai';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { complianceAtom } from '../../session/compliance';
import { Icon } from '../../ui/Icon';
import { VISITOR } from '../../session/session';
import { sessionUserAtom } from '../../session/state';
import { Popover } from '../../ui/Popover';
import { canChangePreference, PREFERENCE_SECTIONS } from '../../session/preferences';
import { setTradePreferenceAtom, tradePreferencesAtom } from '../../session/preferences';

/**
 * The trade-preference popover (dot icon): Setup, Order info, Advanced functions, Unit display (which also turns the
 * latest-trades flash on or off).
 */
export function TradePreferencePopover(): React.JSX.Element {
  const compliance = useAtomValue(complianceAtom);
  const { t } = useTranslation('tools');
  const prefs = useAtomValue(tradePreferencesAtom);
  const setPref = useSetAtom(setTradePreferenceAtom);
  const user = useAtomValue(sessionUserAtom) ?? VISITOR;

  return (
    <Popover
      trigger={<Icon name="more" />}
      triggerClassName={() => 'icon-btn'}
      title={t('pref.title')}
      ariaLabel={t('pref.title')}
      testId="trade-preferences"
      rootClassName="pref-root"
      panelClassName="popover pref-popover"
      panelRole="dialog"
      panelLabel={t('pref.title')}
    >
      {() => (
        <>
          <h2 className="popover-title">{t('pref.title')}</h2>
          {PREFERENCE_SECTIONS.map((section) => {
            // The note follows the last locked flag, so in Unit display (one UTA-only flag, then the trade flash,
            // open to all) it does not read as if it were about the flash.
            const locked = section.keys.map((k) => !canChangePreference(k, compliance, user));
            const lastLocked = locked.lastIndexOf(true);
            return (
              <fieldset key={section.id} className="pref-section" data-section={section.id}>
                <legend>{t(`pref.${section.id}`)}</legend>
                {section.keys.map((key, i) => {
                  const can = locked[i] !== true;
                  return (
                    <Fragment key={key}>
                      <label className={`check${can ? '' : ' is-disabled'}`}>
                        <input
                          type="checkbox"
                          checked={prefs[key]}
                          disabled={!can}
                          onChange={(e) => {
                            setPref({ key, value: e.currentTarget.checked });
                          }}
                        />
                        {t(`pref.${key}`)}
                      </label>
                      {i === lastLocked && <p className="muted small">{t('pref.utaOnly')}</p>}
                    </Fragment>
                  );
                })}
              </fieldset>
            );
          })}
        </>
      )}
    </Popover>
  );
}
