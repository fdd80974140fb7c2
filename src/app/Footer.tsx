import { useTranslation } from 'react-i18next';

/** The full footer. */
export function Footer(): React.JSX.Element {
  const { t } = useTranslation('common');
  return (
    <footer className="footer" data-testid="footer">
      <nav className="footer-links">
        <a href="/fees">{t('footer.fees')}</a>
        <a href="/help">{t('footer.help')}</a>
        <a href="/terms">{t('footer.terms')}</a>
      </nav>
      <p className="muted">{t('footer.copyright', { year: new Date().getUTCFullYear() })}</p>
    </footer>
  );
}
