import type { ListQuery } from '@humantime/contract';
import type { OveragePack } from '@humantime/contract/dashboard';
import type { ServiceDeps } from '../deps.js';
import { afterCursor, newestFirst, toPage } from '../../lib/cursor.js';
import { toTimestamp } from '../../lib/timestamps.js';
import { requireOwner, type ActingMember } from '../team/acting-member.js';
import { OVERAGE_PACK } from './plans.js';

/**
 * The Billing page: every attempt to buy a pack at the quota, newest first, with its payment
 * and status. Owners only: it is what the organization was charged.
 */
export async function listOveragePacks({ store: { db } }: Pick<ServiceDeps, 'store'>, member: ActingMember, query: ListQuery) {
  requireOwner(member, 'see billing');
  const organizationId = member.organization.id;
  const rows = await db.packCharge.findMany({
    where: { organizationId, ...afterCursor(query.cursor) },
    orderBy: newestFirst,
    take: query.limit + 1,
  });
  return toPage(rows, query.limit, (row): OveragePack => ({
    id: row.id,
    purchased_at: toTimestamp(row.createdAt),
    pack_size: OVERAGE_PACK.bookings,
    amount_cents: row.amountCents,
    currency: row.currency,
    status: row.status as OveragePack['status'],
    payment_id: row.paymentRef,
    failure: row.status === 'succeeded' ? null : row.failure,
  }));
}
