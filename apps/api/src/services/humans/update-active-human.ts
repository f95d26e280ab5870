import type { Db } from '../../db/open-store.js';
import { isRecordNotFound } from '../../db/prisma-errors.js';
import { notFound } from '../../lib/app-error.js';

/**
 * Every write to a human is one UPDATE ... RETURNING guarded by organization and
 * deleted_at, so a human deleted (or owned by someone else) is a 404, never a half-applied
 * change.
 */
export async function updateActiveHuman(
  db: Db,
  organizationId: string,
  humanId: string,
  data: Parameters<Db['human']['update']>[0]['data'],
) {
  try {
    return await db.human.update({ where: { organizationId_id: { organizationId, id: humanId }, deletedAt: null }, data });
  } catch (error) {
    if (isRecordNotFound(error)) throw notFound('Human');
    throw error;
  }
}
