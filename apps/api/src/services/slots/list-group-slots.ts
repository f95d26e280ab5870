import type { GroupSlot, GroupSlotsQuery, GroupSlotsResponse } from '@humantime/contract';
import { addDays, localDateOf } from '@humantime/slot-engine';
import { timestampOf } from '../../lib/timestamps.js';
import type { Schedules, SchedulesRequest } from '../schedule/cached-schedules.js';
import { pickGroup } from '../schedule/load-group.js';
import { groupDurationRefusal } from './group-duration.js';
import { slotsOf } from './slots-of.js';

/**
 * Two humans' local dates differ by up to 26 hours (UTC-12 to UTC+14), so one local date of
 * the first human can meet three local dates of another: the others are read and computed
 * two dates wider on each side, then cut to the first human's range.
 */
const WIDEN_DAYS = 2;

/** What GET /v1/slots reads: every human's schedule, two dates wider on each side. */
export const groupSlotsRead = (query: Pick<GroupSlotsQuery, 'human_ids' | 'date_from' | 'date_to'>): SchedulesRequest => ({
  humanIds: query.human_ids,
  dateFrom: addDays(query.date_from, -WIDEN_DAYS),
  dateTo: addDays(query.date_to, WIDEN_DAYS),
});

/**
 * GET /v1/slots: the starts of several humans, read in one statement, each human's list from
 * the same slot engine as GET /v1/humans/{id}/slots, then intersected (all) or joined (any)
 * by start instant. Dates are the first human's local dates.
 */
export async function listGroupSlots(
  schedules: (request: SchedulesRequest) => Promise<Schedules>,
  query: GroupSlotsQuery,
  now: Date,
): Promise<GroupSlotsResponse> {
  const ids = query.human_ids;
  const read = groupSlotsRead(query);
  const { dateFrom, dateTo } = read;
  const found = await schedules(read);
  const humans = pickGroup(new Map([...found].map(([id, snapshot]) => [id, snapshot.at(now)])), ids);
  const refusal = groupDurationRefusal(ids, humans, query.duration);
  if (refusal) throw refusal;
  const zone = humans[0]!.timezone;

  const byStart = new Map<number, { end: number; free: string[] }>();
  humans.forEach((human, index) => {
    const first = index === 0;
    const slots = slotsOf(human, first ? query.date_from : dateFrom, first ? query.date_to : dateTo, query.duration, now);
    for (const slot of slots) {
      const local = localDateOf(zone, slot.start);
      if (local < query.date_from || local > query.date_to) continue;
      const entry = byStart.get(slot.start) ?? { end: slot.end, free: [] };
      entry.free.push(ids[index]!);
      byStart.set(slot.start, entry);
    }
  });

  const slots: GroupSlot[] = [...byStart.entries()]
    .filter(([, entry]) => query.mode === 'any' || entry.free.length === ids.length)
    .sort(([a], [b]) => a - b)
    .map(([start, entry]) => ({
      starts_at: timestampOf(start),
      ends_at: timestampOf(entry.end),
      human_ids: entry.free,
    }));
  return { slots, timezone: zone, duration: query.duration, mode: query.mode };
}
