import type { ListQuery } from '@humantime/contract';
import type { OveragePack } from '@humantime/contract/dashboard';
import type { ServiceDeps } from '../deps.js';
import { selectIdPage } from '../../db/tables/list-pages.js';
import { keysetOf, newestFirst, toPage } from '../../lib/cursor.js';
import { toTimestamp } from '../../lib/timestamps.js';
import { requireOwner, type ActingMember } from '../team/acting-member.js';
import { OVERAGE_PACK } from './plans.js';

/**
 * The Billing page: every attempt to buy a pack at the quota, newest first, with its payment
 * and status. Owners only: it is what the organization was charged.
 */
export async function listOveragePacks({ store: { db, sql } }: Pick<ServiceDeps, 'store'>, member: ActingMember, query: ListQuery) {
  requireOwner(member, 'see billing');
  const organizationId = member.organization.id;
  const ids = await selectIdPage(sql, 'pack_charges', { organizationId }, keysetOf(query, 'overage_packs'));
  const rows = await db.packCharge.findMany({ where: { organizationId, id: { in: ids } }, orderBy: newestFirst });
  return toPage(
    rows,
    query.limit,
    (row): OveragePack => ({
      id: row.id,
      purchased_at: toTimestamp(row.createdAt),
      pack_size: OVERAGE_PACK.bookings,
      amount_cents: row.amountCents,
      currency: row.currency,
      status: row.status as OveragePack['status'],
      payment_id: row.paymentRef,
      failure: row.status === 'succeeded' ? null : row.failure,
    }),
    'overage_packs',
  );
}
