import type { Calendar } from '@humantime/contract';
import type { CalendarRow } from '../../db/tables/calendars.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { toTimestamp } from '../../lib/timestamps.js';
import { SEALED_WITH_ANOTHER_KEY } from './read-and-store.js';

/**
 * A calendar as the API answers it: its address unsealed (credentials never), its last read.
 * An address sealed under another SECRETS_KEY cannot be shown: `url` is empty and the calendar
 * answers as the failed read its next read will record (status "error", CALENDAR_UNREADABLE).
 */
export function calendarView(row: CalendarRow, secrets: SecretBox): Calendar {
  let url: string | undefined;
  try {
    url = secrets.open(row.urlSealed);
  } catch {
    url = undefined;
  }
  const lastError = row.lastError && {
    ...(row.lastError as NonNullable<Calendar['last_error']>),
    at: toTimestamp(new Date(row.lastError.at)),
  };
  return {
    id: row.id,
    human_id: row.humanId,
    kind: row.kind,
    url: url ?? '',
    name: row.name,
    write_bookings: row.writeBookings,
    status: url === undefined ? 'error' : row.status,
    last_synced_at: row.lastSyncedAt ? toTimestamp(new Date(row.lastSyncedAt)) : null,
    // `at` is kept as the writer's ISO text (milliseconds included); answered to the second.
    last_error:
      url === undefined && lastError?.message !== SEALED_WITH_ANOTHER_KEY
        ? { code: 'CALENDAR_UNREADABLE', message: SEALED_WITH_ANOTHER_KEY, at: toTimestamp(new Date()) }
        : lastError,
    busy_count: row.busyCount,
    created_at: toTimestamp(new Date(row.createdAt)),
  };
}
