import { deleteCalendarFeed } from '../../db/tables/calendar-feeds.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { ServiceDeps } from '../deps.js';

/** DELETE /v1/humans/{human_id}/calendar-feed: the feed's URL answers 404 from now on. */
export async function revokeCalendarFeed(deps: Pick<ServiceDeps, 'store'>, organizationId: string, humanId: string): Promise<void> {
  const { human, deleted } = await deleteCalendarFeed(deps.store.sql, organizationId, humanId);
  if (!human) throw notFound('Human');
  if (!deleted) throw new AppError('NOT_FOUND', 'This human has no calendar feed to revoke.');
}
