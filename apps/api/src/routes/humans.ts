import { contract } from '@humantime/contract';
import { initServer } from '@ts-rest/express';
import { organizationOf, schedulesFor } from '../http/authenticate.js';
import type { ServiceDeps } from '../services/deps.js';
import type { CachedSchedules } from '../services/schedule/cached-schedules.js';
import { humanBusy } from '../services/calendars/human-busy.js';
import { createHuman } from '../services/humans/create-human.js';
import { deleteHuman } from '../services/humans/delete-human.js';
import { getAvailability } from '../services/humans/get-availability.js';
import { getHuman } from '../services/humans/get-human.js';
import { listHumans } from '../services/humans/list-humans.js';
import { setAvailability } from '../services/humans/set-availability.js';
import { timeContext } from '../services/humans/time-context.js';
import { updateHuman } from '../services/humans/update-human.js';
import { checkStart } from '../services/slots/check-start.js';
import { listSlots } from '../services/slots/list-slots.js';

const s = initServer();

export function humansRouter({ store, clock }: ServiceDeps, schedules: CachedSchedules) {
  return s.router(contract.humans, {
    create: async ({ body, res }) => ({
      status: 201,
      body: await createHuman({ store }, organizationOf(res).id, body),
    }),
    list: async ({ query, res }) => ({
      status: 200,
      body: await listHumans({ store }, organizationOf(res).id, query),
    }),
    get: async ({ params, res }) => ({
      status: 200,
      body: await getHuman({ store }, organizationOf(res).id, params.human_id),
    }),
    update: async ({ params, body, res }) => ({
      status: 200,
      body: await updateHuman({ store }, organizationOf(res).id, params.human_id, body),
    }),
    delete: async ({ params, res }) => {
      await deleteHuman({ store, clock }, organizationOf(res).id, params.human_id);
      return { status: 204, body: undefined };
    },
    getAvailability: async ({ params, res }) => ({
      status: 200,
      body: await getAvailability({ store }, organizationOf(res).id, params.human_id),
    }),
    setAvailability: async ({ params, body, res }) => ({
      status: 200,
      body: await setAvailability({ store }, organizationOf(res).id, params.human_id, body),
    }),
    // Usually answered before this router runs: http/kept-slots-answers.ts sends the answer kept
    // with the human's snapshot, which http/authenticate.ts fetched with the key (see
    // docs/architecture.md, walk 1). This handler serves the rest and keeps its answer.
    slots: async ({ params, query, res }) => ({
      status: 200,
      body: await listSlots({ clock, readSchedules: schedulesFor(res, schedules) }, params.human_id, query),
    }),
    check: async ({ params, query, res }) => ({
      status: 200,
      body: await checkStart({ store, clock }, organizationOf(res).id, params.human_id, query),
    }),
    time: async ({ params, res }) => ({
      status: 200,
      body: await timeContext({ store, clock }, organizationOf(res).id, params.human_id),
    }),
    busy: async ({ params, query, res }) => ({
      status: 200,
      body: await humanBusy({ store, clock }, organizationOf(res).id, params.human_id, query),
    }),
  });
}
