import type { RuleField, WindowDraft } from '../lib/hours-draft.js';
import { newWindow } from '../lib/hours-draft.js';
import { describedBy, Field, type FieldErrors, WeekdayChecks } from './form-fields.js';

/** Each rule's label (with its unit) and the bounds the API holds it to. */
export const RULES: Array<{ field: RuleField; label: string; min: number; max: number }> = [
  { field: 'buffer_before', label: 'Buffer before (minutes)', min: 0, max: 240 },
  { field: 'buffer_after', label: 'Buffer after (minutes)', min: 0, max: 240 },
  { field: 'minimum_notice', label: 'Minimum notice (minutes)', min: 0, max: 43_200 },
  { field: 'booking_horizon_days', label: 'Booking horizon (days)', min: 1, max: 730 },
  { field: 'slot_interval', label: 'Slot interval (minutes)', min: 5, max: 480 },
  { field: 'max_bookings_per_day', label: 'Daily maximum (bookings)', min: 1, max: 100 },
];

export const ruleId = (field: RuleField) => `hours-${field.replace(/_/g, '-')}`;

/** The six scheduling rules: a blank one is off. */
export function RulesFields({
  rules,
  errors,
  onChange,
}: {
  rules: Record<RuleField, string>;
  errors: FieldErrors;
  onChange: (field: RuleField, value: string) => void;
}) {
  return (
    <div className="form-section">
      <h3>Scheduling rules</h3>
      <p className="hint" id="hours-rules-hint">
        Leave a rule blank to turn it off. Buffers keep free time around each booking; slots start every slot interval (blank: every meeting
        length).
      </p>
      <div className="rules-grid">
        {RULES.map(({ field, label, min, max }) => (
          <Field key={field} id={ruleId(field)} label={label} errors={errors}>
            <input
              {...describedBy(ruleId(field), errors)}
              type="number"
              inputMode="numeric"
              min={min}
              max={max}
              step={1}
              placeholder="Off"
              value={rules[field]}
              onChange={(e) => onChange(field, e.target.value)}
            />
          </Field>
        ))}
      </div>
    </div>
  );
}

export const windowId = (window: WindowDraft, part: 'days' | 'start' | 'end') => `preferred-${window.key}-${part}`;

/** Preferred hours: windows of weekdays and times that rank suggestions first. */
export function PreferredHoursFields({
  windows,
  errors,
  onChange,
}: {
  windows: WindowDraft[];
  errors: FieldErrors;
  onChange: (windows: WindowDraft[]) => void;
}) {
  const update = (key: number, change: Partial<WindowDraft>) => onChange(windows.map((w) => (w.key === key ? { ...w, ...change } : w)));
  return (
    <div className="form-section">
      <h3 id="preferred-title">Preferred hours</h3>
      <p className="hint" id="hours-preferred">
        When they would rather meet: suggestions rank these times first. Open slots do not change.
      </p>
      {errors.has('hours-preferred') && <p className="field-error">{errors.get('hours-preferred')}</p>}
      {windows.map((window, i) => (
        <fieldset key={window.key} className="window">
          <legend className="visually-hidden">Preferred hours {i + 1}</legend>
          <WeekdayChecks
            id={windowId(window, 'days')}
            legend="Days"
            value={window.weekdays}
            errors={errors}
            onChange={(weekdays) => update(window.key, { weekdays })}
          />
          <div className="window-times">
            <Field id={windowId(window, 'start')} label="From" errors={errors}>
              <input
                {...describedBy(windowId(window, 'start'), errors)}
                type="time"
                value={window.start}
                onChange={(e) => update(window.key, { start: e.target.value })}
              />
            </Field>
            <Field id={windowId(window, 'end')} label="Until" errors={errors}>
              <input
                {...describedBy(windowId(window, 'end'), errors)}
                type="time"
                value={window.end}
                onChange={(e) => update(window.key, { end: e.target.value })}
              />
            </Field>
            <button
              type="button"
              className="ghost-danger"
              aria-label={`Remove preferred hours ${i + 1}`}
              onClick={() => onChange(windows.filter((w) => w.key !== window.key))}
            >
              Remove
            </button>
          </div>
        </fieldset>
      ))}
      <button type="button" onClick={() => onChange([...windows, newWindow()])}>
        Add preferred hours
      </button>
    </div>
  );
}
