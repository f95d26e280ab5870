import type { Calendar, Page } from '@humantime/contract';
import { deleteCalendar, selectCalendars } from '../../db/tables/calendars.js';
import { notFound } from '../../lib/app-error.js';
import { findHuman } from '../humans/find-human.js';
import { calendarView } from './calendar-view.js';
import { secretsOf, type CalendarDeps } from './connect-calendar.js';
import { readAndStore } from './read-and-store.js';

/** GET /v1/humans/{id}/calendars: oldest first; at most 10, so one page. */
export async function listCalendars(deps: CalendarDeps, organizationId: string, humanId: string): Promise<Page<Calendar>> {
  const secrets = secretsOf(deps);
  await findHuman(deps.store.db, organizationId, humanId);
  const rows = await selectCalendars(deps.store.sql, { organizationId, humanId });
  return { data: rows.map((row) => calendarView(row, secrets)), next_cursor: null };
}

export async function getCalendar(deps: CalendarDeps, organizationId: string, humanId: string, calendarId: string): Promise<Calendar> {
  const secrets = secretsOf(deps);
  const [row] = await selectCalendars(deps.store.sql, { organizationId, humanId, calendarId });
  if (!row) throw notFound('Calendar');
  return calendarView(row, secrets);
}

/** DELETE: its busy time goes with it (cascade) and the human's schedule_version moves (trigger). */
export async function removeCalendar(
  deps: Pick<CalendarDeps, 'store'>,
  organizationId: string,
  humanId: string,
  calendarId: string,
): Promise<void> {
  if (!(await deleteCalendar(deps.store.sql, { organizationId, humanId, calendarId }))) throw notFound('Calendar');
}

/** POST …/sync: reads now and answers the calendar after the read, failed or not. */
export async function syncCalendar(deps: CalendarDeps, organizationId: string, humanId: string, calendarId: string): Promise<Calendar> {
  const secrets = secretsOf(deps);
  const [row] = await selectCalendars(deps.store.sql, { organizationId, humanId, calendarId });
  if (!row) throw notFound('Calendar');
  await readAndStore({ ...deps, secrets }, row);
  return getCalendar(deps, organizationId, humanId, calendarId);
}
