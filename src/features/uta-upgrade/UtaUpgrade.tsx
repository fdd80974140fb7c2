/**
 * The UTA upgrade on the page (spec §4, §2 "upgrade-to-UTA dialog, progress mask, user guide, entry tip"): the entry
 * with its tip, the modal, the progress masks, the reload on success and the post-upgrade guide. Mounted once by the
 * app shell; everything it shows comes from the hub's account diff and this tab's own start call.
 */
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MARGIN_ERRORS } from '../../../workers/protocol/margin';
import { accountAtom } from '../../hub/state';
import { postCall } from '../../session/api';
import { useSetPreferences } from '../../session/useAccount';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { applyUpgradeEvent, IDLE, upgradeView, UTA_GUIDE_PREF_KEY, type LocalUpgrade } from './upgradeFlow';
import './utaUpgrade.css';

/** Spec §9: the upgrade dialog's loading flag clears after 1 s at least. */
const LOADING_MIN_MS = 1000;

/** The upgrade entry, modal, masks and guide. */
export function UtaUpgrade(): React.JSX.Element | null {
  const { t } = useTranslation('margin');
  const account = useAtomValue(accountAtom);
  const setPreferences = useSetPreferences();
  const [local, setLocal] = useState<LocalUpgrade>(IDLE);
  const [loading, setLoading] = useState(false);
  const [guideClosed, setGuideClosed] = useState(false);
  const seenSeq = useRef<number | null>(null);

  const ev = account?.upgradeEvent ?? null;
  useEffect(() => {
    if (ev === null) return;
    if (seenSeq.current === null) {
      // Events from before this tab mounted are history: only later ones act.
      seenSeq.current = ev.seq;
      return;
    }
    if (ev.seq === seenSeq.current) return;
    seenSeq.current = ev.seq;
    const next = applyUpgradeEvent(local, ev.event);
    if (next === 'reload') window.location.reload();
    else setLocal(next);
  }, [ev, local]);

  const user = account?.user ?? null;
  const guideRead = guideClosed || account?.preferences[UTA_GUIDE_PREF_KEY] === 'Y';
  const view = upgradeView(account?.uta ?? null, user, guideRead, local);

  const start = (): void => {
    setLoading(true);
    const began = Date.now();
    postCall('utaUpgrade', {})
      .then((body) => {
        const code = (body as { code?: unknown } | null)?.code;
        if (code === 0)
          setLocal((s) => ({ ...s, modal: null, processing: true, inverse: false, progress: 0 }));
        else if (code === MARGIN_ERRORS.upgradeInProcess)
          setLocal((s) => ({ ...s, processing: true, modal: { status: 1 } }));
        else setLocal((s) => ({ ...s, modal: { status: 3, code: String(code) } }));
      })
      .catch(() => {
        setLocal((s) => ({ ...s, modal: { status: 3, code: '' } }));
      })
      .finally(() => {
        setTimeout(
          () => {
            setLoading(false);
          },
          Math.max(0, LOADING_MIN_MS - (Date.now() - began)),
        );
      });
  };
  const close = (): void => {
    setLocal((s) => ({ ...s, modal: null }));
  };

  return (
    <>
      {view.entry && (
        <div className="uta-entry" data-testid="uta-entry">
          <p className="uta-entry-tip" data-testid="uta-entry-tip">
            {t('upgrade.entryTip')}
          </p>
          <button
            type="button"
            className="btn btn-small btn-primary"
            data-testid="uta-entry-button"
            onClick={() => {
              setLocal((s) => ({ ...s, modal: { status: 0 } }));
            }}
          >
            {t('upgrade.entry')}
          </button>
        </div>
      )}
      {view.modal?.status === 0 && (
        <ConfirmDialog
          testId="uta-modal"
          title={t('upgrade.title')}
          confirmLabel={loading ? t('upgrade.loading') : t('upgrade.confirm')}
          cancelLabel={t('upgrade.cancel')}
          onConfirm={() => {
            if (!loading) start();
          }}
          onCancel={close}
        >
          <p>{t('upgrade.body')}</p>
        </ConfirmDialog>
      )}
      {view.modal?.status === 1 && (
        <ConfirmDialog
          testId="uta-modal-in-process"
          title={t('upgrade.title')}
          confirmLabel={t('upgrade.close')}
          onConfirm={close}
          onCancel={close}
        >
          <p>{t('upgrade.inProcess')}</p>
        </ConfirmDialog>
      )}
      {view.modal?.status === 3 && (
        <ConfirmDialog
          testId="uta-modal-failed"
          title={t('upgrade.currentOperationFailed')}
          confirmLabel={t('upgrade.close')}
          onConfirm={close}
          onCancel={close}
        >
          <p>
            {view.modal.code === ''
              ? t('upgrade.currentOperationFailed')
              : t('upgrade.failed', { code: view.modal.code })}
          </p>
        </ConfirmDialog>
      )}
      {view.mask !== 'none' && (
        <div
          className="uta-mask"
          role="alertdialog"
          aria-live="polite"
          data-testid={view.mask === 'inverse' ? 'uta-inverse-mask' : 'uta-progress-mask'}
        >
          <div className="uta-mask-box">
            <div className="uta-mask-title">
              {t(view.mask === 'inverse' ? 'upgrade.inverseProgress' : 'upgrade.progress')}
            </div>
            <div className="uta-mask-bar" aria-hidden="true">
              <div className="uta-mask-fill" style={{ width: `${view.progress}%` }} />
            </div>
            <div className="uta-mask-percent" data-testid="uta-mask-percent">
              {view.progress}%
            </div>
          </div>
        </div>
      )}
      {view.guide && (
        <ConfirmDialog
          testId="uta-guide"
          title={t('upgrade.guideTitle')}
          confirmLabel={t('upgrade.guideDone')}
          onConfirm={() => {
            setGuideClosed(true);
            void setPreferences({ [UTA_GUIDE_PREF_KEY]: 'Y' });
          }}
          onCancel={() => {
            setGuideClosed(true);
            void setPreferences({ [UTA_GUIDE_PREF_KEY]: 'Y' });
          }}
        >
          <p>{t('upgrade.guideBody')}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
