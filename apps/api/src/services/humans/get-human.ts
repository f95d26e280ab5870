import type { Human } from '@humantime/contract';
import type { ServiceDeps } from '../deps.js';
import { findHuman } from './find-human.js';
import { humanView } from './human-view.js';

/** GET /v1/humans/{id}: the human with its availability rules. */
export async function getHuman({ store }: Pick<ServiceDeps, 'store'>, organizationId: string, humanId: string): Promise<Human> {
  return humanView(await findHuman(store.db, organizationId, humanId));
}
