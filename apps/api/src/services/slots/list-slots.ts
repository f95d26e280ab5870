import type { SlotsQuery, SlotsResponse } from '@humantime/contract';
import { notFound } from '../../lib/app-error.js';
import { timestampOf } from '../../lib/timestamps.js';
import { invalidDuration } from '../bookings/refusal.js';
import type { Schedules, SchedulesRequest } from '../schedule/cached-schedules.js';
import { keepAnswer } from './slots-answers.js';
import { expiringSlotsOf } from './slots-of.js';

/** What GET /v1/humans/{id}/slots reads: the human's schedule over the asked local dates. */
export const slotsRead = (humanId: string, query: Pick<SlotsQuery, 'date_from' | 'date_to'>): SchedulesRequest => ({
  humanIds: [humanId],
  dateFrom: query.date_from,
  dateTo: query.date_to,
});

/**
 * GET /v1/humans/{id}/slots: the human's snapshot (read with the API key, or a cached one the
 * database confirmed current), then the pure slot engine. The answer is kept with the
 * snapshot, as sent, until time alone would change it (see slots-answers.ts).
 */
export async function listSlots(
  schedules: (request: SchedulesRequest) => Promise<Schedules>,
  humanId: string,
  query: SlotsQuery,
  now: Date,
): Promise<SlotsResponse> {
  const timed = (await schedules(slotsRead(humanId, query))).get(humanId);
  const snapshot = timed?.at(now);
  if (!timed || !snapshot) throw notFound('Human');
  if (!snapshot.meetingDurations.includes(query.duration)) throw invalidDuration(snapshot.meetingDurations);
  const { slots, unchangedUntil } = expiringSlotsOf(snapshot, query.date_from, query.date_to, query.duration, now);
  const answer: SlotsResponse = {
    slots: slots.map((s) => ({ starts_at: timestampOf(s.start), ends_at: timestampOf(s.end) })),
    timezone: snapshot.timezone,
    duration: query.duration,
  };
  // Serialized as Express's res.json serializes it (no replacer, no spaces).
  keepAnswer(timed, query.duration, {
    body: Buffer.from(JSON.stringify(answer)),
    from: now.getTime(),
    until: Math.min(unchangedUntil, timed.changesAfter(now)),
  });
  return answer;
}
