import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openStore, type Store, type StoreOptions } from '../src/db/open-store.js';

export type TestStoreKind = 'embedded' | 'postgres';

/** Which store this test process runs against (set per vitest project). */
export const TEST_STORE: TestStoreKind = process.env.HT_TEST_STORE === 'postgres' ? 'postgres' : 'embedded';

/**
 * The pgbouncer project: the PostgreSQL store reached through PgBouncer in transaction mode
 * (test/pgbouncer/global-setup.ts starts it), as many deployments reach their server.
 */
export const BEHIND_PGBOUNCER = process.env.HT_TEST_POOLER === 'pgbouncer';

function serverUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('HT_TEST_STORE=postgres needs TEST_DATABASE_URL (e.g. postgresql://postgres@127.0.0.1:5432/postgres)');
  return url;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  store: Store;
  /** postgres:// URL of this test's database (server store only), for extra processes. */
  url: string | undefined;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database: in-memory PGlite, or a new database on the PostgreSQL server
 * (dropped afterwards), so test files never see each other's rows. `migrated: false` leaves it
 * empty, for a test that applies migrations itself.
 */
export async function createTestDatabase(
  kind: TestStoreKind = TEST_STORE,
  { migrated = true, ...options }: Pick<StoreOptions, 'onStatement'> & { migrated?: boolean } = {},
): Promise<TestDatabase> {
  if (kind === 'embedded') {
    const store = await openStore({ ...options });
    if (migrated) await store.migrate();
    return { store, url: undefined, drop: () => store.close() };
  }
  const name = `ht_test_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = withDatabase(BEHIND_PGBOUNCER ? inject('pgbouncerUrl') : serverUrl(), name);
  const store = await openStore({
    databaseUrl: url,
    poolSize: 20,
    ...(BEHIND_PGBOUNCER ? { pooler: 'transaction' as const } : {}),
    ...options,
  });
  if (migrated) await store.migrate();
  return {
    store,
    url,
    drop: async () => {
      await store.close();
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
