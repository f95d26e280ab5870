import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { requestLineWriter, type Logger } from '../lib/logger.js';

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A calendar feed's path is its secret (calendar-feed-endpoint.ts): logged without the token. */
const FEED_PATH = /^\/feeds\/[^/]+$/i;

/**
 * Gives every request an id (the caller's X-Request-Id when sane, else a new one), echoes
 * it on the response, and writes one structured log line when the response is finished.
 */
export function requestContext(logger: Logger): RequestHandler {
  const line = requestLineWriter(logger);
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const incoming = req.header('x-request-id');
    const requestId = incoming && CLIENT_REQUEST_ID.test(incoming) ? incoming : `req_${randomUUID()}`;
    res.locals.requestId = requestId;
    res.setHeader('X-Request-Id', requestId);
    res.on('finish', () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      line({
        request_id: requestId,
        method: req.method,
        // The path only: query strings are the caller's and are not ours to keep.
        path: loggedPath(req.originalUrl.split('?')[0]!),
        status: res.statusCode,
        duration_ms: Math.round(durationMs * 100) / 100,
        organization_id: (res.locals.organization as { id?: string } | undefined)?.id ?? null,
        // A call under an OAuth connection names its grant (never the token).
        ...(typeof res.locals.grantId === 'string' ? { grant_id: res.locals.grantId } : {}),
      });
    });
    next();
  };
}

/** The request's path as logs may keep it. */
export function loggedPath(path: string): string {
  return FEED_PATH.test(path) ? '/feeds/[token].ics' : path;
}
