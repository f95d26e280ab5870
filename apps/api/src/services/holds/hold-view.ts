import type { Hold } from '@humantime/contract';
import type { HoldRow } from '../../db/tables/holds.js';
import { toTimestamp } from '../../lib/timestamps.js';

export function holdView(row: HoldRow): Hold {
  return {
    id: row.id,
    human_id: row.humanId,
    starts_at: toTimestamp(row.startsAt),
    ends_at: toTimestamp(row.endsAt),
    duration_minutes: row.durationMinutes,
    expires_at: toTimestamp(row.expiresAt),
    created_at: toTimestamp(row.createdAt),
  };
}
