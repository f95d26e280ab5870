import type { BusyQuery, BusyResponse } from '@humantime/contract';
import { selectBusy } from '../../db/tables/calendars.js';
import { toTimestamp } from '../../lib/timestamps.js';
import type { ServiceDeps } from '../deps.js';
import { findHuman } from '../humans/find-human.js';

/** GET /v1/humans/{id}/busy: bookings, live holds and calendar busy time between two instants. */
export async function humanBusy(
  deps: Pick<ServiceDeps, 'store' | 'clock'>,
  organizationId: string,
  humanId: string,
  query: BusyQuery,
): Promise<BusyResponse> {
  await findHuman(deps.store.db, organizationId, humanId);
  const rows = await selectBusy(deps.store.sql, {
    organizationId,
    humanId,
    from: new Date(query.from),
    to: new Date(query.to),
    now: deps.clock(),
  });
  return {
    data: rows.map((r) => ({
      starts_at: toTimestamp(new Date(r.starts_at)),
      ends_at: toTimestamp(new Date(r.ends_at)),
      source: r.source,
      calendar_id: r.calendar_id,
    })),
  };
}
