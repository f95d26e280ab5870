import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { childEnv, freePort, startServer, type Child } from '../../api/test/process/spawn.js';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'index.html');

export interface DashboardServer {
  origin: string;
  server: Child;
  stop(): Promise<void>;
}

/**
 * The API server process on a fresh embedded store of its own, serving the built dashboard,
 * with `env` added to its environment.
 */
export async function startDashboardServer(env: Record<string, string> = {}): Promise<DashboardServer> {
  if (!existsSync(DIST)) throw new Error('apps/web/dist is missing: run `pnpm --filter @humantime/web build` (pnpm test does it first)');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'humantime-web-'));
  const port = await freePort();
  const server = await startServer(
    childEnv({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }),
    port,
    // A fresh embedded store takes seconds alone, and minutes while pnpm test runs the API
    // suites on the same two cores.
    180_000,
  );
  return {
    origin: `http://127.0.0.1:${port}`,
    server,
    async stop() {
      if (server.process.exitCode === null) {
        server.process.kill('SIGTERM');
        await server.exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
