import { dashboardContract, type Overview } from '@humantime/contract/dashboard';
import { initServer } from '@ts-rest/express';
import type { ServiceDeps } from '../../services/deps.js';
import { organizationOf } from '../../http/authenticate.js';
import { memberOf } from '../../http/dashboard-guards.js';
import { getUsage } from '../../services/billing/get-usage.js';
import { getBilling } from '../../services/billing/get-billing.js';
import { listOveragePacks } from '../../services/billing/list-overage-packs.js';
import { startCardSetup } from '../../services/billing/stripe/start-card-setup.js';
import { publicBaseUrl } from '../../http/public-base-url.js';
import { apiKeySummary } from '../../services/organizations/api-key-summary.js';
import { changePlanSettings } from '../../services/organizations/change-plan-settings.js';
import { requireOwner } from '../../services/team/acting-member.js';
import { regenerateApiKey } from '../../services/organizations/regenerate-api-key.js';
import type { AuthedOrganization } from '../../services/organizations/authed-organization.js';
import { getOrganization } from '../../services/organizations/get-organization.js';

const s = initServer();

/** Overview, key, plan, billing: the same services as /v1/usage and the admin API; owners only for changes and billing. */
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
      auto_purchase_paused: (await getBilling(deps, org.id)).auto_purchase_paused,
    };
  }

  return s.router(dashboardContract.organization, {
    getOverview: async ({ res }) => ({ status: 200, body: await overview(organizationOf(res)) }),
    regenerateKey: async ({ res }) => ({ status: 200, body: await regenerateApiKey(deps, memberOf(res)) }),
    updateOrganization: async ({ body, res }) => {
      await changePlanSettings(deps, memberOf(res), body);
      return { status: 200, body: await overview(organizationOf(res)) };
    },
    listOveragePacks: async ({ query, res }) => ({
      status: 200,
      body: await listOveragePacks(deps, memberOf(res), query),
    }),
    getBilling: async ({ res }) => {
      requireOwner(memberOf(res), 'see billing');
      return { status: 200, body: await getBilling(deps, organizationOf(res).id) };
    },
    startCardSetup: async ({ req, res }) => {
      requireOwner(memberOf(res), 'change the card');
      return { status: 200, body: await startCardSetup(deps, organizationOf(res).id, `${publicBaseUrl(req)}/dashboard/billing`) };
    },
  });
}
