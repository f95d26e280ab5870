import {
  InvalidGrantError,
  InvalidRequestError,
  InvalidScopeError,
  InvalidTargetError,
} from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { AuthorizationParams, OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { OAuthClientInformationFull, OAuthTokenRevocationRequest, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Response } from 'express';
import { newSecretToken, sha256Hex } from '../../lib/secret-tokens.js';
import type { ServiceDeps } from '../deps.js';
import { revokeGrant } from './grants.js';
import type { OAuthClients } from './oauth-clients.js';
import { ACCESS_TOKEN_PREFIX, ACCESS_TOKEN_TTL_MS, REFRESH_TOKEN_PREFIX, REFRESH_TOKEN_TTL_MS } from './oauth-policy.js';

type Deps = Pick<ServiceDeps, 'store' | 'clock' | 'logger'>;

interface GrantRow {
  organization_id: string;
  grant_id: string;
  client_id: string;
  redirect_uri: string;
  scopes: string[];
  resource: string;
}

const GRANT_COLUMNS =
  'g.organization_id::text AS organization_id, g.id::text AS grant_id, g.client_id, g.redirect_uri, g.scopes, g.resource';

interface OneTimeKind {
  name: string;
  table: string;
  /** The row of the secret whose digest is $1. */
  where: string;
}

const CODES: OneTimeKind = { name: 'authorization code', table: 'oauth_codes', where: 'code_hash = $1' };
const REFRESH_TOKENS: OneTimeKind = { name: 'refresh token', table: 'oauth_tokens', where: "token_hash = $1 AND kind = 'refresh'" };

const sameResource = (asked: URL | undefined, bound: string) => asked === undefined || asked.href.replace(/\/$/, '') === bound;

/**
 * The token side of the authorization server, behind the MCP SDK's token and revocation
 * handlers (which parse the form, find the client and check PKCE S256 with the challenge this
 * answers). Codes and refresh tokens are used up by one conditional UPDATE each, so two
 * requests racing with the same one cannot both win; the loser revokes the grant, as a replay
 * must. The authorization step itself is ours (http/oauth), not the SDK's: see `authorize`.
 */
export class TokenIssuer implements OAuthServerProvider {
  constructor(
    private readonly deps: Deps,
    readonly clientsStore: OAuthClients,
  ) {}

  authorize(_client: OAuthClientInformationFull, _params: AuthorizationParams, _res: Response): Promise<void> {
    return Promise.reject(new Error('/oauth/authorize is served by http/oauth/authorize-endpoint.ts, not the SDK'));
  }

  async challengeForAuthorizationCode(client: OAuthClientInformationFull, code: string): Promise<string> {
    const [row] = await this.deps.store.db.$queryRawUnsafe<
      Array<GrantRow & { code_challenge: string; expires_at: Date; used_at: Date | null }>
    >(
      `SELECT c.code_challenge, c.expires_at, c.used_at, ${GRANT_COLUMNS}
         FROM oauth_codes c JOIN oauth_grants g ON g.organization_id = c.organization_id AND g.id = c.grant_id
        WHERE c.code_hash = $1`,
      sha256Hex(code),
    );
    if (!row) throw new InvalidGrantError('The authorization code is unknown, expired or revoked.');
    if (row.used_at !== null) await this.replayed(row, 'authorization code');
    if (row.client_id !== client.client_id) throw new InvalidGrantError('The authorization code was issued to another client.');
    if (new Date(row.expires_at) <= this.deps.clock()) throw new InvalidGrantError('The authorization code has expired (codes live 60 s).');
    return row.code_challenge;
  }

  // eslint-disable-next-line max-params -- the MCP SDK's OAuthServerProvider fixes this signature.
  async exchangeAuthorizationCode(
    client: OAuthClientInformationFull,
    code: string,
    _codeVerifier?: string,
    redirectUri?: string,
    resource?: URL,
  ): Promise<OAuthTokens> {
    // Every authorization request names its redirect_uri, so the exchange must repeat it (RFC 6749
    // §4.1.3); asked before the code is used up, so a client that forgot it can still send it.
    if (redirectUri === undefined) throw new InvalidRequestError('redirect_uri is required: the one the authorization request named.');
    const bound = (row: GrantRow) => {
      if (row.client_id !== client.client_id) throw new InvalidGrantError('The authorization code was issued to another client.');
      if (redirectUri !== row.redirect_uri) throw new InvalidGrantError('redirect_uri is not the one the code was issued for.');
      if (!sameResource(resource, row.resource)) throw new InvalidTargetError(`resource must be ${row.resource}`);
    };
    return this.issue(await this.useOnce(CODES, code, bound));
  }

  async exchangeRefreshToken(
    client: OAuthClientInformationFull,
    refreshToken: string,
    scopes?: string[],
    resource?: URL,
  ): Promise<OAuthTokens> {
    const bound = (row: GrantRow) => {
      if (row.client_id !== client.client_id) throw new InvalidGrantError('The refresh token was issued to another client.');
      if (!sameResource(resource, row.resource)) throw new InvalidTargetError(`resource must be ${row.resource}`);
      if (scopes && !scopes.every((s) => row.scopes.includes(s))) {
        throw new InvalidScopeError(`scope may only name what was allowed: ${row.scopes.join(' ')}`);
      }
    };
    // A narrower scope asked for is the new access token's alone; the refresh token keeps the
    // grant's (RFC 6749 §6), so a later refresh may ask for all of it again.
    const row = await this.useOnce(REFRESH_TOKENS, refreshToken, bound);
    const narrower = scopes && scopes.length > 0 && !row.scopes.every((s) => scopes.includes(s)) ? [...new Set(scopes)] : undefined;
    return this.issue(row, narrower);
  }

  /** The resource a live refresh token's grant is bound to (`<base>/mcp` when it was made), or undefined. */
  async resourceOfRefreshToken(refreshToken: string): Promise<string | undefined> {
    const [row] = await this.deps.store.db.$queryRawUnsafe<Array<{ resource: string }>>(
      `SELECT g.resource FROM oauth_tokens t JOIN oauth_grants g ON g.organization_id = t.organization_id AND g.id = t.grant_id
        WHERE t.token_hash = $1 AND t.kind = 'refresh' AND t.used_at IS NULL`,
      sha256Hex(refreshToken),
    );
    return row?.resource;
  }

  /**
   * Uses up a code or a refresh token: one conditional UPDATE, so of two requests racing with
   * the same one only one wins. One that was used before is a replay: the grant is revoked.
   * `bound` throws when the request is not the one the secret was issued for (another client, a
   * different redirect URI or resource): asked of the live secret first, so such a request
   * leaves it unused (and its rightful holder's next use is no replay), and again of the row
   * used up.
   */
  private async useOnce(kind: OneTimeKind, secret: string, bound: (row: GrantRow) => void): Promise<GrantRow> {
    const hash = sha256Hex(secret);
    const db = this.deps.store.db;
    const [live] = await db.$queryRawUnsafe<GrantRow[]>(
      `SELECT ${GRANT_COLUMNS} FROM ${kind.table} x JOIN oauth_grants g ON g.organization_id = x.organization_id AND g.id = x.grant_id
        WHERE x.${kind.where} AND x.used_at IS NULL AND x.expires_at > $2`,
      hash,
      this.deps.clock(),
    );
    if (live) bound(live);
    const [row] = await db.$queryRawUnsafe<GrantRow[]>(
      `WITH used AS (
         UPDATE ${kind.table} SET used_at = $2 WHERE ${kind.where} AND used_at IS NULL AND expires_at > $2
         RETURNING organization_id, grant_id)
       SELECT ${GRANT_COLUMNS} FROM used u JOIN oauth_grants g ON g.organization_id = u.organization_id AND g.id = u.grant_id`,
      hash,
      this.deps.clock(),
    );
    if (row) {
      bound(row);
      return row;
    }
    const [earlier] = await db.$queryRawUnsafe<GrantRow[]>(
      `SELECT ${GRANT_COLUMNS} FROM ${kind.table} x JOIN oauth_grants g ON g.organization_id = x.organization_id AND g.id = x.grant_id
        WHERE x.${kind.where} AND x.used_at IS NOT NULL`,
      hash,
    );
    if (earlier) await this.replayed(earlier, kind.name);
    throw new InvalidGrantError(`The ${kind.name} is unknown, expired or revoked.`);
  }

  /** A used code or refresh token came back: revoke everything its grant gave, then refuse. */
  private async replayed(row: GrantRow, what: string): Promise<never> {
    await revokeGrant(this.deps, row.organization_id, row.grant_id);
    this.deps.logger.warn(
      { organization_id: row.organization_id, grant_id: row.grant_id, client_id: row.client_id },
      `oauth ${what} reused: grant revoked`,
    );
    throw new InvalidGrantError(`The ${what} was already used, so every token of this connection is revoked. Connect the app again.`);
  }

  /** A new access and refresh token pair for the grant; the grant's expired tokens go. */
  private async issue(grant: GrantRow, accessScopes?: string[]): Promise<OAuthTokens> {
    const now = this.deps.clock();
    const access = ACCESS_TOKEN_PREFIX + newSecretToken();
    const refresh = REFRESH_TOKEN_PREFIX + newSecretToken();
    const db = this.deps.store.db;
    await db.$transaction([
      db.$executeRaw`DELETE FROM oauth_tokens WHERE organization_id = ${grant.organization_id}::uuid AND grant_id = ${grant.grant_id}::uuid AND expires_at <= ${now}`,
      db.$executeRaw`
        INSERT INTO oauth_tokens (token_hash, organization_id, grant_id, kind, created_at, expires_at, scopes) VALUES
          (${sha256Hex(access)}, ${grant.organization_id}::uuid, ${grant.grant_id}::uuid, 'access', ${now}, ${new Date(now.getTime() + ACCESS_TOKEN_TTL_MS)}, ${accessScopes ?? null}::text[]),
          (${sha256Hex(refresh)}, ${grant.organization_id}::uuid, ${grant.grant_id}::uuid, 'refresh', ${now}, ${new Date(now.getTime() + REFRESH_TOKEN_TTL_MS)}, NULL)`,
    ]);
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_MS / 1000,
      refresh_token: refresh,
      scope: (accessScopes ?? grant.scopes).join(' '),
    };
  }

  /**
   * RFC 7009: a refresh token revokes its whole grant, an access token only itself. A token that
   * is unknown, or another client's, is answered like a revoked one (nothing to learn from it).
   */
  async revokeToken(client: OAuthClientInformationFull, request: OAuthTokenRevocationRequest): Promise<void> {
    const [row] = await this.deps.store.db.$queryRawUnsafe<Array<GrantRow & { kind: string; token_hash: string }>>(
      `SELECT t.kind, t.token_hash, ${GRANT_COLUMNS}
         FROM oauth_tokens t JOIN oauth_grants g ON g.organization_id = t.organization_id AND g.id = t.grant_id
        WHERE t.token_hash = $1`,
      sha256Hex(request.token),
    );
    if (!row || row.client_id !== client.client_id) return;
    if (row.kind === 'refresh') await revokeGrant(this.deps, row.organization_id, row.grant_id);
    else await this.deps.store.db.$executeRaw`DELETE FROM oauth_tokens WHERE token_hash = ${row.token_hash}`;
    this.deps.logger.info({ organization_id: row.organization_id, grant_id: row.grant_id, kind: row.kind }, 'oauth token revoked');
  }

  /** Unused: /mcp resolves tokens with their organization in one statement (access-tokens.ts). */
  verifyAccessToken(_token: string): Promise<AuthInfo> {
    return Promise.reject(new Error('use resolveAccessToken'));
  }
}
