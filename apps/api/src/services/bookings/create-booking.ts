import type { CreateBookingBody } from '@humantime/contract';
import type { Sql } from '../../db/sql.js';
import { lockQuota } from '../billing/consume-quota.js';
import type { ServiceDeps } from '../deps.js';
import type { AuthedOrganization } from '../organizations/authed-organization.js';
import type { Schedules, SchedulesRequest } from '../organizations/key-authority.js';
import { candidateDates, schedulesReader } from '../schedule/load-schedule.js';
import { bookGroup } from './book-group.js';
import { bookOneAtomically, IN_TRANSACTION } from './book-one-atomically.js';
import { attendeeOf, bookOne } from './book-one.js';
import type { BookingRequest } from './claim-time.js';
import { scopeOf, type StoredResponse } from './idempotency.js';
import { runIdempotent } from './run-idempotent.js';

type BookingDeps = Pick<ServiceDeps, 'store' | 'clock' | 'paymentProcessor' | 'onEventsCommitted'>;

async function book(query: Sql, deps: BookingDeps, org: AuthedOrganization, body: CreateBookingBody, now: Date) {
  // The contract allows exactly one of human_id and human_ids (with mode).
  if (body.human_ids && body.mode) return bookGroup(query, deps, org, { ...body, human_ids: body.human_ids, mode: body.mode }, now);
  return bookOne(query, deps, org, requestOf(org, body), now, await lockQuota(query, org, now));
}

const requestOf = (org: AuthedOrganization, body: CreateBookingBody): BookingRequest => ({
  organizationId: org.id,
  humanId: body.human_id!,
  start: Date.parse(body.starts_at),
  durationMinutes: body.duration,
  ...attendeeOf(body),
});

/**
 * POST /v1/bookings. One human: the schedule snapshot, then one atomic statement (two round
 * trips; see bookOneAtomically). Several humans, and the cases the statement leaves over (a
 * replay, a pack to buy): the booking transaction, where the bookings, their quota units,
 * events and deliveries and (with an Idempotency-Key) the replayable response commit together.
 */
export async function createBooking(
  deps: BookingDeps,
  org: AuthedOrganization,
  body: CreateBookingBody,
  idempotencyKey: string | undefined,
  /** How the snapshot is read: the route's is cache-aware (a version check on PostgreSQL). */
  schedules: (request: SchedulesRequest) => Promise<Schedules> = schedulesReader(deps.store.sql, org.id),
): Promise<StoredResponse> {
  const now = deps.clock();
  if (body.human_id) {
    const request = requestOf(org, body);
    const { dateFrom, dateTo } = candidateDates(request.start);
    const human = (await schedules({ humanIds: [request.humanId], dateFrom, dateTo })).get(request.humanId)?.at(now);
    const scope = scopeOf(org.id, idempotencyKey, body, now);
    const answer = await bookOneAtomically(deps.store.sql, deps, org, request, human, now, scope);
    if (answer !== IN_TRANSACTION) return answer;
  }
  return runIdempotent(deps, org.id, idempotencyKey, body, now, async (query) => {
    const { booking, deliveries } = await book(query, deps, org, body, now);
    return { response: { status: 201, body: booking }, deliveries };
  });
}
