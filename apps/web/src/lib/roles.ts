import type { MembershipRole } from '@humantime/contract/dashboard';
import { ApiError } from '../api/client.js';

export function roleName(role: MembershipRole): string {
  return role === 'owner' ? 'Owner' : 'Member';
}

export function withArticle(role: MembershipRole): string {
  return role === 'owner' ? 'an owner' : 'a member';
}

/**
 * A 403 FORBIDDEN means the page thought the person could do something their role no longer
 * allows (an owner made them a member a moment ago): show the server's message, and read the
 * session again so the page hides what they cannot do.
 */
export function refreshOnForbidden(refresh: () => void) {
  return (error: unknown): never => {
    if (error instanceof ApiError && error.code === 'FORBIDDEN') refresh();
    throw error;
  };
}
