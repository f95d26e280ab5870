import { MAX_CALENDARS_PER_HUMAN, type Calendar, type CreateCalendarBody } from '@humantime/contract';
import { isUniqueViolation } from '../../db/prisma-errors.js';
import {
  calendarUrlTaken,
  insertCalendar,
  lockHumanCalendars,
  recordRead,
  replaceBusy,
  selectCalendar,
  selectCalendars,
} from '../../db/tables/calendars.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { ServiceDeps } from '../deps.js';
import { findHuman } from '../humans/find-human.js';
import { checkWebhookUrl } from '../webhooks/check-webhook-url.js';
import { calendarAddress, calendarIdentity } from './calendar-address.js';
import { calendarView } from './calendar-view.js';
import { expansionWindow, problemOf, readLimits, withoutOwnBookings } from './read-and-store.js';
import { readCalendar } from './read-calendar.js';
import { newId } from '../../lib/ids.js';

export type CalendarDeps = Pick<ServiceDeps, 'store' | 'config' | 'clock' | 'secrets'>;

/** The key that seals calendar addresses; without one (a server without SECRETS_KEY) calendars are refused. */
export function secretsOf(deps: Pick<ServiceDeps, 'secrets'>): SecretBox {
  if (deps.secrets) return deps.secrets;
  throw new AppError(
    'CALENDAR_UNREADABLE',
    'Calendars cannot be connected on this server: it has no SECRETS_KEY to keep their addresses and credentials encrypted. Ask its operator to set one.',
  );
}

const urlTaken = () => new AppError('CALENDAR_URL_TAKEN', 'This calendar is already connected to this human.');
const tooMany = () =>
  new AppError('LIMIT_REACHED', `A human can have at most ${MAX_CALENDARS_PER_HUMAN} calendars; remove one before adding another.`);

/**
 * POST /v1/humans/{id}/calendars: reads the calendar inside the request and keeps it only when
 * the read succeeded, with its busy time, in one transaction under the human's row lock (which
 * also keeps the count of calendars at 10 under any race); the unique index refuses the same
 * address twice.
 */
export async function connectCalendar(
  deps: CalendarDeps,
  organizationId: string,
  humanId: string,
  body: CreateCalendarBody,
): Promise<Calendar> {
  const { store } = deps;
  // An unknown human is 404 whatever the server: the missing key is said after.
  const human = await findHuman(store.db, organizationId, humanId);
  const secrets = secretsOf(deps);
  const address = calendarAddress(body);
  // The webhooks' registration rule, before anything is fetched: https, and no internal host by
  // name, address or what it resolves to (the read checks each connection, redirects too).
  await checkWebhookUrl(address.url, { allowPrivate: deps.config.webhooks.allowPrivateUrls, purpose: 'calendars' });
  const urlDigest = secrets.digest(calendarIdentity(address.url));
  if (await calendarUrlTaken(store.sql, { organizationId, humanId, urlDigest })) throw urlTaken();
  if ((await selectCalendars(store.sql, { organizationId, humanId })).length >= MAX_CALENDARS_PER_HUMAN) throw tooMany();

  const now = deps.clock();
  const result = await readCalendar({
    source: { url: address.url, ...(address.credentials ?? {}) },
    zone: human.timezone,
    ...expansionWindow(human.bookingHorizonDays, now),
    limits: readLimits(deps.config),
  });
  if (result.outcome !== 'read') {
    throw new AppError(
      'CALENDAR_UNREADABLE',
      `The calendar could not be read: ${result.outcome === 'unreadable' ? result.message : 'no content'}. Nothing was kept.`,
    );
  }
  if (body.write_bookings && result.kind !== 'caldav') {
    throw new AppError(
      'VALIDATION_ERROR',
      "Invalid request: write_bookings: only a CalDAV calendar can take bookings; this address is an iCalendar feed (subscribe to the human's calendar feed instead).",
    );
  }
  const busy = await withoutOwnBookings(store.sql, { organizationId, humanId }, result.busy);
  const id = newId();
  const after = deps.clock();
  try {
    await store.transaction(async (tx) => {
      const count = await lockHumanCalendars(tx.query, { organizationId, humanId });
      if (count === undefined) throw notFound('Human');
      if (count >= MAX_CALENDARS_PER_HUMAN) throw tooMany();
      await insertCalendar(tx.query, {
        id,
        organizationId,
        humanId,
        kind: result.kind,
        urlDigest,
        urlSealed: secrets.seal(address.url),
        credentialsSealed: address.credentials ? secrets.seal(JSON.stringify(address.credentials)) : null,
        name: body.name ?? null,
        writeBookings: body.write_bookings ?? false,
        nextSyncAt: new Date(after.getTime() + deps.config.calendars.syncSeconds * 1000),
      });
      await recordRead(tx.query, {
        organizationId,
        calendarId: id,
        status: 'ok',
        lastError: problemOf(result, after),
        syncedAt: after,
        busyCount: busy.length,
        etag: result.etag,
        lastModified: result.lastModified,
        syncState: result.syncState ?? null,
        failures: 0,
        nextSyncAt: new Date(after.getTime() + deps.config.calendars.syncSeconds * 1000),
      });
      await replaceBusy(tx.query, { organizationId, humanId, calendarId: id, busy });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw urlTaken();
    throw error;
  }
  const row = await selectCalendar(store.sql, { organizationId, calendarId: id });
  if (!row) throw notFound('Calendar');
  return calendarView(row, secrets);
}
