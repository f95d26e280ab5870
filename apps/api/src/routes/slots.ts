import { contract } from '@humantime/contract';
import { initServer } from '@ts-rest/express';
import { schedulesFor } from '../http/authenticate.js';
import type { ServiceDeps } from '../services/deps.js';
import type { CachedSchedules } from '../services/schedule/cached-schedules.js';
import { listGroupSlots } from '../services/slots/list-group-slots.js';

const s = initServer();

export function slotsRouter({ clock }: ServiceDeps, schedules: CachedSchedules) {
  return s.router(contract.slots, {
    forHumans: async ({ query, res }) => ({
      status: 200,
      body: await listGroupSlots({ clock, readSchedules: schedulesFor(res, schedules) }, query),
    }),
  });
}
