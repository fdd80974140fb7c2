import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SyncToAppState } from './useSyncToApp';

/** The "new" dot (spec §2 "a dot marks it new"): a coloured mark with its word for screen readers. */
export function NewDot({ testId }: { readonly testId: string }): React.JSX.Element {
  const { t } = useTranslation('chart');
  return <span className="chart-new-dot" role="img" aria-label={t('display.new')} data-testid={testId} />;
}

/**
 * The display options' one-way sync to the app (spec §2): a toggle of the sync-app flag. Mounted when the menu opens:
 * a due dot is shown for this opening and recorded as seen at once, so it does not come back.
 */
export function SyncToAppOption({ sync }: { readonly sync: SyncToAppState }): React.JSX.Element {
  const { t } = useTranslation('chart');
  const [dotThisTime] = useState(sync.dot);
  const { markSeen } = sync;
  useEffect(() => {
    if (dotThisTime) markSeen();
  }, [dotThisTime, markSeen]);
  return (
    <label className="check chart-check chart-sync-app" title={t('display.syncToAppHint')}>
      <input
        type="checkbox"
        checked={sync.on}
        data-testid="display-sync-app"
        onChange={(e) => {
          sync.setOn(e.currentTarget.checked);
        }}
      />
      {t('display.syncToApp')}
      {dotThisTime && <NewDot testId="sync-app-dot" />}
    </label>
  );
}
