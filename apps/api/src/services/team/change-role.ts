import type { MembershipRole, TeamMember } from '@humantime/contract/dashboard';
import { toTimestamp } from '../../lib/timestamps.js';
import type { ServiceDeps } from '../deps.js';
import { requireOwner, type ActingMember } from './acting-member.js';
import { lastOwner, lockTeam, requireOwnerUnderLock, roleUnderLock } from './team-lock.js';

/**
 * An owner makes someone an owner or a member (themselves included). The last owner cannot
 * become a member. The new role applies to the person's next request: every request reads the
 * role with its session.
 */
export async function changeRole(
  { store: { db }, logger }: Pick<ServiceDeps, 'store' | 'logger'>,
  member: ActingMember,
  { accountId, role }: { accountId: string; role: MembershipRole },
): Promise<TeamMember> {
  requireOwner(member, 'change roles');
  const organizationId = member.organization.id;
  const changed = await db.$transaction(async (tx) => {
    await lockTeam(tx, organizationId);
    await requireOwnerUnderLock(tx, member, 'change roles');
    const current = await roleUnderLock(tx, organizationId, accountId);
    if (role === 'member' && current.isLastOwner) throw lastOwner();
    return tx.membership.update({
      where: { organizationId_accountId: { organizationId, accountId } },
      data: { role },
      select: { role: true, createdAt: true, account: { select: { email: true, lastSignedInAt: true } } },
    });
  });
  logger.info({ organization_id: organizationId, account_id: accountId, role, by: member.accountId }, 'team role changed');
  return {
    account_id: accountId,
    email: changed.account.email,
    role: changed.role,
    joined_at: toTimestamp(changed.createdAt),
    last_signed_in_at: changed.account.lastSignedInAt ? toTimestamp(changed.account.lastSignedInAt) : null,
  };
}
