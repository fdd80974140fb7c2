import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/Icon';
import type { OpeningNotice } from '../../session/opening';

/** Notice type 3 (spec §3): a pending icon and the notice text instead of a countdown. */
export function PendingOverlay({
  pair,
  notice,
}: {
  readonly pair: string;
  readonly notice: OpeningNotice;
}): React.JSX.Element {
  const { t } = useTranslation('common');
  return (
    <div className="overlay" role="status" data-testid="symbol-pending">
      <div className="overlay-card">
        <div className="pending-icon">
          <Icon name="pending" size={40} />
        </div>
        <h2 className="overlay-title">{t('opening.pending', { pair })}</h2>
        {notice.noticeContent !== '' && <p className="overlay-desc">{notice.noticeContent}</p>}
      </div>
    </div>
  );
}
