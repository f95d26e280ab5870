import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { FormErrors } from '../lib/field-errors.js';
import { weekdayName } from '../lib/format.js';

/** Field id → the API's message for it, shown under the field. */
export type FieldErrors = ReadonlyMap<string, string>;

/** What ties a control to its message and hint: aria-invalid and aria-describedby. */
export function describedBy(id: string, errors: FieldErrors, hintId?: string) {
  const ids = [errors.has(id) ? `${id}-error` : '', hintId ?? ''].filter(Boolean).join(' ');
  return { id, 'aria-invalid': errors.has(id) || undefined, 'aria-describedby': ids || undefined };
}

export function FieldError({ id, errors }: { id: string; errors: FieldErrors }) {
  const message = errors.get(id);
  return message === undefined ? null : (
    <p id={`${id}-error`} className="field-error">
      {message}
    </p>
  );
}

/** A labelled input with its message and hint; `input` gets the ids from describedBy. */
export function Field({
  id,
  label,
  errors,
  hint,
  className = 'field',
  children,
}: {
  id: string;
  label: ReactNode;
  errors: FieldErrors;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`${className}${errors.has(id) ? ' invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      <FieldError id={id} errors={errors} />
      {hint !== undefined && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
    </div>
  );
}

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

/**
 * Seven checkboxes in a fieldset named by its legend; each reads as the whole day's name
 * ("Monday") while showing three letters, so the row fits a phone.
 */
export function WeekdayChecks({
  id,
  legend,
  value,
  errors,
  onChange,
  hideLegend = false,
}: {
  id: string;
  legend: string;
  value: number[];
  errors: FieldErrors;
  onChange: (days: number[]) => void;
  hideLegend?: boolean;
}) {
  const toggle = (day: number, on: boolean) => onChange(on ? [...value, day].sort((a, b) => a - b) : value.filter((d) => d !== day));
  return (
    <fieldset className={`fieldset${errors.has(id) ? ' invalid' : ''}`} aria-describedby={errors.has(id) ? `${id}-error` : undefined}>
      <legend className={hideLegend ? 'visually-hidden' : undefined}>{legend}</legend>
      <div className="weekday-checks">
        {WEEKDAYS.map((day) => (
          <label key={day} className="weekday" htmlFor={`${id}-${day}`}>
            <input id={`${id}-${day}`} type="checkbox" checked={value.includes(day)} onChange={(e) => toggle(day, e.target.checked)} />
            <span aria-hidden="true">{weekdayName(day).slice(0, 3)}</span>
            <span className="visually-hidden">{weekdayName(day)}</span>
          </label>
        ))}
      </div>
      <FieldError id={id} errors={errors} />
    </fieldset>
  );
}

/** After a refused save: focus the first control marked invalid, so its message is read out. */
export function focusFirstInvalid(form: HTMLElement | null) {
  const first = form?.querySelector<HTMLElement>('.invalid input, .invalid select, .invalid textarea');
  first?.focus();
}

/**
 * A form that shows the API's refusals where they belong: `submit` runs a save; a refusal is
 * placed at the fields by `place` (focus then moves to the first marked field, so its message
 * is read out) and whatever names no field becomes one notice (`general`).
 */
export function useFieldForm() {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>(new Map());
  const [general, setGeneral] = useState<unknown>(undefined);
  const form = useRef<HTMLFormElement>(null);
  const refused = useRef(false);

  useEffect(() => {
    if (!refused.current) return;
    refused.current = false;
    focusFirstInvalid(form.current);
  }, [errors]);

  async function submit(send: () => Promise<void>, place: (error: unknown) => FormErrors) {
    setBusy(true);
    setGeneral(undefined);
    try {
      await send();
      setErrors(new Map());
    } catch (error) {
      const placed = place(error);
      refused.current = placed.fields.size > 0;
      setErrors(placed.fields);
      setGeneral(placed.general);
    } finally {
      setBusy(false);
    }
  }

  /** Fields edited: their messages go, the rest stay until the next save. */
  function clear(...ids: string[]) {
    if (ids.some((id) => errors.has(id))) setErrors(new Map([...errors].filter(([id]) => !ids.includes(id))));
  }

  function reset() {
    setErrors(new Map());
    setGeneral(undefined);
  }

  return { busy, errors, general, form, submit, clear, reset };
}
