import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { confirmFlagsAtom, type ConfirmFlag } from '../../session/account';
import { useSetConfirmFlag } from '../../session/useAccount';

/** The five "do not ask again" flags of spec §3, each of which turns a confirmation off while set. */
const ASK_AGAIN: readonly Exclude<ConfirmFlag, 'successAudio'>[] = [
  'createOrderNotifyClose',
  'cancelOrderNotifyClose',
  'modifyOrderNotifyClose',
  'tradeNotifyClose',
  'notifyClose',
];

/**
 * The trade preferences of notices (spec §3 double-confirm flags): the fill sound (successAudio) and the
 * confirmations a trader turned off with "do not ask again", each turned back on here. Writes go through the hub, so
 * every tab follows.
 */
export function NoticeSettings(): React.JSX.Element {
  const { t } = useTranslation('notices');
  const flags = useAtomValue(confirmFlagsAtom);
  const setFlag = useSetConfirmFlag();
  return (
    <section className="notice-settings" data-testid="notice-settings" aria-label={t('settings.title')}>
      <h3>{t('settings.title')}</h3>
      <label className="check">
        <input
          type="checkbox"
          data-testid="notice-sound"
          checked={flags.has('successAudio')}
          onChange={(e) => {
            setFlag('successAudio', e.currentTarget.checked);
          }}
        />
        {t('settings.sound')}
      </label>
      <p className="notice-settings-hint">{t('settings.confirmHint')}</p>
      {ASK_AGAIN.map((flag) => (
        <label key={flag} className="check">
          <input
            type="checkbox"
            data-testid={`confirm-${flag}`}
            // Checked = the confirmation shows (the flag, "do not ask again", is absent).
            checked={!flags.has(flag)}
            onChange={(e) => {
              setFlag(flag, !e.currentTarget.checked);
            }}
          />
          {t(`settings.confirm.${flag}`)}
        </label>
      ))}
    </section>
  );
}
