import { contract } from '@humantime/contract';
import { initServer } from '@ts-rest/express';
import { organizationOf } from '../http/authenticate.js';
import type { ServiceDeps } from '../services/deps.js';
import { createWebhook } from '../services/webhooks/create-webhook.js';
import { deleteWebhook } from '../services/webhooks/delete-webhook.js';
import { listDeliveries } from '../services/webhooks/list-deliveries.js';
import { listWebhooks } from '../services/webhooks/list-webhooks.js';
import { retryDelivery } from '../services/webhooks/retry-delivery.js';

const s = initServer();

export function webhooksRouter(deps: ServiceDeps) {
  return s.router(contract.webhooks, {
    create: async ({ body, res }) => ({
      status: 201,
      body: await createWebhook(deps, organizationOf(res).id, body),
    }),
    list: async ({ query, res }) => ({
      status: 200,
      body: await listWebhooks(deps, organizationOf(res).id, query),
    }),
    delete: async ({ params, res }) => {
      await deleteWebhook(deps, organizationOf(res).id, params.webhook_id);
      return { status: 204, body: undefined };
    },
    deliveries: async ({ params, query, res }) => ({
      status: 200,
      body: await listDeliveries(deps, organizationOf(res).id, params.webhook_id, query),
    }),
    retryDelivery: async ({ params, res }) => ({
      status: 202,
      body: await retryDelivery(deps, organizationOf(res).id, params.webhook_id, params.delivery_id),
    }),
  });
}
