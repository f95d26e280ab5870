import { contract } from '@humantime/contract';
import { initServer } from '@ts-rest/express';
import { organizationOf } from '../http/authenticate.js';
import { connectCalendar } from '../services/calendars/connect-calendar.js';
import { getCalendar, listCalendars, removeCalendar, syncCalendar } from '../services/calendars/manage-calendars.js';
import type { ServiceDeps } from '../services/deps.js';

const s = initServer();

export function calendarsRouter(deps: ServiceDeps) {
  return s.router(contract.calendars, {
    create: async ({ params, body, res }) => ({
      status: 201,
      body: await connectCalendar(deps, organizationOf(res).id, params.human_id, body),
    }),
    list: async ({ params, query, res }) => ({
      status: 200,
      body: await listCalendars(deps, organizationOf(res).id, params.human_id, query),
    }),
    get: async ({ params, res }) => ({
      status: 200,
      body: await getCalendar(deps, organizationOf(res).id, params.human_id, params.calendar_id),
    }),
    delete: async ({ params, res }) => {
      await removeCalendar(deps, organizationOf(res).id, params.human_id, params.calendar_id);
      return { status: 204, body: undefined };
    },
    sync: async ({ params, res }) => ({
      status: 200,
      body: await syncCalendar(deps, organizationOf(res).id, params.human_id, params.calendar_id),
    }),
  });
}
