import { useTranslation } from 'react-i18next';

/** Generic error fallback (spec §2, §8): the reload tip and a Reload button. */
export function GenericErrorFallback(): React.JSX.Element {
  const { t } = useTranslation('common');
  return (
    <div className="fallback" role="alert" data-testid="error-fallback">
      <p>{t('error.reloadTips')}</p>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => {
          location.reload();
        }}
      >
        {t('error.reload')}
      </button>
    </div>
  );
}
