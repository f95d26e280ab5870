import type { RequestHandler } from 'express';
import type { Store } from '../db/open-store.js';
import { readOutboxBacklog } from '../jobs/webhook-delivery/outbox-backlog.js';
import { asyncHandler } from './async-handler.js';
import type { Metrics } from './metrics.js';

/**
 * GET /metrics in Prometheus' text format (mounted behind the admin token). What lives in
 * the database (the outbox) is read here, once per scrape, not kept up to date per request.
 */
export function metricsEndpoint(metrics: Metrics, store: Store): RequestHandler {
  return asyncHandler(async (_req, res) => {
    const backlog = await readOutboxBacklog(store.sql);
    metrics.outboxBacklog.set(backlog.due);
    metrics.outboxOldestDueAge.set(backlog.oldestDueAgeSeconds);
    // PostgreSQL only: the embedded store is one in-process connection, with no pool.
    const pool = store.poolStats?.();
    if (pool) for (const [state, value] of Object.entries(pool) as [string, number][]) metrics.dbPoolConnections.set({ state }, value);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Type', metrics.registry.contentType);
    // A Buffer, so Express sends the content type as prom-client wrote it.
    res.send(Buffer.from(await metrics.registry.metrics()));
  });
}
