import type { SetAvailabilityBody, UpdateHumanBody } from '@humantime/contract';
import type { Db } from '../../db/open-store.js';
import { notFound } from '../../lib/app-error.js';
import { isRecordNotFound } from '../../db/prisma-errors.js';
import { availabilityColumns, humanView } from './human-view.js';

/**
 * Every write is one UPDATE ... RETURNING guarded by organization and deleted_at, so a human
 * deleted (or owned by someone else) is a 404, never a half-applied change.
 */
async function updateActive(
  db: Db,
  organizationId: string,
  humanId: string,
  data: Parameters<Db['human']['update']>[0]['data'],
) {
  try {
    return await db.human.update({ where: { id: humanId, organizationId, deletedAt: null }, data });
  } catch (error) {
    if (isRecordNotFound(error)) throw notFound('Human');
    throw error;
  }
}

export async function updateHuman(db: Db, organizationId: string, humanId: string, body: UpdateHumanBody) {
  const row = await updateActive(db, organizationId, humanId, {
    name: body.name,
    timezone: body.timezone,
    email: body.email,
    role: body.role,
  });
  return humanView(row);
}

export async function setAvailability(
  db: Db,
  organizationId: string,
  humanId: string,
  body: SetAvailabilityBody,
) {
  const row = await updateActive(db, organizationId, humanId, availabilityColumns(body));
  return humanView(row).availability_rules;
}

/** Soft delete: hidden from every route from now on; its bookings stay readable and cancellable. */
export async function deleteHuman(db: Db, organizationId: string, humanId: string) {
  await updateActive(db, organizationId, humanId, { deletedAt: new Date() });
}
