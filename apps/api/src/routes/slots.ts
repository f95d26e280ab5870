import { contract } from '@humantime/contract';
import { initServer } from '@ts-rest/express';
import { organizationOf } from '../http/authenticate.js';
import type { ServiceDeps } from '../services/deps.js';
import { listGroupSlots } from '../services/slots/list-group-slots.js';

const s = initServer();

export function slotsRouter({ store, clock }: ServiceDeps) {
  return s.router(contract.slots, {
    forHumans: async ({ query, res }) => ({
      status: 200,
      body: await listGroupSlots(store.sql, organizationOf(res).id, query, clock()),
    }),
  });
}
