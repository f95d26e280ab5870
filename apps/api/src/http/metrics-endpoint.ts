import type { RequestHandler } from 'express';
import type { Store } from '../db/open-store.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { readOutboxBacklog } from '../jobs/webhook-delivery/outbox-backlog.js';
import { asyncHandler } from './async-handler.js';
import type { Metrics } from './metrics.js';

/**
 * GET /metrics in Prometheus' text format (mounted behind the admin token). What lives in
 * the database (the outbox) is read here, once per scrape, not kept up to date per request.
 * A scrape during a database outage still answers 200, with humantime_database_up 0.
 */
export function metricsEndpoint(metrics: Metrics, store: Store): RequestHandler {
  return asyncHandler(async (_req, res) => {
    // While the database is away the rest is still served: an outage is when the request
    // counters and pool gauges are wanted most.
    try {
      const backlog = await readOutboxBacklog(store.sql);
      metrics.outboxBacklog.set(backlog.due);
      metrics.outboxOldestDueAge.set(backlog.oldestDueAgeSeconds);
      metrics.databaseUp.set(1);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      metrics.databaseUp.set(0);
    }
    // PostgreSQL only: the embedded store is one in-process connection, with no pool.
    const pool = store.poolStats?.();
    if (pool) for (const [state, value] of Object.entries(pool) as [string, number][]) metrics.dbPoolConnections.set({ state }, value);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Type', metrics.registry.contentType);
    // A Buffer, so Express sends the content type as prom-client wrote it.
    res.send(Buffer.from(await metrics.registry.metrics()));
  });
}
