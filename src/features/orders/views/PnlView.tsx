/** The P&L tab of unified accounts: a note and a link to the performance page, where spot P&L lives. */
import { useTranslation } from 'react-i18next';

/** The P&L note (spec §2); demo accounts never see this tab. */
export function PnlView(): React.JSX.Element {
  const { t } = useTranslation('orders');
  return (
    <div className="orders-note">
      <p className="muted">{t('pnl.text')}</p>
      <a href="/user/assets/home/performance?tab=spot">{t('pnl.link')}</a>
    </div>
  );
}
