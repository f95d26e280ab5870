import type { ServiceDeps } from '../deps.js';
import type { OAuthClients } from './oauth-clients.js';
import type { TokenIssuer } from './token-issuer.js';

/** The authorization server's parts that stand on the MCP SDK (its errors and schemas). */
export interface OAuthServer {
  clients: OAuthClients;
  issuer: TokenIssuer;
}

/**
 * Built on first use, like /mcp itself: a process that never sees OAuth never loads the SDK's
 * auth modules (docs/decisions/0028-mcp.md, memory).
 */
export function lazyOAuthServer(deps: Pick<ServiceDeps, 'store' | 'clock' | 'config' | 'logger'>): () => Promise<OAuthServer> {
  let server: Promise<OAuthServer> | undefined;
  return () =>
    (server ??= Promise.all([import('./oauth-clients.js'), import('./token-issuer.js')]).then(([{ OAuthClients }, { TokenIssuer }]) => {
      const clients = new OAuthClients(deps);
      return { clients, issuer: new TokenIssuer(deps, clients) };
    }));
}
