import { dashboardContract } from '@humantime/contract/dashboard';
import type { ListQuery, Override, Page } from '@humantime/contract';
import { initServer } from '@ts-rest/express';
import type { ServiceDeps } from '../../services/deps.js';
import { organizationOf } from '../../http/authenticate.js';
import { cancelBooking } from '../../services/bookings/cancel-booking.js';
import { getBooking } from '../../services/bookings/get-booking.js';
import { listBookings } from '../../services/bookings/list-bookings.js';
import { getHuman } from '../../services/humans/get-human.js';
import { humanWeek } from '../../services/humans/human-week.js';
import { listHumans } from '../../services/humans/list-humans.js';
import { setAvailability } from '../../services/humans/set-availability.js';
import { createOverride } from '../../services/overrides/create-override.js';
import { deleteOverride } from '../../services/overrides/delete-override.js';
import { listOverrides } from '../../services/overrides/list-overrides.js';
import { createWebhook } from '../../services/webhooks/create-webhook.js';
import { deleteWebhook } from '../../services/webhooks/delete-webhook.js';
import { listDeliveries } from '../../services/webhooks/list-deliveries.js';
import { listWebhooks } from '../../services/webhooks/list-webhooks.js';

const s = initServer();

/** Every page of a list service, for a view that shows the whole set (a human's overrides). */
async function everyPage<T>(list: (query: ListQuery) => Promise<Page<T>>): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await list({ limit: 100, ...(cursor ? { cursor } : {}) });
    all.push(...page.data);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return all;
}

/** Humans, bookings and webhooks through a session: the /v1 services, unchanged. */
export function resourcesRouters(services: ServiceDeps) {
  const humans = s.router(dashboardContract.humans, {
    list: async ({ query, res }) => ({ status: 200, body: await listHumans(services, organizationOf(res).id, query) }),
    get: async ({ params, res }) => {
      const orgId = organizationOf(res).id;
      const human = await getHuman(services, orgId, params.human_id);
      const overrides: Override[] = await everyPage((q) => listOverrides(services, orgId, params.human_id, q));
      return { status: 200, body: { human, overrides } };
    },
    getWeek: async ({ params, query, res }) => ({
      status: 200,
      body: await humanWeek(services, organizationOf(res).id, params.human_id, query),
    }),
    // The services of PUT /v1/humans/{id}/availability and the /v1 overrides, for the session's organization.
    setAvailability: async ({ params, body, res }) => ({
      status: 200,
      body: await setAvailability(services, organizationOf(res).id, params.human_id, body),
    }),
    createOverride: async ({ params, body, res }) => ({
      status: 201,
      body: await createOverride(services, organizationOf(res).id, params.human_id, body),
    }),
    deleteOverride: async ({ params, res }) => {
      await deleteOverride(services, organizationOf(res).id, params.human_id, params.override_id);
      return { status: 204, body: undefined };
    },
  });
  const bookings = s.router(dashboardContract.bookings, {
    list: async ({ query, res }) => ({ status: 200, body: await listBookings(services, organizationOf(res).id, query) }),
    get: async ({ params, res }) => ({
      status: 200,
      body: await getBooking(services, organizationOf(res).id, params.booking_id),
    }),
    cancel: async ({ params, res }) => ({
      status: 200,
      body: await cancelBooking(services, organizationOf(res).id, params.booking_id),
    }),
  });
  const webhooks = s.router(dashboardContract.webhooks, {
    list: async ({ query, res }) => ({ status: 200, body: await listWebhooks(services, organizationOf(res).id, query) }),
    create: async ({ body, res }) => ({
      status: 201,
      body: await createWebhook(services, organizationOf(res).id, body),
    }),
    delete: async ({ params, res }) => {
      await deleteWebhook(services, organizationOf(res).id, params.webhook_id);
      return { status: 204, body: undefined };
    },
    deliveries: async ({ params, query, res }) => ({
      status: 200,
      body: await listDeliveries(services, organizationOf(res).id, params.webhook_id, query),
    }),
  });
  return { humans, bookings, webhooks };
}
