// The embedded store: PGlite in this process, files under DATA_DIR (or in memory for tests).
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from '../generated/prisma/client.js';
import type { SqlSession } from './sql.js';
import { withMigrations, type Store, type StoreOptions } from './store.js';
import { EmbeddedStatements } from './embedded-statements.js';
import { countChanges } from './write-counters.js';

/**
 * PostgreSQL settings PGlite starts with, after its own. shared_buffers: PGlite's initdb writes
 * 128MB, and the whole pool is resident in the WASM memory from the start (and WASM memory never
 * shrinks); 16MB cut the API process by about 130 MiB at idle and under load, at no measurable
 * cost in throughput with 50,000 bookings (docs/decisions/0050-embedded-store-memory.md).
 */
export const EMBEDDED_SETTINGS: Record<string, string> = {
  shared_buffers: '16MB',
  // A prepared statement (embedded-statements.ts) keeps one plan for any values, as the
  // server's connections do (server-store.ts, GENERIC_PLANS).
  plan_cache_mode: 'force_generic_plan',
};

export async function openEmbedded(dataDir: string | undefined, onStatement: StoreOptions['onStatement']): Promise<Store> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const settings = Object.entries(EMBEDDED_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  const pglite = await PGlite.create({ dataDir, extensions: { btree_gist }, startParams: [...PGlite.defaultStartParams, ...settings] });
  // Dates and timestamps passed without a zone are read as UTC, whatever the host says.
  await pglite.exec("SET TIME ZONE 'UTC'");
  // The store's own statements run prepared; Prisma's (through pglite.query) as they are.
  const statements = new EmbeddedStatements(pglite.query.bind(pglite));
  const changes = countChanges(pglite, onStatement, statements.texts);
  const db = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  const query = (text: string, params?: unknown[]) => pglite.query(text, params);
  const session: SqlSession = {
    query: async (sql, params) => (await statements.query(query, sql, params)).rows as never[],
    exec: async (sql) => {
      await pglite.exec(sql);
    },
  };
  return withMigrations({
    kind: 'embedded',
    db,
    sql: session.query,
    transaction: (fn, commits) =>
      pglite.transaction(async (tx) => {
        const result = await fn({
          // Prepared already, or run as it is: preparing waits for the transaction's end.
          query: async (text, params) => (await statements.query((t, p) => tx.query(t, p), text, params, false)).rows as never[],
          exec: async (text) => {
            await tx.exec(text);
          },
        });
        if (commits && !commits(result)) await tx.rollback();
        return result;
      }),
    withSession: async (fn) => fn(session),
    close: async () => {
      await db.$disconnect();
      await pglite.close();
    },
    changes,
  });
}
