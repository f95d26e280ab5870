import type { Calendar } from '@humantime/contract';
import type { CalendarRow } from '../../db/tables/calendars.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { toTimestamp } from '../../lib/timestamps.js';

/** A calendar as the API answers it: its address unsealed (credentials never), its last read. */
export function calendarView(row: CalendarRow, secrets: SecretBox): Calendar {
  return {
    id: row.id,
    human_id: row.humanId,
    kind: row.kind,
    url: secrets.open(row.urlSealed),
    name: row.name,
    write_bookings: row.writeBookings,
    status: row.status,
    last_synced_at: row.lastSyncedAt ? toTimestamp(new Date(row.lastSyncedAt)) : null,
    // `at` is kept as the writer's ISO text (milliseconds included); answered to the second.
    last_error: row.lastError && { ...(row.lastError as NonNullable<Calendar['last_error']>), at: toTimestamp(new Date(row.lastError.at)) },
    busy_count: row.busyCount,
    created_at: toTimestamp(new Date(row.createdAt)),
  };
}
