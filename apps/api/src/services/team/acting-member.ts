import type { MembershipRole } from '@humantime/contract/dashboard';
import { AppError } from '../../lib/app-error.js';
import type { AuthedOrganization } from '../organizations/authed-organization.js';

/**
 * A signed-in person acting in one organization: the organization (as an API key resolves
 * it, so the /v1 services take it as they are), the account, and its role there, read from
 * `memberships` by the same statement that checked the session.
 */
export interface ActingMember {
  organization: AuthedOrganization;
  organizationName: string;
  accountId: string;
  email: string;
  role: MembershipRole;
}

/**
 * The role rule, in the services: what only an owner may do is refused for a member here,
 * whatever the page showed (docs/decisions/0047-team-memberships-and-roles.md).
 */
export function requireOwner(member: ActingMember, action: string): void {
  if (member.role !== 'owner') {
    throw new AppError('FORBIDDEN', `Only an owner of ${member.organizationName} can ${action}. Ask an owner, or to be made one.`);
  }
}
