import type { Db } from '../../db/open-store.js';
import { updateActiveHuman } from './update-active-human.js';

/** Soft delete: hidden from every route from now on; its bookings stay readable and cancellable. */
export async function deleteHuman(db: Db, organizationId: string, humanId: string, now: Date) {
  await updateActiveHuman(db, organizationId, humanId, { deletedAt: now });
}
