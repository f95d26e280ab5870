import { MAX_CHECK_ALTERNATIVES, type CheckQuery, type CheckResult } from '@humantime/contract';
import { localDateOf } from '@humantime/slot-engine';
import { notFound } from '../../lib/app-error.js';
import { toTimestamp, withinStorableYears } from '../../lib/timestamps.js';
import { judgeStart } from '../bookings/judge-start.js';
import type { ServiceDeps } from '../deps.js';
import { loadSchedule, type ScheduleSnapshot } from '../schedule/load-schedule.js';
import { slotsOf } from './slots-of.js';

const DAY = 86_400_000;
/** Alternatives are searched this many local days either side of the requested start. */
const SEARCH_DAYS = 29;
/** The loaded UTC dates reach one day further, so every local date searched is covered. */
const LOAD_DAYS = SEARCH_DAYS + 1;

const utcDay = (ms: number) => new Date(withinStorableYears(ms)).toISOString().slice(0, 10);
/**
 * A local date plus whole days, held to years 1-9999 like the read (withinStorableYears): not
 * the slot engine's addDays, which from a start on 9999-12-31 would name a date in year 10000.
 */
const searchDay = (date: string, days: number) => utcDay(Date.parse(`${date}T00:00:00Z`) + days * DAY);

/**
 * GET /v1/humans/{id}/check: judges the start with the booking's own rule (judgeStart) on
 * the booking's own read (loadSchedule), widened so the same snapshot also yields the
 * nearest listed starts. Quota is not judged: it depends on the moment of booking, not on
 * the time asked for.
 */
export async function checkStart(
  { store, clock }: Pick<ServiceDeps, 'store' | 'clock'>,
  organizationId: string,
  humanId: string,
  query: CheckQuery,
): Promise<CheckResult> {
  const now = clock();
  const start = Date.parse(query.starts_at);
  const dates = { dateFrom: utcDay(start - LOAD_DAYS * DAY), dateTo: utcDay(start + LOAD_DAYS * DAY) };
  const human = await loadSchedule(store.sql, organizationId, { humanId, ...dates }, now);
  if (!human) throw notFound('Human');
  const refusal = judgeStart(human, start, query.duration, now);
  if (!refusal) return { bookable: true, code: null, message: null, alternatives: [] };
  // With a duration the human does not offer there is nothing to list: the message names
  // the durations that are.
  const alternatives = refusal.code === 'INVALID_DURATION' ? [] : nearestSlots(human, start, query.duration, now);
  return {
    bookable: false,
    code: refusal.code,
    message: alternatives.length > 0 ? `${refusal.message} The nearest bookable starts are in alternatives.` : refusal.message,
    alternatives,
  };
}

function nearestSlots(human: ScheduleSnapshot, start: number, duration: number, now: Date) {
  const localDay = localDateOf(human.timezone, start);
  const slots = slotsOf(
    human,
    { dateFrom: searchDay(localDay, -SEARCH_DAYS), dateTo: searchDay(localDay, SEARCH_DAYS), durationMinutes: duration },
    now,
  );
  return (
    slots
      .map((slot) => ({ slot, distance: Math.abs(slot.start - start) }))
      // Nearest first; of two equally near, the earlier.
      .sort((a, b) => a.distance - b.distance || a.slot.start - b.slot.start)
      .slice(0, MAX_CHECK_ALTERNATIVES)
      .map(({ slot }) => slot)
      .sort((a, b) => a.start - b.start)
      .map((s) => ({ starts_at: toTimestamp(new Date(s.start)), ends_at: toTimestamp(new Date(s.end)) }))
  );
}
