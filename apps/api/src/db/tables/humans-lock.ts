// A lock on a set of humans' rows, for the bookings that choose among several humans.
import type { Sql } from '../sql.js';

/**
 * Locks the humans' rows in id order (so two lockers of overlapping sets cannot deadlock)
 * until the transaction ends. FOR NO KEY UPDATE: a booking's foreign-key check (KEY SHARE)
 * does not wait for it, so only other lockers take turns.
 */
export async function lockHumans(query: Sql, organizationId: string, humanIds: readonly string[]): Promise<void> {
  await query(
    `SELECT id FROM humans WHERE organization_id = $1::uuid AND id = ANY($2::uuid[]) ORDER BY id FOR NO KEY UPDATE`,
    [organizationId, `{${humanIds.join(',')}}`],
  );
}
