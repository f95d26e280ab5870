import { contract } from '@humantime/contract';
import { initServer } from '@ts-rest/express';
import { organizationOf } from '../http/authenticate.js';
import type { ServiceDeps } from '../services/deps.js';
import { listEvents } from '../services/events/list-events.js';

const s = initServer();

export function eventsRouter(deps: ServiceDeps) {
  return s.router(contract.events, {
    list: async ({ query, res }) => ({
      status: 200,
      body: await listEvents(deps, organizationOf(res).id, query),
    }),
  });
}
