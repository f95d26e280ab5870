import express, { type ErrorRequestHandler, type RequestHandler, type Router } from 'express';
import { isDatabaseUnavailable, unavailableCause } from '../../db/unavailable.js';
import type { Logger } from '../../lib/logger.js';
import type { ServiceDeps } from '../../services/deps.js';
import { DATABASE_AWAY, type OAuthServer } from '../../services/oauth/oauth-server.js';
import { takeRegistration } from '../../services/oauth/registration-throttle.js';
import { resourceOf } from '../../services/oauth/oauth-policy.js';
import { asyncHandler } from '../async-handler.js';
import { publicBaseUrl } from '../public-base-url.js';
import { authorizeEndpoint } from './authorize-endpoint.js';
import { NOT_JSON_METADATA, oauthParameters, readableDescription } from './oauth-parameters.js';
import {
  AUTHORIZATION_SERVER_METADATA_PATH,
  PROTECTED_RESOURCE_METADATA_PATH,
  authorizationServerMetadata,
  metadataEndpoint,
  protectedResourceMetadata,
} from './oauth-metadata.js';

/** A handler built on first use: the MCP SDK's OAuth handlers load only when OAuth is used. */
function lazy(build: () => Promise<RequestHandler>): RequestHandler {
  let handler: Promise<RequestHandler> | undefined;
  return (req, res, next) => {
    handler ??= build();
    handler.then((h) => h(req, res, next), next);
  };
}

/** OAuth's answer while the database cannot be reached, retried after a second as the API's 503s are. */
const TEMPORARILY_UNAVAILABLE = { error: 'temporarily_unavailable', error_description: DATABASE_AWAY };
const RETRY_AFTER = { 'Retry-After': '1', 'Cache-Control': 'no-store' };

/**
 * The MCP SDK's handlers answer every OAuthError 400 (or 500); OAuth's temporarily_unavailable
 * (an outage, see services/oauth/oauth-server.ts) leaves as 503 with Retry-After instead.
 */
const outagesAre503: RequestHandler = (_req, res, next) => {
  const json = res.json.bind(res);
  res.json = (body?: unknown) => {
    const answer = body as { error?: unknown; error_description?: unknown } | undefined;
    if (answer?.error === TEMPORARILY_UNAVAILABLE.error) res.status(503).set(RETRY_AFTER);
    // Every error_description leaves readable and in RFC 6749's characters (see readableDescription).
    if (typeof answer?.error_description === 'string') {
      return json({ ...answer, error_description: readableDescription(answer.error_description) });
    }
    return json(body);
  };
  next();
};

/** Anything that escaped a handler under /oauth answers in OAuth's error form (RFC 6749 §5.2), never the /v1 envelope. */
function oauthErrors(logger: Logger): ErrorRequestHandler {
  return (err: { status?: number; type?: string; message?: string }, req, res, next) => {
    if (res.headersSent) return next(err);
    if (isDatabaseUnavailable(err) || (err as { errorCode?: unknown }).errorCode === TEMPORARILY_UNAVAILABLE.error) {
      logger.warn({ path: '/oauth', cause: unavailableCause(err) }, 'database unavailable');
      res.status(503).set(RETRY_AFTER).json(TEMPORARILY_UNAVAILABLE);
      return;
    }
    const status = typeof err.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (status === 500) logger.error({ err }, 'oauth endpoint failed');
    if (err.type === 'entity.parse.failed' && req.originalUrl.startsWith('/oauth/register')) {
      // RFC 7591 §3.2.2: metadata that cannot be read is invalid client metadata.
      res
        .status(400)
        .setHeader('Cache-Control', 'no-store')
        .json({ error: 'invalid_client_metadata', error_description: NOT_JSON_METADATA });
      return;
    }
    res
      .status(status === 500 ? 500 : 400)
      .setHeader('Cache-Control', 'no-store')
      .json(
        status === 500
          ? { error: 'server_error', error_description: 'Something went wrong on our side; try again.' }
          : {
              error: 'invalid_request',
              error_description: err.type === 'entity.too.large' ? 'The request body is too large.' : 'The request body could not be read.',
            },
      );
  };
}

/**
 * The authorization server of hosted MCP, mounted before the JSON body parser of /v1 (the
 * token endpoint is form-encoded):
 * - metadata: RFC 9728 for /mcp (with and without the /mcp suffix) and RFC 8414;
 * - /oauth/authorize: ours (authorize-endpoint.ts);
 * - /oauth/token, /oauth/register, /oauth/revoke: the MCP SDK's handlers over our
 *   TokenIssuer and OAuthClients, with their in-memory rate limits off: registration is
 *   throttled per address in the database instead (a token bucket shared by every process).
 */
export function oauthRoutes(
  services: Pick<ServiceDeps, 'store' | 'clock' | 'config' | 'logger'>,
  load: () => Promise<OAuthServer>,
): Router {
  const router = express.Router();
  router.use('/oauth', outagesAre503);
  // The MCP SDK's handlers answer any origin (they use no cookie); so do the refusals of the
  // checks in front of them, so a browser-based client can read why it was refused.
  router.use(['/oauth/token', '/oauth/register', '/oauth/revoke'], (_req, res, next) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    next();
  });
  const resource = metadataEndpoint(protectedResourceMetadata);
  router.all(`${PROTECTED_RESOURCE_METADATA_PATH}/mcp`, resource);
  router.all(PROTECTED_RESOURCE_METADATA_PATH, resource);
  router.all(AUTHORIZATION_SERVER_METADATA_PATH, metadataEndpoint(authorizationServerMetadata));

  router.all(
    '/oauth/authorize',
    (req, res, next) => {
      if (req.method === 'GET' || req.method === 'POST') return next();
      res.status(405).set('Allow', 'GET, POST').json({ error: 'invalid_request', error_description: 'Use GET (or a form POST).' });
    },
    express.urlencoded({ extended: false, limit: '64kb' }),
    lazy(async () => authorizeEndpoint((await load()).clients)),
  );
  router.use(
    '/oauth/token',
    // Beside the SDK's Cache-Control: no-store, for HTTP/1.0 caches (RFC 6749 §5.1).
    (_req, res, next) => {
      res.setHeader('Pragma', 'no-cache');
      next();
    },
    ...oauthParameters('token'),
    // A connection made when the service had another PUBLIC_URL: its tokens would be for a
    // resource that is no longer this one (401 on /mcp), so refreshing is refused as a grant
    // that no longer holds, and the app connects again.
    asyncHandler(async (req, res, next) => {
      const body = req.body as Record<string, unknown> | undefined;
      if (req.method !== 'POST' || body?.grant_type !== 'refresh_token' || typeof body.refresh_token !== 'string') return next();
      const bound = await (await load()).issuer.resourceOfRefreshToken(body.refresh_token);
      const current = resourceOf(publicBaseUrl(req));
      if (bound === undefined || bound === current) return next();
      res
        .status(400)
        .set('Cache-Control', 'no-store')
        .json({
          error: 'invalid_grant',
          error_description: `This connection was made for ${bound}; the service is now at ${current}. Connect the app again.`,
        });
    }),
    lazy(async () => {
      const [{ tokenHandler }, { issuer }] = await Promise.all([import('@modelcontextprotocol/sdk/server/auth/handlers/token.js'), load()]);
      return tokenHandler({ provider: issuer, rateLimit: false });
    }),
  );
  router.use(
    '/oauth/register',
    ...oauthParameters('register'),
    asyncHandler(async (req, res, next) => {
      if (req.method !== 'POST') return next();
      const address = req.ip ?? req.socket.remoteAddress ?? 'unknown';
      const refused = await takeRegistration(services, { address, policy: services.config.oauth.registrations });
      if (!refused) return next();
      res
        .status(429)
        .set({ 'Retry-After': String(refused.retryAfterSeconds), 'Cache-Control': 'no-store' })
        .json({ error: 'too_many_requests', error_description: 'Too many client registrations from this address; try again later.' });
    }),
    lazy(async () => {
      const [{ clientRegistrationHandler }, { clients }] = await Promise.all([
        import('@modelcontextprotocol/sdk/server/auth/handlers/register.js'),
        load(),
      ]);
      return clientRegistrationHandler({ clientsStore: clients, rateLimit: false });
    }),
  );
  router.use(
    '/oauth/revoke',
    ...oauthParameters('revoke'),
    lazy(async () => {
      const [{ revocationHandler }, { issuer }] = await Promise.all([
        import('@modelcontextprotocol/sdk/server/auth/handlers/revoke.js'),
        load(),
      ]);
      return revocationHandler({ provider: issuer, rateLimit: false });
    }),
  );
  router.use('/oauth', oauthErrors(services.logger));
  return router;
}
