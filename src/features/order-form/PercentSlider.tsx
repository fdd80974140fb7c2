import { useTranslation } from 'react-i18next';

const SLIDER_MARKS = [0, 25, 50, 75, 100] as const;

/** The share-of-balance slider with its 0–100 % marks; the marks at or below the value light up. */
export function PercentSlider({
  percent,
  onPick,
}: {
  readonly percent: number;
  readonly onPick: (pct: number) => void;
}): React.JSX.Element {
  const { t } = useTranslation('trade');
  return (
    <div className="pct-slider">
      <input
        type="range"
        min={0}
        max={100}
        step={1}
        value={percent}
        aria-label={t('field.percent')}
        data-testid="pct-slider"
        onChange={(e) => {
          onPick(Number(e.currentTarget.value));
        }}
      />
      <div className="pct-marks">
        {SLIDER_MARKS.map((m) => (
          <button
            key={m}
            type="button"
            className={`pct-mark${percent >= m ? ' is-on' : ''}`}
            data-testid={`pct-${m}`}
            onClick={() => {
              onPick(m);
            }}
          >
            {m}%
          </button>
        ))}
      </div>
    </div>
  );
}
