// The store's shape, whichever database is behind it: open-store.ts chooses one,
// embedded-store.ts (PGlite in this process) and server-store.ts (a PostgreSQL server) make it.
import type { PrismaClient } from '../generated/prisma/client.js';
import { migrate, migrationsApplied, readMigrations, type Migration } from './migrate.js';
import type { Sql, SqlSession } from './sql.js';

export type Db = PrismaClient;

export interface Store {
  kind: 'embedded' | 'postgres';
  db: Db;
  /**
   * Parameterized SQL straight on the driver, for the hottest reads (Prisma's pipeline costs
   * several times a round trip). On PGlite a standalone query waits for any open
   * transaction, so it never runs inside one of Prisma's.
   */
  sql: Sql;
  /**
   * As `sql`, for the key statements only (services/organizations/key-batches.ts). On a
   * server they have connections of their own, as many as are ever in flight, so a key check
   * never waits for a connection behind booking transactions; and those connections plan
   * every statement generically. PostgreSQL planned the coalesced key statement afresh at
   * every run (its array parameters make each custom plan look cheaper than the generic one),
   * which cost more than running it (docs/decisions/0030-coalesced-key-statements.md).
   * The same as `sql` on the embedded store.
   */
  keySql: Sql;
  /**
   * A transaction straight on the driver, for the booking path (Prisma's interactive
   * transactions cost several times the driver's time per statement,
   * docs/decisions/0003-three-ways-to-the-database.md). On PGlite it
   * holds the same mutex as Prisma's transactions; on a server it owns a pooled connection.
   * Rolls back when `fn` throws, and when `commits` is given and says no to `fn`'s result: work
   * that finds, inside the transaction, that it should not happen there after all answers so
   * in its result rather than by throwing.
   */
  transaction<T>(fn: (tx: SqlSession) => Promise<T>, commits?: (result: T) => boolean): Promise<T>;
  /**
   * The embedded store only: how many statements that may change API keys and organizations
   * (`keys`), anything a schedule snapshot reads (`schedules`) or the webhook outbox
   * (`deliveries`) this process has sent. Its
   * data directory belongs to this one process, so these count every such write there is: a
   * cache filled at count n is current while the count is still n. Undefined on a server,
   * where other processes write too (caches are checked in SQL there).
   */
  changes?: StoreChanges;
  /** Raw SQL on a connection of its own (the migration runner). */
  withSession<T>(fn: (s: SqlSession) => Promise<T>): Promise<T>;
  /** Applies pending migrations; returns the names applied. */
  migrate(): Promise<string[]>;
  /** Database reachable and every migration applied. */
  ready(): Promise<boolean>;
  /** The connection pools' counts together (the main pool and keySql's), for /metrics; absent on the embedded store (no pool). */
  poolStats?(): PoolStats;
  close(): Promise<void>;
}

export interface StoreChanges {
  keys: number;
  schedules: number;
  deliveries: number;
  /** Statements that may change `calendars` (the refresh job skips polls while this stands still). */
  calendars: number;
}

export interface PoolStats {
  /** Connections open. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

export interface StoreOptions {
  /** postgres:// URL of a server; absent selects the embedded store. */
  databaseUrl?: string | undefined;
  /** Directory of the embedded store; absent means in memory (tests). */
  dataDir?: string | undefined;
  /** Connection pool size on a server. */
  poolSize?: number;
  /**
   * On a server: how long opening a connection may take before it fails as unavailable.
   * Bounds every request's wait while the database is away. Default 1,500 ms.
   */
  connectTimeoutMs?: number;
  /**
   * `transaction`: `databaseUrl` reaches the server through a transaction-mode pooler
   * (PgBouncer), where a server connection is only ours for one transaction: no named
   * prepared statements, and no startup setting the pooler does not keep track of.
   */
  pooler?: 'transaction' | undefined;
  /**
   * Told of every statement sent to the database, by anyone (the driver statements, Prisma's,
   * transactions' BEGIN and COMMIT): each is one round trip. For the tests that count them.
   */
  onStatement?: ((text: string) => void) | undefined;
}

/** What a store is made of; withMigrations adds `migrate` and `ready` (and `keySql` is `sql` unless given). */
export type StoreParts = Pick<Store, 'kind' | 'db' | 'sql' | 'transaction' | 'withSession' | 'close' | 'changes'> & { keySql?: Sql };

export function withMigrations({ kind, db, sql, transaction, withSession, close, changes, keySql }: StoreParts): Store {
  let migrations: Migration[] | undefined;
  const load = async () => (migrations ??= await readMigrations());
  return {
    kind,
    db,
    sql,
    keySql: keySql ?? sql,
    transaction,
    withSession,
    ...(changes ? { changes } : {}),
    migrate: async () => withSession(async (s) => migrate(s, await load())),
    ready: async () => {
      try {
        return await migrationsApplied(sql, await load());
      } catch {
        return false;
      }
    },
    close,
  };
}
