import type { Plan } from '../../generated/prisma/enums.js';
import { sha256Hex } from '../../lib/secret-tokens.js';
import type { ServiceDeps } from '../deps.js';
import type { AuthedOrganization } from '../organizations/authed-organization.js';
import { ACCESS_TOKEN_PREFIX } from './oauth-policy.js';

/** Who an access token speaks for on /mcp. */
export interface TokenCaller {
  grantId: string;
  organization: AuthedOrganization;
  scopes: string[];
  /** The organization's API key (its digest): the bucket the tools' calls are charged to. */
  keyHash: string | null;
}

interface TokenRow {
  grant_id: string;
  scopes: string[];
  organization_id: string;
  plan: Plan;
  auto_purchase: boolean;
  key_hash: string | null;
  last_used_at: Date | null;
}

/** "Last used" is kept to the minute: a busy agent does not rewrite its grant on every call. */
const LAST_USED_GRAIN_MS = 60_000;

export const isAccessToken = (token: string) => token.startsWith(ACCESS_TOKEN_PREFIX);

/**
 * The grant behind an access token, when the token is live and bound to `resource` (this
 * service's /mcp as the request reached it): one statement, nothing cached, so a disconnected
 * grant or a revoked token answers 401 on its next request in every process.
 */
export async function resolveAccessToken(
  deps: Pick<ServiceDeps, 'store' | 'clock'>,
  { token, resource }: { token: string; resource: string },
): Promise<TokenCaller | undefined> {
  if (!isAccessToken(token)) return undefined;
  const now = deps.clock();
  const [row] = await deps.store.db.$queryRaw<TokenRow[]>`
    SELECT g.id::text AS grant_id, COALESCE(NULLIF(t.scopes, '{}'), g.scopes) AS scopes, o.id::text AS organization_id, o.plan::text AS plan, o.auto_purchase,
           k.key_hash, g.last_used_at
      FROM oauth_tokens t
      JOIN oauth_grants g ON g.organization_id = t.organization_id AND g.id = t.grant_id
      JOIN organizations o ON o.id = g.organization_id
      LEFT JOIN api_keys k ON k.organization_id = g.organization_id
     WHERE t.token_hash = ${sha256Hex(token)} AND t.kind = 'access' AND t.expires_at > ${now} AND g.resource = ${resource}`;
  if (!row) return undefined;
  if (!row.last_used_at || now.getTime() - new Date(row.last_used_at).getTime() >= LAST_USED_GRAIN_MS) {
    await deps.store.db.$executeRaw`
      UPDATE oauth_grants SET last_used_at = ${now} WHERE organization_id = ${row.organization_id}::uuid AND id = ${row.grant_id}::uuid`;
  }
  return {
    grantId: row.grant_id,
    organization: { id: row.organization_id, plan: row.plan, autoPurchase: row.auto_purchase },
    scopes: row.scopes,
    keyHash: row.key_hash,
  };
}
