import type { Request, RequestHandler } from 'express';
import type { ServiceDeps } from '../services/deps.js';
import { readCalendarFeed } from '../services/calendar-feeds/read-calendar-feed.js';
import { asyncHandler } from './async-handler.js';

/** Whether If-None-Match names `etag` (weak comparison, as RFC 9110 asks of GET), or is `*`. */
function unchanged(req: Request, etag: string): boolean {
  const header = req.header('if-none-match');
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/**
 * GET /feeds/<token>.ics: a human's bookings for calendar apps, which cannot send an API key;
 * the token in the path is the credential (services/calendar-feeds). An unknown, replaced or
 * revoked token is a 404 in the error envelope, the same whether or not the human exists.
 * Calendar apps poll: an unchanged feed is a 304 to If-None-Match. The answer may be kept
 * only by the subscriber's own client (private) and is checked again on every use (no-cache);
 * search engines are asked not to index a leaked link.
 */
export function calendarFeedEndpoint(deps: Pick<ServiceDeps, 'store' | 'clock'>): RequestHandler {
  return asyncHandler(async (req, res) => {
    res.setHeader('Cache-Control', 'private, no-cache');
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    const feed = await readCalendarFeed(deps, String(req.params.token));
    res.setHeader('ETag', feed.etag);
    if (unchanged(req, feed.etag)) {
      res.status(304).end();
      return;
    }
    res.type('text/calendar; charset=utf-8').send(feed.text());
  });
}
