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
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
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
 * Runs `fn` in a transaction that holds the migration lock to its end. The lock is
 * transaction-level, not session-level: behind a transaction-mode pooler (PgBouncer) a
 * session lock would be taken on one server connection and released on another.
 */
async function underMigrationLock<T>(session: SqlSession, fn: () => Promise<T>): Promise<T> {
  await session.exec('BEGIN');
  try {
    await session.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    const result = await fn();
    await session.exec('COMMIT');
    return result;
  } catch (error) {
    await session.exec('ROLLBACK');
    throw error;
  }
}

/** Refuses a migration that failed earlier or was edited after it was applied; true when applied. */
function isApplied(migration: Migration, row: AppliedRow | undefined): boolean {
  if (row && row.finished_at === null) throw new Error(`Migration ${migration.name} failed earlier; resolve it before starting.`);
  if (row && row.checksum !== migration.checksum) throw new Error(`Migration ${migration.name} was modified after it was applied.`);
  return row !== undefined;
}

const APPLIED_ROWS = 'SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL';

/**
 * Applies pending migrations, each in its own transaction under the migration lock, so that
 * several processes starting at once apply each migration exactly once: each pending one is
 * looked up again once the lock is held. Refuses to start over a migration that was edited
 * after it was applied, or one that failed.
 */
export async function migrate(session: SqlSession, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await readMigrations());
  await underMigrationLock(session, () => session.exec(CREATE_TABLE));
  const before = await session.query<AppliedRow>(APPLIED_ROWS);
  const applied: string[] = [];
  for (const migration of all) {
    if (
      isApplied(
        migration,
        before.find((r) => r.migration_name === migration.name),
      )
    )
      continue;
    const appliedNow = await underMigrationLock(session, async () => {
      const [row] = await session.query<AppliedRow>(`${APPLIED_ROWS} AND migration_name = $1`, [migration.name]);
      if (isApplied(migration, row)) return false;
      try {
        await session.exec(migration.sql);
      } catch (error) {
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
      await session.query(
        `INSERT INTO "_prisma_migrations"
           (id, checksum, finished_at, migration_name, started_at, applied_steps_count)
         VALUES ($1, $2, now(), $3, now(), 1)`,
        [randomUUID(), migration.checksum, migration.name],
      );
      return true;
    });
    if (appliedNow) applied.push(migration.name);
  }
  return applied;
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
