import { secretBox } from '../src/lib/secret-box.js';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { createApp, type AppDeps } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { DeliveryWorker } from '../src/jobs/webhook-delivery/delivery-worker.js';
import { createHttpServer } from '../src/http/http-server.js';
import type { StoreOptions } from '../src/db/open-store.js';
import { createLogger } from '../src/lib/logger.js';
import { createTestDatabase, type TestDatabase } from './test-store.js';

export const ADMIN_TOKEN = 'test-admin-token-0123456789';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface CallOptions {
  key?: string | null;
  body?: unknown;
  /** Sent as-is instead of JSON-encoding `body`. */
  raw?: string;
  headers?: Record<string, string>;
}

export interface TestApp {
  url: string;
  database: TestDatabase;
  config: Config;
  /** The service clock; tests may set `now` to move time. */
  clock: { now: Date | undefined };
  call<T = any>(method: string, path: string, options?: CallOptions): Promise<ApiResponse<T>>;
  createOrg(plan?: 'free' | 'starter' | 'growth', autoPurchase?: boolean): Promise<{ id: string; key: string }>;
  close(): Promise<void>;
}

/** The real app on a random loopback port over a fresh database of the selected store. */
export async function startTestApp(
  overrides: Partial<Config> = {},
  deps: Pick<AppDeps, 'paymentProcessor' | 'onEventsCommitted' | 'metrics' | 'secrets'> = {},
  storeOptions: Pick<StoreOptions, 'onStatement'> = {},
): Promise<TestApp> {
  const database = await createTestDatabase(undefined, storeOptions);
  const config: Config = {
    // Rate limiting is off unless a test turns it on: suites send bursts far above 100/s.
    ...loadConfig({ LOG_LEVEL: 'silent', ADMIN_TOKEN, RATE_LIMIT_PER_SECOND: '0' }),
    ...overrides,
  };
  const clock: TestApp['clock'] = { now: undefined };
  // Webhook delivery runs in the app's process as in server.ts, unless the test turns it off.
  const worker = config.webhooks.inProcessWorker
    ? new DeliveryWorker({
        db: database.store.db,
        config,
        clock: () => clock.now ?? new Date(),
        logger: createLogger('silent'),
        ...(database.store.changes ? { changes: database.store.changes } : {}),
      })
    : undefined;
  await worker?.start();
  const app = createApp({
    config,
    store: database.store,
    logger: createLogger('silent'),
    adminToken: ADMIN_TOKEN,
    clock: () => clock.now ?? new Date(),
    secrets: secretBox(Buffer.alloc(32, 42)),
    ...deps,
    onEventsCommitted: () => {
      deps.onEventsCommitted?.();
      worker?.wake();
    },
  });
  const server: Server = createHttpServer(app, config.http);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const call: TestApp['call'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key) headers.authorization = `Bearer ${options.key}`;
    let body: string | undefined = options.raw;
    if (body === undefined && options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(url + path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: the caller asserts on `text`.
    }
    return { status: res.status, body: parsed as any, headers: res.headers, text };
  };

  return {
    url,
    database,
    config,
    clock,
    call,
    async createOrg(plan = 'free', autoPurchase = false) {
      const res = await call('POST', '/admin/v1/organizations', {
        key: ADMIN_TOKEN,
        body: { name: `Org ${Math.random().toString(36).slice(2, 8)}`, plan, auto_purchase: autoPurchase },
      });
      if (res.status !== 201) throw new Error(`createOrg failed: ${res.status} ${res.text}`);
      return { id: res.body.organization_id, key: res.body.api_key };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await worker?.stop();
      await database.drop();
    },
  };
}

export interface TestContext {
  app: TestApp;
  /** The API key of an organization created for the file. */
  key: string;
  orgId: string;
}

export interface UseTestAppOptions {
  plan?: 'free' | 'starter' | 'growth';
  autoPurchase?: boolean;
  config?: Partial<Config>;
  deps?: Pick<AppDeps, 'paymentProcessor' | 'onEventsCommitted' | 'metrics'>;
}

/**
 * The set-up most API test files share, once: before the file's tests, a real app on a
 * fresh database and one organization with its key, handed to `bind` (which keeps what the
 * file needs and may create more, e.g. a human); after them, the app is closed.
 */
export function useTestApp(options: UseTestAppOptions, bind: (ctx: TestContext) => void | Promise<void>): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp(options.config, options.deps);
    const org = await app.createOrg(options.plan, options.autoPurchase);
    await bind({ app, key: org.key, orgId: org.id });
  });
  afterAll(() => app?.close());
}
