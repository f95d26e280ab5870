import type { RequestHandler } from 'express';
import { OAUTH_SCOPES } from '@humantime/contract/dashboard';
import { AppError } from '../lib/app-error.js';
import type { ServiceDeps } from '../services/deps.js';
import { resolveAccessToken, type TokenCaller } from '../services/oauth/access-tokens.js';
import { resourceOf } from '../services/oauth/oauth-policy.js';
import type { ApiKeyAuthentication } from '../services/organizations/api-key-authentication.js';
import { bearerToken } from './authenticate.js';
import { resourceMetadataUrl } from './oauth/oauth-metadata.js';
import { publicBaseUrl } from './public-base-url.js';

/** Who called /mcp: an API key (its tools use it on /v1), or an OAuth grant (they act for it). */
export type McpCaller = { kind: 'key'; key: string } | { kind: 'grant'; caller: TokenCaller };

/** The caller `authenticateMcp` resolved. */
export function mcpCallerOf(locals: Record<string, unknown>): McpCaller {
  const caller = locals.mcpCaller as McpCaller | undefined;
  if (!caller) throw new Error('mcpCallerOf called before authenticateMcp');
  return caller;
}

/**
 * /mcp takes an API key exactly as before, or an OAuth access token bound to this very
 * resource. Every 401 carries `WWW-Authenticate: Bearer resource_metadata="…"` (RFC 9728
 * §5.1), which is how an agent app finds where to sign in. Not charged here: the tools'
 * /v1 calls are.
 */
export function authenticateMcp(keys: ApiKeyAuthentication, deps: Pick<ServiceDeps, 'store' | 'clock'>): RequestHandler {
  return (req, res, next) => {
    const base = publicBaseUrl(req);
    const refuse = (error?: string) =>
      new AppError(
        'UNAUTHORIZED',
        'The API key or access token is missing or invalid. Send Authorization: Bearer sk_live_... or an OAuth access token; ' +
          'agent apps find where to sign in from the WWW-Authenticate header.',
        {
          'WWW-Authenticate':
            `Bearer resource_metadata="${resourceMetadataUrl(base)}", scope="${OAUTH_SCOPES.join(' ')}"` +
            (error ? `, error="${error}"` : ''),
        },
      );
    const token = bearerToken(req.header('authorization'));
    if (!token) return next(refuse());
    if (token.startsWith('sk_live_')) {
      keys.check(token, false).then((result) => {
        if (!result.organization) return next(refuse('invalid_token'));
        res.locals.organization = result.organization;
        res.locals.mcpCaller = { kind: 'key', key: token } satisfies McpCaller;
        next();
      }, next);
      return;
    }
    resolveAccessToken(deps, { token, resource: resourceOf(base) }).then((caller) => {
      if (!caller) return next(refuse('invalid_token'));
      res.locals.organization = caller.organization;
      res.locals.grantId = caller.grantId;
      res.locals.mcpCaller = { kind: 'grant', caller } satisfies McpCaller;
      next();
    }, next);
  };
}
