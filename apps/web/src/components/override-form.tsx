import { useState, type FormEvent } from 'react';
import type { CreateOverrideBody, Human, Override, OverrideKind } from '@humantime/contract';
import { api, call } from '../api/client.js';
import { placeErrors, saidOf, type FieldProblem } from '../lib/field-errors.js';
import { describedBy, Field, useFieldForm } from './form-fields.js';
import { ErrorNotice } from './states.js';

/** Each body field's control and label; weekdays are not offered here, so their message stays general. */
const FIELDS: Record<string, { id: string; label: string }> = {
  kind: { id: 'override-kind', label: 'Kind' },
  start_date: { id: 'override-start-date', label: 'First day' },
  end_date: { id: 'override-end-date', label: 'Last day' },
  start_time: { id: 'override-start-time', label: 'Start time' },
  end_time: { id: 'override-end-time', label: 'End time' },
  reason: { id: 'override-reason', label: 'Reason' },
};
const NAMES = { start_date: 'the first day', end_date: 'the last day', start_time: 'the start time', end_time: 'the end time' };
const KIND_WORDS: Record<OverrideKind, string> = { block: 'Time off', open: 'Extra hours' };

const EMPTY = { start_date: '', end_date: '', start_time: '', end_time: '', reason: '' };
type Values = typeof EMPTY;

/** The body as typed: blank optional fields are left out; the API judges the rest. */
function bodyOf(kind: OverrideKind, values: Values): CreateOverrideBody {
  const body: CreateOverrideBody = { kind, start_date: values.start_date };
  for (const key of ['end_date', 'start_time', 'end_time', 'reason'] as const) {
    if (values[key].trim() !== '') body[key] = values[key];
  }
  return body;
}

/** Time off (a block) or extra hours (open), from a date range with optional times and a reason. */
export function OverrideForm({ human, onAdded }: { human: Human; onAdded: (override: Override) => void }) {
  const [kind, setKind] = useState<OverrideKind>('block');
  const [values, setValues] = useState<Values>(EMPTY);
  const { busy, errors, general, form, submit, clear } = useFieldForm();
  const [added, setAdded] = useState<string>('');

  function set(key: keyof Values, value: string) {
    setAdded('');
    setValues((v) => ({ ...v, [key]: value }));
    clear(FIELDS[key]!.id);
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    await submit(
      async () => {
        const override = await call(api.humans.createOverride({ params: { human_id: human.id }, body: bodyOf(kind, values) }), 201);
        setValues(EMPTY);
        setAdded(`${KIND_WORDS[kind]} added.`);
        onAdded(override);
      },
      (error) =>
        placeErrors(
          error,
          (path) => FIELDS[path]?.id,
          ({ path, message }: FieldProblem) => saidOf(FIELDS[path]!.label, message, NAMES),
        ),
    );
  }

  const input = (key: keyof Values, type: string, hintId?: string) => (
    <input
      {...describedBy(FIELDS[key]!.id, errors, hintId)}
      type={type}
      value={values[key]}
      onChange={(e) => set(key, e.target.value)}
      {...(type === 'text' ? { maxLength: 200, autoComplete: 'off' } : {})}
    />
  );

  return (
    <form ref={form} className="override-form" onSubmit={(e) => void add(e)} noValidate aria-labelledby="override-form-title">
      <h3 id="override-form-title">Add time off or extra hours</h3>
      {general !== undefined && <ErrorNotice error={general} />}
      <fieldset className={`fieldset${errors.has('override-kind') ? ' invalid' : ''}`}>
        <legend className="visually-hidden">Kind</legend>
        <div className="choices">
          {(['block', 'open'] as const).map((k) => (
            <label key={k} className="choice" htmlFor={`override-kind-${k}`}>
              <input id={`override-kind-${k}`} type="radio" name="override-kind" checked={kind === k} onChange={() => setKind(k)} />
              {KIND_WORDS[k]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="form-grid">
        <Field id="override-start-date" label="First day" errors={errors}>
          {input('start_date', 'date')}
        </Field>
        <Field
          id="override-end-date"
          label={
            <>
              Last day <span className="muted small">(optional)</span>
            </>
          }
          errors={errors}
        >
          {input('end_date', 'date')}
        </Field>
        <Field id="override-start-time" label="Start time" errors={errors}>
          {input('start_time', 'time', 'override-times-hint')}
        </Field>
        <Field id="override-end-time" label="End time" errors={errors}>
          {input('end_time', 'time', 'override-times-hint')}
        </Field>
      </div>
      <p id="override-times-hint" className="hint times-hint">
        In {human.timezone}. {kind === 'block' ? 'Leave both times blank for whole days off.' : 'Extra hours need both times.'}
      </p>
      <Field
        id="override-reason"
        label={
          <>
            Reason <span className="muted small">(optional)</span>
          </>
        }
        errors={errors}
      >
        {input('reason', 'text')}
      </Field>
      <div className="form-actions">
        <button type="submit" className="primary" disabled={busy}>
          {busy && <span className="spinner" aria-hidden="true" />}
          {busy ? 'Adding…' : kind === 'block' ? 'Add time off' : 'Add extra hours'}
        </button>
        <span className="small muted" role="status">
          {added}
        </span>
      </div>
    </form>
  );
}
