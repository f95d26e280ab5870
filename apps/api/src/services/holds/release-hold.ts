import type { Hold } from '@humantime/contract';
import type { Sql } from '../../db/sql.js';
import { deleteLiveHold, selectLiveHold } from '../../db/tables/holds.js';
import { notFound } from '../../lib/app-error.js';
import { holdView } from './hold-view.js';

/** GET /v1/holds/{id}: a live hold of the organization, else 404. */
export async function getHold(sql: Sql, organizationId: string, holdId: string, now: Date): Promise<Hold> {
  const row = await selectLiveHold(sql, organizationId, holdId, now);
  if (!row) throw notFound('Hold');
  return holdView(row);
}

/** DELETE /v1/holds/{id}: frees the time at once (the claim goes with the hold). */
export async function releaseHold(sql: Sql, organizationId: string, holdId: string, now: Date): Promise<void> {
  if (!(await deleteLiveHold(sql, organizationId, holdId, now))) throw notFound('Hold');
}
