import type { Availability } from '@humantime/contract';
import type { ServiceDeps } from '../deps.js';
import { findHuman } from './find-human.js';
import { availabilityView } from './human-view.js';

/** GET /v1/humans/{id}/availability: the human's weekly schedule and scheduling rules. */
export async function getAvailability(
  { store }: Pick<ServiceDeps, 'store'>,
  organizationId: string,
  humanId: string,
): Promise<Availability> {
  return availabilityView(await findHuman(store.db, organizationId, humanId));
}
