import type { Db } from '../../db/open-store.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { requireOwner, type ActingMember } from './acting-member.js';

/** Prisma's interactive transaction client: what `db.$transaction(async (tx) => …)` hands over. */
export type Tx = Parameters<Parameters<Db['$transaction']>[0]>[0];

export const lastOwner = () =>
  new AppError('LAST_OWNER', 'The last owner cannot leave the organization or become a member. Make someone else an owner first.');

/**
 * Team changes of one organization take turns: the organization's row is locked FOR NO KEY
 * UPDATE to the end of the transaction. Two owners demoting each other at once would each see
 * the other still an owner and leave nobody; in turns, the second sees the first change. The
 * lock does not hold up bookings (a foreign key takes KEY SHARE, which it leaves free).
 */
export async function lockTeam(tx: Tx, organizationId: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM organizations WHERE id = ${organizationId}::uuid FOR NO KEY UPDATE`;
}

/**
 * Under the team lock, the acting owner's role once more: one demoted a moment ago (by a
 * request that held the lock first) no longer acts as an owner.
 */
export async function requireOwnerUnderLock(tx: Tx, member: ActingMember, action: string): Promise<void> {
  const { role } = await roleUnderLock(tx, member.organization.id, member.accountId);
  requireOwner({ ...member, role }, action);
}

/**
 * Under the team lock: the target's role, and whether taking away their ownership would leave
 * the organization without an owner. 404 when they are not in the organization.
 */
export async function roleUnderLock(tx: Tx, organizationId: string, accountId: string) {
  const [row] = await tx.$queryRaw<Array<{ role: 'owner' | 'member'; other_owners: number }>>`
    SELECT m.role::text AS role,
           (SELECT count(*)::int FROM memberships o
             WHERE o.organization_id = m.organization_id AND o.role = 'owner' AND o.account_id <> m.account_id) AS other_owners
      FROM memberships m
     WHERE m.organization_id = ${organizationId}::uuid AND m.account_id = ${accountId}::uuid`;
  if (!row) throw notFound('Member');
  return { role: row.role, isLastOwner: row.role === 'owner' && row.other_owners === 0 };
}
