import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { preferencesAtom } from '../../session/account';
import { complianceAtom, showsStandardOffline } from '../../session/compliance';
import { toSafeHref } from '../../session/links';
import { sessionUserAtom } from '../../session/state';
import { useSetPreferences } from '../../session/useAccount';
import './roles.css';

/** Spec §2 "Navigation links out": the copy-trading leader centre. */
export const LEADER_CENTRE_PATH = '/copyTrade/trade-center/leader';
/** Server preference of the standard-offline dismissal time (spec §7 "standard-account-offline alert timestamp"). */
export const STANDARD_OFFLINE_PREF_KEY = 'standardOfflineAlertAt';

/**
 * The role banners above the page (spec §2, §5, §6): the copy-trading-off banner for a copy-trading leader on a unified
 * account, with the leader link; the standard-offline warning for logged-in classic users while the switch is on and
 * the 7-day dismissal has passed.
 */
export function RoleBanners(): React.JSX.Element | null {
  const { t } = useTranslation('notices');
  const user = useAtomValue(sessionUserAtom);
  const prefs = useAtomValue(preferencesAtom);
  const compliance = useAtomValue(complianceAtom);
  const writePrefs = useSetPreferences();
  const [leaderDismissed, setLeaderDismissed] = useState(false);
  if (user?.loggedIn !== true) return null;
  const leader = user.isCopyTradingLeader && user.isUTA && !leaderDismissed;
  const dismissedAt = Number(prefs?.[STANDARD_OFFLINE_PREF_KEY] ?? '0');
  const offline =
    prefs !== null &&
    showsStandardOffline(compliance, user, Number.isFinite(dismissedAt) ? dismissedAt : 0, Date.now());
  const link = toSafeHref(LEADER_CENTRE_PATH, location.origin);
  if (!leader && !offline) return null;
  return (
    <>
      {leader && (
        <aside className="role-banner" data-testid="copy-trading-banner">
          <p>{t('roles.copyTrading.off')}</p>
          {link !== null && (
            <a href={link.href} data-testid="leader-link">
              {t('roles.copyTrading.leaderLink')}
            </a>
          )}
          <button
            type="button"
            className="btn"
            onClick={() => {
              setLeaderDismissed(true);
            }}
          >
            {t('roles.copyTrading.dismiss')}
          </button>
        </aside>
      )}
      {offline && (
        <aside className="role-banner" data-testid="standard-offline-banner">
          <p>{t('roles.standardOffline.text')}</p>
          <button
            type="button"
            className="btn"
            data-testid="standard-offline-dismiss"
            onClick={() => {
              void writePrefs({ [STANDARD_OFFLINE_PREF_KEY]: String(Date.now()) });
            }}
          >
            {t('roles.standardOffline.dismiss')}
          </button>
        </aside>
      )}
    </>
  );
}
