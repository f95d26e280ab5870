// A lock on a set of humans' rows, for the bookings that choose among several humans.
import { Params } from '../params.js';
import type { Sql } from '../sql.js';

/**
 * Locks the humans' rows in id order (so two lockers of overlapping sets cannot deadlock)
 * until the transaction ends. FOR NO KEY UPDATE: a booking's foreign-key check (KEY SHARE)
 * does not wait for it, so only other lockers take turns.
 */
export async function lockHumans(query: Sql, organizationId: string, humanIds: readonly string[]): Promise<void> {
  const p = new Params();
  await query(
    `SELECT id FROM humans WHERE organization_id = ${p.ref(organizationId, 'uuid')} AND id = ANY(${p.ref(`{${humanIds.join(',')}}`, 'uuid[]')})
      ORDER BY id FOR NO KEY UPDATE`,
    p.values,
  );
}
