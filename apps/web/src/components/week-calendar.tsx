import { useMemo, useState } from 'react';
import type { Booking, Human, Override, SetAvailabilityBody, Slot } from '@humantime/contract';
import { addDays } from '@humantime/slot-engine';
import { api, call } from '../api/client.js';
import { useLoad } from '../api/use-load.js';
import { formatNumber, formatTime, viewerZone, zoneAbbreviation } from '../lib/format.js';
import { previewSlots } from '../lib/preview.js';
import { Link } from '../lib/router.js';
import { byLocalDate, isoWeekday, localDate, mondayOf, weekDates } from '../lib/week.js';
import { ErrorNotice, Loading } from './states.js';

/** The legend's sample chip, written as the chips themselves are (formatTime). */
const SAMPLE_TIME = formatTime('2026-01-05T09:00:00Z', 'UTC');

const dayLabel = (date: string) =>
  new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );

type DayItem = { kind: 'slot'; at: string } | { kind: 'booking'; at: string; booking: Booking };

/** A day's slots and bookings in one list, in time order (UTC strings sort as instants). */
function dayItems(slots: Slot[], bookings: Booking[]): DayItem[] {
  const items: DayItem[] = [
    ...slots.map((s) => ({ kind: 'slot' as const, at: s.starts_at })),
    ...bookings.map((b) => ({ kind: 'booking' as const, at: b.starts_at, booking: b })),
  ];
  return items.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/** Hours not saved yet: previewed when the API would take them, else said to be unpreviewable. */
export type WeekDraft = { hours: SetAvailabilityBody; overrides: Override[] } | 'invalid' | undefined;

/**
 * A week of open slots and confirmed bookings, laid out by the human's local dates and
 * times; the viewer's own time is in each item's tooltip when the zones differ. A new
 * `refresh` loads the week again (saved hours, an override, a calendar's busy time). With a
 * `draft`, the slots are the slot engine's for those hours over the week the API sent.
 */
export function WeekCalendar({ human, refresh = 0, draft }: { human: Human; refresh?: number; draft?: WeekDraft }) {
  const zone = human.timezone;
  const thisWeek = mondayOf(localDate(new Date().toISOString(), zone));
  const [weekStart, setWeekStart] = useState(thisWeek);
  const preview = typeof draft === 'object' ? draft : undefined;
  const rules = preview?.hours ?? human.availability_rules;
  const durations = rules.meeting_durations.slice().sort((a, b) => a - b);
  const [chosen, setDuration] = useState(durations[0] ?? 30);
  const duration = durations.includes(chosen) ? chosen : (durations[0] ?? 30);
  // A length only the draft has is not the saved human's yet: the API's week then uses its default.
  const asked = human.availability_rules.meeting_durations.includes(duration) ? duration : undefined;
  const load = useLoad(
    () =>
      call(
        api.humans.getWeek({ params: { human_id: human.id }, query: { week_start: weekStart, ...(asked ? { duration: asked } : {}) } }),
        200,
      ),
    `${human.id}:${weekStart}:${asked}:${refresh}`,
  );
  const dates = weekDates(weekStart);
  const viewer = viewerZone();
  const sameZone = viewer === zone;
  const week = load.data;
  const weekSlots = useMemo(
    () =>
      week && preview
        ? previewSlots({ timezone: zone, hours: preview.hours, overrides: preview.overrides, week, duration, now: Date.now() })
        : week?.slots,
    [week, preview, zone, duration],
  );
  const slots = weekSlots ? byLocalDate(weekSlots, (s) => s.starts_at, dates, zone) : undefined;
  const bookings = week ? byLocalDate(week.bookings, (b) => b.starts_at, dates, zone) : undefined;
  const tip = (iso: string) => (sameZone ? undefined : `${formatTime(iso)} your time (${zoneAbbreviation(iso, viewer)})`);

  return (
    <section className="card" aria-labelledby="week-title">
      <div className="week-nav">
        <div>
          <div className="row">
            <h2 id="week-title" style={{ margin: 0 }}>
              Week of {dayLabel(weekStart)}
            </h2>
            {preview && <span className="badge warn">Preview</span>}
          </div>
          <p className="small muted" style={{ margin: 0 }}>
            Times in {zone}
            {sameZone ? ' (also your time zone)' : `; you are in ${viewer}`}
          </p>
        </div>
        <div className="row">
          <label className="visually-hidden" htmlFor="week-duration">
            Meeting length
          </label>
          <select id="week-duration" value={duration} onChange={(e) => setDuration(Number(e.target.value))} style={{ width: 'auto' }}>
            {durations.map((d) => (
              <option key={d} value={d}>
                {d}-minute slots
              </option>
            ))}
          </select>
          <button type="button" onClick={() => setWeekStart(addDays(weekStart, -7))} aria-label="Previous week">
            ←
          </button>
          <button type="button" onClick={() => setWeekStart(thisWeek)} disabled={weekStart === thisWeek}>
            This week
          </button>
          <button type="button" onClick={() => setWeekStart(addDays(weekStart, 7))} aria-label="Next week">
            →
          </button>
        </div>
      </div>
      {preview && <p className="notice warn small">Previewing the unsaved hours: agents see these slots once you save them.</p>}
      {draft === 'invalid' && (
        <p className="notice info small">Showing the saved hours: the edited ones can't be previewed yet. Save says what to change.</p>
      )}
      <div className="legend muted" style={{ marginBottom: '0.75rem' }}>
        <span>
          <span className="chip slot">{SAMPLE_TIME}</span> open slot
        </span>
        <span>
          <span className="chip booking">{SAMPLE_TIME}</span> booking
        </span>
        {weekSlots && (
          <span role="status" data-testid="week-count">
            {formatNumber(weekSlots.length)} open {weekSlots.length === 1 ? 'slot' : 'slots'} this week
          </span>
        )}
      </div>
      {load.error !== undefined && <ErrorNotice error={load.error} onRetry={load.reload} />}
      {load.loading && !week && <Loading what="the week" />}
      {slots && bookings && (
        <div className="week" aria-busy={load.loading}>
          {dates.map((date) => {
            const daySlots = slots.get(date) ?? [];
            const dayBookings = bookings.get(date) ?? [];
            const working = rules.working_days.includes(isoWeekday(date));
            return (
              <div key={date} className={`day${working ? '' : ' off'}`} aria-label={dayLabel(date)} role="group">
                <h3>{dayLabel(date)}</h3>
                {daySlots.length === 0 && dayBookings.length === 0 && <p className="small muted">{working ? 'Nothing open' : 'Day off'}</p>}
                <ul>
                  {dayItems(daySlots, dayBookings).map((item) =>
                    item.kind === 'booking' ? (
                      <li key={item.booking.id} className="chip booking" title={tip(item.at)}>
                        <Link to={`/bookings/${item.booking.id}`}>
                          {formatTime(item.at, zone)} {item.booking.attendee_name}
                        </Link>
                      </li>
                    ) : (
                      <li key={item.at} className="chip slot" title={tip(item.at)}>
                        {formatTime(item.at, zone)}
                      </li>
                    ),
                  )}
                </ul>
              </div>
            );
          })}
        </div>
      )}
    </section>
  );
}
