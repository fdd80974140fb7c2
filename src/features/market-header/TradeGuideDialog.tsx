import { useSetAtom } from 'jotai';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetPreferences } from '../../session/useAccount';
import { Icon } from '../../ui/Icon';
import { GUIDE_PREF_KEY } from './guide';
import { tradeGuideAtom } from './state';
import './trade-guide.css';

const STEPS = [
  { title: 'guide.step1Title', body: 'guide.step1Body' },
  { title: 'guide.step2Title', body: 'guide.step2Body' },
  { title: 'guide.step3Title', body: 'guide.step3Body' },
] as const;

/**
 * The first-time trade guide: three steps with Next, Done and Close; finishing or closing saves "readed" locally and,
 * for a logged-in user, on the server (spec §4).
 */
export function TradeGuideDialog({
  loggedIn,
  onClose,
}: {
  readonly loggedIn: boolean;
  readonly onClose: () => void;
}): React.JSX.Element {
  const { t } = useTranslation('header');
  const setGuide = useSetAtom(tradeGuideAtom);
  const setPreferences = useSetPreferences();
  const [step, setStep] = useState(0);
  const dialogRef = useRef<HTMLDivElement>(null);
  const current = STEPS[step] ?? STEPS[0];
  const last = step === STEPS.length - 1;

  // Focused before the first paint: Escape pressed as soon as the dialog shows must reach it (useEffect runs after
  // paint, which on a busy main thread left a visible dialog without focus and deaf to Escape).
  useLayoutEffect(() => {
    dialogRef.current?.focus();
  }, []);

  const finish = (): void => {
    setGuide('readed');
    if (loggedIn) {
      void setPreferences({ [GUIDE_PREF_KEY]: 'readed' });
    }
    onClose();
  };

  return (
    <div
      className="modal-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) finish();
      }}
    >
      <div
        className="modal trade-guide"
        role="dialog"
        aria-modal="true"
        aria-labelledby="trade-guide-title"
        tabIndex={-1}
        ref={dialogRef}
        data-testid="trade-guide"
        onKeyDown={(e) => {
          if (e.key === 'Escape') finish();
        }}
      >
        <header className="modal-head">
          <h2 id="trade-guide-title">{t('guide.title')}</h2>
          <button type="button" className="icon-btn" aria-label={t('guide.close')} onClick={finish}>
            <Icon name="close" />
          </button>
        </header>
        <p className="muted">{t('guide.step', { n: step + 1, total: STEPS.length })}</p>
        <h3>{t(current.title)}</h3>
        <p>{t(current.body)}</p>
        <footer className="modal-foot">
          <button type="button" className="btn" onClick={finish}>
            {t('guide.close')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              if (last) finish();
              else setStep((s) => s + 1);
            }}
          >
            {last ? t('guide.done') : t('guide.next')}
          </button>
        </footer>
      </div>
    </div>
  );
}
