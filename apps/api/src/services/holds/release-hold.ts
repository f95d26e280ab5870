import type { Hold } from '@humantime/contract';
import { deleteLiveHold, selectLiveHold } from '../../db/tables/holds.js';
import { notFound } from '../../lib/app-error.js';
import type { ServiceDeps } from '../deps.js';
import { holdView } from './hold-view.js';

/** GET /v1/holds/{id}: a live hold of the organization, else 404. */
export async function getHold(
  { store, clock }: Pick<ServiceDeps, 'store' | 'clock'>,
  organizationId: string,
  holdId: string,
): Promise<Hold> {
  const row = await selectLiveHold(store.sql, organizationId, holdId, clock());
  if (!row) throw notFound('Hold');
  return holdView(row);
}

/** DELETE /v1/holds/{id}: frees the time at once (the claim goes with the hold). */
export async function releaseHold(
  { store, clock }: Pick<ServiceDeps, 'store' | 'clock'>,
  organizationId: string,
  holdId: string,
): Promise<void> {
  if (!(await deleteLiveHold(store.sql, organizationId, holdId, clock()))) throw notFound('Hold');
}
