import type { Config } from '../../config.js';
import type { Store } from '../../db/store.js';
import type { Sql } from '../../db/sql.js';
import { requeueFailedWrites, unresolvedWriteFailure } from '../../db/tables/calendar-writes.js';
import { recordRead, replaceBusy, selectHumansBookingIds, type CalendarRow, type ReadOutcome } from '../../db/tables/calendars.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { readCalendar, type CalendarSource, type ReadLimits, type ReadResult } from './read-calendar.js';
import { CALENDAR_HORIZON_DAYS } from './calendar-horizon.js';

const DAY_MS = 86_400_000;
/** Expansion reaches this far past the booking horizon (366 days when the human has none). */
const HORIZON_MARGIN_DAYS = 30;
/** After a failed read the next one comes sooner than the sync interval: 30 s, doubling. */
const RETRY_MIN_MS = 30_000;

export interface CalendarReadDeps {
  store: Store;
  config: Config;
  secrets: SecretBox;
  clock: () => Date;
}

/** What every read is held to: time and bytes while reading, components and instances while parsing. */
export function readLimits(config: Config): ReadLimits {
  return {
    timeoutMs: config.calendars.readTimeoutMs,
    maxBytes: 10 * 1024 * 1024,
    maxComponents: 50_000,
    maxInstances: 100_000,
    maxRedirects: 3,
    allowPrivate: config.webhooks.allowPrivateUrls,
  };
}

/**
 * From a day ago to the human's booking horizon (366 days without one) plus 30 days, in whole
 * UTC days: the window stays the same all day, so a feed's reads within a day are conditional
 * (a 304 parses nothing), and it moves on once a day, when the feed is read in full.
 */
export function expansionWindow(bookingHorizonDays: number | null, now: Date): { from: number; to: number } {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  return { from: today - DAY_MS, to: today + (1 + (bookingHorizonDays ?? CALENDAR_HORIZON_DAYS) + HORIZON_MARGIN_DAYS) * DAY_MS };
}

/** The calendar's address and credentials, unsealed for one read. */
export function sourceOf(row: Pick<CalendarRow, 'kind' | 'urlSealed' | 'credentialsSealed'>, secrets: SecretBox): CalendarSource {
  const credentials = row.credentialsSealed
    ? (JSON.parse(secrets.open(row.credentialsSealed)) as { username: string; password: string })
    : undefined;
  return { url: secrets.open(row.urlSealed), kind: row.kind, ...(credentials ?? {}) };
}

/**
 * Why a calendar's sealed address cannot be opened here: it was sealed under another
 * SECRETS_KEY than the service runs with now (a changed or lost key). Read, written into and
 * shown as a calendar in error, never a 500.
 */
export const SEALED_WITH_ANOTHER_KEY =
  'its address was sealed with another SECRETS_KEY than the service has now: restore that key, or remove the calendar and connect it again';

/** sourceOf, or why it cannot be opened. */
export function openSource(
  row: Pick<CalendarRow, 'kind' | 'urlSealed' | 'credentialsSealed'>,
  secrets: SecretBox,
): { ok: true; source: CalendarSource } | { ok: false; message: string } {
  try {
    return { ok: true, source: sourceOf(row, secrets) };
  } catch {
    return { ok: false, message: SEALED_WITH_ANOTHER_KEY };
  }
}

/**
 * A booking written into a calendar (write_bookings) or subscribed to through the human's feed
 * comes back on the next read with the booking's UID (`<id>@humantime`, the id of the first
 * booking when it was moved): it already counts as a booking, so it is not busy time a second
 * time. Only this human's own bookings: another human's booking in this calendar (a shared
 * calendar, an accepted invitation) is this human's busy time like any event.
 */
export async function withoutOwnBookings<T extends { uid: string }>(
  query: Sql,
  human: { organizationId: string; humanId: string },
  busy: readonly T[],
): Promise<T[]> {
  const named = [...new Set(busy.map((b) => bookingIdOf(b.uid)).filter((id): id is string => id !== undefined))];
  if (named.length === 0) return [...busy];
  const own = await selectHumansBookingIds(query, human, named);
  return busy.filter((b) => !own.has(bookingIdOf(b.uid) ?? ''));
}
const OWN_UID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@humantime$/i;
const bookingIdOf = (uid: string): string | undefined => OWN_UID.exec(uid)?.[1]?.toLowerCase();

/** last_error after a good read: events skipped, or instances capped, or nothing to say. */
export function problemOf(result: Extract<ReadResult, { outcome: 'read' }>, at: Date): ReadOutcome['lastError'] {
  const capped =
    'not every busy instance was kept: more than 100,000 in all, a recurring event that repeats too often to expand (its ' +
    "first instances were kept), or recurrence rules that spent the read's expansion budget (the events after them were not expanded)";
  if (result.skipped.count > 0) {
    const events = result.skipped.count === 1 ? '1 event' : `${result.skipped.count} events`;
    const also = result.truncated ? `; and ${capped}` : '';
    return {
      code: 'EVENTS_SKIPPED',
      message: `${events} could not be read: ${result.skipped.reasons.join('; ')}${also}`,
      at: at.toISOString(),
    };
  }
  if (result.truncated) return { code: 'INSTANCES_CAPPED', message: capped, at: at.toISOString() };
  return null;
}

/**
 * Reads a calendar once and records the outcome: a good read replaces its busy set (and moves
 * the human's schedule_version) in one transaction; a 304 only says when; a failure keeps the
 * last busy time and says what failed. With `lease`, it writes only while that lease is held
 * (the refresh job). Answers when the calendar is read next once the outcome was written, and
 * undefined when it was not (the lease had passed on).
 */
export async function readAndStore(deps: CalendarReadDeps, row: CalendarRow, lease?: { workerId: string }): Promise<Date | undefined> {
  const { config, secrets, store } = deps;
  const now = deps.clock();
  const opened = openSource(row, secrets);
  const result: ReadResult = !opened.ok
    ? { outcome: 'unreadable', message: opened.message }
    : await readCalendar({
        source: opened.source,
        zone: row.timezone,
        ...expansionWindow(row.bookingHorizonDays, now),
        // The reader asks conditionally only while the window lies within the last read's: the
        // window moves on once a day, and that read is a full one.
        etag: row.etag,
        lastModified: row.lastModified,
        syncState: row.syncState,
        limits: readLimits(config),
      });
  const after = deps.clock();
  const next = new Date(after.getTime() + config.calendars.syncSeconds * 1000);
  const base = { organizationId: row.organizationId, calendarId: row.id, ...(lease ? { lockedBy: lease.workerId } : {}) };
  if (result.outcome === 'unreadable') {
    const failures = row.failures + 1;
    const retry = Math.min(config.calendars.syncSeconds * 1000, RETRY_MIN_MS * 2 ** (failures - 1));
    const nextSyncAt = new Date(after.getTime() + retry);
    const lastError = { code: 'CALENDAR_UNREADABLE', message: result.message, at: after.toISOString() };
    const recorded = await recordRead(store.sql, { ...base, status: 'error', lastError, syncedAt: null, failures, nextSyncAt });
    return recorded ? nextSyncAt : undefined;
  }
  // A booking not written into the calendar stays reported until a write works, also when a
  // failed read (CALENDAR_UNREADABLE) reported something else in between.
  const writeFailure = async (): Promise<ReadOutcome['lastError']> => {
    if (row.lastError?.code === 'WRITE_BACK_FAILED') return row.lastError;
    if (!row.writeBookings) return null;
    const failed = await unresolvedWriteFailure(store.sql, { organizationId: row.organizationId, calendarId: row.id });
    if (!failed) return null;
    const message = `a booking could not be written into the calendar (UID ${failed.icalUid}): ${failed.error ?? 'every attempt failed'}`;
    return { code: 'WRITE_BACK_FAILED', message, at: after.toISOString() };
  };
  // The calendar answers again: bookings that could not be written into it are written now,
  // their failure reported until one is (clearWriteFailure).
  const writeAgain = async () => {
    if (row.writeBookings) await requeueFailedWrites(store.sql, { organizationId: row.organizationId, calendarId: row.id, now: after });
  };
  if (result.outcome === 'unchanged') {
    // Unchanged since a good read: whatever that read reported (events skipped) still stands.
    const kept = row.lastError?.code === 'CALENDAR_UNREADABLE' ? await writeFailure() : row.lastError;
    const recorded = await recordRead(store.sql, {
      ...base,
      status: 'ok',
      lastError: kept,
      syncedAt: after,
      failures: 0,
      nextSyncAt: next,
    });
    if (recorded) await writeAgain();
    return recorded ? next : undefined;
  }
  const problem = problemOf(result, after) ?? (await writeFailure());
  const due = await store.transaction(
    async (tx) => {
      const busy = await withoutOwnBookings(tx.query, row, result.busy);
      const recorded = await recordRead(tx.query, {
        ...base,
        status: 'ok',
        lastError: problem,
        syncedAt: after,
        busyCount: busy.length,
        etag: result.etag,
        lastModified: result.lastModified,
        syncState: result.syncState ?? null,
        failures: 0,
        nextSyncAt: next,
      });
      if (recorded) {
        await replaceBusy(tx.query, {
          organizationId: row.organizationId,
          humanId: row.humanId,
          calendarId: row.id,
          busy,
        });
      }
      return recorded ? next : undefined;
    },
    (recorded) => recorded !== undefined,
  );
  if (due !== undefined) await writeAgain();
  return due;
}
