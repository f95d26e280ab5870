import type { HumanWeek, HumanWeekQuery } from '@humantime/contract/dashboard';
import { addDays, localDateRangeToInterval } from '@humantime/slot-engine';
import { bookingView } from '../bookings/booking-view.js';
import type { ServiceDeps } from '../deps.js';
import { schedulesReader } from '../schedule/load-schedule.js';
import { listSlots } from '../slots/list-slots.js';
import { findHuman } from './find-human.js';

const WEEK_DATES = 7;

/**
 * The dashboard's week calendar of one human: the slots GET /v1/humans/{id}/slots lists
 * for those 7 local dates (same service, so the calendar never disagrees with the API), and
 * the confirmed bookings that start within them.
 */
export async function humanWeek(
  { store, clock }: Pick<ServiceDeps, 'store' | 'clock'>,
  organizationId: string,
  humanId: string,
  query: HumanWeekQuery,
): Promise<HumanWeek> {
  const human = await findHuman(store.db, organizationId, humanId);
  const weekEnd = addDays(query.week_start, WEEK_DATES - 1);
  const duration = query.duration ?? Math.min(...human.meetingDurations);
  const slots = await listSlots({ clock, readSchedules: schedulesReader(store.sql, organizationId) }, humanId, {
    date_from: query.week_start,
    date_to: weekEnd,
    duration,
  });
  const range = localDateRangeToInterval(human.timezone, query.week_start, weekEnd);
  const bookings = await store.db.booking.findMany({
    where: {
      organizationId,
      humanId,
      status: 'confirmed',
      startsAt: { gte: new Date(range.start), lt: new Date(range.end) },
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
