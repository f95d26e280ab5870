import type { RegeneratedKey } from '@humantime/contract/dashboard';
import type { ServiceDeps } from '../deps.js';
import { requireOwner, type ActingMember } from '../team/acting-member.js';
import { apiKeySummary } from './api-key-summary.js';
import { rotateApiKey } from './rotate-api-key.js';

/** The dashboard's "Regenerate key": the admin's rotation, for owners only. */
export async function regenerateApiKey(deps: Pick<ServiceDeps, 'store' | 'clock'>, member: ActingMember): Promise<RegeneratedKey> {
  requireOwner(member, 'regenerate the API key');
  const rotated = await rotateApiKey(deps, member.organization.id);
  return { api_key: rotated.api_key, summary: await apiKeySummary(deps, member.organization.id) };
}
