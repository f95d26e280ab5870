import type { UpdateHumanBody } from '@humantime/contract';
import type { ServiceDeps } from '../deps.js';
import { humanView } from './human-view.js';
import { updateActiveHuman } from './update-active-human.js';

/** PATCH /v1/humans/{id}: only the fields sent change; null clears email or role. */
export async function updateHuman({ store }: Pick<ServiceDeps, 'store'>, organizationId: string, humanId: string, body: UpdateHumanBody) {
  const row = await updateActiveHuman(store, organizationId, humanId, {
    name: body.name,
    timezone: body.timezone,
    email: body.email,
    role: body.role,
  });
  return humanView(row);
}
