import type { Request, RequestHandler, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DeliveryOutcome } from '../jobs/webhook-delivery/delivery-worker.js';

/** The POST routes that make a booking, by template; their refusals are counted by code. */
const BOOKING_ROUTES = new Set(['/v1/bookings', '/v1/holds/:hold_id/confirm', '/v1/bookings/:booking_id/reschedule']);

/**
 * Prefixes under which a request can be answered before any route matched (a 401 from the
 * authentication middleware, the dashboard's static files): labelled `<prefix>/*`.
 */
const MOUNTS = ['/admin/v1', '/v1', '/dashboard', '/mcp'];

/** Seconds; finer than prom-client's default below 10 ms, where the API's targets are. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface Metrics {
  registry: Registry;
  /** One middleware: counts and times every request when its response is finished. */
  observe: RequestHandler;
  countDelivery(outcome: DeliveryOutcome): void;
  outboxBacklog: Gauge;
  outboxOldestDueAge: Gauge;
  databaseUp: Gauge;
  dbPoolConnections: Gauge<'state'>;
}

/**
 * The route template a request matched (`/v1/humans/:human_id/slots`), never the raw path,
 * so the label's values stay a short fixed list whatever ids and junk paths arrive.
 */
export function routeLabel(req: Request, res: Response): string {
  // A kept slots answer names the route it stands for (see kept-slots-answers.ts).
  const template = (req.route as { path?: unknown } | undefined)?.path ?? (res.locals.routeTemplate as unknown);
  if (typeof template === 'string') return template;
  if (res.statusCode === 404) return 'unmatched';
  const path = req.originalUrl.split('?')[0]!;
  const mount = MOUNTS.find((m) => path === m || path.startsWith(`${m}/`));
  return mount ? `${mount}/*` : 'unmatched';
}

/**
 * A registry of its own per app (tests build several apps in one process). `processMetrics`
 * adds prom-client's default Node process metrics (CPU, memory, event loop lag, GC).
 */
export function createMetrics(options: { processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'humantime_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'humantime_http_request_duration_seconds',
    help: 'Time from the request reaching the app to its response being finished, in seconds.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const created = new Counter({
    name: 'humantime_bookings_created_total',
    help: 'Booking requests answered 2xx, by route (a booking, a hold confirmed, a reschedule).',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  const refused = new Counter({
    name: 'humantime_bookings_refused_total',
    help: 'Booking requests refused, by route and error code.',
    labelNames: ['route', 'code'] as const,
    registers: [registry],
  });
  const deliveries = new Counter({
    name: 'humantime_webhook_deliveries_total',
    help: "Webhook delivery attempts made by this process's delivery worker, by outcome.",
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const outboxBacklog = new Gauge({
    name: 'humantime_outbox_backlog',
    help: 'Webhook deliveries due and not yet delivered or failed (read at scrape time).',
    registers: [registry],
  });
  const outboxOldestDueAge = new Gauge({
    name: 'humantime_outbox_oldest_due_age_seconds',
    help: 'How long the oldest due delivery has been due, in seconds; 0 when none is (read at scrape time).',
    registers: [registry],
  });
  const databaseUp = new Gauge({
    name: 'humantime_database_up',
    help: 'Whether this scrape could read the database (1) or not (0: an outage; the outbox gauges keep their last read values).',
    registers: [registry],
  });
  const dbPoolConnections = new Gauge({
    name: 'humantime_db_pool_connections',
    help: "This process's PostgreSQL connection pools (the main one and the key statements'): connections open (total), idle, and requests waiting for one.",
    labelNames: ['state'] as const,
    registers: [registry],
  });

  // Label children cached by key: the hot path builds one string and does two increments.
  const children = new Map<string, { count: Counter.Internal; time: Histogram.Internal<'method' | 'route' | 'status'> }>();
  const observe: RequestHandler = (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeLabel(req, res);
      const status = String(res.statusCode);
      const key = `${req.method} ${route} ${status}`;
      let child = children.get(key);
      if (!child) {
        const labels = { method: req.method, route, status };
        child = { count: requests.labels(labels), time: durations.labels(labels) };
        children.set(key, child);
      }
      child.count.inc();
      child.time.observe(seconds);
      if (req.method === 'POST' && BOOKING_ROUTES.has(route)) {
        if (res.statusCode < 300) created.inc({ route });
        else refused.inc({ route, code: (res.locals.errorCode as string | undefined) ?? status });
      }
    });
    next();
  };

  return {
    registry,
    observe,
    countDelivery: (outcome) => deliveries.inc({ outcome }),
    outboxBacklog,
    outboxOldestDueAge,
    databaseUp,
    dbPoolConnections,
  };
}
