import { afterAll, beforeAll } from 'vitest';
import { childEnv, freePort, startServer, type Child } from '../process/spawn.js';
import { createTestDatabase, type TestDatabase } from '../test-store.js';

export const ADMIN = 'multiprocess-admin-token-0123';

/**
 * Two API processes, each with its own connection pool, on one fresh PostgreSQL database, for
 * the file that calls it (started before its tests, stopped after). `env` is added to each
 * process's environment. `urls` fills with their base URLs; `database()` is theirs.
 */
export function useTwoApiProcesses(env: Record<string, string> = {}): { urls: string[]; database: () => TestDatabase } {
  let database: TestDatabase | undefined;
  const servers: Child[] = [];
  const urls: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const base = { DATABASE_URL: database.url!, PORT: String(port), ADMIN_TOKEN: ADMIN, LOG_LEVEL: 'silent', DELIVERY_WORKER: 'off' };
      servers.push(await startServer(childEnv({ ...base, ...env }), port));
      urls.push(`http://127.0.0.1:${port}`);
    }
  });
  afterAll(async () => {
    for (const s of servers) {
      s.process.kill('SIGTERM');
      await s.exited;
    }
    await database?.drop();
  });
  return {
    urls,
    database: () => {
      if (!database) throw new Error('the processes start in beforeAll');
      return database;
    },
  };
}

/** One JSON request to one of the processes, with a bearer token (an API key or ADMIN). */
export async function callProcess(url: string, method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
