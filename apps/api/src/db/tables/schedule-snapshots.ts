// The schedule snapshot read: everything the slot engine needs of a human, as one JSON value,
// for the standalone read (services/schedule/load-schedule.ts) and the key-lookup statement
// of the slots routes (api-key-lookup.ts).
import { withinStorableYears } from '../../lib/timestamps.js';
import { Params } from '../params.js';
import type { Sql } from '../sql.js';

export const HOUR = 3_600_000;
/** UTC offsets run from -12 h to +14 h; bookings last at most 8 h (480 minutes). */
export const EARLIEST_OFFSET = 14 * HOUR;
export const LATEST_OFFSET = 12 * HOUR;
/** A new booking's buffers reach at most 240 minutes past its own range on either side. */
const MAX_BUFFER = 4 * HOUR;

/**
 * Everything the slot engine needs of the human `h`, as one JSON value, in the statement that
 * embeds it (the standalone read below, and the key-lookup statement of the slots routes).
 * `p` gives SQL expressions (placeholders, or a row's columns) for the local dates and the
 * busy window, each used more than once. The busy window
 * is widened by the extreme UTC offsets because the zone is only known once the row is read,
 * and by the largest buffer; the engine ignores claims that cannot touch the local range.
 * Busy time is read from time_claims (each booking's buffered range and each hold's) through
 * the exclusion constraint's GiST index, with a hold's expiry, so a snapshot can be judged at
 * any later `now` (a cached one too). JSON, so both drivers (PGlite, pg) hand over the same
 * shapes.
 */
export function snapshotJson(p: { dateFrom: string; dateTo: string; busyFrom: string; busyTo: string }): string {
  return `json_build_object(
  'version', h.schedule_version::text,
  'rules_version', h.rules_version::text,
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
  'preferred_hours', h.preferred_hours,
  'has_calendars', EXISTS (SELECT 1 FROM calendars k WHERE k.organization_id = h.organization_id AND k.human_id = h.id),
  'overrides', COALESCE((
    SELECT json_agg(json_build_object(
      'kind', o.kind, 'start_date', to_char(o.start_date, 'YYYY-MM-DD'), 'end_date', to_char(o.end_date, 'YYYY-MM-DD'),
      'start_time', o.start_time, 'end_time', o.end_time, 'weekdays', array_to_json(o.weekdays)))
      FROM overrides o
     WHERE o.organization_id = h.organization_id AND o.human_id = h.id AND o.start_date <= ${p.dateTo}::date AND o.end_date >= ${p.dateFrom}::date), '[]'::json),
  'busy', COALESCE((
    SELECT json_agg(json_build_array(
      (extract(epoch FROM c.starts_at) * 1000)::float8, (extract(epoch FROM c.ends_at) * 1000)::float8,
      (extract(epoch FROM c.expires_at) * 1000)::float8))
      FROM time_claims c
     WHERE c.organization_id = h.organization_id AND c.human_id = h.id
       AND tstzrange(c.starts_at, c.ends_at, '[)') && tstzrange(${p.busyFrom}::timestamptz, ${p.busyTo}::timestamptz, '[)')), '[]'::json),
  'calendar_busy', COALESCE((
    SELECT json_agg(json_build_array((extract(epoch FROM b.starts_at) * 1000)::float8, (extract(epoch FROM b.ends_at) * 1000)::float8))
      FROM calendar_busy b
     WHERE b.organization_id = h.organization_id AND b.human_id = h.id
       AND tstzrange(b.starts_at, b.ends_at, '[)') && tstzrange(${p.busyFrom}::timestamptz, ${p.busyTo}::timestamptz, '[)')), '[]'::json),
  'day_counts', COALESCE((
    SELECT json_object_agg(to_char(d.local_date, 'YYYY-MM-DD'), d.confirmed)
      FROM booking_day_counts d
     WHERE d.organization_id = h.organization_id AND d.human_id = h.id
       AND d.local_date BETWEEN ${p.dateFrom}::date AND ${p.dateTo}::date AND d.confirmed > 0), '{}'::json))`;
}

/** A snapshot as the database sends it (see snapshotJson). */
export interface SnapshotRow {
  version: string;
  rules_version: string;
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
  /** Only ranks suggestions: [{weekdays, start, end}], or null. */
  preferred_hours: { weekdays: number[]; start: string; end: string }[] | null;
  /** Whether the human has a connected calendar (see CALENDAR_HORIZON_DAYS). */
  has_calendars: boolean;
  day_counts: Record<string, number>;
  overrides: {
    kind: 'block' | 'open';
    start_date: string;
    end_date: string;
    start_time: string | null;
    end_time: string | null;
    weekdays: number[] | null;
  }[];
  /** [start, end, expires_at] in epoch ms; expires_at is null for a booking's claim. */
  busy: [number, number, number | null][];
  /** [start, end] in epoch ms: busy time read from the human's own calendars. */
  calendar_busy: [number, number][];
}

/** The busy window a read of local dates [dateFrom, dateTo] must cover (see snapshotJson). */
export function busyWindow(dateFrom: string, dateTo: string): { busyFrom: string; busyTo: string } {
  const from = Date.parse(`${dateFrom}T00:00:00Z`) - EARLIEST_OFFSET;
  const to = Date.parse(`${dateTo}T00:00:00Z`) + 24 * HOUR + LATEST_OFFSET;
  const iso = (ms: number) => new Date(withinStorableYears(ms)).toISOString();
  return { busyFrom: iso(from - MAX_BUFFER), busyTo: iso(to + MAX_BUFFER) };
}

/** UUIDs as a PostgreSQL array literal: both drivers pass a string through unchanged, and
 * the ids are UUIDs (checked by the contract), so nothing in them needs quoting. */
export const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

/** selectSnapshots' statement (exported for the query-plan test, which runs the same text). */
export function snapshotsQuery(
  organizationId: string,
  { humanIds, dateFrom, dateTo }: { humanIds: readonly string[]; dateFrom: string; dateTo: string },
) {
  const { busyFrom, busyTo } = busyWindow(dateFrom, dateTo);
  const p = new Params();
  const ids = p.ref(uuidArray(humanIds), 'uuid[]');
  const window = { dateFrom: p.ref(dateFrom), dateTo: p.ref(dateTo), busyFrom: p.ref(busyFrom), busyTo: p.ref(busyTo) };
  const text = `SELECT h.id::text AS human_id, ${snapshotJson(window)} AS snapshot
       FROM humans h
      WHERE h.id = ANY(${ids}) AND h.organization_id = ${p.ref(organizationId, 'uuid')} AND h.deleted_at IS NULL`;
  return { text, values: p.values };
}

/**
 * Each found human's snapshot (unknown, deleted and other organizations' humans are absent),
 * in one round trip for several humans.
 */
export async function selectSnapshots(
  sql: Sql,
  organizationId: string,
  read: { humanIds: readonly string[]; dateFrom: string; dateTo: string },
) {
  const { text, values } = snapshotsQuery(organizationId, read);
  return sql<{ human_id: string; snapshot: SnapshotRow | string }>(text, values);
}
