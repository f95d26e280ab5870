import { contract } from '@humantime/contract';
import { initServer } from '@ts-rest/express';
import { schedulesFor } from '../http/authenticate.js';
import type { ServiceDeps } from '../services/deps.js';
import type { CachedSchedules } from '../services/schedule/cached-schedules.js';
import { listGroupSlots } from '../services/slots/list-group-slots.js';

const s = initServer();

export function slotsRouter({ clock }: ServiceDeps, schedules: CachedSchedules) {
  return s.router(contract.slots, {
    // The humans' schedules were read with the API key (http/schedule-prefetch.ts and
    // http/authenticate.ts, docs/architecture.md walk 1), unless the query has a `when`.
    forHumans: async ({ query, res }) => ({
      status: 200,
      body: await listGroupSlots({ clock, readSchedules: schedulesFor(res, schedules) }, query),
    }),
  });
}
