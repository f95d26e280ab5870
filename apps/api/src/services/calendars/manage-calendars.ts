import type { Calendar, Page } from '@humantime/contract';
import { deleteCalendar, selectCalendars } from '../../db/tables/calendars.js';
import { notFound } from '../../lib/app-error.js';
import { findHuman } from '../humans/find-human.js';
import { calendarView } from './calendar-view.js';
import { secretsOf, type CalendarDeps } from './connect-calendar.js';
import { readAndStore } from './read-and-store.js';

type Where = { organizationId: string; humanId: string };

/** GET /v1/humans/{id}/calendars: oldest first; at most 10, so one page. */
export async function listCalendars(deps: CalendarDeps, where: Where): Promise<Page<Calendar>> {
  const secrets = secretsOf(deps);
  await findHuman(deps.store.db, where.organizationId, where.humanId);
  const rows = await selectCalendars(deps.store.sql, where);
  return { data: rows.map((row) => calendarView(row, secrets)), next_cursor: null };
}

export async function getCalendar(deps: CalendarDeps, where: Where & { calendarId: string }): Promise<Calendar> {
  const secrets = secretsOf(deps);
  const [row] = await selectCalendars(deps.store.sql, where);
  if (!row) throw notFound('Calendar');
  return calendarView(row, secrets);
}

/** DELETE: its busy time goes with it (cascade) and the human's schedule_version moves (trigger). */
export async function removeCalendar(deps: Pick<CalendarDeps, 'store'>, where: Where & { calendarId: string }): Promise<void> {
  if (!(await deleteCalendar(deps.store.sql, where))) throw notFound('Calendar');
}

/** POST …/sync: reads now and answers the calendar after the read, failed or not. */
export async function syncCalendar(deps: CalendarDeps, where: Where & { calendarId: string }): Promise<Calendar> {
  const secrets = secretsOf(deps);
  const [row] = await selectCalendars(deps.store.sql, where);
  if (!row) throw notFound('Calendar');
  await readAndStore({ ...deps, secrets }, row);
  return getCalendar(deps, where);
}
