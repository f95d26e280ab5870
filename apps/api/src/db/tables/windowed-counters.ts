import type { Db } from '../open-store.js';

/** A table of counts per key in a window that opens with the first count (a throttle). */
export interface WindowedCounter {
  table: 'sign_in_throttle' | 'oauth_registration_throttle';
  keyColumn: 'email_hash' | 'address_hash';
  countColumn: 'attempts' | 'registrations';
}

export const SIGN_IN_ATTEMPTS: WindowedCounter = { table: 'sign_in_throttle', keyColumn: 'email_hash', countColumn: 'attempts' };
export const CLIENT_REGISTRATIONS: WindowedCounter = {
  table: 'oauth_registration_throttle',
  keyColumn: 'address_hash',
  countColumn: 'registrations',
};

/**
 * Counts one more for `key`: one atomic upsert, so however many requests race, in however
 * many processes, each sees its own count. A window older than `windowMs` starts again at 1.
 */
export async function countInWindow(
  db: Db,
  counter: WindowedCounter,
  { key, now, windowMs }: { key: string; now: Date; windowMs: number },
): Promise<{ count: number; windowStart: Date }> {
  const { table, keyColumn, countColumn } = counter;
  const [row] = await db.$queryRawUnsafe<Array<{ count: number; window_start: Date }>>(
    `INSERT INTO ${table} (${keyColumn}, ${countColumn}, window_start) VALUES ($1, 1, $2)
     ON CONFLICT (${keyColumn}) DO UPDATE SET
       ${countColumn} = CASE WHEN ${table}.window_start <= $3 THEN 1 ELSE LEAST(${table}.${countColumn} + 1, 1000000) END,
       window_start = CASE WHEN ${table}.window_start <= $3 THEN $2 ELSE ${table}.window_start END
     RETURNING ${countColumn} AS count, window_start`,
    key,
    now,
    new Date(now.getTime() - windowMs),
  );
  return { count: row!.count, windowStart: new Date(row!.window_start) };
}
