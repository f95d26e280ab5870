import { useState, type FormEvent } from 'react';
import type { Availability, Human } from '@humantime/contract';
import { api, call } from '../api/client.js';
import { placeErrors, saidOf, type FieldProblem } from '../lib/field-errors.js';
import { bodyOf, durationsOf, type HoursDraft, type RuleField } from '../lib/hours-draft.js';
import { describedBy, Field, useFieldForm, WeekdayChecks } from './form-fields.js';
import { PreferredHoursFields, ruleId, RULES, RulesFields, windowId } from './hours-rules.js';
import { ErrorNotice } from './states.js';

/** How the API's field names read inside its messages ("must be later than work_start"). */
const NAMES = { work_start: 'the start', work_end: 'the end' };
const WINDOW_NAMES = { start: 'the start', end: 'the end' };
const LABELS: Record<string, string> = { working_days: 'Working days', work_start: 'Start', work_end: 'End' };

/** The week below previews the draft: on a desktop it starts under the fold. */
function showWeek() {
  const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  document.getElementById('week-title')?.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
}

/** Where each path of a refusal is shown, and how it is said there, for the draft that was sent. */
function placing(draft: HoursDraft) {
  const rule = (path: string) => RULES.find((r) => r.field === path);
  const windowOf = (path: string) => {
    const [, index, part] = path.split('.');
    const window = draft.preferred_hours[Number(index)];
    const piece = part === 'start' || part === 'end' ? part : 'days';
    return window && { id: windowId(window, piece), label: piece === 'days' ? 'Days' : piece === 'start' ? 'From' : 'Until' };
  };
  const fieldOf = (path: string): string | undefined => {
    if (path === 'working_days') return 'hours-days';
    if (path === 'work_start' || path === 'work_end') return path === 'work_start' ? 'hours-start' : 'hours-end';
    if (path === 'meeting_durations' || path.startsWith('meeting_durations.')) return 'hours-durations';
    if (path === 'preferred_hours') return 'hours-preferred';
    if (path.startsWith('preferred_hours.')) return windowOf(path)?.id;
    const found = rule(path);
    return found && ruleId(found.field);
  };
  const say = ({ path, message }: FieldProblem): string => {
    if (path.startsWith('meeting_durations.')) {
      return saidOf(`Length “${durationsOf(draft.meeting_durations)[Number(path.split('.')[1])]}”`, message);
    }
    if (path.startsWith('preferred_hours.')) return saidOf(windowOf(path)?.label ?? 'Preferred hours', message, WINDOW_NAMES);
    const label = LABELS[path] ?? rule(path)?.label.replace(/ \(.*\)$/, '') ?? (path === 'meeting_durations' ? 'Meeting lengths' : path);
    return saidOf(label, message, NAMES);
  };
  return { fieldOf, say };
}

/**
 * The weekly hours, meeting lengths, scheduling rules and preferred hours, edited as one
 * draft the page previews in the week below; Save sends it whole (PUT replaces the schedule)
 * and shows each of the API's messages at its field.
 */
export function HoursForm({
  human,
  draft,
  dirty,
  onDraft,
  onSaved,
}: {
  human: Human;
  draft: HoursDraft;
  dirty: boolean;
  onDraft: (draft: HoursDraft | undefined) => void;
  onSaved: (saved: Availability) => void;
}) {
  const { busy, errors, general, form, submit, clear, reset } = useFieldForm();
  const [saved, setSaved] = useState(false);

  /** One field changed: its message goes, the rest stay until the next save. */
  function edit(change: Partial<HoursDraft>, ...ids: string[]) {
    setSaved(false);
    clear(...ids);
    onDraft({ ...draft, ...change });
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    await submit(
      async () => {
        const answer = await call(api.humans.setAvailability({ params: { human_id: human.id }, body: bodyOf(draft) }), 200);
        setSaved(true);
        onSaved(answer);
      },
      (error) => {
        const { fieldOf, say } = placing(draft);
        return placeErrors(error, fieldOf, say);
      },
    );
  }

  function discard() {
    reset();
    onDraft(undefined);
  }

  return (
    <section className="card" aria-labelledby="hours-title">
      <div className="card-head">
        <h2 id="hours-title">Weekly hours</h2>
        {dirty && <span className="badge warn">Unsaved changes</span>}
      </div>
      <form ref={form} onSubmit={(e) => void save(e)} noValidate aria-labelledby="hours-title">
        {general !== undefined && <ErrorNotice error={general} />}
        <WeekdayChecks
          id="hours-days"
          legend="Working days"
          value={draft.working_days}
          errors={errors}
          onChange={(working_days) => edit({ working_days }, 'hours-days')}
        />
        <div className="form-grid">
          <Field id="hours-start" label="Start" errors={errors}>
            <input
              {...describedBy('hours-start', errors, 'hours-times-hint')}
              type="time"
              value={draft.work_start}
              onChange={(e) => edit({ work_start: e.target.value }, 'hours-start', 'hours-end')}
            />
          </Field>
          <Field id="hours-end" label="End" errors={errors}>
            <input
              {...describedBy('hours-end', errors, 'hours-times-hint')}
              type="time"
              value={draft.work_end}
              onChange={(e) => edit({ work_end: e.target.value }, 'hours-start', 'hours-end')}
            />
          </Field>
        </div>
        <p id="hours-times-hint" className="hint times-hint">
          In {human.timezone}, on each working day.
        </p>
        <Field id="hours-durations" label="Meeting lengths (minutes)" errors={errors} hint="Separate them with commas, e.g. 30, 60.">
          <input
            {...describedBy('hours-durations', errors, 'hours-durations-hint')}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={draft.meeting_durations}
            onChange={(e) => edit({ meeting_durations: e.target.value }, 'hours-durations')}
          />
        </Field>
        <RulesFields
          rules={draft.rules}
          errors={errors}
          onChange={(field: RuleField, value) => edit({ rules: { ...draft.rules, [field]: value } }, ruleId(field))}
        />
        <PreferredHoursFields
          windows={draft.preferred_hours}
          errors={errors}
          onChange={(preferred_hours) =>
            edit(
              { preferred_hours },
              'hours-preferred',
              ...draft.preferred_hours.flatMap((w) => [windowId(w, 'days'), windowId(w, 'start'), windowId(w, 'end')]),
            )
          }
        />
        <div className="form-actions">
          <button type="submit" className="primary" disabled={busy || !dirty}>
            {busy && <span className="spinner" aria-hidden="true" />}
            {busy ? 'Saving…' : 'Save hours'}
          </button>
          <button type="button" onClick={discard} disabled={busy || !dirty}>
            Discard changes
          </button>
          {dirty && (
            <button type="button" className="link-button small" onClick={showWeek}>
              See the week
            </button>
          )}
          <span className="small muted" role="status">
            {saved && !dirty ? 'Saved: agents see the new hours now.' : errors.size > 0 ? 'Not saved: see the marked fields.' : ''}
          </span>
        </div>
      </form>
    </section>
  );
}
