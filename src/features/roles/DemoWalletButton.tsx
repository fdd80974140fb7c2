import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionUserAtom } from '../../session/state';
import { RechargeModal } from './RechargeModal';
import './roles.css';

/** The demo wallet entry (settings bar, demo accounts only): opens the recharge modal. */
export function DemoWalletButton(): React.JSX.Element | null {
  const { t } = useTranslation('notices');
  const user = useAtomValue(sessionUserAtom);
  const [open, setOpen] = useState(false);
  if (user?.loggedIn !== true || !user.isDemo) return null;
  return (
    <>
      <button
        type="button"
        className="btn"
        data-testid="demo-wallet"
        onClick={() => {
          setOpen(true);
        }}
      >
        {t('roles.recharge.title')}
      </button>
      {open && (
        <RechargeModal
          onClose={() => {
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
