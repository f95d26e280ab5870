import type { DailyBookingCounts, Interval, OverrideRule, PreferredHours, SchedulingRules, WeeklySchedule } from '@humantime/slot-engine';
import { bufferedRange, overrideRuleOf } from '@humantime/slot-engine';
import type { Sql } from '../../db/sql.js';
import { withinStorableYears } from '../../lib/timestamps.js';
import { EARLIEST_OFFSET, LATEST_OFFSET, selectSnapshots, type SnapshotRow } from '../../db/tables/schedule-snapshots.js';
import { CALENDAR_HORIZON_DAYS } from '../calendars/calendar-horizon.js';

export interface ScheduleSnapshot {
  timezone: string;
  schedule: WeeklySchedule;
  meetingDurations: number[];
  overrides: OverrideRule[];
  /**
   * Each confirmed booking's own buffered range (its time claim), live holds, and calendar busy
   * time, buffered as a booking is (the human's buffers around it).
   */
  busy: Interval[];
  /** The part of `busy` read from the human's own calendars, buffered (a refusal there says so). */
  calendarBusy: Interval[];
  rules: SchedulingRules;
  /** Confirmed bookings per local date, from the counters the database enforces. */
  bookingsPerDay: DailyBookingCounts;
  /** When the human would rather meet (ranks suggestions only); null = no preference. */
  preferredHours: PreferredHours[] | null;
}

/** Which humans' schedules, over which local dates. */
export interface SchedulesRequest {
  humanIds: readonly string[];
  dateFrom: string;
  dateTo: string;
}

/** The UTC dates that can hold the local date of `instant` in any zone (offsets -12 h..+14 h). */
export function candidateDates(instant: number): { dateFrom: string; dateTo: string } {
  const day = (ms: number) => new Date(withinStorableYears(ms)).toISOString().slice(0, 10);
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
  { humanId, dateFrom, dateTo }: { humanId: string; dateFrom: string; dateTo: string },
  now: Date,
): Promise<ScheduleSnapshot | undefined> {
  return (await loadSchedules(sql, organizationId, { humanIds: [humanId], dateFrom, dateTo }, now)).get(humanId);
}

/**
 * loadSchedule for several humans in one statement (one round trip however many), keyed by
 * human id; a human that is unknown, deleted or of another organization is absent.
 */
export async function loadSchedules(
  sql: Sql,
  organizationId: string,
  request: SchedulesRequest,
  now: Date,
): Promise<Map<string, ScheduleSnapshot>> {
  const found = await loadTimedSchedules(sql, organizationId, request);
  return new Map([...found].map(([id, snapshot]) => [id, snapshot.at(now)]));
}

/** loadSchedules before choosing a `now`: snapshots that can be judged at any time (and cached). */
export async function loadTimedSchedules(sql: Sql, organizationId: string, request: SchedulesRequest): Promise<Map<string, TimedSnapshot>> {
  const rows = await selectSnapshots(sql, organizationId, request);
  return new Map(rows.map((r) => [r.human_id, readSnapshot(r.snapshot)]));
}

/**
 * A snapshot as read, good for judging at any `now`: a hold's claim counts until its
 * expires_at, whether or not anyone has deleted it yet.
 */
export interface TimedSnapshot {
  /** The human's schedule_version the snapshot was read at. */
  version: string;
  /**
   * The human's rules_version it was read at: what the atomic booking statement checks when a
   * booking is judged on this snapshot kept from an earlier request (see book-one-atomically.ts).
   */
  rulesVersion: string;
  at(now: Date): ScheduleSnapshot;
  /**
   * Whether any hold's claim (live or expired, not yet deleted) touched the read's window. A
   * booking judged on a remembered snapshot without one skips deleting expired holds (see
   * book-one-atomically.ts).
   */
  hasHolds: boolean;
  /** Epoch ms when `at` next changes after `now`: the next live hold's expiry (Infinity: never). */
  changesAfter(now: Date): number;
}

/** Parses a snapshotJson value (pg hands JSON over parsed; PGlite too, but be lenient). */
export function readSnapshot(raw: SnapshotRow | string): TimedSnapshot {
  const row = typeof raw === 'string' ? (JSON.parse(raw) as SnapshotRow) : raw;
  const rules = schedulingRules(row);
  // Busy time of the human's own calendars blocks exactly as a confirmed booking does, buffers
  // included: its range widened by the human's buffers, as a booking's claim is.
  const calendarBusy = row.calendar_busy.map(([start, end]) => bufferedRange({ start, end }, rules));
  const base: ScheduleSnapshot = {
    timezone: row.timezone,
    schedule: { workingDays: row.working_days, workStart: row.work_start, workEnd: row.work_end },
    meetingDurations: row.meeting_durations,
    overrides: row.overrides.map(overrideRuleOf),
    busy: [...row.busy.filter(([, , expires]) => expires === null).map(([start, end]) => ({ start, end })), ...calendarBusy],
    calendarBusy,
    rules,
    bookingsPerDay: row.day_counts,
    preferredHours: row.preferred_hours,
  };
  const holds = row.busy.filter(([, , expires]) => expires !== null) as [number, number, number][];
  return {
    version: row.version,
    rulesVersion: row.rules_version,
    hasHolds: holds.length > 0,
    // Without holds (the usual case) every `now` sees the same snapshot: no copy.
    at: (now) => {
      if (holds.length === 0) return base;
      const t = now.getTime();
      const live = holds.filter(([, , expires]) => expires > t).map(([start, end]) => ({ start, end }));
      return { ...base, busy: [...base.busy, ...live] };
    },
    changesAfter: (now) => {
      const t = now.getTime();
      let next = Number.POSITIVE_INFINITY;
      for (const [, , expires] of holds) if (expires > t && expires < next) next = expires;
      return next;
    },
  };
}

/** The rules that are on; an absent key is a rule that is off. */
function schedulingRules(row: SnapshotRow): SchedulingRules {
  const rules: SchedulingRules = {};
  if (row.buffer_before !== null) rules.bufferBefore = row.buffer_before;
  if (row.buffer_after !== null) rules.bufferAfter = row.buffer_after;
  if (row.minimum_notice !== null) rules.minimumNotice = row.minimum_notice;
  if (row.booking_horizon_days !== null) rules.bookingHorizonDays = row.booking_horizon_days;
  // Without a horizon of their own, a human with a calendar is listed and bookable as far as
  // their calendars are read: beyond, their own meetings would not be known.
  else if (row.has_calendars) rules.bookingHorizonDays = CALENDAR_HORIZON_DAYS;
  if (row.slot_interval !== null) rules.slotInterval = row.slot_interval;
  if (row.max_bookings_per_day !== null) rules.maxBookingsPerDay = row.max_bookings_per_day;
  return rules;
}

/** Reads schedules straight from the store, uncached (for pages where speed is no concern). */
export const schedulesReader = (sql: Sql, organizationId: string) => (request: SchedulesRequest) =>
  loadTimedSchedules(sql, organizationId, request);
