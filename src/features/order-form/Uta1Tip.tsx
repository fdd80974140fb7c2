/**
 * The UTA1 tip in the order form's margin row (spec §6): users not on the Unified Trading Account 2.0 (classic or
 * UTA 1.0), and not demo, learn why the margin switch and the advanced order options are missing.
 */
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { accountFieldAtom } from '../../hub/state';
import { sessionUserAtom } from '../../session/state';
import { showsUta1Tip } from '../../session/uta1Tip';

/** The tip, or nothing for UTA2, demo and logged-out users (and while the user info is loading). */
export function Uta1Tip(): React.JSX.Element | null {
  const { t } = useTranslation('margin');
  const user = useAtomValue(sessionUserAtom);
  const unifiedAccount = useAtomValue(accountFieldAtom('uta'))?.unifiedAccount ?? null;
  if (user === null) return null;
  if (!showsUta1Tip({ loggedIn: user.loggedIn, isDemo: user.isDemo, unifiedAccount })) return null;
  return (
    <p className="uta1-tip" role="note" data-testid="uta1-tip">
      {t('uta1Tip')}
    </p>
  );
}
