// The store on a PostgreSQL server: connection pools (the main one and the key statements'),
// named statements, and what changes behind a transaction-mode pooler.
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.js';
import type { Sql, SqlSession } from './sql.js';
import { withMigrations, type Store, type StoreOptions } from './store.js';
import { KEY_STATEMENTS_IN_FLIGHT } from './tables/api-key-batch.js';
import { isDatabaseUnavailable } from './unavailable.js';

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

/**
 * Each named statement is planned once per connection, for any values (a generic plan), and
 * never again. Left to itself PostgreSQL plans a statement for its values five times, then
 * keeps a generic plan only when its estimated cost is no higher; on a large organization's
 * history the estimates of a parameterized LIMIT or of a value's selectivity made it keep
 * planning the events feed, the bookings by status, the delivery log and the slots read at
 * every run, which cost more than running them (docs/decisions/0054). The service's
 * statements are written for plans that do not depend on their values (every index walk
 * bounded by the organization and a key); test/list-plans.test.ts checks each hot one's
 * generic plan on a seeded database. Unnamed statements (Prisma's) are still planned at every
 * run, now without looking at their values, which their lookups by key do not need.
 */
const GENERIC_PLANS = { plan_cache_mode: 'force_generic_plan' };

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
      const base = (pg.Client.prototype as unknown as { getStartupConf(this: pg.Client): Record<string, string> }).getStartupConf.call(
        this,
      );
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
    // A peer that vanished without a reset (a failover, a cut network) is noticed by TCP,
    // probing after 10 s of silence instead of the system's default two hours.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
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

export function openServer(databaseUrl: string, options: StoreOptions): Store {
  const { onStatement, poolSize = 10, connectTimeoutMs = 1_500 } = options;
  const pooled = options.pooler === 'transaction';
  // Generic plans on every connection (see GENERIC_PLANS), except behind a pooler, which
  // refuses the setting and where statements are unnamed, so planned at every run anyway.
  const generic: Record<string, string> = pooled ? {} : GENERIC_PLANS;
  const pool = serverPool(databaseUrl, { max: poolSize, connectTimeoutMs, onStatement, settings: generic });
  // The key statements' own connections (Store.keySql).
  const keyPool = serverPool(databaseUrl, { max: KEY_STATEMENTS_IN_FLIGHT, connectTimeoutMs, onStatement, settings: generic });
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
  const sqlOn =
    (on: pg.Pool): Sql =>
    async (text, params, name) => {
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
  const store = withMigrations({
    kind: 'postgres',
    db,
    sql: sqlOn(pool),
    transaction: (fn, commits) =>
      withClient(async (session) => {
        await session.exec('BEGIN');
        try {
          const result = await fn(session);
          await session.exec(!commits || commits(result) ? 'COMMIT' : 'ROLLBACK');
          return result;
        } catch (error) {
          await session.exec('ROLLBACK').catch(() => {});
          throw error;
        }
      }),
    withSession: withClient,
    close: async () => {
      await db.$disconnect();
      await Promise.all([pool.end(), keyPool.end()]);
    },
    keySql: sqlOn(keyPool),
  });
  // Both pools: the booking path's and the key statements'.
  const pools = [pool, keyPool];
  const sum = (count: (p: pg.Pool) => number) => pools.reduce((n, p) => n + count(p), 0);
  return {
    ...store,
    poolStats: () => ({ total: sum((p) => p.totalCount), idle: sum((p) => p.idleCount), waiting: sum((p) => p.waitingCount) }),
  };
}
