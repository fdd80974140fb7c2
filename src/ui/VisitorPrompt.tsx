import { useTranslation } from 'react-i18next';
import { toSafeHref } from '../session/links';

/**
 * The `redirect_url` of the login and register links: the current page, same-origin only (the links allowlist
 * refuses anything else, in which case the links carry none and the login lands on the default pair).
 */
export function toAuthHref(page: '/login' | '/register', current: string, origin: string): string {
  const safe = toSafeHref(current, origin);
  if (safe === null || safe.external) return page;
  return `${page}?redirect_url=${encodeURIComponent(safe.href)}`;
}

/** The order panel of a logged-out visitor (spec §6): a prompt to log in or sign up, coming back to this pair. */
export function VisitorPrompt(): React.JSX.Element {
  const { t } = useTranslation('trade');
  const here = `${location.pathname}${location.search}`;
  return (
    <div className="visitor-prompt" data-testid="visitor-prompt">
      <p className="visitor-title">{t('visitor.title')}</p>
      <p className="muted small">{t('visitor.text')}</p>
      <a
        className="btn btn-primary visitor-btn"
        href={toAuthHref('/login', here, location.origin)}
        data-testid="visitor-login"
      >
        {t('visitor.login')}
      </a>
      <a
        className="btn visitor-btn"
        href={toAuthHref('/register', here, location.origin)}
        data-testid="visitor-signup"
      >
        {t('visitor.signup')}
      </a>
    </div>
  );
}
