import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { API_PACKAGE_DIR } from '../lib/package-dir.js';
import type { Sql, SqlSession } from './sql.js';

export const MIGRATIONS_DIR = path.join(API_PACKAGE_DIR, 'prisma', 'migrations');

// Any constant works; it only has to be the same in every process sharing the database.
const MIGRATION_LOCK_KEY = 72_707_369;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

/** The migrations on disk, in Prisma's layout (<timestamp>_<name>/migration.sql), in order. */
export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, 'migration.sql'), 'utf8');
      // Prisma records the SHA-256 of the file's bytes; keeping the same checksum lets
      // `prisma migrate deploy` take over a database this runner created.
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

const CREATE_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

/**
 * Applies pending migrations, each in its own transaction, under a session-level advisory
 * lock so that several processes starting at once apply each migration exactly once.
 * Refuses to start over a migration that was edited after it was applied, or one that failed.
 */
export async function migrate(session: SqlSession, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await readMigrations());
  await session.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
  try {
    await session.exec(CREATE_TABLE);
    const rows = await session.query<AppliedRow>(
      'SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"',
    );
    const live = rows.filter((r) => r.rolled_back_at === null);
    const applied: string[] = [];
    for (const migration of all) {
      const row = live.find((r) => r.migration_name === migration.name);
      if (row && row.finished_at === null) {
        throw new Error(`Migration ${migration.name} failed earlier; resolve it before starting.`);
      }
      if (row) {
        if (row.checksum !== migration.checksum) {
          throw new Error(`Migration ${migration.name} was modified after it was applied.`);
        }
        continue;
      }
      await session.exec('BEGIN');
      try {
        await session.exec(migration.sql);
        await session.query(
          `INSERT INTO "_prisma_migrations"
             (id, checksum, finished_at, migration_name, started_at, applied_steps_count)
           VALUES ($1, $2, now(), $3, now(), 1)`,
          [randomUUID(), migration.checksum, migration.name],
        );
        await session.exec('COMMIT');
      } catch (error) {
        await session.exec('ROLLBACK');
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(migration.name);
    }
    return applied;
  } finally {
    await session.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  }
}

/** True when every migration on disk is recorded as applied (for /readyz). */
export async function migrationsApplied(query: Sql, migrations: Migration[]): Promise<boolean> {
  const rows = await query<{ migration_name: string }>(
    `SELECT migration_name FROM "_prisma_migrations"
      WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  const done = new Set(rows.map((r) => r.migration_name));
  return migrations.every((m) => done.has(m.name));
}
