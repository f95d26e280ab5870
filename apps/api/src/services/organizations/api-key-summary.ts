import type { ApiKeySummary } from '@humantime/contract/dashboard';
import type { ServiceDeps } from '../deps.js';
import { API_KEY_PREFIX } from '../../lib/api-keys.js';
import { notFound } from '../../lib/app-error.js';
import { toTimestamp } from '../../lib/timestamps.js';

/**
 * What may be shown of the key: prefix, last four (from the stored hint; the key itself is
 * not stored) and when it was made. Rotation replaces the key row's digest in place, so
 * the current key was made at rotated_at when there is one.
 */
export async function apiKeySummary({ store: { db } }: Pick<ServiceDeps, 'store'>, organizationId: string): Promise<ApiKeySummary> {
  const key = await db.apiKey.findUnique({ where: { organizationId } });
  if (!key) throw notFound('Organization');
  return {
    prefix: API_KEY_PREFIX,
    last_four: key.keyHint.slice(-4),
    created_at: toTimestamp(key.rotatedAt ?? key.createdAt),
  };
}
