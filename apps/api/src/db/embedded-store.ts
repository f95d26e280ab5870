// The embedded store: PGlite in this process, files under DATA_DIR (or in memory for tests).
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from '../generated/prisma/client.js';
import type { SqlSession } from './sql.js';
import { withMigrations, type Store, type StoreOptions } from './store.js';
import { countChanges } from './write-counters.js';

export async function openEmbedded(dataDir: string | undefined, onStatement: StoreOptions['onStatement']): Promise<Store> {
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
  return withMigrations({
    kind: 'embedded',
    db,
    sql: session.query,
    transaction: (fn, commits) =>
      pglite.transaction(async (tx) => {
        const result = await fn({
          query: async (text, params) => (await tx.query(text, params)).rows as never[],
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
