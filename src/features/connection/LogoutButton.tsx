import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logout } from '../../session/logout';
import { sessionUserAtom } from '../../session/state';
import { pushToastAtom } from '../../ui/toasts/state';

/** The logout control (spec §7 POST /logout): through the hub, so every tab of the browser turns to the visitor view. */
export function LogoutButton(): React.JSX.Element | null {
  const { t } = useTranslation('notices');
  const user = useAtomValue(sessionUserAtom);
  const toast = useSetAtom(pushToastAtom);
  const [busy, setBusy] = useState(false);
  if (user?.loggedIn !== true) return null;
  return (
    <button
      type="button"
      className="logout-btn"
      data-testid="logout"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void logout().then((out) => {
          setBusy(false);
          if (!out.ok) toast({ tone: 'error', title: t('session.logoutFailed'), body: out.message });
        });
      }}
    >
      {t('session.logout')}
    </button>
  );
}
