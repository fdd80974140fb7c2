import { useTranslation } from 'react-i18next';
import { formatUtcDateTime } from '../../lib/format';

/** The network-error overlay (spec §2, §8): pair name, opening-countdown subtitle, net-error text, refresh. */
export function NetworkErrorOverlay({
  pair,
  onlineTime,
  locale,
}: {
  readonly pair: string;
  /** Server ms of the opening if a countdown was running; null hides the subtitle's time. */
  readonly onlineTime: number | null;
  readonly locale: string;
}): React.JSX.Element {
  const { t } = useTranslation('common');
  return (
    <div className="overlay" role="alert" data-testid="network-error">
      <div className="overlay-card">
        <h2 className="overlay-title">
          <bdi>{pair}</bdi>
        </h2>
        <p className="muted">
          {t('opening.countdown')}
          {onlineTime !== null && ` · ${formatUtcDateTime(onlineTime, locale)} UTC`}
        </p>
        <p>{t('error.netError')}</p>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            location.reload();
          }}
        >
          {t('error.refresh')}
        </button>
      </div>
    </div>
  );
}
