import type { ServiceDeps } from '../deps.js';
import { notFound } from '../../lib/app-error.js';
import { findHuman } from '../humans/find-human.js';

/** One DELETE scoped through the human to the organization; a deleted human's overrides are gone too. */
export async function deleteOverride(
  { store: { db } }: Pick<ServiceDeps, 'store'>,
  organizationId: string,
  humanId: string,
  overrideId: string,
) {
  await findHuman(db, organizationId, humanId);
  const { count } = await db.override.deleteMany({ where: { organizationId, id: overrideId, humanId } });
  if (count === 0) throw notFound('Override');
}
