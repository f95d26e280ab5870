import type { SlotsQuery, SlotsResponse } from '@humantime/contract';
import { notFound } from '../../lib/app-error.js';
import { timestampOf } from '../../lib/timestamps.js';
import { invalidDuration } from '../bookings/refusal.js';
import type { Schedules, SchedulesRequest } from '../organizations/key-authority.js';
import { slotsOf } from './slots-of.js';

/** What GET /v1/humans/{id}/slots reads: the human's schedule over the asked local dates. */
export const slotsRead = (humanId: string, query: Pick<SlotsQuery, 'date_from' | 'date_to'>): SchedulesRequest => ({
  humanIds: [humanId],
  dateFrom: query.date_from,
  dateTo: query.date_to,
});

/**
 * GET /v1/humans/{id}/slots: the human's snapshot (read with the API key, or a cached one the
 * database confirmed current), then the pure slot engine.
 */
export async function listSlots(
  schedules: (request: SchedulesRequest) => Promise<Schedules>,
  humanId: string,
  query: SlotsQuery,
  now: Date,
): Promise<SlotsResponse> {
  const snapshot = (await schedules(slotsRead(humanId, query))).get(humanId)?.at(now);
  if (!snapshot) throw notFound('Human');
  if (!snapshot.meetingDurations.includes(query.duration)) throw invalidDuration(snapshot.meetingDurations);
  const slots = slotsOf(snapshot, query.date_from, query.date_to, query.duration, now);
  return {
    slots: slots.map((s) => ({ starts_at: timestampOf(s.start), ends_at: timestampOf(s.end) })),
    timezone: snapshot.timezone,
    duration: query.duration,
  };
}
