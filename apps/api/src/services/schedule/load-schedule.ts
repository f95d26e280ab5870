import type { Interval, OverrideRule, WeeklySchedule } from '@humantime/slot-engine';
import type { Sql } from '../../db/sql.js';

export interface ScheduleSnapshot {
  timezone: string;
  schedule: WeeklySchedule;
  meetingDurations: number[];
  overrides: OverrideRule[];
  busy: Interval[];
}

const HOUR = 3_600_000;
/** UTC offsets run from -12 h to +14 h; bookings last at most 8 h (480 minutes). */
const EARLIEST_OFFSET = 14 * HOUR;
const LATEST_OFFSET = 12 * HOUR;
const MAX_BOOKING = 8 * HOUR;

// One round trip for everything the slot engine needs. The busy window is widened by the
// extreme UTC offsets because the zone is only known once the row is read; the engine
// ignores bookings outside the local range. Results come back as JSON so both drivers
// (PGlite, pg) hand over the same shapes.
const QUERY = `
SELECT json_build_object(
  'timezone', h.timezone,
  'working_days', array_to_json(h.working_days),
  'work_start', h.work_start,
  'work_end', h.work_end,
  'meeting_durations', array_to_json(h.meeting_durations),
  'overrides', COALESCE((
    SELECT json_agg(json_build_object(
      'kind', o.kind, 'start_date', to_char(o.start_date, 'YYYY-MM-DD'), 'end_date', to_char(o.end_date, 'YYYY-MM-DD'),
      'start_time', o.start_time, 'end_time', o.end_time, 'weekdays', array_to_json(o.weekdays)))
      FROM overrides o
     WHERE o.human_id = h.id AND o.start_date <= $3::date AND o.end_date >= $2::date), '[]'::json),
  'busy', COALESCE((
    SELECT json_agg(json_build_array(
      (extract(epoch FROM b.starts_at) * 1000)::float8, (extract(epoch FROM b.ends_at) * 1000)::float8))
      FROM bookings b
     WHERE b.human_id = h.id AND b.status = 'confirmed'
       AND b.starts_at >= $4 AND b.starts_at < $5 AND b.ends_at > $6), '[]'::json)
) AS snapshot
  FROM humans h
 WHERE h.id = $1::uuid AND h.organization_id = $7::uuid AND h.deleted_at IS NULL`;

interface Row {
  timezone: string;
  working_days: number[];
  work_start: string;
  work_end: string;
  meeting_durations: number[];
  overrides: { kind: 'block' | 'open'; start_date: string; end_date: string; start_time: string | null; end_time: string | null; weekdays: number[] | null }[];
  busy: [number, number][];
}

/** The UTC dates that can hold the local date of `instant` in any zone (offsets -12 h..+14 h). */
export function candidateDates(instant: number): { dateFrom: string; dateTo: string } {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { dateFrom: day(instant - LATEST_OFFSET), dateTo: day(instant + EARLIEST_OFFSET) };
}

/**
 * A human's schedule, overrides and confirmed bookings touching local dates
 * [dateFrom, dateTo], scoped to the organization (undefined when not found or deleted).
 * The slots endpoint and the booking check both read through here, so they judge a start
 * on the same data.
 */
export async function loadSchedule(
  sql: Sql,
  organizationId: string,
  humanId: string,
  dateFrom: string,
  dateTo: string,
): Promise<ScheduleSnapshot | undefined> {
  const from = Date.parse(`${dateFrom}T00:00:00Z`) - EARLIEST_OFFSET;
  const to = Date.parse(`${dateTo}T00:00:00Z`) + 24 * HOUR + LATEST_OFFSET;
  const [result] = await sql<{ snapshot: Row | string }>(QUERY, [
    humanId,
    dateFrom,
    dateTo,
    new Date(from - MAX_BOOKING).toISOString(),
    new Date(to).toISOString(),
    new Date(from).toISOString(),
    organizationId,
  ]);
  if (!result) return undefined;
  const row: Row = typeof result.snapshot === 'string' ? JSON.parse(result.snapshot) : result.snapshot;
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
  };
}
