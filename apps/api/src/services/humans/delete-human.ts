import type { ServiceDeps } from '../deps.js';
import { updateActiveHuman } from './update-active-human.js';

/** Soft delete: hidden from every route from now on; its bookings stay readable and cancellable. */
export async function deleteHuman({ store, clock }: Pick<ServiceDeps, 'store' | 'clock'>, organizationId: string, humanId: string) {
  await updateActiveHuman(store, organizationId, humanId, { deletedAt: clock() });
}
