import { isDatabaseUnavailable } from '../../db/unavailable.js';
import type { ServiceDeps } from '../deps.js';
import type { OAuthClients } from './oauth-clients.js';
import type { TokenIssuer } from './token-issuer.js';

/** What OAuth's temporarily_unavailable says while the database cannot be reached. */
export const DATABASE_AWAY = 'The service cannot reach its database right now; retry in a moment.';

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
    (server ??= Promise.all([
      import('./oauth-clients.js'),
      import('./token-issuer.js'),
      import('@modelcontextprotocol/sdk/server/auth/errors.js'),
    ]).then(([{ OAuthClients }, { TokenIssuer }, { TemporarilyUnavailableError }]) => {
      const unavailable = (error: unknown): never => {
        if (isDatabaseUnavailable(error)) throw new TemporarilyUnavailableError(DATABASE_AWAY);
        throw error;
      };
      const clients = outagesAs(new OAuthClients(deps), unavailable);
      return { clients, issuer: outagesAs(new TokenIssuer(deps, clients), unavailable) };
    }));
}

/**
 * `target` with every method's failure passed through `rethrow`: the MCP SDK's token, register
 * and revoke handlers answer any error that is not an OAuthError as a 500 server_error, so a
 * database outage must reach them as OAuth's temporarily_unavailable (answered 503 by
 * http/oauth/oauth-routes.ts).
 */
function outagesAs<T extends object>(target: T, rethrow: (error: unknown) => never): T {
  return new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        try {
          const result: unknown = value.apply(object, args);
          return result instanceof Promise ? result.catch(rethrow) : result;
        } catch (error) {
          return rethrow(error);
        }
      };
    },
  });
}
