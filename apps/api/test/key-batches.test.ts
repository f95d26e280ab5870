// The PostgreSQL key statements coalesced (services/organizations/key-batches.ts): requests
// arriving in one turn of the event loop, or while MAX_IN_FLIGHT statements are under way,
// are answered together by one statement, and each still gets
// exactly what it would alone: its own bucket's verdict (counting down through the batch), its
// own organization's schedules, a fresh read of its key. On the embedded store (no batching)
// the same answers hold, so the tests that do not count statements run there too.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHumanIn, EVERY_DAY, slotsPath, sleep } from './schedule-fixtures.js';
import { ADMIN_TOKEN, startTestApp, type TestApp } from './test-app.js';
import { BEHIND_PGBOUNCER, TEST_STORE } from './test-store.js';
import { loadConfig } from '../src/config.js';
import { apiKeyAuthentication, type ApiKeyAuthentication } from '../src/services/organizations/api-key-authentication.js';
import { cachedSchedules, type SchedulesRequest } from '../src/services/schedule/cached-schedules.js';
import { MAX_IN_FLIGHT } from '../src/services/organizations/key-batches.js';
import { KEY_BATCH, lookUpKeys } from '../src/db/tables/api-key-batch.js';
import { hashApiKey } from '../src/lib/api-keys.js';

const BURST = 5;
// Half a token a second: at most one refills while a test runs.
const POLICY = { perSecond: 0.5, burst: BURST };
const statements: string[] = [];
// No delivery worker in these processes: its polls would be counted too.
const noWorker = { webhooks: { ...loadConfig({ LOG_LEVEL: 'silent' }).webhooks, inProcessWorker: false } };
let app: TestApp;

const day = { working_days: EVERY_DAY, work_start: '09:00', work_end: '17:00', meeting_durations: [30] };
const WEEK = { dateFrom: '2031-03-03', dateTo: '2031-03-09' };

/** A fresh authentication over the app's store: its own coalescing queue and schedule cache. */
const authority = (): ApiKeyAuthentication =>
  apiKeyAuthentication(app.database.store, { rateLimit: POLICY, schedules: cachedSchedules(app.database.store) });

/** The statements that named the API-key table while `fn` ran. */
async function keyStatements<T>(fn: () => Promise<T>): Promise<{ result: T; sent: number }> {
  statements.length = 0;
  const result = await fn();
  return { result, sent: statements.filter((s) => /\bapi_keys\b/.test(s)).length };
}

/**
 * Holds the row lock of `key`'s bucket (PostgreSQL; charge the key once first so the row
 * exists), so a statement charging it waits until the returned release().
 */
async function holdBucket(on: TestApp, key: string) {
  const client = new pg.Client({ connectionString: on.database.url });
  await client.connect();
  await client.query('BEGIN');
  const held = await client.query(
    `SELECT 1 FROM rate_limit_buckets b JOIN api_keys k ON k.id = b.api_key_id
      WHERE k.key_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex') FOR UPDATE`,
    [key],
  );
  expect(held.rowCount).toBe(1);
  return async () => {
    await client.query('COMMIT');
    await client.end();
  };
}

beforeAll(async () => {
  app = await startTestApp({ rateLimit: POLICY, ...noWorker }, {}, { onStatement: (text) => statements.push(text) });
});
afterAll(() => app?.close());

describe('one key, many requests at once', () => {
  it('exactly the burst passes; the remaining count goes down through the batch; refusals carry Retry-After', async () => {
    const { key } = await app.createOrg('growth');
    const keys = authority();
    const { result: checks, sent } = await keyStatements(() => Promise.all(Array.from({ length: 12 }, () => keys.check(key))));
    // All twelve arrive in one turn of the event loop and go together.
    if (TEST_STORE === 'postgres') expect(sent).toBe(1);
    const verdicts = checks.map((c) => c.rateLimit!);
    const allowed = verdicts.filter((v) => v.allowed);
    expect(allowed.length).toBeGreaterThanOrEqual(BURST);
    expect(allowed.length).toBeLessThanOrEqual(BURST + 1);
    // In arrival order: the first ones pass, each seeing what its own turn left.
    expect(verdicts.slice(0, BURST).map((v) => [v.allowed, v.remaining])).toEqual([4, 3, 2, 1, 0].map((r) => [true, r]));
    for (const refused of verdicts.slice(allowed.length)) {
      expect(refused).toMatchObject({ allowed: false, limit: BURST, remaining: 0 });
      expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(2);
    }
    // The bucket holds what the batch left: the next request is refused too.
    expect((await keys.check(key)).rateLimit?.allowed).toBe(false);
  });

  it('over HTTP: concurrent requests get the same headers as one at a time would give', async () => {
    const { key } = await app.createOrg('growth');
    const answers = await Promise.all(Array.from({ length: 12 }, () => app.call('GET', '/v1/usage', { key })));
    const ok = answers.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(BURST);
    expect(ok.length).toBeLessThanOrEqual(BURST + 1);
    // Whatever order they arrived in, each passing one saw its own turn (a refill may add a 0).
    expect(new Set(ok.map((r) => r.headers.get('ratelimit-remaining')))).toEqual(new Set(['0', '1', '2', '3', '4']));
    for (const refused of answers.filter((r) => r.status !== 200)) {
      expect(refused.status, refused.text).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(refused.headers.get('ratelimit-remaining')).toBe('0');
      expect(refused.headers.get('ratelimit-limit')).toBe(String(BURST));
    }
  });

  it('uncharged checks (/mcp) in a batch take no token', async () => {
    const { key } = await app.createOrg('growth');
    const keys = authority();
    const checks = await Promise.all([keys.check(key), keys.check(key, false), keys.check(key), keys.check(key, false), keys.check(key)]);
    expect(checks.map((c) => c.organization?.id !== undefined)).toEqual([true, true, true, true, true]);
    expect(checks.map((c) => c.rateLimit?.remaining)).toEqual([4, undefined, 3, undefined, 2]);
  });
});

describe('two organizations in one batch', () => {
  it('each request sees only its own humans and spends only its own bucket', async () => {
    const a = await app.createOrg('growth');
    const b = await app.createOrg('growth');
    const humanOfA = await createHumanIn(app, a.key, 'UTC', day);
    const humanOfB = await createHumanIn(app, b.key, 'Asia/Tokyo', day);
    const both: SchedulesRequest = { humanIds: [humanOfA, humanOfB], ...WEEK };
    const keys = authority();
    const { result, sent } = await keyStatements(() =>
      Promise.all([a.key, b.key, a.key, b.key, a.key, b.key].map((key) => keys.checkWithSchedules(key, both))),
    );
    if (TEST_STORE === 'postgres') expect(sent).toBe(1);
    expect(result.map((r) => r.organization?.id)).toEqual([a.id, b.id, a.id, b.id, a.id, b.id]);
    expect(result.map((r) => [...r.schedules.keys()])).toEqual([[humanOfA], [humanOfB], [humanOfA], [humanOfB], [humanOfA], [humanOfB]]);
    // Each key's requests count down its own bucket only (creating the human took a token, on
    // PostgreSQL from the same bucket: the app and this authority share it there).
    const remaining = (parity: number) => result.filter((_, i) => i % 2 === parity).map((r) => r.rateLimit!.remaining);
    for (const own of [remaining(0), remaining(1)]) expect(own).toEqual([own[0], own[0]! - 1, own[0]! - 2]);
    expect(remaining(0)[0]).toBeGreaterThanOrEqual(3);
  });

  it('over HTTP: concurrent slots requests of two organizations, each 404 for the other one’s human', async () => {
    const a = await app.createOrg('growth');
    const b = await app.createOrg('growth');
    const humanOfA = await createHumanIn(app, a.key, 'UTC', day);
    const humanOfB = await createHumanIn(app, b.key, 'UTC', day);
    const asks = [
      [a.key, humanOfA, 200],
      [b.key, humanOfA, 404],
      [b.key, humanOfB, 200],
      [a.key, humanOfB, 404],
    ] as const;
    const answers = await Promise.all(
      asks.map(([key, human]) => app.call('GET', slotsPath(human, WEEK.dateFrom, '2031-03-04', 30), { key })),
    );
    expect(answers.map((r) => r.status)).toEqual(asks.map(([, , status]) => status));
  });
});

describe('a statement per batch', () => {
  it('one slots request alone sends exactly one statement; N at once send fewer than N', async () => {
    // An app of its own with a roomy bucket: this file's burst of 5 would refuse most of them.
    const roomy = await startTestApp(
      { rateLimit: { perSecond: 1_000, burst: 1_000 }, ...noWorker },
      {},
      { onStatement: (text) => statements.push(text) },
    );
    try {
      const { key } = await roomy.createOrg('growth');
      const human = await createHumanIn(roomy, key, 'UTC', day);
      const path = slotsPath(human, WEEK.dateFrom, WEEK.dateTo, 30);
      statements.length = 0;
      expect((await roomy.call('GET', path, { key })).status).toBe(200);
      expect(statements.length, statements.join('\n---\n')).toBe(1);
      if (TEST_STORE === 'embedded') {
        // No batching there: the key and the snapshot are cached by now, none at all.
        statements.length = 0;
        const answers = await Promise.all(Array.from({ length: 20 }, () => roomy.call('GET', path, { key })));
        expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
        expect(statements).toEqual([]);
        return;
      }
      // The statements in flight (at most MAX_IN_FLIGHT) are held on the bucket's lock, so the
      // others surely arrive while they are (unheld, how many do depends on the machine's timing).
      const release = await holdBucket(roomy, key);
      statements.length = 0;
      const answering = Promise.all(Array.from({ length: 20 }, () => roomy.call('GET', path, { key })));
      await sleep(200);
      await release();
      const answers = await answering;
      expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
      // Up to MAX_IN_FLIGHT held, then the rest together (one more should one arrive late).
      expect(statements.length, statements.join('\n---\n')).toBeLessThanOrEqual(MAX_IN_FLIGHT + 2);
    } finally {
      await roomy.close();
    }
  });
});

describe.runIf(TEST_STORE === 'postgres')('freshness and isolation within a batch (PostgreSQL)', () => {
  it('a key rotated while requests are queued: a request arriving after the rotation is 401, the new key works', async () => {
    const blocker = await app.createOrg('growth');
    const rotating = await app.createOrg('growth');
    expect((await app.call('GET', '/v1/usage', { key: blocker.key })).status).toBe(200); // its bucket exists now
    const release = await holdBucket(app, blocker.key);
    let released = false;
    try {
      // Every statement in flight waits on the bucket's lock: whatever comes next queues.
      const first: Promise<{ status: number }>[] = [];
      for (let i = 0; i < MAX_IN_FLIGHT; i++) {
        first.push(app.call('GET', '/v1/usage', { key: blocker.key }));
        await sleep(60);
      }
      const rotated = await app.call('POST', `/admin/v1/organizations/${rotating.id}/rotate-key`, { key: ADMIN_TOKEN });
      expect(rotated.status, rotated.text).toBe(200);
      let oldSettled = false;
      const old = app.call('GET', '/v1/usage', { key: rotating.key }).finally(() => (oldSettled = true));
      const fresh = app.call('GET', '/v1/usage', { key: rotated.body.api_key });
      await sleep(100);
      expect(oldSettled, 'queued behind the statement in flight').toBe(false);
      await release();
      released = true;
      expect((await Promise.all(first)).map((r) => r.status)).toEqual(Array(MAX_IN_FLIGHT).fill(200));
      expect((await old).status).toBe(401);
      expect((await fresh).status).toBe(200);
    } finally {
      if (!released) await release();
    }
  });

  it('one request’s odd input fails only its own statement, not the batch it would have joined', async () => {
    const { key } = await app.createOrg('growth');
    const human = await createHumanIn(app, key, 'UTC', day);
    const keys = authority();
    const odd: SchedulesRequest = { humanIds: ['not-a-uuid'], ...WEEK };
    const good: SchedulesRequest = { humanIds: [human], ...WEEK };
    const badDate: SchedulesRequest = { humanIds: [human], dateFrom: '2031-02-30', dateTo: '2031-03-01' };
    const settled = await Promise.allSettled([
      keys.check(key),
      keys.checkWithSchedules(key, good),
      keys.checkWithSchedules(key, odd),
      keys.checkWithSchedules(key, badDate),
      keys.checkWithSchedules(key, good),
    ]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected', 'fulfilled']);
    for (const s of [settled[1], settled[4]]) {
      expect(s?.status === 'fulfilled' && [...s.value.schedules.keys()]).toEqual([human]);
    }
  });
});

describe.runIf(TEST_STORE === 'postgres')('batches sharing keys, in flight at once (PostgreSQL)', () => {
  // Two batches that share keys lock those keys' buckets; taken in different orders they could
  // wait on each other (PostgreSQL breaks it as a deadlock: a 500, seen under load with a few
  // keys). So every batch takes them in key order: its bucket rows reach the INSERT sorted.
  it('charge the buckets in key order, so two of them never wait on each other', async () => {
    const params = [
      ['a', 'b'],
      [true, true],
      1,
      1,
      [null, null],
      [null, null],
      [],
      [],
      [null, null],
      [null, null],
      [null, null],
      [null, null],
    ];
    // On a connection of its own: the store's keep their prepared statements, which another test counts.
    const client = new pg.Client({ connectionString: app.database.url });
    await client.connect();
    const explained = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (COSTS OFF) ${KEY_BATCH}`, params).finally(() => client.end());
    const plan = explained.rows.map((r) => r['QUERY PLAN']);
    const insert = plan.findIndex((line) => /Insert on rate_limit_buckets/.test(line));
    expect(insert, plan.join('\n')).toBeGreaterThanOrEqual(0);
    const depth = (line: string) => line.search(/\S/);
    const below = plan.slice(insert + 1);
    const end = below.findIndex((line) => depth(line) <= depth(plan[insert]!));
    const subtree = end < 0 ? below : below.slice(0, end);
    expect(subtree.join('\n')).toMatch(/Sort Key: c(_\d+)?\.key_id/);
  });
});

describe.runIf(TEST_STORE === 'postgres')('the key statements’ own connections (PostgreSQL)', () => {
  // Behind PgBouncer statements are unnamed (planned at every run) and the setting is not sent.
  it.skipIf(BEHIND_PGBOUNCER)(
    'plan generically, so the coalesced statement is not planned afresh at every run; so do the other connections',
    async () => {
      const { store } = app.database;
      const mode = async (sql: typeof store.sql) => (await sql<{ plan_cache_mode: string }>('SHOW plan_cache_mode'))[0]!.plan_cache_mode;
      expect(await mode(store.keySql)).toBe('force_generic_plan');
      // Every connection since the hot lists' statements were found planned afresh at every
      // run on a large history (db/server-store.ts; test/list-plans.test.ts checks their plans).
      expect(await mode(store.sql)).toBe('force_generic_plan');
      expect(await store.transaction((tx) => mode(tx.query))).toBe('force_generic_plan');

      const { key } = await app.createOrg('growth');
      const humanId = await createHumanIn(app, key, 'UTC', day);
      const read = { humanIds: [humanId], cachedVersions: [''], ...WEEK };
      const batch = [
        { keyHash: hashApiKey(key), charge: false, read },
        { keyHash: hashApiKey(key), charge: false },
      ];
      // One after another, so the pool hands back the same connection (it reuses the last released).
      for (let i = 0; i < 8; i++) expect(await lookUpKeys(store.keySql, POLICY, batch)).toHaveLength(2);
      const [plans] = await store.keySql<{ generic_plans: string; custom_plans: string }>(
        `SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement LIKE '%unnest($1::bpchar[]%'`,
      );
      // With the server's default, every run was a custom plan (each planned anew). Earlier
      // tests' batches may have run on this connection too.
      expect(plans!.custom_plans).toBe('0');
      expect(Number(plans!.generic_plans)).toBeGreaterThanOrEqual(8);
    },
  );

  it('carry the key statements and nothing else of the authentication', async () => {
    const { key } = await app.createOrg('growth');
    const humanId = await createHumanIn(app, key, 'UTC', day);
    const { store } = app.database;
    const onKeys: string[] = [];
    const onPool: string[] = [];
    const watched: Pick<typeof store, 'sql' | 'keySql' | 'changes'> = {
      changes: store.changes,
      sql: (text, params, name) => (onPool.push(text), store.sql(text, params, name)),
      keySql: (text, params, name) => (onKeys.push(text), store.keySql(text, params, name)),
    };
    const keys = apiKeyAuthentication(watched, { rateLimit: POLICY, schedules: cachedSchedules(watched) });
    await Promise.all([keys.check(key), keys.checkWithSchedules(key, { humanIds: [humanId], ...WEEK })]);
    expect(onKeys.length).toBeGreaterThanOrEqual(1);
    expect(onKeys.every((s) => /\bapi_keys\b/.test(s))).toBe(true);
    expect(onPool).toEqual([]);
  });
});
