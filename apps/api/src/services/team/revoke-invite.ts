import { notFound } from '../../lib/app-error.js';
import type { ServiceDeps } from '../deps.js';
import { requireOwner, type ActingMember } from './acting-member.js';

/** An owner withdraws an invite: its link answers 404 from this moment. */
export async function revokeInvite({ store: { db } }: Pick<ServiceDeps, 'store'>, member: ActingMember, inviteId: string): Promise<void> {
  requireOwner(member, 'revoke invites');
  const { count } = await db.dashboardInvite.deleteMany({ where: { organizationId: member.organization.id, id: inviteId } });
  if (count === 0) throw notFound('Invite');
}
