import type { DailyBookingCounts, Interval, OverrideRule, SchedulingRules, WeeklySchedule } from '@humantime/slot-engine';
import type { Sql } from '../../db/sql.js';

export interface ScheduleSnapshot {
  timezone: string;
  schedule: WeeklySchedule;
  meetingDurations: number[];
  overrides: OverrideRule[];
  /** Each confirmed booking's own buffered range (its time claim). */
  busy: Interval[];
  rules: SchedulingRules;
  /** Confirmed bookings per local date, from the counters the database enforces. */
  bookingsPerDay: DailyBookingCounts;
}

const HOUR = 3_600_000;
/** UTC offsets run from -12 h to +14 h; bookings last at most 8 h (480 minutes). */
const EARLIEST_OFFSET = 14 * HOUR;
const LATEST_OFFSET = 12 * HOUR;
/** A new booking's buffers reach at most 240 minutes past its own range on either side. */
const MAX_BUFFER = 4 * HOUR;

// One round trip for everything the slot engine needs. The busy window is widened by the
// extreme UTC offsets because the zone is only known once the row is read, and by the
// largest buffer; the engine ignores claims that cannot touch the local range. Busy time is
// read from time_claims (each booking's buffered range) through the exclusion constraint's
// GiST index; a hold's claim counts until its expires_at (by the service's clock), whether or
// not anyone has deleted it yet. Several humans are read in the same single statement.
// Results come back as JSON so both drivers (PGlite, pg) hand over the same shapes.
const QUERY = `
SELECT h.id::text AS human_id, json_build_object(
  'timezone', h.timezone,
  'working_days', array_to_json(h.working_days),
  'work_start', h.work_start,
  'work_end', h.work_end,
  'meeting_durations', array_to_json(h.meeting_durations),
  'buffer_before', h.buffer_before,
  'buffer_after', h.buffer_after,
  'minimum_notice', h.minimum_notice,
  'booking_horizon_days', h.booking_horizon_days,
  'slot_interval', h.slot_interval,
  'max_bookings_per_day', h.max_bookings_per_day,
  'overrides', COALESCE((
    SELECT json_agg(json_build_object(
      'kind', o.kind, 'start_date', to_char(o.start_date, 'YYYY-MM-DD'), 'end_date', to_char(o.end_date, 'YYYY-MM-DD'),
      'start_time', o.start_time, 'end_time', o.end_time, 'weekdays', array_to_json(o.weekdays)))
      FROM overrides o
     WHERE o.human_id = h.id AND o.start_date <= $3::date AND o.end_date >= $2::date), '[]'::json),
  'busy', COALESCE((
    SELECT json_agg(json_build_array(
      (extract(epoch FROM c.starts_at) * 1000)::float8, (extract(epoch FROM c.ends_at) * 1000)::float8))
      FROM time_claims c
     WHERE c.organization_id = h.organization_id AND c.human_id = h.id
       AND tstzrange(c.starts_at, c.ends_at, '[)') && tstzrange($4::timestamptz, $5::timestamptz, '[)')
       AND (c.expires_at IS NULL OR c.expires_at > $7::timestamptz)), '[]'::json),
  'day_counts', COALESCE((
    SELECT json_object_agg(to_char(d.local_date, 'YYYY-MM-DD'), d.confirmed)
      FROM booking_day_counts d
     WHERE d.organization_id = h.organization_id AND d.human_id = h.id
       AND d.local_date BETWEEN $2::date AND $3::date AND d.confirmed > 0), '{}'::json)
) AS snapshot
  FROM humans h
 WHERE h.id = ANY($1::uuid[]) AND h.organization_id = $6::uuid AND h.deleted_at IS NULL`;

interface Row {
  timezone: string;
  working_days: number[];
  work_start: string;
  work_end: string;
  meeting_durations: number[];
  buffer_before: number | null;
  buffer_after: number | null;
  minimum_notice: number | null;
  booking_horizon_days: number | null;
  slot_interval: number | null;
  max_bookings_per_day: number | null;
  day_counts: Record<string, number>;
  overrides: { kind: 'block' | 'open'; start_date: string; end_date: string; start_time: string | null; end_time: string | null; weekdays: number[] | null }[];
  busy: [number, number][];
}

/** The UTC dates that can hold the local date of `instant` in any zone (offsets -12 h..+14 h). */
export function candidateDates(instant: number): { dateFrom: string; dateTo: string } {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { dateFrom: day(instant - LATEST_OFFSET), dateTo: day(instant + EARLIEST_OFFSET) };
}

/**
 * A human's schedule, overrides, confirmed bookings and live holds touching local dates
 * [dateFrom, dateTo], scoped to the organization (undefined when not found or deleted).
 * The slots endpoint and the booking check both read through here, so they judge a start
 * on the same data. `now` decides which holds are still live.
 */
export async function loadSchedule(
  sql: Sql,
  organizationId: string,
  humanId: string,
  dateFrom: string,
  dateTo: string,
  now: Date,
): Promise<ScheduleSnapshot | undefined> {
  return (await loadSchedules(sql, organizationId, [humanId], dateFrom, dateTo, now)).get(humanId);
}

/**
 * loadSchedule for several humans in one statement (one round trip however many), keyed by
 * human id; a human that is unknown, deleted or of another organization is absent.
 */
export async function loadSchedules(
  sql: Sql,
  organizationId: string,
  humanIds: readonly string[],
  dateFrom: string,
  dateTo: string,
  now: Date,
): Promise<Map<string, ScheduleSnapshot>> {
  const from = Date.parse(`${dateFrom}T00:00:00Z`) - EARLIEST_OFFSET;
  const to = Date.parse(`${dateTo}T00:00:00Z`) + 24 * HOUR + LATEST_OFFSET;
  const rows = await sql<{ human_id: string; snapshot: Row | string }>(QUERY, [
    // An array literal: both drivers pass a string through unchanged, and the ids are UUIDs
    // (checked by the contract), so nothing in them needs quoting.
    `{${humanIds.join(',')}}`,
    dateFrom,
    dateTo,
    new Date(from - MAX_BUFFER).toISOString(),
    new Date(to + MAX_BUFFER).toISOString(),
    organizationId,
    now.toISOString(),
  ]);
  return new Map(rows.map((r) => [r.human_id, snapshotOf(typeof r.snapshot === 'string' ? JSON.parse(r.snapshot) : r.snapshot)]));
}

function snapshotOf(row: Row): ScheduleSnapshot {
  return {
    timezone: row.timezone,
    schedule: { workingDays: row.working_days, workStart: row.work_start, workEnd: row.work_end },
    meetingDurations: row.meeting_durations,
    overrides: row.overrides.map((o) => ({
      kind: o.kind,
      startDate: o.start_date,
      endDate: o.end_date,
      startTime: o.start_time,
      endTime: o.end_time,
      weekdays: o.weekdays && o.weekdays.length > 0 ? o.weekdays : null,
    })),
    busy: row.busy.map(([start, end]) => ({ start, end })),
    rules: schedulingRules(row),
    bookingsPerDay: row.day_counts,
  };
}

/** The rules that are on; an absent key is a rule that is off. */
function schedulingRules(row: Row): SchedulingRules {
  const rules: SchedulingRules = {};
  if (row.buffer_before !== null) rules.bufferBefore = row.buffer_before;
  if (row.buffer_after !== null) rules.bufferAfter = row.buffer_after;
  if (row.minimum_notice !== null) rules.minimumNotice = row.minimum_notice;
  if (row.booking_horizon_days !== null) rules.bookingHorizonDays = row.booking_horizon_days;
  if (row.slot_interval !== null) rules.slotInterval = row.slot_interval;
  if (row.max_bookings_per_day !== null) rules.maxBookingsPerDay = row.max_bookings_per_day;
  return rules;
}
