import type { Override } from '@humantime/contract';
import type { Override as OverrideRow } from '../../generated/prisma/client.js';
import { toLocalDate, toTimestamp } from '../../lib/timestamps.js';

export function overrideView(row: OverrideRow): Override {
  return {
    id: row.id,
    human_id: row.humanId,
    kind: row.kind,
    start_date: toLocalDate(row.startDate),
    end_date: toLocalDate(row.endDate),
    start_time: row.startTime,
    end_time: row.endTime,
    weekdays: row.weekdays.length > 0 ? row.weekdays : null,
    reason: row.reason,
    created_at: toTimestamp(row.createdAt),
  };
}
