import type { SlotsQuery, SlotsResponse } from '@humantime/contract';
import { computeSlots, localDateRangeToInterval } from '@humantime/slot-engine';
import type { Db } from '../../db/open-store.js';
import { toTimestamp } from '../../lib/timestamps.js';
import { invalidDuration } from '../bookings/refusal.js';
import { findHuman } from '../humans/find-human.js';
import { busyBetween, overridesBetween, weeklySchedule } from '../schedule/schedule-inputs.js';

/**
 * GET /v1/humans/{id}/slots. Reads only what the range needs (overrides and confirmed
 * bookings touching it, by index) and hands them to the pure slot engine.
 */
export async function listSlots(
  db: Db,
  organizationId: string,
  humanId: string,
  query: SlotsQuery,
  now: Date,
): Promise<SlotsResponse> {
  const human = await findHuman(db, organizationId, humanId);
  if (!human.meetingDurations.includes(query.duration)) throw invalidDuration(human.meetingDurations);
  const range = localDateRangeToInterval(human.timezone, query.date_from, query.date_to);
  const [overrides, busy] = await Promise.all([
    overridesBetween(db, human.id, query.date_from, query.date_to),
    busyBetween(db, human.id, range),
  ]);
  const slots = computeSlots({
    timezone: human.timezone,
    schedule: weeklySchedule(human),
    overrides,
    busy,
    dateFrom: query.date_from,
    dateTo: query.date_to,
    durationMinutes: query.duration,
    now: now.getTime(),
  });
  return {
    slots: slots.map((s) => ({ starts_at: toTimestamp(new Date(s.start)), ends_at: toTimestamp(new Date(s.end)) })),
    timezone: human.timezone,
    duration: query.duration,
  };
}
