import type { SlotsQuery, SlotsResponse } from '@humantime/contract';
import { notFound } from '../../lib/app-error.js';
import { timestampOf } from '../../lib/timestamps.js';
import { invalidDuration } from '../bookings/refusal.js';
import type { ServiceDeps } from '../deps.js';
import type { ReadSchedules, SchedulesRequest } from '../schedule/cached-schedules.js';
import { keepAnswer } from './slots-answers.js';
import { datesToRead, insideWindow, readsWindow, windowOf } from './query-window.js';
import { expiringSlotsOf } from './slots-of.js';

/** What GET /v1/humans/{id}/slots reads: the human's schedule over the asked local dates. */
export const slotsRead = (humanId: string, dates: { dateFrom: string; dateTo: string }): SchedulesRequest => ({
  humanIds: [humanId],
  ...dates,
});

/**
 * GET /v1/humans/{id}/slots: the human's snapshot (read with the API key, or a cached one the
 * database confirmed current), then the pure slot engine. The answer is kept with the
 * snapshot, as sent, until time alone would change it (see slots-answers.ts).
 */
export async function listSlots(
  { clock, readSchedules }: Pick<ServiceDeps, 'clock'> & { readSchedules: ReadSchedules },
  humanId: string,
  query: SlotsQuery,
): Promise<SlotsResponse> {
  const now = clock();
  const dates = datesToRead(query, now);
  let timed = (await readSchedules(slotsRead(humanId, dates))).get(humanId);
  let snapshot = timed?.at(now);
  if (!timed || !snapshot) throw notFound('Human');
  if (!snapshot.meetingDurations.includes(query.duration)) throw invalidDuration(snapshot.meetingDurations);
  const window = windowOf(query, snapshot.timezone, now);
  if (!readsWindow(dates, window)) {
    timed = (await readSchedules(slotsRead(humanId, window))).get(humanId);
    snapshot = timed?.at(now);
    if (!timed || !snapshot) throw notFound('Human');
  }
  const { slots, unchangedUntil } = expiringSlotsOf(
    snapshot,
    { dateFrom: window.dateFrom, dateTo: window.dateTo, durationMinutes: query.duration },
    now,
  );
  const answer: SlotsResponse = {
    slots: slots
      .filter((s) => insideWindow(window, s.start))
      .map((s) => ({ starts_at: timestampOf(s.start), ends_at: timestampOf(s.end) })),
    timezone: snapshot.timezone,
    duration: query.duration,
    ...(window.when ? { interpreted_as: window.when.interpretedAs } : {}),
  };
  // A `when` answer depends on the words and on today: it is not the duration's kept answer.
  if (window.when) return answer;
  // Serialized as Express's res.json serializes it (no replacer, no spaces).
  keepAnswer(timed, query.duration, {
    body: Buffer.from(JSON.stringify(answer)),
    from: now.getTime(),
    until: Math.min(unchangedUntil, timed.changesAfter(now)),
  });
  return answer;
}
