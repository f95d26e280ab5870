import { NEXT_OPEN_LOOKAHEAD_DAYS, OFFSET_CHANGE_LOOKAHEAD_DAYS, type TimeContext } from '@humantime/contract';
import { nextOffsetChange, wallTimeOf, workingTime } from '@humantime/slot-engine';
import { notFound } from '../../lib/app-error.js';
import { timestampOf } from '../../lib/timestamps.js';
import type { ServiceDeps } from '../deps.js';
import { candidateDates, loadSchedule } from '../schedule/load-schedule.js';

const DAY = 86_400_000;
const OPEN_LOOKAHEAD = NEXT_OPEN_LOOKAHEAD_DAYS * DAY;
const OFFSET_LOOKAHEAD = OFFSET_CHANGE_LOOKAHEAD_DAYS * DAY;
const WEEKDAYS = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** Minutes east of UTC as "+01:00" / "-03:30" / "+00:00". */
export function utcOffsetText(minutes: number): string {
  const whole = Math.round(Math.abs(minutes));
  const sign = minutes < 0 && whole > 0 ? '-' : '+';
  return `${sign}${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * GET /v1/humans/{id}/time: the human's wall time at the service clock's `now`, the next
 * offset change, and whether they are at work, from the schedule the slots read
 * (loadSchedule) and the slot engine's own open windows and blocks (workingTime). Bookings
 * and the booking rules are ignored on purpose: "at work", not "bookable"
 * (docs/decisions/0042-human-time-context.md).
 */
export async function timeContext(
  { store, clock }: Pick<ServiceDeps, 'store' | 'clock'>,
  organizationId: string,
  humanId: string,
): Promise<TimeContext> {
  const now = clock();
  const t = now.getTime();
  // The local dates of now and of now + 14 days lie between these, whatever the zone.
  const dates = { dateFrom: candidateDates(t).dateFrom, dateTo: candidateDates(t + OPEN_LOOKAHEAD).dateTo };
  const human = await loadSchedule(store.sql, organizationId, { humanId, ...dates }, now);
  if (!human) throw notFound('Human');
  const { timezone } = human;

  const open = workingTime({ timezone, schedule: human.schedule, overrides: human.overrides, from: t, to: t + OPEN_LOOKAHEAD });
  const openNow = open.some((piece) => piece.start <= t && t < piece.end);
  // Pieces are disjoint and ascending: the first to start after now begins after the current one ends.
  const next = open.find((piece) => piece.start > t && piece.start < t + OPEN_LOOKAHEAD);

  const wall = wallTimeOf(timezone, t);
  const offset = utcOffsetText(wall.offsetMinutes);
  const change = nextOffsetChange(timezone, t, OFFSET_LOOKAHEAD);
  return {
    now: timestampOf(t),
    timezone,
    utc_offset: offset,
    local: `${WEEKDAYS[wall.weekday]} ${wall.date} ${wall.time} ${timezone} (${offset})`,
    next_offset_change: change && { at: timestampOf(change.at), from: utcOffsetText(change.from), to: utcOffsetText(change.to) },
    open_now: openNow,
    next_open_at: next ? timestampOf(next.start) : null,
  };
}
