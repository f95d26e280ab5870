import type { SetAvailabilityBody } from '@humantime/contract';
import type { ServiceDeps } from '../deps.js';
import { availabilityColumns, humanView } from './human-view.js';
import { updateActiveHuman } from './update-active-human.js';

/** PUT /v1/humans/{id}/availability: replaces the whole weekly schedule. */
export async function setAvailability(
  { store }: Pick<ServiceDeps, 'store'>,
  organizationId: string,
  humanId: string,
  body: SetAvailabilityBody,
) {
  const row = await updateActiveHuman(store, organizationId, humanId, availabilityColumns(body));
  return humanView(row).availability_rules;
}
