import type { HumanWeek, HumanWeekQuery } from '@humantime/contract/dashboard';
import { DateTime } from 'luxon';
import type { Db, Store } from '../../db/open-store.js';
import { bookingView } from '../bookings/booking-view.js';
import { listSlots } from '../slots/list-slots.js';
import { findHuman } from './find-human.js';

const WEEK_DATES = 7;

/**
 * The dashboard's week calendar of one human: the slots GET /v1/humans/{id}/slots lists
 * for those 7 local dates (same service, so the calendar never disagrees with the API), and
 * the confirmed bookings that start within them.
 */
export async function humanWeek(
  deps: { db: Db; sql: Store['sql'] },
  organizationId: string,
  humanId: string,
  query: HumanWeekQuery,
  now: Date,
): Promise<HumanWeek> {
  const human = await findHuman(deps.db, organizationId, humanId);
  const first = DateTime.fromISO(query.week_start, { zone: human.timezone }).startOf('day');
  const afterLast = first.plus({ days: WEEK_DATES }).startOf('day');
  const weekEnd = first.plus({ days: WEEK_DATES - 1 }).toISODate()!;
  const duration = query.duration ?? Math.min(...human.meetingDurations);
  const slots = await listSlots(
    deps.sql,
    organizationId,
    humanId,
    { date_from: query.week_start, date_to: weekEnd, duration },
    now,
  );
  const bookings = await deps.db.booking.findMany({
    where: {
      organizationId,
      humanId,
      status: 'confirmed',
      startsAt: { gte: first.toJSDate(), lt: afterLast.toJSDate() },
    },
    orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
  });
  return {
    timezone: human.timezone,
    week_start: query.week_start,
    week_end: weekEnd,
    duration,
    slots: slots.slots,
    bookings: bookings.map(bookingView),
  };
}
