import type { CalendarFeed } from '@humantime/contract';
import { upsertCalendarFeed } from '../../db/tables/calendar-feeds.js';
import { notFound } from '../../lib/app-error.js';
import { toTimestamp } from '../../lib/timestamps.js';
import type { ServiceDeps } from '../deps.js';
import { feedTokenHash, feedUrl, newFeedToken } from './feed-token.js';

/**
 * POST /v1/humans/{human_id}/calendar-feed: a new secret URL for the human's feed. A human has
 * at most one; a second call replaces its token in the same statement, so the old URL answers
 * 404 at once (regenerate). The token itself is answered here and never kept.
 * `baseUrl` is the API's public address, as the request reached it (http/public-base-url.ts).
 */
export async function createCalendarFeed(
  deps: Pick<ServiceDeps, 'store' | 'clock'>,
  organizationId: string,
  { humanId, baseUrl }: { humanId: string; baseUrl: string },
): Promise<CalendarFeed> {
  const token = newFeedToken();
  const feed = await upsertCalendarFeed(deps.store.sql, organizationId, { humanId, tokenHash: feedTokenHash(token), now: deps.clock() });
  if (!feed) throw notFound('Human');
  return { url: feedUrl(baseUrl, token), created_at: toTimestamp(feed.createdAt) };
}
