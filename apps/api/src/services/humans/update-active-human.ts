import type { Store } from '../../db/store.js';
import { isRecordNotFound } from '../../db/prisma-errors.js';
import { notFound } from '../../lib/app-error.js';

/**
 * Every write to a human is one UPDATE ... RETURNING guarded by organization and
 * deleted_at, so a human deleted (or owned by someone else) is a 404, never a half-applied
 * change.
 */
export async function updateActiveHuman(
  store: Pick<Store, 'db' | 'changes'>,
  organizationId: string,
  humanId: string,
  data: Parameters<Store['db']['human']['update']>[0]['data'],
) {
  try {
    const row = await store.db.human.update({ where: { organizationId_id: { organizationId, id: humanId }, deletedAt: null }, data });
    // A new zone or horizon makes the human's calendars due for a full read (a trigger on
    // humans, see the migration calendar_reread_on_zone_or_horizon); on the embedded store the
    // refresh job, idle until a calendars row changes, learns of it here.
    if (store.changes && (data.timezone !== undefined || data.bookingHorizonDays !== undefined)) store.changes.calendars++;
    return row;
  } catch (error) {
    if (isRecordNotFound(error)) throw notFound('Human');
    throw error;
  }
}
