import { useEffect, useState } from 'react';
import { MAX_CALENDARS_PER_HUMAN, type Calendar, type Human } from '@humantime/contract';
import { api, call } from '../api/client.js';
import { useAction } from '../api/use-action.js';
import { usePaged } from '../api/use-paged.js';
import { AddCalendarForm } from './add-calendar-form.js';
import { CalendarItem } from './calendar-item.js';
import { busyTimes, calendarHost, labelOf } from './calendar-labels.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { ErrorNotice, Loading } from './states.js';

/** The current time, moved on every half minute, so "Last read 5 minutes ago" stays true. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * A human's own calendars: each with its last read, its problem if any, "Sync now" and
 * "Remove", and a form to add one. `onBusyChanged` is told whenever the busy time that blocks
 * the human's slots may have changed (added, read again, removed).
 */
export function CalendarsCard({ human, onBusyChanged }: { human: Human; onBusyChanged?: () => void }) {
  const list = usePaged(() => call(api.calendars.list({ params: { human_id: human.id } }), 200), `calendars:${human.id}`);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Calendar | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const now = useNow();
  const remove = useAction(async (calendar: Calendar) => {
    await call(api.calendars.delete({ params: { human_id: human.id, calendar_id: calendar.id } }), 204);
    list.remove((c) => c.id === calendar.id);
    setRemoving(null);
    setAnnouncement(`${labelOf(calendar)} was removed.`);
    onBusyChanged?.();
  });
  const loaded = !list.loading || list.items.length > 0;
  const full = list.items.length >= MAX_CALENDARS_PER_HUMAN;
  const formOpen = adding || (loaded && list.error === undefined && list.items.length === 0);

  return (
    <section className="card" aria-labelledby="calendars-title">
      <div className="card-head">
        <div>
          <h2 id="calendars-title">Calendars</h2>
          <p className="small muted" style={{ margin: 0 }}>
            Busy time in {human.name}'s own calendars blocks their slots, like a booking. Each is read again every few minutes.
          </p>
        </div>
        {!formOpen && loaded && list.error === undefined && (
          <button
            type="button"
            className="primary"
            onClick={() => setAdding(true)}
            disabled={full}
            aria-describedby={full ? 'calendars-full' : undefined}
          >
            Add calendar
          </button>
        )}
      </div>
      <span className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </span>
      {list.error !== undefined && <ErrorNotice error={list.error} onRetry={list.reload} />}
      {!loaded && <Loading what="calendars" />}
      {list.items.length > 0 && (
        <ul className="calendar-list" aria-label={`${human.name}'s calendars`}>
          {list.items.map((calendar) => (
            <CalendarItem
              key={calendar.id}
              calendar={calendar}
              now={now}
              onSynced={(next) => {
                list.replace((c) => c.id === next.id, next);
                setAnnouncement(
                  next.status === 'ok'
                    ? `${labelOf(next)} was read: ${busyTimes(next.busy_count)}.`
                    : `${labelOf(next)} could not be read.`,
                );
                onBusyChanged?.();
              }}
              onRemove={() => (remove.clearError(), setRemoving(calendar))}
            />
          ))}
        </ul>
      )}
      {full && (
        <p id="calendars-full" className="small muted calendars-full">
          {human.name} has {MAX_CALENDARS_PER_HUMAN} calendars, the most a human can have: remove one to add another.
        </p>
      )}
      {formOpen && !full && (
        <AddCalendarForm
          human={human}
          first={list.items.length === 0}
          onAdded={(calendar) => {
            setAdding(false);
            setAnnouncement(`${labelOf(calendar)} was added: ${busyTimes(calendar.busy_count)}.`);
            list.reload();
            onBusyChanged?.();
          }}
          onCancel={list.items.length > 0 ? () => setAdding(false) : undefined}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this calendar?"
        confirmLabel="Remove calendar"
        busy={remove.busy}
        error={remove.error}
        onConfirm={() => removing && void remove.run(removing)}
        onCancel={() => setRemoving(null)}
      >
        <p>
          {removing && (
            <>
              <strong>{labelOf(removing)}</strong> (<span className="mono">{calendarHost(removing.url)}</span>)
            </>
          )}{' '}
          stops counting at once: its busy time no longer blocks {human.name}'s slots. The calendar itself is not changed.
        </p>
      </ConfirmDialog>
    </section>
  );
}
