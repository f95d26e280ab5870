import { randomUUID } from 'node:crypto';
import type { Config } from '../src/config.js';
import { createLogger } from '../src/lib/logger.js';
import type { RetentionDeps } from '../src/jobs/retention/retention-job.js';
import { storeSweeps, type Sweep } from '../src/jobs/retention/sweeps.js';
import type { TestApp } from './test-app.js';

export const DAY_MS = 86_400_000;

/** The retention job's dependencies over the app's store, with a batch size and a clock of the test's. */
export function retentionDeps(app: TestApp, batchSize: number, clock: () => Date = () => new Date()): RetentionDeps {
  const config: Pick<Config, 'retention' | 'oauth'> = {
    retention: { days: 30, batchSize, intervalMs: 3_600_000 },
    oauth: app.config.oauth,
  };
  return { store: app.database.store, config, clock, logger: createLogger('silent') };
}

export function sweepNamed(deps: RetentionDeps, name: string): Sweep {
  const sweep = storeSweeps(deps.store.kind, deps.config, deps.clock).find((s) => s.name === name);
  if (!sweep) throw new Error(`no sweep ${name}`);
  return sweep;
}

/** Runs a statement on the app's store. */
export function sql<T = Record<string, unknown>>(app: TestApp, text: string, params: unknown[] = []) {
  return app.database.store.sql<T>(text, params);
}

export const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** Ids of the rows of `table` (by `column`) among `ids` that are still there. */
export async function kept(app: TestApp, table: string, column: string, ids: string[]): Promise<string[]> {
  const rows = await sql<{ k: string }>(app, `SELECT ${column}::text AS k FROM ${table} WHERE ${column}::text = ANY($1::text[])`, [ids]);
  return rows.map((r) => r.k).sort();
}

/** An idempotency key of the organization expiring at `expiresAt`; answers its id. */
export async function idempotencyKey(app: TestApp, organizationId: string, expiresAt: string): Promise<string> {
  const [row] = await sql<{ id: string }>(
    app,
    `INSERT INTO idempotency_keys (organization_id, key, request_hash, expires_at) VALUES ($1::uuid, $2, $3, $4::timestamptz) RETURNING id::text AS id`,
    [organizationId, randomUUID(), 'a'.repeat(64), expiresAt],
  );
  return row!.id;
}

/** An account that is a member of the organization; answers its id. */
export async function member(app: TestApp, organizationId: string): Promise<string> {
  const [row] = await sql<{ id: string }>(app, `INSERT INTO accounts (email, password_hash) VALUES ($1, 'x') RETURNING id::text AS id`, [
    `${randomUUID()}@example.com`,
  ]);
  await sql(app, `INSERT INTO memberships (organization_id, account_id, role) VALUES ($1::uuid, $2::uuid, 'owner')`, [
    organizationId,
    row!.id,
  ]);
  return row!.id;
}

export const hash = () => randomUUID().replace(/-/g, '').padEnd(64, '0');
