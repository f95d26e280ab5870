import type { CreateBookingBody } from '@humantime/contract';
import type { Sql } from '../../db/sql.js';
import type { ServiceDeps } from '../deps.js';
import type { AuthedOrganization } from '../organizations/authed-organization.js';
import { bookGroup } from './book-group.js';
import { attendeeOf, bookOne } from './book-one.js';
import type { StoredResponse } from './idempotency.js';
import { runIdempotent } from './run-idempotent.js';

type BookingDeps = Pick<ServiceDeps, 'store' | 'clock' | 'paymentProcessor' | 'onEventsCommitted'>;

async function book(query: Sql, deps: BookingDeps, org: AuthedOrganization, body: CreateBookingBody, now: Date) {
  // The contract allows exactly one of human_id and human_ids (with mode).
  if (body.human_ids && body.mode) return bookGroup(query, deps, org, { ...body, human_ids: body.human_ids, mode: body.mode }, now);
  const request = { organizationId: org.id, humanId: body.human_id!, start: Date.parse(body.starts_at), durationMinutes: body.duration };
  return bookOne(query, deps, org, { ...request, ...attendeeOf(body) }, now);
}

/**
 * POST /v1/bookings: the booking (or, for several humans, every booking made), its quota
 * units, events and deliveries and (with an Idempotency-Key) its replayable response commit
 * in one transaction.
 */
export async function createBooking(
  deps: BookingDeps,
  org: AuthedOrganization,
  body: CreateBookingBody,
  idempotencyKey: string | undefined,
): Promise<StoredResponse> {
  const now = deps.clock();
  return runIdempotent(deps, org.id, idempotencyKey, body, now, async (query) => {
    const { booking, deliveries } = await book(query, deps, org, body, now);
    return { response: { status: 201, body: booking }, deliveries };
  });
}
