/**
 * The P&L tab of unified accounts: a note and a link to the performance page, where spot P&L lives, and the
 * perpetual positions' realised and unrealised P&L (PerpPnlSection) when the account traded the future spread.
 */
import { useTranslation } from 'react-i18next';
import { DemoTip } from '../../../ui/DemoTip';
import { PerpPnlSection } from './PerpPnlSection';

/** The P&L note (spec §2); a demo account, which has no performance page (spec §6), gets the demo tip instead. */
export function PnlView({ demoTip }: { readonly demoTip: boolean }): React.JSX.Element {
  const { t } = useTranslation('orders');
  if (demoTip) {
    return (
      <div className="orders-note">
        <DemoTip feature="performanceLink" />
        <PerpPnlSection />
      </div>
    );
  }
  return (
    <div className="orders-note">
      <p className="muted">{t('pnl.text')}</p>
      <a href="/user/assets/home/performance?tab=spot">{t('pnl.link')}</a>
      <PerpPnlSection />
    </div>
  );
}
