import type { ListQuery } from '@humantime/contract';
import type { OveragePack } from '@humantime/contract/dashboard';
import type { ServiceDeps } from '../deps.js';
import { afterCursor, newestFirst, toPage } from '../../lib/cursor.js';
import { toTimestamp } from '../../lib/timestamps.js';
import { requireOwner, type ActingMember } from '../team/acting-member.js';

/** The Billing page: every pack bought at the quota, newest first. Owners only: it is what the organization was charged. */
export async function listOveragePacks({ store: { db } }: Pick<ServiceDeps, 'store'>, member: ActingMember, query: ListQuery) {
  requireOwner(member, 'see billing');
  const organizationId = member.organization.id;
  const rows = await db.overagePurchase.findMany({
    where: { organizationId, ...afterCursor(query.cursor) },
    orderBy: newestFirst,
    take: query.limit + 1,
  });
  return toPage(rows, query.limit, (row): OveragePack => ({
    id: row.id,
    purchased_at: toTimestamp(row.createdAt),
    pack_size: row.packSize,
    amount_cents: row.amountCents,
    currency: row.currency,
  }));
}
