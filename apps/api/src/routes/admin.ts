import { adminContract } from '@humantime/contract/admin';
import { initServer } from '@ts-rest/express';
import { publicBaseUrl } from '../http/public-base-url.js';
import { createInvite, inviteUrl } from '../services/accounts/invites.js';
import type { ServiceDeps } from '../services/deps.js';
import { createOrganization } from '../services/organizations/create-organization.js';
import { getOrganization } from '../services/organizations/get-organization.js';
import { rotateApiKey } from '../services/organizations/rotate-api-key.js';
import { updateOrganization } from '../services/organizations/update-organization.js';
import { setPaymentMethod } from '../services/billing/stripe/set-payment-method.js';

const s = initServer();

/** /admin/v1: what the dashboard and `pnpm admin` stand on. */
export function adminRouter(deps: ServiceDeps) {
  return s.router(adminContract, {
    createOrganization: async ({ body }) => ({
      status: 201,
      body: await createOrganization(deps, {
        name: body.name,
        plan: body.plan,
        autoPurchase: body.auto_purchase,
      }).then(({ account_id: _none, ...organization }) => organization),
    }),
    getOrganization: async ({ params }) => ({
      status: 200,
      body: await getOrganization(deps, params.organization_id),
    }),
    updateOrganization: async ({ params, body }) => ({
      status: 200,
      body: await updateOrganization(deps, params.organization_id, {
        plan: body.plan,
        autoPurchase: body.auto_purchase,
      }),
    }),
    rotateKey: async ({ params }) => ({
      status: 200,
      body: await rotateApiKey(deps, params.organization_id),
    }),
    setPaymentMethod: async ({ params, body }) => ({
      status: 200,
      body: await setPaymentMethod(deps, params.organization_id, body.payment_method),
    }),
    createInvite: async ({ params, body, req }) => {
      const { organization_id, email, role, token, expires_at } = await createInvite(deps, params.organization_id, body);
      // Built on PUBLIC_URL, as the dashboard's invites are: not on the address the operator reached.
      const invite_url = inviteUrl(publicBaseUrl(req), token);
      return { status: 201, body: { organization_id, email, role, token, invite_url, expires_at } };
    },
  });
}
