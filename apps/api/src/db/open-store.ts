import path from 'node:path';
import { openEmbedded } from './embedded-store.js';
import { openServer } from './server-store.js';
import type { Store, StoreOptions } from './store.js';

export type { Db, PoolStats, Store, StoreChanges, StoreOptions } from './store.js';

/** Where PGlite keeps its files inside DATA_DIR (the admin token and pid lock sit beside it). */
export function embeddedStoreDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/** Opens the store the configuration selects: a PostgreSQL server, or embedded PGlite. */
export async function openStore(options: StoreOptions): Promise<Store> {
  return options.databaseUrl ? openServer(options.databaseUrl, options) : openEmbedded(options.dataDir, options.onStatement);
}
