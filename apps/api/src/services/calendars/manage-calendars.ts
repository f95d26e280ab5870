import type { Calendar, Page } from '@humantime/contract';
import { deleteCalendar, selectCalendars, type CalendarRow } from '../../db/tables/calendars.js';
import { notFound } from '../../lib/app-error.js';
import { keysetOf, toPage } from '../../lib/cursor.js';
import { findHuman } from '../humans/find-human.js';
import { calendarView } from './calendar-view.js';
import { secretsOf, type CalendarDeps } from './connect-calendar.js';
import { readAndStore } from './read-and-store.js';

/**
 * GET /v1/humans/{id}/calendars: newest first, paged like every list; without `query` (the
 * dashboard's), all of them (at most 10 a human).
 */
export async function listCalendars(
  deps: CalendarDeps,
  organizationId: string,
  humanId: string,
  query?: { limit: number; cursor?: string | undefined },
): Promise<Page<Calendar>> {
  await findHuman(deps.store.db, organizationId, humanId);
  // The key is needed only to show a calendar's address: none to show, nothing to refuse.
  const view = (row: CalendarRow) => calendarView(row, secretsOf(deps));
  if (!query) return { data: (await selectCalendars(deps.store.sql, { organizationId, humanId })).map(view), next_cursor: null };
  const rows = await selectCalendars(deps.store.sql, { organizationId, humanId }, keysetOf(query, 'calendars'));
  return toPage(
    rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) })),
    query.limit,
    view,
    'calendars',
  );
}

export async function getCalendar(deps: CalendarDeps, organizationId: string, humanId: string, calendarId: string): Promise<Calendar> {
  const [row] = await selectCalendars(deps.store.sql, { organizationId, humanId, calendarId });
  if (!row) throw notFound('Calendar');
  return calendarView(row, secretsOf(deps));
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
  const [row] = await selectCalendars(deps.store.sql, { organizationId, humanId, calendarId });
  if (!row) throw notFound('Calendar');
  await readAndStore({ ...deps, secrets: secretsOf(deps) }, row);
  return getCalendar(deps, organizationId, humanId, calendarId);
}
