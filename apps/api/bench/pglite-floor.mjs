// PGlite's own memory floor: a process that opens an empty embedded store (the same PGlite
// build and extension the server loads, files on disk), answers one query and reports its
// peak resident set size. The embedded server's peak is judged against this.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';

const dir = mkdtempSync(path.join(tmpdir(), 'pglite-floor-'));
try {
  // With the store's settings (EMBEDDED_SETTINGS in src/db/embedded-store.ts).
  const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
  const db = await PGlite.create({ dataDir: path.join(dir, 'pglite'), extensions: { btree_gist }, startParams });
  await db.exec('CREATE EXTENSION IF NOT EXISTS btree_gist');
  await db.query('SELECT 1');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);
  console.log(`PGLITE_FLOOR_MIB ${Math.round((kb / 1024) * 10) / 10}`);
  await db.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
