import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { complianceAtom, showsLiquidityShield } from '../../session/compliance';
import { Icon } from '../../ui/Icon';

/** Path of the liquidity-shield page (spec §2 Market header). */
const LIQUIDITY_SHIELD_PATH = '/liquidity-shield-trading-frenzy/';

/** The liquidity-shield link: only when compliance allows, the symbol is covered and the account is not demo. */
export function LiquidityShieldLink({
  symbol,
  isDemo,
}: {
  readonly symbol: string;
  readonly isDemo: boolean;
}): React.JSX.Element | null {
  const compliance = useAtomValue(complianceAtom);
  const { t } = useTranslation('header');
  if (!showsLiquidityShield(compliance, symbol, isDemo)) return null;
  return (
    <a className="header-link" href={LIQUIDITY_SHIELD_PATH} data-testid="liquidity-shield">
      <Icon name="shield" /> {t('liquidityShield')}
    </a>
  );
}
