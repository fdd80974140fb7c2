import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { PairProps } from './pairProps';
import { navigateAtom } from '../../session/navigation';
import { pairUrl } from '../../session/routes';
import { Icon } from '../../ui/Icon';

/** For a leveraged-token symbol, the link to its LT page (spec §2 route /{locale}/trade/spot/lt/{base}/{quote}). */
export function LtInfoLink({ symbol, locale }: PairProps): React.JSX.Element | null {
  const { t } = useTranslation('lt');
  const navigate = useSetAtom(navigateAtom);
  if (symbol.ltDirection === '') return null;
  const href = pairUrl(locale, symbol.base, symbol.quote, true);
  return (
    <a
      className="header-link"
      href={href}
      data-testid="lt-info-link"
      onClick={(e) => {
        e.preventDefault();
        navigate(href);
      }}
    >
      <Icon name="info" /> {t('trade.infoLink', { token: symbol.base })}
    </a>
  );
}
