import { useAtom, useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { complianceAtom, showsEuUsdtBanner } from '../../session/compliance';
import { Icon } from '../../ui/Icon';
import { euUsdtBannerDismissedAtom } from './state';
import './eu-banner.css';

/**
 * The EU USDT tips banner of the desktop spot page (spec §2): shown while the compliance setting is on and the pair
 * involves USDT, until the user dismisses it (remembered locally).
 */
export function EuUsdtBanner({
  base,
  quote,
}: {
  readonly base: string;
  readonly quote: string;
}): React.JSX.Element | null {
  const compliance = useAtomValue(complianceAtom);
  const { t } = useTranslation('common');
  const [dismissed, setDismissed] = useAtom(euUsdtBannerDismissedAtom);
  if (dismissed || !showsEuUsdtBanner(compliance, base, quote)) return null;
  return (
    <aside className="eu-banner" data-testid="eu-usdt-banner" aria-label={t('euUsdt.label')}>
      <span className="eu-banner-icon">
        <Icon name="info" />
      </span>
      <p className="eu-banner-text">{t('euUsdt.text')}</p>
      <button
        type="button"
        className="icon-btn"
        aria-label={t('euUsdt.dismiss')}
        onClick={() => {
          setDismissed(true);
        }}
      >
        <Icon name="close" />
      </button>
    </aside>
  );
}
