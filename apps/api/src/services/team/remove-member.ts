import type { ServiceDeps } from '../deps.js';
import { requireOwner, type ActingMember } from './acting-member.js';
import { lastOwner, lockTeam, requireOwnerUnderLock, roleUnderLock } from './team-lock.js';

/**
 * Takes a person out of the organization: an owner removes anyone, anyone may leave. The last
 * owner cannot leave. In one transaction: the apps they connected to this organization lose
 * access (their grants, with every code and token, are deleted), the membership goes and with
 * it every session of theirs in this organization (a foreign key cascades, so no request of
 * theirs is served there after the commit), and an account left in no organization is deleted.
 */
export async function removeMember(
  { store: { db }, logger }: Pick<ServiceDeps, 'store' | 'logger'>,
  member: ActingMember,
  accountId: string,
): Promise<void> {
  const leaving = accountId === member.accountId;
  if (!leaving) requireOwner(member, 'remove members');
  const organizationId = member.organization.id;
  const accountDeleted = await db.$transaction(async (tx) => {
    await lockTeam(tx, organizationId);
    if (!leaving) await requireOwnerUnderLock(tx, member, 'remove members');
    if ((await roleUnderLock(tx, organizationId, accountId)).isLastOwner) throw lastOwner();
    await tx.$executeRaw`DELETE FROM oauth_grants WHERE organization_id = ${organizationId}::uuid AND account_id = ${accountId}::uuid`;
    await tx.$executeRaw`DELETE FROM memberships WHERE organization_id = ${organizationId}::uuid AND account_id = ${accountId}::uuid`;
    const gone = await tx.$executeRaw`
      DELETE FROM accounts a WHERE a.id = ${accountId}::uuid AND NOT EXISTS (SELECT 1 FROM memberships m WHERE m.account_id = a.id)`;
    return gone > 0;
  });
  logger.info(
    { organization_id: organizationId, account_id: accountId, by: member.accountId, account_deleted: accountDeleted },
    leaving ? 'team member left' : 'team member removed',
  );
}
