import { contract } from '@humantime/contract';
import { initServer } from '@ts-rest/express';
import { organizationOf } from '../http/authenticate.js';
import { publicBaseUrl } from '../http/public-base-url.js';
import { createCalendarFeed } from '../services/calendar-feeds/create-calendar-feed.js';
import { revokeCalendarFeed } from '../services/calendar-feeds/revoke-calendar-feed.js';
import type { ServiceDeps } from '../services/deps.js';

const s = initServer();

export function calendarFeedRouter(deps: ServiceDeps) {
  return s.router(contract.calendarFeed, {
    create: async ({ params, req, res }) => {
      const feed = await createCalendarFeed(deps, organizationOf(res).id, { humanId: params.human_id, baseUrl: publicBaseUrl(req) });
      // The answer is the feed's only copy of its secret: no cache may keep it.
      res.setHeader('Cache-Control', 'no-store');
      return { status: 201, body: feed };
    },
    revoke: async ({ params, res }) => {
      await revokeCalendarFeed(deps, organizationOf(res).id, params.human_id);
      return { status: 204, body: undefined };
    },
  });
}
