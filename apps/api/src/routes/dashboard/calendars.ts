import { dashboardContract } from '@humantime/contract/dashboard';
import { initServer } from '@ts-rest/express';
import { organizationOf } from '../../http/authenticate.js';
import { publicBaseUrl } from '../../http/public-base-url.js';
import { createCalendarFeed } from '../../services/calendar-feeds/create-calendar-feed.js';
import { getCalendarFeed } from '../../services/calendar-feeds/get-calendar-feed.js';
import { revokeCalendarFeed } from '../../services/calendar-feeds/revoke-calendar-feed.js';
import { connectCalendar } from '../../services/calendars/connect-calendar.js';
import { listCalendars, removeCalendar, syncCalendar } from '../../services/calendars/manage-calendars.js';
import type { ServiceDeps } from '../../services/deps.js';

const s = initServer();

/**
 * A human's calendars and subscription link through a session: the /v1 services, always
 * scoped to the session's organization (another organization's human is 404 in the service).
 */
export function calendarsRouters(services: ServiceDeps) {
  const calendars = s.router(dashboardContract.calendars, {
    list: async ({ params, res }) => ({
      status: 200,
      body: await listCalendars(services, organizationOf(res).id, params.human_id),
    }),
    create: async ({ params, body, res }) => ({
      status: 201,
      body: await connectCalendar(services, organizationOf(res).id, params.human_id, body),
    }),
    delete: async ({ params, res }) => {
      await removeCalendar(services, organizationOf(res).id, params.human_id, params.calendar_id);
      return { status: 204, body: undefined };
    },
    sync: async ({ params, res }) => ({
      status: 200,
      body: await syncCalendar(services, organizationOf(res).id, params.human_id, params.calendar_id),
    }),
  });
  const calendarFeed = s.router(dashboardContract.calendarFeed, {
    get: async ({ params, res }) => ({ status: 200, body: await getCalendarFeed(services, organizationOf(res).id, params.human_id) }),
    create: async ({ params, req, res }) => {
      const feed = await createCalendarFeed(services, organizationOf(res).id, { humanId: params.human_id, baseUrl: publicBaseUrl(req) });
      // The answer is the link's only copy of its secret: no cache may keep it.
      res.setHeader('Cache-Control', 'no-store');
      return { status: 201, body: feed };
    },
    revoke: async ({ params, res }) => {
      await revokeCalendarFeed(services, organizationOf(res).id, params.human_id);
      return { status: 204, body: undefined };
    },
  });
  return { calendars, calendarFeed };
}
