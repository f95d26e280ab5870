import type { ServiceDeps } from '../deps.js';
import { generateApiKey, hashApiKey, keyHint } from '../../lib/api-keys.js';
import { notFound } from '../../lib/app-error.js';

/**
 * Replaces the organization's key digest in one UPDATE: from its commit on, the old key
 * matches nothing, in every process.
 */
export async function rotateApiKey({ store: { db }, clock }: Pick<ServiceDeps, 'store' | 'clock'>, organizationId: string) {
  const apiKey = generateApiKey();
  const { count } = await db.apiKey.updateMany({
    where: { organizationId },
    data: { keyHash: hashApiKey(apiKey), keyHint: keyHint(apiKey), rotatedAt: clock() },
  });
  if (count === 0) throw notFound('Organization');
  return { organization_id: organizationId, api_key: apiKey };
}
