import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../src/db/open-store.js';
import { createTestDatabase, TEST_STORE, type TestDatabase } from './test-store.js';

// A statement the server refuses (a declined booking statement, a taken slot) must not cost the
// pool its connection: pg's pool.query discards the connection on any error, and each decline
// then paid for a new backend (fork, caches, every named statement parsed again). Only the
// PostgreSQL store has a pool.

describe.skipIf(TEST_STORE !== 'postgres')('pooled connections on the PostgreSQL store', () => {
  let database: TestDatabase;
  let store: Store;

  beforeAll(async () => {
    database = await createTestDatabase();
    store = await openStore({ databaseUrl: database.url!, poolSize: 1 });
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  const backend = async () => (await store.sql<{ pid: number }>('SELECT pg_backend_pid() AS pid'))[0]!.pid;

  it('keeps the connection when the server refuses a statement, named or not', async () => {
    const before = await backend();
    await expect(store.sql('SELECT 1 / $1::int', [0])).rejects.toMatchObject({ code: '22012' });
    await expect(store.sql('SELECT 1 / $1::int AS x', [0], 'pooled_connections_test')).rejects.toMatchObject({ code: '22012' });
    // The named statement is still prepared on that connection: it runs again, with good input.
    expect(await store.sql<{ x: number }>('SELECT 1 / $1::int AS x', [1], 'pooled_connections_test')).toEqual([{ x: 1 }]);
    expect(await backend()).toBe(before);
    // The main pool's one connection (the key statements' pool has not connected).
    expect(store.poolStats?.()).toMatchObject({ total: 1 });
  });

  it('after a declined booking statement the same connection runs the next one (no aborted transaction left open)', async () => {
    const before = await backend();
    await expect(store.sql(`SELECT humantime_decline('STALE')`)).rejects.toMatchObject({ code: 'HT001' });
    expect(await store.sql<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    expect(await backend()).toBe(before);
  });
});
