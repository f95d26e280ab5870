import type { Sql } from '../../db/sql.js';
import { consumeQuota, type LockedQuota } from '../billing/consume-quota.js';
import { recordEvent } from '../events/record-event.js';
import type { AuthedOrganization } from '../organizations/authed-organization.js';
import { bookingView } from './booking-view.js';
import { claimTime, type BookingRequest } from './claim-time.js';

/** The attendee fields of a booking body as a BookingRequest takes them. */
export function attendeeOf(body: {
  attendee_name: string;
  attendee_email?: string | null | undefined;
  metadata?: Record<string, unknown> | undefined;
}) {
  return { attendeeName: body.attendee_name, attendeeEmail: body.attendee_email ?? null, metadata: body.metadata ?? {} };
}

/**
 * One new confirmed booking inside the caller's transaction: claimed and judged, its
 * booking.confirmed event recorded, its quota unit taken from `quota`, which the caller locked
 * with lockQuota first thing in the transaction. Used by POST /v1/bookings and by a hold's
 * confirm, so both book by the same steps.
 */
export async function bookOne(
  query: Sql,
  org: AuthedOrganization,
  { request, now, quota }: { request: BookingRequest; now: Date; quota: LockedQuota },
) {
  const booking = bookingView(await claimTime(query, request, now));
  const deliveries = await recordEvent(query, { organizationId: org.id, type: 'booking.confirmed', booking, at: now });
  // Last: the quota is the last of the booking checks.
  await consumeQuota(query, org, { month: quota, now });
  return { booking, deliveries };
}
