import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import { InvalidClientMetadataError, OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { ServiceDeps } from '../deps.js';
import { isClientDocumentUrl, readClientDocument } from './client-metadata-document.js';
import {
  CLIENT_DOCUMENT_MAX_AGE_MS,
  MAX_CLIENT_NAME_LENGTH,
  unshowableName,
  MAX_URI_LENGTH,
  OAUTH_SCOPE_LIST,
  parseScopes,
  UNUSED_CLIENT_TTL_MS,
} from './oauth-policy.js';
import { redirectUriProblem } from './redirect-uris.js';

/** RFC 7591 §3.2.2's answer for a redirect URI refused at registration (the MCP SDK has no class for it). */
class InvalidRedirectUriError extends OAuthError {
  static override errorCode = 'invalid_redirect_uri';
}

type Deps = Pick<ServiceDeps, 'store' | 'clock' | 'config' | 'logger'>;

interface ClientRow {
  information: OAuthClientInformationFull;
  kind: string;
  fetched_at: Date | null;
}

/** What an unknown or unreadable client is, for the page that must say so. */
export interface ClientLookup {
  client: OAuthClientInformationFull | undefined;
  /** Why a metadata-document client could not be used (never for an unknown registered one). */
  problem?: string;
}

/**
 * The apps that may sign people in, over the database: registered ones (RFC 7591; public
 * clients only: no secret is issued) and ones whose client_id is the URL of their metadata
 * document, read through the outbound guard and kept for an hour. The MCP SDK's token,
 * registration and revocation handlers find clients through it.
 */
export class OAuthClients implements OAuthRegisteredClientsStore {
  constructor(private readonly deps: Deps) {}

  private get documentLimits() {
    return { timeoutMs: this.deps.config.oauth.clientDocumentTimeoutMs, allowPrivate: this.deps.config.webhooks.allowPrivateUrls };
  }

  async getClient(clientId: string): Promise<OAuthClientInformationFull | undefined> {
    return (await this.lookUp(clientId)).client;
  }

  async lookUp(clientId: string): Promise<ClientLookup> {
    const now = this.deps.clock();
    const [row] = await this.deps.store.db.$queryRaw<ClientRow[]>`
      SELECT information, kind, fetched_at FROM oauth_clients
       WHERE client_id = ${clientId} AND (expires_at IS NULL OR expires_at > ${now})`;
    if (!isClientDocumentUrl(clientId, this.documentLimits.allowPrivate)) return { client: row?.information };
    if (row && row.fetched_at && now.getTime() - new Date(row.fetched_at).getTime() < CLIENT_DOCUMENT_MAX_AGE_MS) {
      return { client: row.information };
    }
    const read = await readClientDocument(clientId, this.documentLimits);
    if (!read.ok) {
      this.deps.logger.warn({ client_id: clientId, problem: read.message }, 'oauth client metadata document unreadable');
      return { client: undefined, problem: read.message };
    }
    await this.deps.store.db.$executeRaw`
      INSERT INTO oauth_clients (client_id, kind, client_name, client_uri, redirect_uris, information, created_at, fetched_at)
      VALUES (${clientId}, 'metadata_document', ${read.client.client_name ?? null}, ${read.client.client_uri ?? null},
              ${read.client.redirect_uris}, ${JSON.stringify(read.client)}::jsonb, ${now}, ${now})
      ON CONFLICT (client_id) DO UPDATE SET client_name = EXCLUDED.client_name, client_uri = EXCLUDED.client_uri,
        redirect_uris = EXCLUDED.redirect_uris, information = EXCLUDED.information, fetched_at = EXCLUDED.fetched_at`;
    return { client: read.client };
  }

  /**
   * RFC 7591, called by the SDK's registration handler with the metadata it validated and a
   * fresh client_id. Redirect URIs are held to redirect-uris.ts; the client is public whatever
   * it asked for (no secret is kept or answered); registered clients nobody connects expire.
   */
  async registerClient(client: Omit<OAuthClientInformationFull, 'client_id' | 'client_id_issued_at'>): Promise<OAuthClientInformationFull> {
    const full = client as OAuthClientInformationFull;
    // RFC 7591 §3.2.2: a redirect URI refused is invalid_redirect_uri; other metadata invalid_client_metadata.
    if (full.redirect_uris.length === 0) throw new InvalidRedirectUriError('redirect_uris: at least one redirect URI is required');
    if (full.redirect_uris.length > 10) throw new InvalidRedirectUriError('redirect_uris: at most 10 redirect URIs');
    for (const uri of full.redirect_uris) {
      if (uri.length > MAX_URI_LENGTH) throw new InvalidRedirectUriError(`redirect_uris: longer than ${MAX_URI_LENGTH} characters`);
      const problem = redirectUriProblem(uri);
      if (problem) throw new InvalidRedirectUriError(`redirect_uris: ${problem}`);
    }
    if ((full.client_name?.length ?? 0) > MAX_CLIENT_NAME_LENGTH) {
      throw new InvalidClientMetadataError(`client_name: at most ${MAX_CLIENT_NAME_LENGTH} characters`);
    }
    if (full.client_name !== undefined && unshowableName(full.client_name)) {
      throw new InvalidClientMetadataError(
        'client_name: must not hold control or bidirectional formatting characters (U+202A-U+202E, U+2066-U+2069, …)',
      );
    }
    if (full.scope !== undefined && !parseScopes(full.scope)) {
      throw new InvalidClientMetadataError(`scope: may name ${OAUTH_SCOPE_LIST.join(' and ')} only`);
    }
    if (full.grant_types?.some((g) => g !== 'authorization_code' && g !== 'refresh_token')) {
      throw new InvalidClientMetadataError('grant_types: only authorization_code and refresh_token are supported');
    }
    const { client_secret: _secret, client_secret_expires_at: _expiry, ...rest } = full;
    const registered: OAuthClientInformationFull = {
      ...rest,
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    };
    const now = this.deps.clock();
    const expiresAt = new Date(now.getTime() + UNUSED_CLIENT_TTL_MS);
    await this.deps.store.db.$transaction([
      // Registered clients nobody connected in time go as new ones arrive.
      this.deps.store.db.$executeRaw`DELETE FROM oauth_clients WHERE expires_at <= ${now}`,
      this.deps.store.db.$executeRaw`
        INSERT INTO oauth_clients (client_id, kind, client_name, client_uri, redirect_uris, information, created_at, expires_at)
        VALUES (${registered.client_id}, 'registered', ${registered.client_name ?? null}, ${registered.client_uri ?? null},
                ${registered.redirect_uris}, ${JSON.stringify(registered)}::jsonb, ${now}, ${expiresAt})`,
    ]);
    return registered;
  }
}
