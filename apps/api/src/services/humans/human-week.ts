import type { HumanWeek, HumanWeekQuery } from '@humantime/contract/dashboard';
import { addDays, localDateRangeToInterval } from '@humantime/slot-engine';
import { timestampOf } from '../../lib/timestamps.js';
import { bookingView } from '../bookings/booking-view.js';
import type { ServiceDeps } from '../deps.js';
import type { ReadSchedules } from '../schedule/cached-schedules.js';
import { schedulesReader, type TimedSnapshot } from '../schedule/load-schedule.js';
import { listSlots } from '../slots/list-slots.js';
import { findHuman } from './find-human.js';

const WEEK_DATES = 7;

/**
 * The dashboard's week calendar of one human: the slots GET /v1/humans/{id}/slots lists
 * for those 7 local dates (same service, so the calendar never disagrees with the API), the
 * confirmed bookings that start within them, and the busy time of the snapshot the slots were
 * listed from, on which the page previews hours that are not saved yet.
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
  // One instant for the slots and the busy time, read from the snapshot the slots service reads.
  const now = clock();
  const read = schedulesReader(store.sql, organizationId);
  let snapshot: TimedSnapshot | undefined;
  const readSchedules: ReadSchedules = async (request) => {
    const found = await read(request);
    snapshot = found.get(humanId);
    return found;
  };
  const slots = await listSlots({ clock: () => now, readSchedules }, humanId, {
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
    busy: (snapshot?.at(now).busy ?? [])
      .slice()
      .sort((a, b) => a.start - b.start || a.end - b.end)
      .map((b) => ({ starts_at: timestampOf(b.start), ends_at: timestampOf(b.end) })),
  };
}
