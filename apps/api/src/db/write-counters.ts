// The embedded store's write counters: its data directory belongs to one process, so every
// write is seen here, and a cache filled at count n is current while the count is still n.
import type { PGlite } from '@electric-sql/pglite';
import type { StoreChanges } from './store.js';

/**
 * Begins a statement that changes only a background job's bookkeeping of items (a lease, a next
 * due time, a read's status): the job's runner accounts for those itself (jobs/runner/job.ts,
 * QuietProbe), so no write counter moves. Nothing a cache or another job reads may change in it.
 */
export const BOOKKEEPING = '/* bookkeeping */';

const READ_ONLY = /^\s*(SELECT|SHOW|EXPLAIN|BEGIN|COMMIT|ROLLBACK|SET)\b/i;
const WRITE_KEYWORDS = /\b(INSERT|UPDATE|DELETE|MERGE|TRUNCATE)\b/i;
const KEY_TABLES = /\b(api_keys|organizations)\b/;
const SCHEDULE_TABLES = /\b(humans|overrides|time_claims|booking_day_counts|holds|bookings|organizations|calendars|calendar_busy)\b/;
const CALENDAR_TABLES = /\bcalendars\b/;
const DELIVERY_TABLES = /\bdeliveries\b/;

/**
 * Counts a statement into `changes` before it is sent. A reader that notes the count before
 * its own statement and finds it unchanged afterwards read nothing a write has since changed:
 * PGlite runs one statement at a time, and a standalone read waits for an open transaction.
 * Anything that is not plainly a read counts if it names a table of the kind, unless it is marked
 * BOOKKEEPING; a script (migrations) counts for everything.
 */
function countChange(changes: StoreChanges, sql: string) {
  if (sql.startsWith(BOOKKEEPING)) return;
  const read = READ_ONLY.test(sql) || (/^\s*WITH\b/i.test(sql) && !WRITE_KEYWORDS.test(sql));
  if (read && !/\bFOR\s+(UPDATE|SHARE)\b/i.test(sql)) return;
  if (KEY_TABLES.test(sql)) changes.keys++;
  if (SCHEDULE_TABLES.test(sql)) changes.schedules++;
  if (DELIVERY_TABLES.test(sql)) changes.deliveries++;
  if (CALENDAR_TABLES.test(sql)) changes.calendars++;
}

const EXECUTE = /^EXECUTE (\w+)/;

/**
 * Routes every statement of `pglite` (Prisma's adapter's too, and transactions') through
 * countChange. An EXECUTE of a statement prepared by the store (`prepared`: name → text,
 * db/embedded-statements.ts) counts as its text.
 */
export function countChanges(
  pglite: PGlite,
  onStatement: ((text: string) => void) | undefined,
  prepared: ReadonlyMap<string, string> = new Map(),
): StoreChanges {
  const changes: StoreChanges = { keys: 0, schedules: 0, deliveries: 0, calendars: 0 };
  const noteStatement = (sent: string) => {
    const name = EXECUTE.exec(sent)?.[1];
    const sql = (name && prepared.get(name)) || sent;
    countChange(changes, sql);
    onStatement?.(sql);
  };
  const everything = (sql: string) => {
    changes.keys++;
    changes.schedules++;
    changes.deliveries++;
    changes.calendars++;
    onStatement?.(sql);
  };
  const counting = <T extends { query: PGlite['query']; exec: PGlite['exec'] }>(target: T): T =>
    new Proxy(target, {
      get(t, prop) {
        if (prop === 'query')
          return (sql: string, ...rest: unknown[]) => (noteStatement(sql), (t.query as (...a: unknown[]) => unknown)(sql, ...rest));
        if (prop === 'exec')
          return (sql: string, ...rest: unknown[]) => (everything(sql), (t.exec as (...a: unknown[]) => unknown)(sql, ...rest));
        const value = Reflect.get(t, prop, t) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(t) : value;
      },
    });
  const query = pglite.query.bind(pglite);
  const exec = pglite.exec.bind(pglite);
  const transaction = pglite.transaction.bind(pglite);
  pglite.query = ((sql: string, ...rest: Parameters<PGlite['query']> extends [unknown, ...infer R] ? R : never) => {
    noteStatement(sql);
    return query(sql, ...rest);
  }) as PGlite['query'];
  pglite.exec = (sql: string, ...rest: Parameters<PGlite['exec']> extends [unknown, ...infer R] ? R : never) => {
    everything(sql);
    return exec(sql, ...rest);
  };
  // BEGIN and COMMIT (or ROLLBACK) are a statement each.
  pglite.transaction = ((fn: Parameters<PGlite['transaction']>[0]) => {
    onStatement?.('BEGIN');
    return transaction((tx) => fn(counting(tx))).finally(() => onStatement?.('COMMIT'));
  }) as PGlite['transaction'];
  return changes;
}
