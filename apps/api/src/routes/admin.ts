import { adminContract } from '@humantime/contract/admin';
import { initServer } from '@ts-rest/express';
import type { ServiceDeps } from '../services/deps.js';
import { createOrganization } from '../services/organizations/create-organization.js';
import { getOrganization } from '../services/organizations/get-organization.js';
import { rotateApiKey } from '../services/organizations/rotate-api-key.js';
import { updateOrganization } from '../services/organizations/update-organization.js';

const s = initServer();

/** /admin/v1: what the dashboard and `pnpm admin` stand on. */
export function adminRouter({ store: { db } }: ServiceDeps) {
  return s.router(adminContract, {
    createOrganization: async ({ body }) => ({
      status: 201,
      body: await createOrganization(db, {
        name: body.name,
        plan: body.plan,
        autoPurchase: body.auto_purchase,
      }),
    }),
    getOrganization: async ({ params }) => ({
      status: 200,
      body: await getOrganization(db, params.organization_id),
    }),
    updateOrganization: async ({ params, body }) => ({
      status: 200,
      body: await updateOrganization(db, params.organization_id, {
        plan: body.plan,
        autoPurchase: body.auto_purchase,
      }),
    }),
    rotateKey: async ({ params }) => ({
      status: 200,
      body: await rotateApiKey(db, params.organization_id),
    }),
  });
}
