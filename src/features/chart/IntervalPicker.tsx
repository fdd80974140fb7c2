import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../ui/Tabs';
import { Dropdown } from './Dropdown';
import { INTERVALS, type Interval } from '../../../workers/protocol/intervals';
import { DEFAULT_PINNED, intervalLabel, togglePinned, unpinnedIntervals } from './intervals';
import { klineConfigAtom, updateKlineConfigAtom } from './state';

/**
 * The interval picker (spec §2): pinned intervals as buttons, then a dropdown with two views: the unpinned intervals
 * plus "customize fixed intervals", and the pin/unpin editor with reset and confirm.
 */
export function IntervalPicker({ onPick }: { readonly onPick: (iv: Interval) => void }): React.JSX.Element {
  const { t } = useTranslation('chart');
  const { interval, pinned } = useAtomValue(klineConfigAtom);
  const update = useSetAtom(updateKlineConfigAtom);
  const [editing, setEditing] = useState<readonly Interval[] | null>(null);
  const dropEdits = useCallback(() => {
    setEditing(null);
  }, []);
  const more = unpinnedIntervals(pinned);
  const current = !pinned.includes(interval);
  return (
    <Tabs
      kind="toggle"
      className="chart-intervals"
      label={t('toolbar.interval')}
      groupTestId="chart-intervals"
      keys={pinned}
      current={interval}
      onSelect={onPick}
      testId={(iv) => `interval-${iv}`}
      text={intervalLabel}
      itemClassName={(_iv, on) => `chart-tool chart-interval${on ? ' is-on' : ''}`}
    >
      <Dropdown
        label={current ? `${intervalLabel(interval)} ▾` : '▾'}
        title={t('toolbar.moreIntervals')}
        testId="interval-more"
        active={current}
        onClosed={dropEdits}
      >
        {(close) =>
          editing === null ? (
            <div className="interval-menu">
              <div className="interval-grid">
                {more.map((iv) => (
                  <button
                    key={iv}
                    type="button"
                    className={`chart-tool chart-interval${iv === interval ? ' is-on' : ''}`}
                    data-testid={`interval-${iv}`}
                    onClick={() => {
                      onPick(iv);
                      close();
                    }}
                  >
                    {intervalLabel(iv)}
                  </button>
                ))}
              </div>
              <button
                type="button"
                className="link-btn chart-link"
                data-testid="interval-customize"
                onClick={() => {
                  setEditing(pinned);
                }}
              >
                {t('interval.customize')}
              </button>
            </div>
          ) : (
            <div className="interval-menu" data-testid="interval-editor">
              <p className="muted small">{t('interval.editHint')}</p>
              <div className="interval-grid">
                {INTERVALS.map((iv) => (
                  <button
                    key={iv}
                    type="button"
                    className={`chart-tool chart-interval${editing.includes(iv) ? ' is-pinned' : ''}`}
                    aria-pressed={editing.includes(iv)}
                    data-testid={`pin-${iv}`}
                    onClick={() => {
                      setEditing(togglePinned(editing, iv));
                    }}
                  >
                    {intervalLabel(iv)}
                  </button>
                ))}
              </div>
              <div className="interval-foot">
                <button
                  type="button"
                  className="btn btn-small"
                  data-testid="pin-reset"
                  onClick={() => {
                    setEditing([...DEFAULT_PINNED]);
                  }}
                >
                  {t('interval.reset')}
                </button>
                <button
                  type="button"
                  className="btn btn-small btn-primary"
                  data-testid="pin-confirm"
                  onClick={() => {
                    update({ pinned: editing });
                    setEditing(null);
                    close();
                  }}
                >
                  {t('interval.confirm')}
                </button>
              </div>
            </div>
          )
        }
      </Dropdown>
    </Tabs>
  );
}
