import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from './languages';
import { navigateAtom } from '../session/navigation';
import { matchLocale, pairUrl, SUPPORTED_LOCALES } from '../session/routes';
import { routeAtom } from '../session/state';

/** The language switcher: moves the current page to the chosen locale's URL (no reload). */
export function LanguageSwitcher(): React.JSX.Element {
  const { t } = useTranslation('common');
  const route = useAtomValue(routeAtom);
  const navigate = useSetAtom(navigateAtom);
  return (
    <label className="setting">
      <span className="setting-label">{t('settings.language')}</span>
      <select
        className="select"
        value={route.locale}
        data-testid="language-switcher"
        onChange={(e) => {
          const locale = matchLocale(e.currentTarget.value);
          if (locale !== undefined) navigate(pairUrl(locale, route.base, route.quote, route.kind === 'lt'));
        }}
      >
        {SUPPORTED_LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
