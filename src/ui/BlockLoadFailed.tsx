import { useTranslation } from 'react-i18next';

/**
 * The per-block failure state (spec §8): "data failed to load" and a button that reloads the page after a load
 * failure (`mode="reload"`) or retries the block after a runtime error (`mode="retry"`).
 */
export function BlockLoadFailed({
  mode,
  onRetry,
}: {
  readonly mode: 'reload' | 'retry';
  readonly onRetry?: () => void;
}): React.JSX.Element {
  const { t } = useTranslation('common');
  return (
    <div className="block-failed" role="alert" data-testid="block-failed">
      <span>{t('error.dataFailed')}</span>
      <button
        type="button"
        className="btn"
        onClick={() => {
          if (mode === 'retry' && onRetry !== undefined) onRetry();
          else location.reload();
        }}
      >
        {mode === 'retry' ? t('error.retry') : t('error.refresh')}
      </button>
    </div>
  );
}
