import { dashboardContract, type Overview } from '@humantime/contract/dashboard';
import { initServer } from '@ts-rest/express';
import type { ServiceDeps } from '../../services/deps.js';
import { organizationOf } from '../../http/authenticate.js';
import { getUsage } from '../../services/billing/get-usage.js';
import { getBilling } from '../../services/billing/get-billing.js';
import { listOveragePacks } from '../../services/billing/list-overage-packs.js';
import { startCardSetup } from '../../services/billing/stripe/start-card-setup.js';
import { publicBaseUrl } from '../../http/public-base-url.js';
import { apiKeySummary } from '../../services/organizations/api-key-summary.js';
import { changePlanSettings } from '../../services/organizations/change-plan-settings.js';
import { rotateApiKey } from '../../services/organizations/rotate-api-key.js';
import type { AuthedOrganization } from '../../services/organizations/authed-organization.js';
import { getOrganization } from '../../services/organizations/get-organization.js';

const s = initServer();

/** Overview, key, plan, billing: the same services as /v1/usage and the admin API. */
export function organizationRouter(deps: ServiceDeps) {
  async function overview(org: AuthedOrganization): Promise<Overview> {
    const organization = await getOrganization(deps, org.id);
    // Usage is computed from the organization as it is now (a plan change just made
    // shows at once), exactly as GET /v1/usage computes it.
    const current = { id: org.id, plan: organization.plan, autoPurchase: organization.auto_purchase };
    return {
      organization,
      usage: await getUsage(deps, current),
      api_key: await apiKeySummary(deps, org.id),
    };
  }

  return s.router(dashboardContract.organization, {
    getOverview: async ({ res }) => ({ status: 200, body: await overview(organizationOf(res)) }),
    regenerateKey: async ({ res }) => {
      const { id } = organizationOf(res);
      const rotated = await rotateApiKey(deps, id);
      return { status: 200, body: { api_key: rotated.api_key, summary: await apiKeySummary(deps, id) } };
    },
    updateOrganization: async ({ body, res }) => {
      const org = organizationOf(res);
      await changePlanSettings(deps, org, body);
      return { status: 200, body: await overview(org) };
    },
    listOveragePacks: async ({ query, res }) => ({
      status: 200,
      body: await listOveragePacks(deps, organizationOf(res).id, query),
    }),
    getBilling: async ({ res }) => ({ status: 200, body: await getBilling(deps, organizationOf(res).id) }),
    startCardSetup: async ({ req, res }) => ({
      status: 200,
      body: await startCardSetup(deps, organizationOf(res).id, `${publicBaseUrl(req)}/dashboard/billing`),
    }),
  });
}
