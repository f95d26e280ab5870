import type { ConfirmHoldBody } from '@humantime/contract';
import type { Sql } from '../../db/sql.js';
import { deleteLiveHold } from '../../db/tables/holds.js';
import { notFound } from '../../lib/app-error.js';
import { withOveragePacks } from '../billing/buy-pack.js';
import { lockQuota } from '../billing/consume-quota.js';
import { attendeeOf, bookOne } from '../bookings/book-one.js';
import type { StoredResponse } from '../bookings/idempotency.js';
import { runIdempotent } from '../bookings/run-idempotent.js';
import type { ServiceDeps } from '../deps.js';
import type { AuthedOrganization } from '../organizations/authed-organization.js';

async function confirm(query: Sql, org: AuthedOrganization, { holdId, body, now }: { holdId: string; body: ConfirmHoldBody; now: Date }) {
  // The month's quota first, before the hold's claim (and so its human's row) is touched.
  const quota = await lockQuota(query, org, now);
  // Deleting the hold (and, by cascade, its claim) first is what lets it not block its own
  // booking; the row lock makes a concurrent confirm or release find nothing (404). Any
  // refusal below rolls back, and the hold is live again as it was.
  const held = await deleteLiveHold(query, org.id, holdId, now);
  if (!held) throw notFound('Hold');
  const request = { organizationId: org.id, humanId: held.humanId, start: held.startsAt.getTime(), durationMinutes: held.durationMinutes };
  return bookOne(query, org, { request: { ...request, ...attendeeOf(body) }, now, quota });
}

type ConfirmDeps = Pick<ServiceDeps, 'store' | 'clock' | 'paymentProcessor' | 'onEventsCommitted'> & Partial<Pick<ServiceDeps, 'config'>>;

/**
 * POST /v1/holds/{id}/confirm: the hold becomes a booking in one transaction, judged by every
 * booking rule at this moment, with its quota unit and booking.confirmed event.
 */
export async function confirmHold(
  deps: ConfirmDeps,
  org: AuthedOrganization,
  { holdId, body, idempotencyKey }: { holdId: string; body: ConfirmHoldBody; idempotencyKey: string | undefined },
): Promise<StoredResponse> {
  // At the limit with auto-purchase on, the pack is bought between two tries (buy-pack.ts).
  return withOveragePacks(deps, org, () => confirmOnce(deps, org, { holdId, body, idempotencyKey }));
}

async function confirmOnce(
  deps: ConfirmDeps,
  org: AuthedOrganization,
  { holdId, body, idempotencyKey }: { holdId: string; body: ConfirmHoldBody; idempotencyKey: string | undefined },
): Promise<StoredResponse> {
  const now = deps.clock();
  // The key is bound to the route and the hold too, so reusing it elsewhere is refused.
  const request = { confirmHold: holdId, ...body };
  const outcome = await runIdempotent(deps, org.id, { idempotencyKey, request, now }, async (query) => {
    const { booking, deliveries } = await confirm(query, org, { holdId, body, now });
    return { kind: 'done', response: { status: 201, body: booking }, deliveries };
  });
  return outcome.response;
}
