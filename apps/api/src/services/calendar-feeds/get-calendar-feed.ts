import type { CalendarFeedStatus } from '@humantime/contract/dashboard';
import { selectCalendarFeed } from '../../db/tables/calendar-feeds.js';
import { toTimestamp } from '../../lib/timestamps.js';
import type { ServiceDeps } from '../deps.js';
import { findHuman } from '../humans/find-human.js';

/**
 * Whether the human's feed is active and since when, for the dashboard: the URL cannot be
 * answered again (only a digest of its token is kept), so this is all a page can say after
 * the one answer that carried it. Unknown, deleted and other organizations' humans are 404.
 */
export async function getCalendarFeed(
  deps: Pick<ServiceDeps, 'store'>,
  organizationId: string,
  humanId: string,
): Promise<CalendarFeedStatus> {
  await findHuman(deps.store.db, organizationId, humanId);
  const feed = await selectCalendarFeed(deps.store.sql, organizationId, humanId);
  return { active_since: feed ? toTimestamp(new Date(feed.createdAt)) : null };
}
