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
   * A transaction straight on the driver, for the booking path (Prisma's interactive
   * transactions cost about five times the driver's time per statement). On PGlite it
   * holds the same mutex as Prisma's transactions; on a server it owns a pooled connection.
   * Rolls back when `fn` throws.
   */
  transaction<T>(fn: (tx: SqlSession) => Promise<T>): Promise<T>;
  /** Raw SQL on a connection of its own (the migration runner). */
  withSession<T>(fn: (s: SqlSession) => Promise<T>): Promise<T>;
  /** Applies pending migrations; returns the names applied. */
  migrate(): Promise<string[]>;
  /** Database reachable and every migration applied. */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

export interface StoreOptions {
  /** postgres:// URL of a server; absent selects the embedded store. */
  databaseUrl?: string | undefined;
  /** Directory of the embedded store; absent means in memory (tests). */
  dataDir?: string | undefined;
  /** Connection pool size on a server. */
  poolSize?: number;
}

function withMigrations(
  kind: Store['kind'],
  db: Db,
  sql: Sql,
  transaction: Store['transaction'],
  withSession: Store['withSession'],
  close: () => Promise<void>,
): Store {
  let migrations: Migration[] | undefined;
  const load = async () => (migrations ??= await readMigrations());
  return {
    kind,
    db,
    sql,
    transaction,
    withSession,
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

async function openEmbedded(dataDir: string | undefined): Promise<Store> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create({ dataDir, extensions: { btree_gist } });
  // Dates and timestamps passed without a zone are read as UTC, whatever the host says.
  await pglite.exec("SET TIME ZONE 'UTC'");
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
  );
}

/** A query config for pg: named (prepared once per connection) when the caller names it. */
function statement(text: string, values: unknown[] | undefined, name: string | undefined): pg.QueryConfig {
  return name ? { name, text, values } : { text, values };
}

function openServer(databaseUrl: string, poolSize: number): Store {
  // Every session in UTC: dates and timestamps passed without a zone mean UTC.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, options: '-c TimeZone=UTC' });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = new PrismaClient({ adapter: new PrismaPg(pool) });
  // One pooled connection for the span of `fn`: the migration runner's session and the
  // booking transaction's.
  const withClient = async <T>(fn: (s: SqlSession) => Promise<T>) => {
    const client = await pool.connect();
    try {
      return await fn({
        query: async (text, params, name) => (await client.query(statement(text, params, name))).rows,
        exec: async (text) => {
          await client.query(text);
        },
      });
    } finally {
      client.release();
    }
  };
  return withMigrations(
    'postgres',
    db,
    async (text, params, name) => (await pool.query(statement(text, params, name))).rows,
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
      await pool.end();
    },
  );
}

/** Opens the store the configuration selects: a PostgreSQL server, or embedded PGlite. */
export async function openStore(options: StoreOptions): Promise<Store> {
  return options.databaseUrl
    ? openServer(options.databaseUrl, options.poolSize ?? 10)
    : openEmbedded(options.dataDir);
}
