import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from '../generated/prisma/client.js';
import { migrate, migrationsApplied, readMigrations, type Migration } from './migrate.js';
import type { Sql, SqlSession } from './sql.js';
import { KEY_STATEMENTS_IN_FLIGHT } from './tables/api-key-batch.js';
import { isDatabaseUnavailable } from './unavailable.js';

export type Db = PrismaClient;

/** Where PGlite keeps its files inside DATA_DIR (the admin token and pid lock sit beside it). */
export function embeddedStoreDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

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
   * which cost more than running it: 1.1-1.2 ms of backend CPU per batch against 0.4-0.5 ms
   * generic, measured on one connection (docs/decisions.md, "Key statements planned once").
   * The same as `sql` on the embedded store.
   */
  keySql: Sql;
  /**
   * A transaction straight on the driver, for the booking path (Prisma's interactive
   * transactions cost about five times the driver's time per statement). On PGlite it
   * holds the same mutex as Prisma's transactions; on a server it owns a pooled connection.
   * Rolls back when `fn` throws.
   */
  transaction<T>(fn: (tx: SqlSession) => Promise<T>): Promise<T>;
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
}

const READ_ONLY = /^\s*(SELECT|SHOW|EXPLAIN|BEGIN|COMMIT|ROLLBACK|SET)\b/i;
const WRITE_KEYWORDS = /\b(INSERT|UPDATE|DELETE|MERGE|TRUNCATE)\b/i;
const KEY_TABLES = /\b(api_keys|organizations)\b/;
const SCHEDULE_TABLES = /\b(humans|overrides|time_claims|booking_day_counts|holds|bookings|organizations)\b/;
const DELIVERY_TABLES = /\bdeliveries\b/;

/**
 * Counts a statement into `changes` before it is sent. A reader that notes the count before
 * its own statement and finds it unchanged afterwards read nothing a write has since changed:
 * PGlite runs one statement at a time, and a standalone read waits for an open transaction.
 * Anything that is not plainly a read counts if it names a table of the kind; a script
 * (migrations) counts for everything.
 */
function countChange(changes: StoreChanges, sql: string) {
  const read = READ_ONLY.test(sql) || (/^\s*WITH\b/i.test(sql) && !WRITE_KEYWORDS.test(sql));
  if (read && !/\bFOR\s+(UPDATE|SHARE)\b/i.test(sql)) return;
  if (KEY_TABLES.test(sql)) changes.keys++;
  if (SCHEDULE_TABLES.test(sql)) changes.schedules++;
  if (DELIVERY_TABLES.test(sql)) changes.deliveries++;
}

/** Routes every statement of `pglite` (Prisma's adapter's too, and transactions') through countChange. */
function countChanges(pglite: PGlite, onStatement: ((text: string) => void) | undefined): StoreChanges {
  const changes: StoreChanges = { keys: 0, schedules: 0, deliveries: 0 };
  const noteStatement = (sql: string) => {
    countChange(changes, sql);
    onStatement?.(sql);
  };
  const everything = (sql: string) => {
    changes.keys++;
    changes.schedules++;
    changes.deliveries++;
    onStatement?.(sql);
  };
  const counting = <T extends { query: PGlite['query']; exec: PGlite['exec'] }>(target: T): T =>
    new Proxy(target, {
      get(t, prop) {
        if (prop === 'query') return (sql: string, ...rest: unknown[]) => (noteStatement(sql), (t.query as (...a: unknown[]) => unknown)(sql, ...rest));
        if (prop === 'exec') return (sql: string, ...rest: unknown[]) => (everything(sql), (t.exec as (...a: unknown[]) => unknown)(sql, ...rest));
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
  pglite.exec = ((sql: string, ...rest: Parameters<PGlite['exec']> extends [unknown, ...infer R] ? R : never) => {
    everything(sql);
    return exec(sql, ...rest);
  });
  // BEGIN and COMMIT (or ROLLBACK) are a statement each.
  pglite.transaction = ((fn: Parameters<PGlite['transaction']>[0]) => {
    onStatement?.('BEGIN');
    return transaction((tx) => fn(counting(tx))).finally(() => onStatement?.('COMMIT'));
  }) as PGlite['transaction'];
  return changes;
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

function withMigrations(
  kind: Store['kind'],
  db: Db,
  sql: Sql,
  transaction: Store['transaction'],
  withSession: Store['withSession'],
  close: () => Promise<void>,
  changes?: StoreChanges,
  keySql?: Sql,
): Store {
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

async function openEmbedded(dataDir: string | undefined, onStatement: StoreOptions['onStatement']): Promise<Store> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create({ dataDir, extensions: { btree_gist } });
  // Dates and timestamps passed without a zone are read as UTC, whatever the host says.
  await pglite.exec("SET TIME ZONE 'UTC'");
  const changes = countChanges(pglite, onStatement);
  const db = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  const session: SqlSession = {
    query: async (sql, params) => (await pglite.query(sql, params)).rows as never[],
    exec: async (sql) => {
      await pglite.exec(sql);
    },
  };
  return withMigrations(
    'embedded',
    db,
    session.query,
    (fn) =>
      pglite.transaction((tx) =>
        fn({
          query: async (text, params) => (await tx.query(text, params)).rows as never[],
          exec: async (text) => {
            await tx.exec(text);
          },
        }),
      ),
    async (fn) => fn(session),
    async () => {
      await db.$disconnect();
      await pglite.close();
    },
    changes,
  );
}

/**
 * Each distinct statement text gets a name, so every pooled connection parses and plans it
 * once and then only binds and executes it (planning the schedule snapshot read costs more
 * than running it). Texts are the code's constants, a few dozen; past the cap, statements go
 * unnamed rather than grow every connection's cache.
 */
function statementNamer(cap = 500) {
  const names = new Map<string, string>();
  return (text: string): string | undefined => {
    let name = names.get(text);
    if (!name && names.size < cap) names.set(text, (name = `ht${names.size}`));
    return name;
  };
}

interface PoolOptions {
  max: number;
  connectTimeoutMs: number;
  onStatement: StoreOptions['onStatement'];
  /** More settings sent in the startup message. */
  settings?: Record<string, string>;
}

/** How long a statement waits for a free connection of a busy pool before it fails (503). */
const POOL_WAIT_MS = 10_000;

/**
 * A pg Client that sends `settings` as parameters of its startup message, and gives up
 * opening its connection after `connectTimeoutMs` (the pool's own timeout, POOL_WAIT_MS, is
 * for waiting on a busy pool). The settings go in the startup message as they are, not inside
 * `options` (`-c name=value`): PgBouncer refuses a startup message with `options`, while
 * TimeZone is one of the parameters it keeps track of and sets on whichever server
 * connection it lends.
 */
function clientWithSettings(settings: Record<string, string>, connectTimeoutMs: number): typeof pg.Client {
  return class extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: connectTimeoutMs });
    }

    getStartupConf(): Record<string, string> {
      const base = (pg.Client.prototype as unknown as { getStartupConf(this: pg.Client): Record<string, string> }).getStartupConf.call(this);
      return { ...base, ...settings };
    }
  };
}

/**
 * A pool of `max` connections. Every session in UTC (dates and timestamps passed without a
 * zone mean UTC), plus `settings`.
 */
function serverPool(databaseUrl: string, { max, connectTimeoutMs, onStatement, settings = {} }: PoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max,
    Client: clientWithSettings({ TimeZone: 'UTC', ...settings }, connectTimeoutMs),
    connectionTimeoutMillis: Math.max(POOL_WAIT_MS, connectTimeoutMs),
    // A peer that vanished without a reset (a failover, a cut network) is noticed by TCP.
    keepAlive: true,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    // Nor a checked-out one: pg-pool listens for errors on idle clients only, and a client
    // whose server restarts between two statements of a transaction emits 'error' with no
    // listener, which would end the process. The statement in flight (or the next one) fails
    // on its own, and the pool discards the client when it is released, as it is no longer
    // queryable.
    client.on('error', () => {});
  });
  if (onStatement) {
    // Every statement of every pooled connection, Prisma's included.
    pool.on('connect', (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      client.query = ((...args: unknown[]) => {
        const first = args[0] as string | { text?: string };
        onStatement(typeof first === 'string' ? first : (first?.text ?? ''));
        return query(...args);
      }) as typeof client.query;
    });
  }
  return pool;
}

function openServer(databaseUrl: string, poolSize: number, connectTimeoutMs: number, options: StoreOptions): Store {
  const { onStatement } = options;
  const pooled = options.pooler === 'transaction';
  const pool = serverPool(databaseUrl, { max: poolSize, connectTimeoutMs, onStatement });
  // The key statements' own connections (Store.keySql). Behind a pooler their statements are
  // unnamed, so planned at every run anyway, and the pooler would refuse the setting.
  const keyPool = serverPool(databaseUrl, {
    max: KEY_STATEMENTS_IN_FLIGHT,
    connectTimeoutMs,
    onStatement,
    settings: pooled ? {} : { plan_cache_mode: 'force_generic_plan' },
  });
  const db = new PrismaClient({ adapter: new PrismaPg(pool) });
  const nameOf = statementNamer();
  // A caller's own name, or one given here (see statementNamer). None behind a transaction-mode
  // pooler: a statement prepared on one server connection may be executed on another.
  const statement = (text: string, values: unknown[] | undefined, name: string | undefined): pg.QueryConfig =>
    pooled ? { text, values } : { name: name ?? nameOf(text), text, values };
  // Parameterized SQL on any connection of `on`. Not pool.query: that discards the connection
  // on ANY error, so every declined booking statement (a taken slot, a decline of the atomic
  // statement) cost a new backend (a fork, its caches, every named statement parsed and planned
  // again). An error the server answered leaves the connection ready for the next statement
  // (autocommit: the statement's transaction is over), so it goes back to the pool; only a
  // connection that failed otherwise (or that the server is closing) is discarded.
  const sqlOn = (on: pg.Pool): Sql => async (text, params, name) => {
    const client = await on.connect();
    let result;
    try {
      result = await client.query(statement(text, params, name));
    } catch (error) {
      const answered = error instanceof pg.DatabaseError && !isDatabaseUnavailable(error);
      client.release(answered ? undefined : (error as Error));
      throw error;
    }
    client.release();
    return result.rows as never[];
  };
  // One pooled connection for the span of `fn`: the migration runner's session and the
  // booking transaction's.
  // A connection that was lost on the way is discarded, not given back.
  const withClient = async <T>(fn: (s: SqlSession) => Promise<T>) => {
    const client = await pool.connect();
    let lost: Error | undefined;
    try {
      return await fn({
        query: async (text, params, name) => (await client.query(statement(text, params, name))).rows as never[],
        exec: async (text) => {
          await client.query(text);
        },
      });
    } catch (error) {
      if (isDatabaseUnavailable(error)) lost = error as Error;
      throw error;
    } finally {
      client.release(lost);
    }
  };
  const store = withMigrations(
    'postgres',
    db,
    sqlOn(pool),
    (fn) =>
      withClient(async (session) => {
        await session.exec('BEGIN');
        try {
          const result = await fn(session);
          await session.exec('COMMIT');
          return result;
        } catch (error) {
          await session.exec('ROLLBACK').catch(() => {});
          throw error;
        }
      }),
    withClient,
    async () => {
      await db.$disconnect();
      await Promise.all([pool.end(), keyPool.end()]);
    },
    undefined,
    sqlOn(keyPool),
  );
  // Both pools: the booking path's and the key statements'.
  const pools = [pool, keyPool];
  const sum = (count: (p: pg.Pool) => number) => pools.reduce((n, p) => n + count(p), 0);
  return { ...store, poolStats: () => ({ total: sum((p) => p.totalCount), idle: sum((p) => p.idleCount), waiting: sum((p) => p.waitingCount) }) };
}

/** Opens the store the configuration selects: a PostgreSQL server, or embedded PGlite. */
export async function openStore(options: StoreOptions): Promise<Store> {
  return options.databaseUrl
    ? openServer(options.databaseUrl, options.poolSize ?? 10, options.connectTimeoutMs ?? 1_500, options)
    : openEmbedded(options.dataDir, options.onStatement);
}
