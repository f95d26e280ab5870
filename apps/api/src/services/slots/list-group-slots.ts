import type { GroupMode, GroupSlotsQuery, GroupSlotsResponse } from '@humantime/contract';
import { addDays, localDateOf, type SuggestionCandidate } from '@humantime/slot-engine';
import { timestampOf } from '../../lib/timestamps.js';
import type { ServiceDeps } from '../deps.js';
import type { ReadSchedules, SchedulesRequest } from '../schedule/cached-schedules.js';
import { pickGroup } from '../schedule/load-group.js';
import type { ScheduleSnapshot } from '../schedule/load-schedule.js';
import { groupDurationRefusal } from './group-duration.js';
import { datesToRead, insideWindow, readsWindow, windowOf, type QueryWindow } from './query-window.js';
import { slotsOf } from './slots-of.js';

/**
 * Two humans' local dates differ by up to 26 hours (UTC-12 to UTC+14), so one local date of
 * the first human can meet three local dates of another: the others are read and computed
 * two dates wider on each side, then cut to the first human's range.
 */
const WIDEN_DAYS = 2;

/** What GET /v1/slots reads: every human's schedule, two dates wider on each side. */
export const groupSlotsRead = (humanIds: readonly string[], dates: { dateFrom: string; dateTo: string }): SchedulesRequest => ({
  humanIds,
  dateFrom: addDays(dates.dateFrom, -WIDEN_DAYS),
  dateTo: addDays(dates.dateTo, WIDEN_DAYS),
});

/** A group's snapshots, in the order asked, read in one statement and checked for the duration. */
export async function readGroup(
  schedules: ReadSchedules,
  query: { humanIds: readonly string[]; duration: number; dates: { dateFrom: string; dateTo: string } },
  now: Date,
): Promise<ScheduleSnapshot[]> {
  const found = await schedules(groupSlotsRead(query.humanIds, query.dates));
  const humans = pickGroup(new Map([...found].map(([id, snapshot]) => [id, snapshot.at(now)])), query.humanIds);
  const refusal = groupDurationRefusal(query.humanIds, humans, query.duration);
  if (refusal) throw refusal;
  return humans;
}

export interface GroupStartsQuery {
  humanIds: readonly string[];
  mode: GroupMode;
  duration: number;
  /** Local dates of the first human, inclusive. */
  dateFrom: string;
  dateTo: string;
}

/**
 * The starts of several humans over the first human's local dates: each human's list from the
 * same slot engine as GET /v1/humans/{id}/slots, then intersected (all) or joined (any) by
 * start instant, sorted. `humans` are the snapshots of `humanIds`, in that order.
 */
export function groupStarts(humans: readonly ScheduleSnapshot[], query: GroupStartsQuery, now: Date): SuggestionCandidate[] {
  const zone = humans[0]!.timezone;
  const byStart = new Map<number, { end: number; free: string[] }>();
  humans.forEach((human, index) => {
    const first = index === 0;
    const from = first ? query.dateFrom : addDays(query.dateFrom, -WIDEN_DAYS);
    const to = first ? query.dateTo : addDays(query.dateTo, WIDEN_DAYS);
    for (const slot of slotsOf(human, { dateFrom: from, dateTo: to, durationMinutes: query.duration }, now)) {
      const local = localDateOf(zone, slot.start);
      if (local < query.dateFrom || local > query.dateTo) continue;
      const entry = byStart.get(slot.start) ?? { end: slot.end, free: [] };
      entry.free.push(query.humanIds[index]!);
      byStart.set(slot.start, entry);
    }
  });
  return [...byStart.entries()]
    .filter(([, entry]) => query.mode === 'any' || entry.free.length === query.humanIds.length)
    .sort(([a], [b]) => a - b)
    .map(([start, entry]) => ({ start, end: entry.end, humanIds: entry.free }));
}

/**
 * GET /v1/slots: the group's starts over date_from..date_to, or inside `when`, both read in the
 * first human's zone.
 */
export async function listGroupSlots(
  { clock, readSchedules }: Pick<ServiceDeps, 'clock'> & { readSchedules: ReadSchedules },
  query: GroupSlotsQuery,
): Promise<GroupSlotsResponse> {
  const now = clock();
  const humanIds = query.human_ids;
  const dates = datesToRead(query, now);
  let humans = await readGroup(readSchedules, { humanIds, duration: query.duration, dates }, now);
  const zone = humans[0]!.timezone;
  const window: QueryWindow = windowOf(query, zone, now);
  if (!readsWindow(dates, window)) humans = await readGroup(readSchedules, { humanIds, duration: query.duration, dates: window }, now);
  const starts = groupStarts(
    humans,
    { humanIds, mode: query.mode, duration: query.duration, dateFrom: window.dateFrom, dateTo: window.dateTo },
    now,
  );
  return {
    slots: starts
      .filter((slot) => insideWindow(window, slot.start))
      .map((slot) => ({ starts_at: timestampOf(slot.start), ends_at: timestampOf(slot.end), human_ids: [...slot.humanIds] })),
    timezone: zone,
    duration: query.duration,
    mode: query.mode,
    ...(window.when ? { interpreted_as: window.when.interpretedAs } : {}),
  };
}
