import type { UpdateHumanBody } from '@humantime/contract';
import type { ServiceDeps } from '../deps.js';
import { humanView } from './human-view.js';
import { updateActiveHuman } from './update-active-human.js';

/** PATCH /v1/humans/{id}: only the fields sent change; null clears email or role. */
export async function updateHuman(
  { store: { db } }: Pick<ServiceDeps, 'store'>,
  organizationId: string,
  humanId: string,
  body: UpdateHumanBody,
) {
  const row = await updateActiveHuman(db, organizationId, humanId, {
    name: body.name,
    timezone: body.timezone,
    email: body.email,
    role: body.role,
  });
  return humanView(row);
}
