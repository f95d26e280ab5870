import type { MembershipRole, Team } from '@humantime/contract/dashboard';
import { toTimestamp } from '../../lib/timestamps.js';
import type { ServiceDeps } from '../deps.js';
import type { ActingMember } from './acting-member.js';

interface MemberRow {
  account_id: string;
  email: string;
  role: MembershipRole;
  joined_at: Date;
  last_signed_in_at: Date | null;
}

interface InviteRow {
  id: string;
  email: string;
  role: MembershipRole;
  created_at: Date;
  expires_at: Date;
}

/** The Team page: every member with role and last sign-in, and the invites still open. Any member may read it. */
export async function listTeam({ store: { db }, clock }: Pick<ServiceDeps, 'store' | 'clock'>, member: ActingMember): Promise<Team> {
  const organizationId = member.organization.id;
  const members = await db.$queryRaw<MemberRow[]>`
    SELECT a.id::text AS account_id, a.email, m.role::text AS role, m.created_at AS joined_at, a.last_signed_in_at
      FROM memberships m JOIN accounts a ON a.id = m.account_id
     WHERE m.organization_id = ${organizationId}::uuid
     ORDER BY m.created_at, a.id`;
  const invites = await db.$queryRaw<InviteRow[]>`
    SELECT id::text AS id, email, role::text AS role, created_at, expires_at
      FROM dashboard_invites
     WHERE organization_id = ${organizationId}::uuid AND expires_at > ${clock()}
     ORDER BY created_at DESC, id`;
  return {
    members: members.map((row) => ({
      account_id: row.account_id,
      email: row.email,
      role: row.role,
      joined_at: toTimestamp(new Date(row.joined_at)),
      last_signed_in_at: row.last_signed_in_at ? toTimestamp(new Date(row.last_signed_in_at)) : null,
    })),
    invites: invites.map((row) => ({
      id: row.id,
      email: row.email,
      role: row.role,
      created_at: toTimestamp(new Date(row.created_at)),
      expires_at: toTimestamp(new Date(row.expires_at)),
    })),
  };
}
