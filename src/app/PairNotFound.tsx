import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { SymbolList } from '../features/market-header/SymbolList';
import { GlobalSettingsBar } from './GlobalSettingsBar';
import { navigateAtom } from '../session/navigation';
import { pairUrl, type Locale } from '../session/routes';

/** An unknown pair: says so, and offers the symbol list to pick a listed one. */
export function PairNotFound({
  base,
  quote,
  locale,
}: {
  readonly base: string;
  readonly quote: string;
  readonly locale: Locale;
}): React.JSX.Element {
  const { t } = useTranslation('common');
  const navigate = useSetAtom(navigateAtom);
  return (
    <div className="page page-missing">
      <GlobalSettingsBar layout={false} />
      <main className="missing-main">
        <p role="alert" className="missing-title">
          {t('pair.notFound', { pair: `${base}/${quote}` })}
        </p>
        <p className="muted">{t('pair.notFoundHint')}</p>
        <div className="missing-list">
          <SymbolList
            current=""
            onPick={(s) => {
              navigate(pairUrl(locale, s.base, s.quote));
            }}
          />
        </div>
      </main>
    </div>
  );
}
