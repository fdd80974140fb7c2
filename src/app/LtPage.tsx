import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { BlockLoadFailed } from '../ui/BlockLoadFailed';
import { navigateAtom } from '../session/navigation';
import { pairUrl, type PageRoute } from '../session/routes';
import { pairLookupAtom } from '../session/state';
import { LtDetail } from './LtTrade';

/**
 * The leveraged-token detail page (spec §2): forced light theme (Shell), no global settings bar, the project-info
 * heading, the three info sections, the subscription / redemption form and the trader's records for the routed pair,
 * or why they cannot show (loading, pair not found, not a leveraged token, symbol list failed).
 */
export function LtPage({ route }: { readonly route: PageRoute }): React.JSX.Element {
  const { t } = useTranslation('common');
  const navigate = useSetAtom(navigateAtom);
  const lookup = useAtomValue(pairLookupAtom);
  const spot = pairUrl(route.locale, route.base, route.quote);
  const pair = `${route.base}/${route.quote}`;

  let body: React.JSX.Element;
  if (lookup.kind === 'loading') body = <p className="muted">{t('lt.loading')}</p>;
  else if (lookup.kind === 'error') body = <BlockLoadFailed mode="reload" />;
  else if (lookup.kind === 'missing') {
    body = (
      <p role="alert" className="missing-title">
        {t('pair.notFound', { pair })}
      </p>
    );
  } else if (lookup.symbol.ltDirection === '') {
    body = (
      <p role="alert" className="missing-title">
        {t('lt.notLeveraged', { pair })}
      </p>
    );
  } else {
    body = <LtDetail symbol={lookup.symbol} locale={route.locale} />;
  }

  return (
    <div className="page page-lt" data-testid="lt-page">
      <main className="lt-main">
        <h1 className="lt-heading">{t('lt.heading', { pair })}</h1>
        {body}
        <a
          href={spot}
          className="header-link"
          onClick={(e) => {
            e.preventDefault();
            navigate(spot);
          }}
        >
          {t('lt.back')}
        </a>
      </main>
    </div>
  );
}
