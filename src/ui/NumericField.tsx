import { useId, useMemo } from 'react';
import {
  acceptNumericInput,
  clampDecimal,
  decimalSeparatorOf,
  snapToStep,
  stepValue,
  toDecimal,
  toDisplayInput,
  type StepMultiple,
} from '../lib/decimalInput';

/**
 * A decimal input (spec §5 "Numeric inputs"): typing and pasting go through decimalInput (grouping, locale comma,
 * exponents), decimals are limited to the precision, the value snaps to the step grid and is clamped on blur, and
 * the +/- buttons move one step. The value is canonical ("1234.5"); the field shows it with the locale's separator.
 */
export function NumericField({
  label,
  value,
  onChange,
  precision,
  locale,
  unit,
  min = null,
  max = null,
  multiple = 1,
  start,
  testId,
  disabled = false,
  invalid = false,
  placeholder,
}: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (v: string) => void;
  readonly precision: number;
  readonly locale: string;
  readonly unit?: string;
  readonly min?: string | null;
  readonly max?: string | null;
  readonly multiple?: StepMultiple;
  /**
   * Where the +/- buttons start from on an empty field (e.g. the last price). A function is read at the click, so a
   * live price need not re-render the field.
   */
  readonly start?: string | (() => string | undefined);
  readonly testId: string;
  readonly disabled?: boolean;
  readonly invalid?: boolean;
  readonly placeholder?: string;
}): React.JSX.Element {
  const id = useId();
  const sep = useMemo(() => decimalSeparatorOf(locale), [locale]);
  const step = (direction: 1 | -1): void => {
    const from = typeof start === 'function' ? start() : start;
    onChange(
      stepValue(value, direction, {
        precision,
        multiple,
        min,
        max,
        ...(from === undefined ? {} : { start: from }),
      }),
    );
  };
  return (
    <div className={`num-field${invalid ? ' is-invalid' : ''}`}>
      <label htmlFor={id} className="num-field-label">
        {label}
      </label>
      <div className="num-field-box">
        <input
          id={id}
          className="num-field-input"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          data-testid={testId}
          disabled={disabled}
          placeholder={placeholder}
          aria-invalid={invalid}
          value={toDisplayInput(value, sep)}
          onChange={(e) => {
            const v = acceptNumericInput(e.currentTarget.value, precision, sep);
            if (v !== null) onChange(v);
          }}
          onBlur={() => {
            if (value === '') return;
            const typed = value.endsWith('.') ? value.slice(0, -1) : value;
            const snapped = snapToStep(typed, precision, multiple);
            // A value already on the grid keeps the decimals the trader wrote ("0.001", not "0.001000").
            const next = toDecimal(snapped)?.equals(toDecimal(typed) ?? -1) === true ? typed : snapped;
            onChange(clampDecimal(next, min, max));
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
              e.preventDefault();
              step(e.key === 'ArrowUp' ? 1 : -1);
            }
          }}
        />
        {unit !== undefined && <span className="num-field-unit">{unit}</span>}
        <span className="num-field-steps">
          <button
            type="button"
            className="num-field-step"
            tabIndex={-1}
            aria-label="+"
            disabled={disabled}
            onClick={() => {
              step(1);
            }}
          >
            +
          </button>
          <button
            type="button"
            className="num-field-step"
            tabIndex={-1}
            aria-label="-"
            disabled={disabled}
            onClick={() => {
              step(-1);
            }}
          >
            −
          </button>
        </span>
      </div>
    </div>
  );
}
