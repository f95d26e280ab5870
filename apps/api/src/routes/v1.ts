import { contract } from '@humantime/contract';
import { initServer } from '@ts-rest/express';
import type { Services } from '../app.js';
import { organizationOf } from '../http/authenticate.js';
import { getUsage } from '../services/billing/get-usage.js';
import { listEvents } from '../services/events/list-events.js';
import { createOverride, deleteOverride, listOverrides } from '../services/overrides/overrides.js';
import { bookingsRouter } from './bookings.js';
import { humansRouter } from './humans.js';
import { webhooksRouter } from './webhooks.js';

const s = initServer();

/** Every /v1 route of the contract; ts-rest refuses to compile if one is missing. */
export function v1Router(services: Services) {
  return s.router(contract, {
    humans: humansRouter(services),
    overrides: {
      create: async ({ params, body, res }) => ({
        status: 201,
        body: await createOverride(services.db, organizationOf(res).id, params.human_id, body),
      }),
      list: async ({ params, query, res }) => ({
        status: 200,
        body: await listOverrides(services.db, organizationOf(res).id, params.human_id, query),
      }),
      delete: async ({ params, res }) => {
        await deleteOverride(services.db, organizationOf(res).id, params.human_id, params.override_id);
        return { status: 204, body: undefined };
      },
    },
    bookings: bookingsRouter(services),
    webhooks: webhooksRouter(services),
    usage: {
      get: async ({ res }) => ({
        status: 200,
        body: await getUsage(services.db, organizationOf(res), services.clock()),
      }),
    },
    events: {
      list: async ({ query, res }) => ({
        status: 200,
        body: await listEvents(services.store.sql, organizationOf(res).id, query, services.clock()),
      }),
    },
  });
}
