import type { Sql } from '../../db/sql.js';
import type { Plan } from '../../generated/prisma/enums.js';
import { hashApiKey } from '../../lib/api-keys.js';
import type { AuthedOrganization } from './authed-organization.js';

/**
 * The organization an API key belongs to, by the key's SHA-256 digest through its unique
 * index. Runs on every /v1 request, so it is one direct query rather than Prisma's pipeline;
 * nothing is cached, so a rotated key is dead at once in every process.
 */
export async function organizationForKey(sql: Sql, key: string): Promise<AuthedOrganization | undefined> {
  const [row] = await sql<{ id: string; plan: Plan; auto_purchase: boolean }>(
    `SELECT o.id, o.plan::text AS plan, o.auto_purchase
       FROM api_keys k JOIN organizations o ON o.id = k.organization_id
      WHERE k.key_hash = $1`,
    [hashApiKey(key)],
  );
  return row && { id: row.id, plan: row.plan, autoPurchase: row.auto_purchase };
}
