import { useTranslation } from 'react-i18next';
import { DEMO_TIP_KEY } from '../session/demoRules';
import './demoTip.css';

/**
 * The spec's "some features unavailable" message (`demoAccountDoesNotSupportTips`, spec §6) in the body of an entry a
 * demo account reaches but cannot use; which entries those are is `DEMO_RULES` in `session/demoRules.ts`.
 */
export function DemoTip({ feature }: { readonly feature: string }): React.JSX.Element {
  const { t } = useTranslation('common');
  return (
    <p className="demo-tip" role="note" data-testid="demo-tip" data-feature={feature}>
      {t(DEMO_TIP_KEY)}
    </p>
  );
}
