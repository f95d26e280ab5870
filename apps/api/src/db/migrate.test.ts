import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-store.js';
import { migrate, migrationsApplied, MIGRATIONS_DIR, readMigrations, type Migration } from './migrate.js';

// The runner that applies prisma/migrations on both stores, in Prisma's own bookkeeping, so
// `prisma migrate deploy` could take over a database it created.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.drop());

const sql = <T>(text: string) => database.store.withSession((s) => s.query<T>(text));

describe('the migration runner', () => {
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  const run = (migrations: Migration[]) => database.store.withSession((s) => migrate(s, migrations));

  it('applies nothing the second time', async () => {
    expect(await database.store.migrate()).toEqual([]);
    expect(await run(await readMigrations())).toEqual([]);
    expect(await database.store.ready()).toBe(true);
  });

  it("records every migration in Prisma's _prisma_migrations, with the SHA-256 of its file", async () => {
    const cols = await sql<{ column_name: string; udt_name: string; is_nullable: string; character_maximum_length: number | null }>(`
      SELECT column_name::text, udt_name::text, is_nullable::text, character_maximum_length::int
        FROM information_schema.columns WHERE table_schema = 'public' AND table_name = '_prisma_migrations' ORDER BY ordinal_position`);
    expect(cols).toEqual([
      { column_name: 'id', udt_name: 'varchar', is_nullable: 'NO', character_maximum_length: 36 },
      { column_name: 'checksum', udt_name: 'varchar', is_nullable: 'NO', character_maximum_length: 64 },
      { column_name: 'finished_at', udt_name: 'timestamptz', is_nullable: 'YES', character_maximum_length: null },
      { column_name: 'migration_name', udt_name: 'varchar', is_nullable: 'NO', character_maximum_length: 255 },
      { column_name: 'logs', udt_name: 'text', is_nullable: 'YES', character_maximum_length: null },
      { column_name: 'rolled_back_at', udt_name: 'timestamptz', is_nullable: 'YES', character_maximum_length: null },
      { column_name: 'started_at', udt_name: 'timestamptz', is_nullable: 'NO', character_maximum_length: null },
      { column_name: 'applied_steps_count', udt_name: 'int4', is_nullable: 'NO', character_maximum_length: null },
    ]);
    const rows = await sql<{
      id: string;
      migration_name: string;
      checksum: string;
      finished: boolean;
      rolled_back: boolean;
      applied_steps_count: number;
    }>(
      `SELECT id, migration_name, checksum, finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS rolled_back, applied_steps_count
         FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    const onDisk = await readMigrations();
    expect(onDisk.length).toBeGreaterThan(0);
    const files = await Promise.all(onDisk.map((m) => readFile(path.join(MIGRATIONS_DIR, m.name, 'migration.sql'))));
    expect(
      rows.map((r) => ({
        name: r.migration_name,
        checksum: r.checksum,
        finished: r.finished,
        rolled_back: r.rolled_back,
        steps: r.applied_steps_count,
      })),
    ).toEqual(
      onDisk.map((m, i) => ({
        name: m.name,
        checksum: createHash('sha256').update(files[i]!).digest('hex'),
        finished: true,
        rolled_back: false,
        steps: 1,
      })),
    );
    for (const row of rows) expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a migration that was modified after it was applied, and changes nothing', async () => {
    const [first, ...rest] = await readMigrations();
    const edited = `${first!.sql}\n-- edited afterwards\n`;
    await expect(run([{ ...first!, checksum: 'f'.repeat(64) }, ...rest])).rejects.toThrow(/modified after it was applied/);
    await expect(run([{ ...first!, sql: edited, checksum: sha256(edited) }, ...rest])).rejects.toThrow(/modified/);
    expect(await run(await readMigrations())).toEqual([]);
  });

  it('applies a new migration once, and rolls back a failing one without recording it', async () => {
    const all = await readMigrations();
    const suffix = randomUUID().slice(0, 8);
    const good = { name: `29990101000000_probe_${suffix}`, sql: `CREATE TABLE "probe_${suffix}" (id int);` };
    const bad = { name: `29990101000001_broken_${suffix}`, sql: `CREATE TABLE "broken_${suffix}" (id int);\nSELECT 1/0;` };
    const withGood = [...all, { ...good, checksum: sha256(good.sql) }];
    expect(await run(withGood)).toEqual([good.name]);
    expect(await run(withGood)).toEqual([]);
    await expect(run([...withGood, { ...bad, checksum: sha256(bad.sql) }])).rejects.toThrow(new RegExp(`${bad.name} failed`));
    const tables = (
      await sql<{ table_name: string }>(`SELECT table_name::text FROM information_schema.tables WHERE table_name LIKE '%_${suffix}'`)
    ).map((t) => t.table_name);
    expect(tables).toEqual([`probe_${suffix}`]);
    const names = (await sql<{ migration_name: string }>('SELECT migration_name FROM "_prisma_migrations"')).map((r) => r.migration_name);
    expect(names).toContain(good.name);
    expect(names).not.toContain(bad.name);
    // Readiness compares with the files on disk, which the probe is not part of.
    expect(await database.store.ready()).toBe(true);
  });

  it('refuses to start over a migration that failed earlier (no finished_at)', async () => {
    const all = await readMigrations();
    const name = `29990101000002_half_done_${randomUUID().slice(0, 8)}`;
    const text = 'SELECT 1;';
    await database.store.withSession((s) =>
      s.query('INSERT INTO "_prisma_migrations" (id, checksum, migration_name) VALUES ($1, $2, $3)', [randomUUID(), sha256(text), name]),
    );
    await expect(run([...all, { name, sql: text, checksum: sha256(text) }])).rejects.toThrow(/failed earlier/);
  });

  it('reports not ready while a migration on disk is not applied', async () => {
    const all = await readMigrations();
    const pending = { name: '29990101000003_pending', sql: 'SELECT 1;', checksum: sha256('SELECT 1;') };
    expect(await database.store.withSession((s) => migrationsApplied(s.query, all))).toBe(true);
    expect(await database.store.withSession((s) => migrationsApplied(s.query, [...all, pending]))).toBe(false);
  });
});
