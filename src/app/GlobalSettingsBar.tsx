import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { LayoutMenu } from '../features/layout/LayoutMenu';
import { LanguageSwitcher } from './LanguageSwitcher';
import { ConnectionIndicator } from '../features/connection/ConnectionIndicator';
import { LogoutButton } from '../features/connection/LogoutButton';
import { NoticeCentre } from '../features/notices/NoticeCentre';
import { DemoWalletButton } from '../features/roles/DemoWalletButton';
import { footerVisibleAtom, themeAtom } from '../session/state';

/** The global settings bar: language, theme, footer, and (desktop) the layout controls. */
export function GlobalSettingsBar({
  layout,
  layoutFixed = false,
}: {
  /** Desktop page: layout controls and the footer switch (mobile always has the simple footer). */
  readonly layout: boolean;
  readonly layoutFixed?: boolean;
}): React.JSX.Element {
  const { t } = useTranslation('common');
  const [theme, setTheme] = useAtom(themeAtom);
  const [footer, setFooter] = useAtom(footerVisibleAtom);
  return (
    <nav className="settings-bar" data-testid="settings-bar" aria-label={t('settings.language')}>
      <span className="brand">
        {/* The mark index.html's skeleton bar draws before any script: the same place, no jump. */}
        <svg viewBox="0 0 32 32" width="20" height="20" aria-hidden="true">
          <path
            d="M7 21l6-7 5 4 7-9"
            fill="none"
            stroke="#20b26c"
            strokeWidth="3"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {t('title.spot')}
      </span>
      <div className="settings">
        <ConnectionIndicator />
        {layout && <LayoutMenu fixed={layoutFixed} />}
        {layout && (
          <label className="check">
            <input
              type="checkbox"
              checked={footer}
              onChange={(e) => {
                setFooter(e.currentTarget.checked);
              }}
            />
            {t('settings.showFooter')}
          </label>
        )}
        <div className="segmented" role="radiogroup" aria-label={t('settings.theme')}>
          {(['dark', 'light'] as const).map((th) => (
            <button
              key={th}
              type="button"
              role="radio"
              aria-checked={theme === th}
              className="segment"
              data-theme-choice={th}
              onClick={() => {
                setTheme(th);
              }}
            >
              {th === 'dark' ? t('settings.dark') : t('settings.light')}
            </button>
          ))}
        </div>
        <LanguageSwitcher />
        <DemoWalletButton />
        <NoticeCentre />
        <LogoutButton />
      </div>
    </nav>
  );
}
