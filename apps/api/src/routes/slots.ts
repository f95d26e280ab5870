import { contract } from '@humantime/contract';
import { initServer } from '@ts-rest/express';
import { schedulesFor } from '../http/authenticate.js';
import type { ServiceDeps } from '../services/deps.js';
import type { KeyAuthority } from '../services/organizations/key-authority.js';
import { listGroupSlots } from '../services/slots/list-group-slots.js';

const s = initServer();

export function slotsRouter({ clock }: ServiceDeps, authority: KeyAuthority) {
  return s.router(contract.slots, {
    forHumans: async ({ query, res }) => ({
      status: 200,
      body: await listGroupSlots(schedulesFor(res, authority), query, clock()),
    }),
  });
}
