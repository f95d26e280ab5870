import type { SlotsQuery, SlotsResponse } from '@humantime/contract';
import type { Sql } from '../../db/sql.js';
import { notFound } from '../../lib/app-error.js';
import { toTimestamp } from '../../lib/timestamps.js';
import { invalidDuration } from '../bookings/refusal.js';
import { loadSchedule } from '../schedule/load-schedule.js';
import { slotsOf } from './slots-of.js';

/**
 * GET /v1/humans/{id}/slots: one indexed read of exactly what the range needs, then the
 * pure slot engine.
 */
export async function listSlots(
  sql: Sql,
  organizationId: string,
  humanId: string,
  query: SlotsQuery,
  now: Date,
): Promise<SlotsResponse> {
  const snapshot = await loadSchedule(sql, organizationId, humanId, query.date_from, query.date_to, now);
  if (!snapshot) throw notFound('Human');
  if (!snapshot.meetingDurations.includes(query.duration)) throw invalidDuration(snapshot.meetingDurations);
  const slots = slotsOf(snapshot, query.date_from, query.date_to, query.duration, now);
  return {
    slots: slots.map((s) => ({ starts_at: toTimestamp(new Date(s.start)), ends_at: toTimestamp(new Date(s.end)) })),
    timezone: snapshot.timezone,
    duration: query.duration,
  };
}
