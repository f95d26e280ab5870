import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { migrate, readMigrations, type Migration } from '../src/db/migrate.js';
import type { Store } from '../src/db/open-store.js';
import type { Sql } from '../src/db/sql.js';
import { createTestDatabase, type TestDatabase } from './test-store.js';

/**
 * A migration test's database, registered on the file's hooks: made with every migration before
 * `migration` (which must exist) and none after, so the test can store rows as they were kept
 * then, and dropped at the end.
 */
export function databaseBefore(migration: string) {
  let database: TestDatabase;
  let all: Migration[];
  beforeAll(async () => {
    all = await readMigrations();
    expect(all.map((m) => m.name)).toContain(migration);
    database = await createTestDatabase(undefined, { migrated: false });
    await database.store.withSession((s) =>
      migrate(
        s,
        all.filter((m) => m.name < migration),
      ),
    );
  });
  afterAll(() => database?.drop());

  return {
    get store(): Store {
      return database.store;
    },
    /** One statement on the database, in a session of its own. */
    sql: <T>(text: string, params: unknown[] = []) => database.store.withSession((s) => s.query<T>(text, params)),
    /** Runs `migration` and every one after it, and expects exactly those to have run, in order. */
    async migrateRest(): Promise<void> {
      const ran = await database.store.withSession((s) => migrate(s, all));
      expect(ran).toEqual(all.filter((m) => m.name >= migration).map((m) => m.name));
    },
  };
}

/**
 * A webhook of `organizationId` and a booking.confirmed event of `bookingId`, as every schema
 * since the tenant keys stores them: what a migration test hangs its deliveries on.
 */
export async function insertWebhookAndEvent(sql: Sql, organizationId: string, bookingId: string) {
  const [webhook, event] = [randomUUID(), randomUUID()];
  await sql(
    `INSERT INTO webhooks (id, organization_id, url, events, signing_secret) VALUES ($1::uuid, $2::uuid, 'https://x.example/h', '{booking.confirmed}', 's')`,
    [webhook, organizationId],
  );
  await sql(
    `INSERT INTO events (id, organization_id, type, booking_id, body) VALUES ($1::uuid, $2::uuid, 'booking.confirmed', $3::uuid, '{}')`,
    [event, organizationId, bookingId],
  );
  return { webhook, event };
}
