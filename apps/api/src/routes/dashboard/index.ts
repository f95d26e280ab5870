import { dashboardContract } from '@humantime/contract/dashboard';
import { initServer } from '@ts-rest/express';
import type { ServiceDeps } from '../../services/deps.js';
import type { OAuthServer } from '../../services/oauth/oauth-server.js';
import { accountRouter } from './account.js';
import { calendarsRouters } from './calendars.js';
import { oauthRouter } from './oauth.js';
import { organizationRouter } from './organization.js';
import { resourcesRouters } from './resources.js';
import { teamRouter } from './team.js';

const s = initServer();

/** Every /dashboard/api route of the dashboard contract; ts-rest refuses to compile a gap. */
export function dashboardRouter(services: ServiceDeps, oauth: () => Promise<OAuthServer>) {
  return s.router(dashboardContract, {
    account: accountRouter(services),
    organization: organizationRouter(services),
    ...resourcesRouters(services),
    ...calendarsRouters(services),
    oauth: oauthRouter(services, oauth),
    team: teamRouter(services),
  });
}
