import type { Booking, CreateBookingBody, CreatedBooking, ErrorCode } from '@humantime/contract';
import { localDateOf } from '@humantime/slot-engine';
import type { Sql } from '../../db/sql.js';
import { deleteExpiredHolds } from '../../db/tables/holds.js';
import { lockHumans } from '../../db/tables/humans-lock.js';
import type { AppError } from '../../lib/app-error.js';
import { consumeQuota, lockQuota } from '../billing/consume-quota.js';
import { recordEvent } from '../events/record-event.js';
import type { AuthedOrganization } from '../organizations/authed-organization.js';
import { loadGroup } from '../schedule/load-group.js';
import { candidateDates, type ScheduleSnapshot } from '../schedule/load-schedule.js';
import { groupDurationRefusal } from '../slots/group-duration.js';
import { attendeeOf } from './book-one.js';
import { bookingView } from './booking-view.js';
import { claimTimeOn, type BookingRequest } from './claim-time.js';
import { judgeStart } from './judge-start.js';
import { newId } from '../../lib/ids.js';

type GroupBody = CreateBookingBody & { human_ids: string[]; mode: 'all' | 'any' };

/**
 * POST /v1/bookings with human_ids, inside the booking transaction. all: one booking per
 * human at that start, sharing a group_id, all or none. any: the free human with the fewest
 * confirmed bookings on that local day (tie: the one listed first). Each booking takes a quota
 * unit and records its own booking.confirmed.
 */
export async function bookGroup(query: Sql, org: AuthedOrganization, { body, now }: { body: GroupBody; now: Date }) {
  const ids = body.human_ids;
  const start = Date.parse(body.starts_at);
  // any: racing round-robin bookings of overlapping teams take turns, so each one counts the
  // bookings the previous one made and the spread is exact, not a guess on stale counts.
  // The month's quota first, before any human's row (see lockQuota).
  const quota = await lockQuota(query, org, now);
  if (body.mode === 'any') await lockHumans(query, org.id, ids);
  await deleteExpiredHolds(query, org.id, ids, now);
  const { dateFrom, dateTo } = candidateDates(start);
  const humans = await loadGroup(query, org.id, { humanIds: ids, dateFrom, dateTo }, now);
  const durationRefusal = groupDurationRefusal(ids, humans, body.duration);
  if (durationRefusal) throw durationRefusal;
  const request = (humanId: string, groupId?: string): BookingRequest => ({
    organizationId: org.id,
    humanId,
    start,
    durationMinutes: body.duration,
    ...attendeeOf(body),
    ...(groupId ? { groupId } : {}),
  });

  const made: Booking[] = [];
  if (body.mode === 'all') {
    // Judged in the listed order, so the refusal names what the first refused human lacks.
    for (const human of humans) {
      const refusal = judgeStart(human, start, body.duration, now);
      if (refusal) throw refusal;
    }
    const groupId = newId();
    const byId = new Map<string, Booking>();
    // Claimed in id order, as lockHumans locks, so two groups racing for shared humans wait
    // on each other instead of deadlocking.
    for (const index of ids.map((_, i) => i).sort((a, b) => ids[a]!.localeCompare(ids[b]!))) {
      byId.set(ids[index]!, bookingView(await claimTimeOn(query, humans[index]!, request(ids[index]!, groupId), now)));
    }
    made.push(...ids.map((id) => byId.get(id)!));
  } else {
    const index = chooseFreeHuman(humans, start, body.duration, now);
    made.push(bookingView(await claimTimeOn(query, humans[index]!, request(ids[index]!), now)));
  }

  let deliveries = 0;
  for (const booking of made) {
    deliveries += await recordEvent(query, { organizationId: org.id, type: 'booking.confirmed', booking, at: now });
  }
  for (let i = 0; i < made.length; i++) await consumeQuota(query, org, { month: quota, now });
  const body201: CreatedBooking = body.mode === 'all' ? { ...made[0]!, group_bookings: made } : made[0]!;
  return { booking: body201, deliveries };
}

/**
 * The index of the free human with the fewest confirmed bookings on the start's local day
 * (each in their own zone), the first listed on a tie. When none is free: SLOT_UNAVAILABLE
 * if any was refused only for being taken (re-querying helps), else the first human's refusal.
 */
function chooseFreeHuman(humans: ScheduleSnapshot[], start: number, duration: number, now: Date): number {
  let best = -1;
  let bestCount = Infinity;
  const refusals: AppError<ErrorCode>[] = [];
  humans.forEach((human, index) => {
    const refusal = judgeStart(human, start, duration, now);
    if (refusal) {
      refusals.push(refusal);
      return;
    }
    const count = human.bookingsPerDay[localDateOf(human.timezone, start)] ?? 0;
    if (count < bestCount) {
      best = index;
      bestCount = count;
    }
  });
  if (best >= 0) return best;
  throw refusals.find((r) => r.code === 'SLOT_UNAVAILABLE') ?? refusals[0]!;
}
