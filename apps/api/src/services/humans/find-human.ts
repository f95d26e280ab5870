import type { Db } from '../../db/open-store.js';
import { notFound } from '../../lib/app-error.js';

/**
 * The one way to load a human: scoped to the caller's organization and never soft-deleted,
 * so another organization's id and a deleted human both answer 404, on every route.
 */
export async function findHuman(db: Db, organizationId: string, humanId: string) {
  const human = await db.human.findFirst({
    where: { id: humanId, organizationId, deletedAt: null },
  });
  if (!human) throw notFound('Human');
  return human;
}
