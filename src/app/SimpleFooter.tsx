import { useTranslation } from 'react-i18next';

/** The one-line footer shown when the full footer is hidden. */
export function SimpleFooter(): React.JSX.Element {
  const { t } = useTranslation('common');
  return (
    <footer className="footer-simple muted" data-testid="footer-simple">
      {t('footer.copyright', { year: new Date().getUTCFullYear() })}
    </footer>
  );
}
