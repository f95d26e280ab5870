import { dashboardContract } from '@humantime/contract/dashboard';
import { initServer } from '@ts-rest/express';
import { organizationOf } from '../../http/authenticate.js';
import { memberOf, signedInOf } from '../../http/dashboard-guards.js';
import { publicBaseUrl } from '../../http/public-base-url.js';
import type { ServiceDeps } from '../../services/deps.js';
import { decideAuthorization, describeConsent, disconnectApp, listConnectedApps } from '../../services/oauth/grants.js';
import type { OAuthServer } from '../../services/oauth/oauth-server.js';

const s = initServer();

/** The consent page of the OAuth sign-in, and "Connected apps", for the session's organization. */
export function oauthRouter(services: ServiceDeps, load: () => Promise<OAuthServer>) {
  const deps = async () => ({ ...services, clients: (await load()).clients });
  return s.router(dashboardContract.oauth, {
    getConsent: async ({ query, req, res }) => ({
      status: 200,
      body: await describeConsent(await deps(), signedInOf(res), { params: query, baseUrl: publicBaseUrl(req) }),
    }),
    decide: async ({ body, req, res }) => {
      res.setHeader('Cache-Control', 'no-store');
      return { status: 200, body: await decideAuthorization(await deps(), signedInOf(res), { body, baseUrl: publicBaseUrl(req) }) };
    },
    listConnectedApps: async ({ res }) => ({ status: 200, body: await listConnectedApps(services, organizationOf(res).id) }),
    disconnect: async ({ params, res }) => {
      await disconnectApp(services, memberOf(res), params.grant_id);
      return { status: 204, body: undefined };
    },
  });
}
