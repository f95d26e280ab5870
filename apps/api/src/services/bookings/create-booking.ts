import type { CreateBookingBody } from '@humantime/contract';
import type { Sql } from '../../db/sql.js';
import { withOveragePacks } from '../billing/buy-pack.js';
import { lockQuota, refilledMeanwhile } from '../billing/consume-quota.js';
import type { ServiceDeps } from '../deps.js';
import type { AuthedOrganization } from '../organizations/authed-organization.js';
import type { BookingDates, Schedules, SchedulesRequest } from '../schedule/cached-schedules.js';
import { candidateDates, schedulesReader, type TimedSnapshot } from '../schedule/load-schedule.js';
import { bookGroup } from './book-group.js';
import { bookOneAtomically, type AtomicBooking } from './book-one-atomically.js';
import { attendeeOf, bookOne } from './book-one.js';
import type { BookingRequest } from './claim-time.js';
import { scopeOf, type StoredResponse } from './idempotency.js';
import { runIdempotent, type Outcome } from './run-idempotent.js';

type BookingDeps = Pick<ServiceDeps, 'store' | 'clock' | 'paymentProcessor' | 'onEventsCommitted'> & Partial<Pick<ServiceDeps, 'config'>>;

/** One booking request, as the booking transaction's work takes it. */
interface Booking {
  org: AuthedOrganization;
  body: CreateBookingBody;
  now: Date;
}

/**
 * The answer of a booking transaction that came there from quota_slow and found, once it held
 * the month's lock, that another booking had refilled the shards meanwhile: the transaction is
 * rolled back (holding nothing) and the booking goes back to the atomic statement.
 */
interface QuotaRefilled {
  kind: 'quota_refilled';
}

const created = ({ booking, deliveries }: { booking: unknown; deliveries: number }): Outcome => ({
  kind: 'done',
  response: { status: 201, body: booking },
  deliveries,
});

/** The booking transaction's work. */
async function book(query: Sql, { org, body, now }: Booking): Promise<Outcome> {
  // The contract allows exactly one of human_id and human_ids (with mode).
  if (body.human_ids && body.mode)
    return created(await bookGroup(query, org, { body: { ...body, human_ids: body.human_ids, mode: body.mode }, now }));
  const quota = await lockQuota(query, org, now);
  return created(await bookOne(query, org, { request: requestOf(org, body), now, quota }));
}

/** The same for one human come from quota_slow, unless the month was refilled meanwhile. */
async function bookUnlessRefilled(query: Sql, { org, body, now }: Booking): Promise<Outcome | QuotaRefilled> {
  const quota = await lockQuota(query, org, now);
  if (refilledMeanwhile(org, now, quota)) return { kind: 'quota_refilled' };
  return created(await bookOne(query, org, { request: requestOf(org, body), now, quota }));
}

const requestOf = (org: AuthedOrganization, body: CreateBookingBody): BookingRequest => ({
  organizationId: org.id,
  humanId: body.human_id!,
  start: Date.parse(body.starts_at),
  durationMinutes: body.duration,
  ...attendeeOf(body),
});

/** Where a booking's snapshot comes from. */
export interface BookingSchedules {
  /** A read checked against the database: the route's is cache-aware (a version check on PostgreSQL). */
  read(request: SchedulesRequest): Promise<Schedules>;
  /** The snapshot this process kept from an earlier read, unchecked (CachedSchedules.remembered). */
  remembered?(humanId: string, dates: BookingDates): TimedSnapshot | undefined;
}

/**
 * POST /v1/bookings. One human: one atomic statement (see bookOneAtomically), judged on the
 * snapshot this process remembers of the human when it has one (no round trip: the statement
 * checks that the human's rules_version is still the snapshot's, and the database enforces
 * busy time itself), else on one read first. So in the steady state a booking is two round
 * trips on PostgreSQL (the key's statement, this one) and one on the embedded store. The
 * remembered snapshot never refuses by itself: a refusal, or a STALE decline, reads the
 * snapshot fresh and judges once more (a second STALE goes to the transaction), so the answer
 * is always the one a fresh read gives (listed ⇔ bookable). Several humans, and
 * the cases the statement leaves over (a replay, a refill or a pack to buy, rules changing
 * under the booking): the booking transaction, where the bookings, their quota units, events and
 * deliveries and (with an Idempotency-Key) the replayable response commit together.
 * `deps.schedules` is where the snapshot comes from: the route's cache-aware reads, else the
 * store's, uncached.
 */
export async function createBooking(
  deps: BookingDeps & { schedules?: BookingSchedules },
  org: AuthedOrganization,
  body: CreateBookingBody,
  idempotencyKey: string | undefined,
): Promise<StoredResponse> {
  // At the limit with auto-purchase on, the pack is bought between two tries (buy-pack.ts).
  return withOveragePacks(deps, org, () => bookOnce(deps, org, body, idempotencyKey));
}

async function bookOnce(
  deps: BookingDeps & { schedules?: BookingSchedules },
  org: AuthedOrganization,
  body: CreateBookingBody,
  idempotencyKey: string | undefined,
): Promise<StoredResponse> {
  const schedules = deps.schedules ?? { read: schedulesReader(deps.store.sql, org.id) };
  const now = deps.clock();
  const booking: Booking = { org, body, now };
  const keyed = { idempotencyKey, request: body, now };
  const inTransaction = async () => (await runIdempotent(deps, org.id, keyed, (query) => book(query, booking))).response;
  if (!body.human_id) return inTransaction();
  const request = requestOf(org, body);
  const dates = candidateDates(request.start);
  const scope = scopeOf(org.id, idempotencyKey, body, now);
  const attempt = (human: TimedSnapshot | undefined, remembered: boolean) => {
    const judged = human && { snapshot: human.at(now), rulesVersion: human.rulesVersion, remembered, hasHolds: human.hasHolds };
    return bookOneAtomically(deps, org, { request, human: judged, now, scope });
  };
  const atomically = async (): Promise<AtomicBooking> => {
    const kept = schedules.remembered?.(request.humanId, dates);
    if (kept) {
      const answer = await attempt(kept, true);
      if (answer.kind !== 'judge_again') return answer;
    }
    const fresh = await schedules.read({ humanIds: [request.humanId], ...dates });
    // A fresh snapshot is never judged again: judge_again comes only from a remembered one.
    return attempt(fresh.get(request.humanId), false);
  };
  let answer = await atomically();
  if (answer.kind === 'quota_slow') {
    // Bookings that race past the last allowance all come here at once; one refills (or buys the
    // pack) and the others, finding allowance once they hold the month's lock, go back to the
    // statement instead of each holding every shard for a whole transaction. Once only: a
    // second quota_slow stays in the transaction, so the booking always ends.
    const slow = await runIdempotent<QuotaRefilled>(deps, org.id, keyed, (query) => bookUnlessRefilled(query, booking));
    if (slow.kind === 'done') return slow.response;
    answer = await atomically();
  }
  switch (answer.kind) {
    case 'booked':
      return answer.response;
    case 'refused':
      throw answer.refusal;
    case 'judge_again':
    case 'in_transaction':
    case 'quota_slow':
      return inTransaction();
  }
}
