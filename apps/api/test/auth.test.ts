import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHuman, expectEnvelope, expectValidationError, UTC_SECONDS, UUID } from './expectations.js';
import { createApp } from '../src/app.js';
import { createLogger } from '../src/lib/logger.js';
import { ADMIN_TOKEN, startTestApp, type TestApp } from './test-app.js';

const API_KEY = /^sk_live_[0-9A-Za-z]{32,}$/;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const admin = (method: string, path: string, body?: unknown) =>
  app.call(method, `/admin/v1/organizations${path}`, { key: ADMIN_TOKEN, body });

describe('API keys', () => {
  it('are sk_live_ + at least 32 base62 characters, different for every organization', async () => {
    const res = await admin('POST', '', { name: 'Acme', plan: 'starter', auto_purchase: true });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({
      organization_id: expect.stringMatching(UUID),
      name: 'Acme',
      plan: 'starter',
      auto_purchase: true,
      created_at: expect.stringMatching(UTC_SECONDS),
      api_key: expect.stringMatching(API_KEY),
    });
    const other = await app.createOrg();
    expect(other.key).toMatch(API_KEY);
    expect(other.key).not.toBe(res.body.api_key);
  });

  it('rotate: the old key is 401 at once, the new one works and sees the same data', async () => {
    const org = await app.createOrg();
    const bystander = await app.createOrg();
    const human = await createHuman(app, org.key, { name: 'Survives rotation' });

    const rotated = await admin('POST', `/${org.id}/rotate-key`);
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.body).toEqual({ organization_id: org.id, api_key: expect.stringMatching(API_KEY) });
    const fresh: string = rotated.body.api_key;
    expect(fresh).not.toBe(org.key);

    const old = await app.call('GET', '/v1/humans', { key: org.key });
    expectEnvelope(old, 401, 'UNAUTHORIZED');
    expect(old.body.error.message).toMatch(/missing or invalid/);
    expectEnvelope(await app.call('POST', '/v1/humans', { key: org.key, body: { name: 'X', timezone: 'UTC' } }), 401, 'UNAUTHORIZED');

    const list = await app.call('GET', '/v1/humans', { key: fresh });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([human]);
    // Another organization's key is untouched.
    expect((await app.call('GET', '/v1/humans', { key: bystander.key })).status).toBe(200);

    // Rotating again kills the second key too.
    const again = await admin('POST', `/${org.id}/rotate-key`, {});
    expect(again.status, again.text).toBe(200);
    expectEnvelope(await app.call('GET', '/v1/humans', { key: fresh }), 401, 'UNAUTHORIZED');
    expect((await app.call('GET', `/v1/humans/${human.id}`, { key: again.body.api_key })).body).toEqual(human);
  });

  it('are stored only as a SHA-256 digest: no row of any table holds the key', async () => {
    const org = await app.createOrg();
    const rows = await app.database.store.db.apiKey.findMany({ where: { organizationId: org.id } });
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.keyHash).toBe(sha256(org.key));
    const secret = org.key.slice('sk_live_'.length);
    for (const [column, value] of Object.entries(row)) {
      const text = value instanceof Date ? value.toISOString() : String(value);
      expect(text, column).not.toContain(secret);
      expect(text, column).not.toContain(secret.slice(0, 16));
    }
    expect(await databaseText()).not.toContain(secret.slice(0, 16));

    const rotated = (await admin('POST', `/${org.id}/rotate-key`)).body.api_key as string;
    const after = await app.database.store.db.apiKey.findMany({ where: { organizationId: org.id } });
    expect(after.map((r) => r.keyHash)).toEqual([sha256(rotated)]);
    const dump = await databaseText();
    expect(dump).not.toContain(sha256(org.key));
    expect(dump).not.toContain(rotated.slice('sk_live_'.length, 'sk_live_'.length + 16));
  });
});

/** Every row of every table in the schema, as text: what an attacker with a dump would see. */
async function databaseText(): Promise<string> {
  return app.database.store.withSession(async (s) => {
    const tables = await s.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    expect(tables.map((t) => t.table_name)).toContain('api_keys');
    const parts: string[] = [];
    for (const { table_name } of tables) {
      const rows = await s.query<{ row: string }>(`SELECT t::text AS row FROM "${table_name}" t`);
      parts.push(...rows.map((r) => r.row));
    }
    return parts.join('\n');
  });
}

describe('the admin API', () => {
  it('answers 401 in the envelope without a token, with a wrong one, or with an API key', async () => {
    const { key } = await app.createOrg();
    const body = { name: 'Nope' };
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer wrong-token-0123456789' },
      { authorization: `Bearer ${key}` },
      { authorization: ADMIN_TOKEN },
    ]) {
      const res = await app.call('POST', '/admin/v1/organizations', { body, headers });
      expectEnvelope(res, 401, 'UNAUTHORIZED');
    }
    expectEnvelope(await app.call('GET', '/admin/v1/organizations/00000000-0000-4000-8000-000000000000'), 401, 'UNAUTHORIZED');
    // And the admin token is not an API key.
    expectEnvelope(await app.call('GET', '/v1/humans', { key: ADMIN_TOKEN }), 401, 'UNAUTHORIZED');
  });

  it('keeps the admin API closed (401) when no token is configured', async () => {
    // A second app over the same store, built as server.ts builds it without ADMIN_TOKEN.
    const server = createServer(
      createApp({ config: app.config, store: app.database.store, logger: createLogger('silent'), adminToken: undefined }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/admin/v1/organizations`;
      for (const auth of [undefined, 'Bearer ', 'Bearer undefined', `Bearer ${ADMIN_TOKEN}`]) {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
          body: JSON.stringify({ name: 'X' }),
        });
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: expect.any(String), status: 401 } });
      }
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('defaults a new organization to the free plan without auto-purchase', async () => {
    const res = await admin('POST', '', { name: 'Defaults' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ plan: 'free', auto_purchase: false });
  });

  it.each([
    ['a bad plan', { name: 'X', plan: 'platinum' }, ['plan']],
    ['no name', { plan: 'free' }, ['name']],
    ['an empty name', { name: '  ' }, ['name']],
    ['auto_purchase as a string', { name: 'X', auto_purchase: 'yes' }, ['auto_purchase']],
    ['an unknown field', { name: 'X', api_key: 'sk_live_mine' }, ['api_key']],
  ])('refuses to create an organization with %s (422)', async (_label, body, fields) => {
    expectValidationError(await admin('POST', '', body), fields);
  });

  it('changes the plan and auto-purchase, alone or together, and GET shows it', async () => {
    const org = await app.createOrg('free', false);
    const steps: Array<[Record<string, unknown>, { plan: string; auto_purchase: boolean }]> = [
      [{ plan: 'starter' }, { plan: 'starter', auto_purchase: false }],
      [{ auto_purchase: true }, { plan: 'starter', auto_purchase: true }],
      [
        { plan: 'growth', auto_purchase: false },
        { plan: 'growth', auto_purchase: false },
      ],
    ];
    for (const [patch, expected] of steps) {
      const res = await admin('PATCH', `/${org.id}`, patch);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ organization_id: org.id, ...expected });
      expect(res.body).not.toHaveProperty('api_key');
      const got = await admin('GET', `/${org.id}`);
      expect(got.body).toEqual(res.body);
    }
    // The very next API request sees the change (nothing caches the plan).
    const usage = await app.call('GET', '/v1/usage', { key: org.key });
    if (usage.status !== 501) expect(usage.body).toMatchObject({ plan: 'growth', auto_purchase: false });
  });

  it('keeps auto-purchase to the plans with overage, as the dashboard does: on for Free is 422, a move to Free turns it off', async () => {
    expectValidationError(await admin('POST', '', { name: 'Free AP', plan: 'free', auto_purchase: true }), ['auto_purchase']);
    const free = await app.createOrg('free', false);
    expectValidationError(await admin('PATCH', `/${free.id}`, { auto_purchase: true }), ['auto_purchase']);
    expectValidationError(await admin('PATCH', `/${free.id}`, { plan: 'free', auto_purchase: true }), ['auto_purchase']);
    expect((await admin('GET', `/${free.id}`)).body).toMatchObject({ plan: 'free', auto_purchase: false });
    // The table holds the rule whatever writes the row.
    await expect(app.database.store.sql('UPDATE organizations SET auto_purchase = true WHERE id = $1::uuid', [free.id])).rejects.toThrow(
      /organizations_free_without_auto_purchase_check/,
    );
    const growth = await app.createOrg('growth', true);
    const moved = await admin('PATCH', `/${growth.id}`, { plan: 'free' });
    expect(moved.body).toMatchObject({ plan: 'free', auto_purchase: false });
    const usage = await app.call('GET', '/v1/usage', { key: growth.key });
    if (usage.status !== 501) expect(usage.body).toMatchObject({ plan: 'free', auto_purchase: false });
  });

  it.each([
    ['an empty body', {}, ['plan', 'auto_purchase']],
    ['a bad plan', { plan: 'enterprise' }, ['plan']],
    ['auto_purchase as a string', { auto_purchase: 'on' }, ['auto_purchase']],
    ['a name (not changeable)', { name: 'New' }, ['name']],
  ])('refuses to PATCH an organization with %s (422)', async (_label, body, fields) => {
    const org = await app.createOrg('starter', true);
    expectValidationError(await admin('PATCH', `/${org.id}`, body), fields);
    expect((await admin('GET', `/${org.id}`)).body).toMatchObject({ plan: 'starter', auto_purchase: true });
  });

  it('answers 404 for an unknown organization on every route', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expectEnvelope(await admin('GET', `/${unknown}`), 404, 'NOT_FOUND');
    expectEnvelope(await admin('GET', '/not-a-uuid'), 404, 'NOT_FOUND');
    expectEnvelope(await admin('PATCH', `/${unknown}`, { plan: 'growth' }), 404, 'NOT_FOUND');
    expectEnvelope(await admin('POST', `/${unknown}/rotate-key`), 404, 'NOT_FOUND');
  });

  it('shows the key only at creation and rotation, never on GET', async () => {
    const org = await app.createOrg();
    const got = await admin('GET', `/${org.id}`);
    expect(got.status).toBe(200);
    expect(got.text).not.toContain(org.key);
    expect(got.text).not.toContain(sha256(org.key));
    expect(Object.keys(got.body).sort()).toEqual(['auto_purchase', 'created_at', 'name', 'organization_id', 'plan']);
  });
});
