import { contract } from '@humantime/contract';
import { adminContract } from '@humantime/contract/admin';
import { DASHBOARD_API_PREFIX, dashboardContract } from '@humantime/contract/dashboard';
import { createExpressEndpoints } from '@ts-rest/express';
import express, { type Express } from 'express';
import { authenticate, authenticateAdmin } from './http/authenticate.js';
import { calendarFeedEndpoint } from './http/calendar-feed-endpoint.js';
import { refuseCrossOrigin, requireSession } from './http/dashboard-guards.js';
import { docsRoutes } from './http/docs/docs-routes.js';
import { setPublicUrl } from './http/public-base-url.js';
import { errorHandler, unknownRoute } from './http/error-handler.js';
import { authenticateMcp } from './http/mcp-authentication.js';
import { mcpCors } from './http/mcp-cors.js';
import { Delegations } from './http/mcp-delegation.js';
import { mcpEndpoint, mcpMethodNotAllowed } from './http/mcp-endpoint.js';
import { oauthRoutes } from './http/oauth/oauth-routes.js';
import { createMetrics, type Metrics } from './http/metrics.js';
import { metricsEndpoint } from './http/metrics-endpoint.js';
import { canonicalIdsInBody, canonicalIdsInUrl } from './http/canonical-ids.js';
import { jsonBody } from './http/json-body.js';
import { keptSlotsAnswers } from './http/kept-slots-answers.js';
import { requestContext } from './http/request-context.js';
import { schedulesToPrefetch } from './http/schedule-prefetch.js';
import { serveDashboard } from './http/serve-dashboard.js';
import { adminRouter } from './routes/admin.js';
import { dashboardRouter } from './routes/dashboard/index.js';
import { v1Router } from './routes/v1.js';
import { ledgerPaymentProcessor } from './services/billing/payment-processor.js';
import { stripeClient, type StripeBilling } from './services/billing/stripe/stripe-client.js';
import { stripePaymentProcessor } from './services/billing/stripe/stripe-payment-processor.js';
import { stripeWebhookEndpoint } from './http/stripe-webhook-endpoint.js';
import { sendJsonText } from './lib/json-text.js';
import type { ServiceDeps } from './services/deps.js';
import { FEEDS_PATH } from './services/calendar-feeds/feed-token.js';
import { lazyOAuthServer } from './services/oauth/oauth-server.js';
import { apiKeyAuthentication } from './services/organizations/api-key-authentication.js';
import { cachedSchedules } from './services/schedule/cached-schedules.js';

/** What the app is built from: the services' dependencies, with defaults for clock and payments. */
export type AppDeps = Omit<ServiceDeps, 'clock' | 'paymentProcessor'> &
  Partial<Pick<ServiceDeps, 'clock' | 'paymentProcessor'>> & {
    /** Token for /admin/v1; undefined keeps the admin API closed (401). */
    adminToken: string | undefined;
    /** Served at /metrics; server.ts passes one shared with its delivery worker. */
    metrics?: Metrics;
  };

/** Stripe as configured (STRIPE_SECRET_KEY), or undefined. */
export function stripeBilling(config: AppDeps['config']): StripeBilling | undefined {
  return config.stripe && { client: stripeClient(config.stripe), config: config.stripe };
}

/** Packs are charged through Stripe when it is configured, else written in the ledger. */
export function paymentProcessorFor(stripe: StripeBilling | undefined, store: AppDeps['store']) {
  return stripe ? stripePaymentProcessor(stripe.client, stripe.config.timeoutMs) : ledgerPaymentProcessor(store.sql);
}

/** A body over 1 MiB is answered 413 PAYLOAD_TOO_LARGE. */
const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the HTTP app without listening: server.ts and the tests both start it. */
export function createApp(deps: AppDeps): Express {
  const stripe = stripeBilling(deps.config);
  const services: ServiceDeps = {
    config: deps.config,
    store: deps.store,
    logger: deps.logger,
    clock: deps.clock ?? (() => new Date()),
    paymentProcessor: deps.paymentProcessor ?? paymentProcessorFor(stripe, deps.store),
    stripe,
    onEventsCommitted: deps.onEventsCommitted,
    secrets: deps.secrets,
  };
  const app = express();
  app.disable('x-powered-by');
  setPublicUrl(app, deps.config.publicUrl);
  app.set('trust proxy', deps.config.trustProxy);
  app.set('etag', false);
  // Paths are as documented, letter for letter: /V1/HUMANS is an unknown route (404), not /v1/humans.
  app.set('case sensitive routing', true);
  sendJsonText(app);
  app.use(requestContext(deps.logger));
  const metrics = deps.metrics ?? createMetrics();
  app.use(metrics.observe);

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', (_req, res, next) => {
    deps.store.ready().then((ready) => {
      res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unavailable' });
    }, next);
  });
  // Prometheus scrapes with the admin token, like /admin/v1: it shows the service's traffic.
  app.get('/metrics', authenticateAdmin(deps.adminToken), metricsEndpoint(metrics, deps.store));
  // /openapi.json, the API reference at /docs and the guides, without a key.
  app.use(docsRoutes());
  // A human's bookings for calendar apps: no API key, the secret token in the path is the credential.
  app.get(`${FEEDS_PATH}/:token.ics`, calendarFeedEndpoint(services));

  // Authentication first on every /v1, /mcp and /admin/v1 path, before the body is even read.
  // On /v1 it also charges the key's rate limit and, for the slots routes, reads the
  // schedules in the same round trip; /mcp is not charged (its tools' /v1 calls are). A
  // human's slots answer still current for that snapshot and instant is sent as kept.
  const schedules = cachedSchedules(deps.store);
  const keys = apiKeyAuthentication(deps.store, { rateLimit: deps.config.rateLimit, schedules });
  const delegations = new Delegations();
  app.use(
    '/v1',
    canonicalIdsInUrl,
    authenticate(keys, { prefetch: schedulesToPrefetch, delegations, rateLimit: deps.config.rateLimit }),
    keptSlotsAnswers(services.clock),
  );
  // /mcp also takes OAuth access tokens; the authorization server is this service
  // (http/oauth), mounted before the JSON body parser since its token endpoint is form-encoded.
  app.use('/mcp', mcpCors(deps.config.mcp.allowedOrigins), authenticateMcp(keys, services));
  const oauth = lazyOAuthServer(services);
  app.use(oauthRoutes(services, oauth));
  app.use('/admin/v1', authenticateAdmin(deps.adminToken));
  // The dashboard: answers are never cached (they carry keys and account data), a request
  // from another origin is refused before it is read, then the session is checked.
  app.use(DASHBOARD_API_PREFIX, (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  app.use(DASHBOARD_API_PREFIX, refuseCrossOrigin, requireSession(services.store.db, services.clock));

  // Stripe's events: the signature is checked on the raw body, so before the JSON body parser.
  app.post('/stripe/webhooks', stripeWebhookEndpoint(services));

  // Every body is read as JSON whatever its Content-Type, so a mislabelled body is a clear
  // 422 and an oversized one a 413 as soon as it passes the limit (json-body.ts).
  app.use(jsonBody(BODY_LIMIT_BYTES));
  app.use('/v1', canonicalIdsInBody);

  const options = {
    logInitialization: false,
    responseValidation: false,
    // Validation errors go to our error handler, which speaks the error envelope.
    requestValidationErrorHandler: (err: unknown, _req: unknown, _res: unknown, next: (e: unknown) => void) => next(err),
  } as const;
  // MCP over Streamable HTTP, stateless; its tools call /v1 through the SDK (see mcp-endpoint.ts).
  app.post('/mcp', mcpEndpoint(delegations, deps.config.mcp));
  app.all('/mcp', mcpMethodNotAllowed);
  createExpressEndpoints(contract, v1Router(services, schedules), app, options);
  createExpressEndpoints(adminContract, adminRouter(services), app, options);
  createExpressEndpoints(dashboardContract, dashboardRouter(services, oauth), app, options);
  app.use('/dashboard', serveDashboard(deps.config.dashboard.distDir, deps.config.dashboard.signup));

  app.use(unknownRoute);
  app.use(errorHandler(deps.logger));
  return app;
}
