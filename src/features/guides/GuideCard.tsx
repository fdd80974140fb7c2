import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { preferencesAtom } from '../../session/account';
import { useSetPreferences } from '../../session/useAccount';
import { GUIDE_KEYS, guideStateOf, guideSteps, moveGuide, type GuideId } from './guides';
import './guides.css';

/**
 * One guide as an inline card (never over the form it explains): its current step, a step counter and next / done /
 * close. The state is the server preference; a press writes it through the hub, so every tab and device follows.
 */
export function GuideCard({
  id,
  side,
}: {
  readonly id: GuideId;
  readonly side: 'Buy' | 'Sell';
}): React.JSX.Element | null {
  const { t } = useTranslation('guides');
  const prefs = useAtomValue(preferencesAtom);
  const write = useSetPreferences();
  const [step, setStep] = useState(0);
  const [closed, setClosed] = useState(false);
  // The steps as they were when the guide opened: a 'next' writes the steps left, which must not renumber this run.
  const [opened, setOpened] = useState<readonly string[] | null>(null);
  if (prefs === null || closed) return null;
  const state = guideStateOf(id, prefs[GUIDE_KEYS[id]]);
  const steps = opened ?? guideSteps(id, state, side);
  const at = step;
  const key = steps[at];
  if (key === undefined) return null;
  const last = at + 1 >= steps.length;
  const press = (button: 'next' | 'done' | 'close'): void => {
    const move = moveGuide(id, steps, at, button);
    setOpened(steps);
    if (move.step === null) setClosed(true);
    else setStep(move.step);
    if (move.write !== null) void write(move.write);
  };
  const title = t(`${id}.title`);
  return (
    <section className="guide-card" data-testid={`guide-${id}`} data-step={key} aria-label={title}>
      <header className="guide-head">
        <strong>{title}</strong>
        <span className="guide-count" data-testid="guide-count">
          {t('common.count', { n: at + 1, total: steps.length })}
        </span>
        <button
          type="button"
          className="guide-close"
          aria-label={t('common.close')}
          data-testid="guide-close"
          onClick={() => {
            press('close');
          }}
        >
          ×
        </button>
      </header>
      <h4 className="guide-step-title">{t(`${id}.${key}.title` as 'oco.buy1.title')}</h4>
      <p className="guide-step-text">{t(`${id}.${key}.text` as 'oco.buy1.text')}</p>
      <div className="guide-actions">
        <button
          type="button"
          className="btn btn-primary"
          data-testid={last ? 'guide-done' : 'guide-next'}
          onClick={() => {
            press(last ? 'done' : 'next');
          }}
        >
          {last ? t('common.done') : t('common.next')}
        </button>
      </div>
    </section>
  );
}
