import type { ConnectedApp, Consent, DecideAuthorizationBody } from '@humantime/contract/dashboard';
import { sqlState } from '../../db/prisma-errors.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { newSecretToken, sha256Hex } from '../../lib/secret-tokens.js';
import { toTimestamp } from '../../lib/timestamps.js';
import type { SignedIn } from '../accounts/sessions.js';
import type { ServiceDeps } from '../deps.js';
import type { ActingMember } from '../team/acting-member.js';
import { checkAuthorizationRequest, withQuery, type ValidAuthorization } from './authorization-request.js';
import type { OAuthClients } from './oauth-clients.js';
import { CODE_PREFIX, CODE_TTL_MS, OAUTH_SCOPE_LIST, shownClientName } from './oauth-policy.js';
import { redirectHost } from './redirect-uris.js';
import { newId } from '../../lib/ids.js';

type Deps = Pick<ServiceDeps, 'store' | 'clock' | 'logger'> & { clients: Pick<OAuthClients, 'lookUp'> };

/** A grant nobody finished connecting (no token ever issued) is dropped after a day. */
const ABANDONED_GRANT_MS = 24 * 3_600_000;

async function validRequest(deps: Deps, params: Record<string, unknown>, baseUrl: string): Promise<ValidAuthorization> {
  const check = await checkAuthorizationRequest(deps.clients, params, baseUrl);
  if (check.kind === 'page') throw new AppError('OAUTH_REQUEST_INVALID', check.message);
  if (check.kind === 'redirect') {
    const error = new URL(check.redirectTo).searchParams;
    throw new AppError('OAUTH_REQUEST_INVALID', `This sign-in link is not valid: ${error.get('error_description') ?? error.get('error')}.`);
  }
  return check.request;
}

/** Every organization the account belongs to, the session's first: any member may connect an app. */
async function organizationsOf(deps: Deps, signedIn: SignedIn) {
  const current = signedIn.session.organization.organization_id;
  const rows = await deps.store.db.$queryRaw<Array<{ organization_id: string; name: string; plan: string }>>`
    SELECT o.id::text AS organization_id, o.name, o.plan::text AS plan
      FROM memberships m JOIN organizations o ON o.id = m.organization_id
     WHERE m.account_id = ${signedIn.session.account.id}::uuid
     ORDER BY (o.id = ${current}::uuid) DESC, m.created_at, o.id`;
  return rows;
}

/** What the consent page shows for a request it carries; the organizations the person may pick. */
export async function describeConsent(
  deps: Deps,
  signedIn: SignedIn,
  { params, baseUrl }: { params: Record<string, unknown>; baseUrl: string },
): Promise<Consent> {
  const request = await validRequest(deps, params, baseUrl);
  return {
    client: {
      client_id: request.client.client_id,
      name: shownClientName(request.client.client_name, request.client.client_id),
      uri: request.client.client_uri ?? null,
    },
    redirect_host: redirectHost(request.redirectUri),
    scopes: request.scopes,
    organizations: await organizationsOf(deps, signedIn),
  };
}

/**
 * Allow or Deny. Allow creates the grant (for the organization chosen, by this account) and a
 * one-time code bound to the client, the redirect URI and the code challenge, in one
 * transaction; Deny sends error=access_denied back. Either way the answer is where the browser
 * goes next.
 */
export async function decideAuthorization(
  deps: Deps,
  signedIn: SignedIn,
  { body, baseUrl }: { body: DecideAuthorizationBody; baseUrl: string },
): Promise<{ redirect_to: string }> {
  const { decision, organization_id: organizationId, ...params } = body;
  const request = await validRequest(deps, params, baseUrl);
  // The organization chosen, which must be one of the person's (the grant's foreign key to the
  // membership holds the same rule); the session's by default.
  const chosen = organizationId ?? signedIn.session.organization.organization_id;
  if (!(await organizationsOf(deps, signedIn)).some((o) => o.organization_id === chosen)) throw notFound('Organization');
  if (decision === 'deny') {
    return {
      redirect_to: withQuery(request.redirectUri, {
        error: 'access_denied',
        error_description: 'The person did not allow this app to use humantime.',
        state: request.state,
        iss: baseUrl,
      }),
    };
  }
  const now = deps.clock();
  const grantId = newId();
  const code = CODE_PREFIX + newSecretToken();
  const db = deps.store.db;
  const granted = db.$transaction([
    db.$executeRaw`DELETE FROM oauth_codes WHERE expires_at < ${new Date(now.getTime() - ABANDONED_GRANT_MS)}`,
    db.$executeRaw`
      DELETE FROM oauth_grants g WHERE g.organization_id = ${chosen}::uuid AND g.created_at < ${new Date(now.getTime() - ABANDONED_GRANT_MS)}
         AND NOT EXISTS (SELECT 1 FROM oauth_tokens t WHERE t.organization_id = g.organization_id AND t.grant_id = g.id)`,
    db.$executeRaw`
      INSERT INTO oauth_grants (id, organization_id, client_id, account_id, redirect_uri, scopes, resource, created_at)
      VALUES (${grantId}::uuid, ${chosen}::uuid, ${request.client.client_id}, ${signedIn.session.account.id}::uuid,
              ${request.redirectUri}, ${request.scopes}, ${request.resource}, ${now})`,
    // A registered client someone connected no longer expires.
    db.$executeRaw`UPDATE oauth_clients SET expires_at = NULL WHERE client_id = ${request.client.client_id} AND expires_at IS NOT NULL`,
    db.$executeRaw`
      INSERT INTO oauth_codes (code_hash, organization_id, grant_id, code_challenge, expires_at)
      VALUES (${sha256Hex(code)}, ${chosen}::uuid, ${grantId}::uuid, ${request.codeChallenge}, ${new Date(now.getTime() + CODE_TTL_MS)})`,
  ]);
  await granted.catch((error: unknown) => {
    // Removed from the organization between the check and the grant: the foreign key refused it.
    throw sqlState(error) === '23503' ? notFound('Organization') : error;
  });
  deps.logger.info(
    { organization_id: chosen, grant_id: grantId, client_id: request.client.client_id, scopes: request.scopes },
    'oauth grant allowed',
  );
  return { redirect_to: withQuery(request.redirectUri, { code, state: request.state, iss: baseUrl }) };
}

interface GrantRow {
  id: string;
  client_id: string;
  client_name: string | null;
  redirect_uri: string;
  scopes: string[];
  email: string | null;
  created_at: Date;
  last_used_at: Date | null;
}

/** "Connected apps": every grant of the organization that was ever given a token, newest first. */
export async function listConnectedApps(deps: Pick<ServiceDeps, 'store'>, organizationId: string): Promise<{ data: ConnectedApp[] }> {
  const rows = await deps.store.db.$queryRaw<GrantRow[]>`
    SELECT g.id::text AS id, g.client_id, c.client_name, g.redirect_uri, g.scopes, a.email, g.created_at, g.last_used_at
      FROM oauth_grants g
      JOIN oauth_clients c ON c.client_id = g.client_id
      LEFT JOIN accounts a ON a.id = g.account_id
     WHERE g.organization_id = ${organizationId}::uuid
       AND EXISTS (SELECT 1 FROM oauth_tokens t WHERE t.organization_id = g.organization_id AND t.grant_id = g.id)
     ORDER BY g.created_at DESC, g.id DESC
     LIMIT 500`;
  return {
    data: rows.map((row) => ({
      id: row.id,
      client_id: row.client_id,
      client_name: shownClientName(row.client_name, row.client_id),
      redirect_host: redirectHost(row.redirect_uri),
      scopes: OAUTH_SCOPE_LIST.filter((s) => row.scopes.includes(s)),
      allowed_by: row.email,
      created_at: toTimestamp(new Date(row.created_at)),
      last_used_at: row.last_used_at ? toTimestamp(new Date(row.last_used_at)) : null,
    })),
  };
}

/**
 * Disconnect: the grant and every code and token it gave are deleted in one statement. An
 * owner may disconnect any app of the organization; a member only the ones they allowed
 * (the condition is in the statement, so the check and the delete cannot drift apart).
 */
export async function disconnectApp(deps: Pick<ServiceDeps, 'store' | 'logger'>, member: ActingMember, grantId: string): Promise<void> {
  const organizationId = member.organization.id;
  const anyGrant = member.role === 'owner';
  const deleted = await deps.store.db.$executeRaw`
    DELETE FROM oauth_grants
     WHERE organization_id = ${organizationId}::uuid AND id = ${grantId}::uuid AND (${anyGrant} OR account_id = ${member.accountId}::uuid)`;
  if (deleted === 0) {
    const exists = await deps.store.db.oAuthGrant.count({ where: { organizationId, id: grantId } });
    if (exists > 0)
      throw new AppError(
        'FORBIDDEN',
        'Only an owner can disconnect an app someone else connected. Ask an owner, or the person who allowed it.',
      );
    throw notFound('Connected app');
  }
  deps.logger.info({ organization_id: organizationId, grant_id: grantId, by: member.accountId }, 'oauth grant disconnected');
}

/** Revokes a grant: its codes and tokens go with it (ON DELETE CASCADE). Whether it existed. */
export async function revokeGrant(deps: Pick<ServiceDeps, 'store'>, organizationId: string, grantId: string): Promise<boolean> {
  const count = await deps.store.db.$executeRaw`
    DELETE FROM oauth_grants WHERE organization_id = ${organizationId}::uuid AND id = ${grantId}::uuid`;
  return count > 0;
}
