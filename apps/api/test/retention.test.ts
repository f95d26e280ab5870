import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { claimDueSweeps } from '../src/db/tables/retention-sweeps.js';
import { retentionRunner, runSweep } from '../src/jobs/retention/retention-job.js';
import { at, bookingBody, createUtcHuman } from './booking-fixtures.js';
import { ago, DAY_MS, hash, idempotencyKey, kept, member, retentionDeps, sql, sweepNamed } from './retention-fixtures.js';
import { storeSweeps } from '../src/jobs/retention/sweeps.js';
import { startTestApp, type TestApp } from './test-app.js';
import { TEST_STORE } from './test-store.js';
import { eventually, orgWithWebhook, slotAt, type WebhookOrg } from './webhook-fixtures.js';

// Retention (jobs/retention): each sweep deletes what it should and nothing else, in bounded
// batches, once per row however many workers sweep; and the events feed tells a reader whose
// `after` event was deleted that it missed some (`gap: true`).

let app: TestApp;
/** The sweeps a runner registers: seven retention sweeps, and the embedded store's vacuum. */
const SWEEPS = TEST_STORE === 'embedded' ? 8 : 7;
const LEASE_END = () => Date.now() + 5 * 60_000;

beforeAll(async () => {
  // Deliveries stay as the tests leave them: no worker sends them.
  const base = loadConfig({ LOG_LEVEL: 'silent' });
  app = await startTestApp({ webhooks: { ...base.webhooks, inProcessWorker: false } });
});
afterAll(() => app.close());

interface FeedPage {
  data: Array<{ id: string }>;
  next_cursor: string | null;
  gap?: boolean;
}

async function feed(key: string, after?: string) {
  const res = await app.call('GET', `/v1/events?limit=10${after ? `&after=${after}` : ''}`, { key });
  return res as { status: number; body: FeedPage };
}

/** Books `n` slots from `from` on; answers the events (oldest first) as the feed gives them. */
async function bookAndRead(org: WebhookOrg, from: number, n: number) {
  for (let i = 0; i < n; i++) {
    const res = await app.call('POST', '/v1/bookings', { key: org.key, body: bookingBody(org.humanId, slotAt(from + i), 30) });
    expect(res.status, res.text).toBe(201);
  }
  return (await feed(org.key)).body.data;
}

/** Makes an event (and its deliveries) `ageMs` old, finished with one attempt at that age. */
async function age(eventId: string, ageMs: number, status: 'delivered' | 'pending' = 'delivered') {
  await sql(app, `UPDATE events SET created_at = $2::timestamptz WHERE id = $1::uuid`, [eventId, ago(ageMs)]);
  await sql(app, `UPDATE deliveries SET created_at = $2::timestamptz, status = $3::"DeliveryStatus" WHERE event_id = $1::uuid`, [
    eventId,
    ago(ageMs),
    status,
  ]);
  await sql(
    app,
    `INSERT INTO delivery_attempts (organization_id, delivery_id, attempt, attempted_at, status_code, duration_ms)
     SELECT organization_id, id, 1, $2::timestamptz, 500, 10 FROM deliveries WHERE event_id = $1::uuid`,
    [eventId, ago(ageMs)],
  );
}

/** The organization of the webhook $1, in SQL. */
const ORG_OF = '(SELECT organization_id FROM webhooks WHERE id = $1::uuid)';

describe('the events sweep and the feed', { timeout: 120_000 }, () => {
  it('deletes old finished deliveries, their attempts and events; keeps pending ones, the window, and each organization’s last place', async () => {
    const a = await orgWithWebhook(app, 'https://agent.example.com/hooks/a');
    const b = await orgWithWebhook(app, 'https://agent.example.com/hooks/b');
    const events = await bookAndRead(a, 0, 5);
    const [bOld, bLast] = await bookAndRead(b, 0, 2);
    for (const e of events.slice(0, 3)) await age(e.id, 40 * DAY_MS);
    await age(events[3]!.id, 40 * DAY_MS, 'pending');
    await age(events[4]!.id, 29 * DAY_MS);
    await age(bOld!.id, 40 * DAY_MS);
    await age(bLast!.id, 40 * DAY_MS);

    const deps = retentionDeps(app, 2);
    const outcome = await runSweep(deps, sweepNamed(deps, 'events'), LEASE_END());
    expect(outcome.unfinished).toBe(false);
    const ids = [...events, bOld!, bLast!].map((e) => e.id);
    expect(await kept(app, 'events', 'id', ids)).toEqual([events[3]!.id, events[4]!.id, bLast!.id].sort());
    const deliveries = await sql<{ event_id: string }>(
      app,
      `SELECT event_id::text FROM deliveries WHERE event_id::text = ANY($1::text[])`,
      [ids],
    );
    // b's last event stays for its place; its delivery was old and finished, so it went.
    expect(deliveries.map((d) => d.event_id).sort()).toEqual([events[3]!.id, events[4]!.id].sort());
    const attempts = await sql<{ n: number }>(
      app,
      `SELECT count(*)::int AS n FROM delivery_attempts a JOIN deliveries d ON d.organization_id = a.organization_id AND d.id = a.delivery_id WHERE d.event_id::text = ANY($1::text[])`,
      [ids],
    );
    expect(attempts[0]!.n).toBe(2);

    // The feed: an `after` whose event is gone gets the oldest kept events with gap: true.
    const missed = await feed(a.key, events[0]!.id);
    expect(missed.status).toBe(200);
    expect(missed.body.data.map((e) => e.id)).toEqual([events[4]!.id]);
    expect(missed.body.gap).toBe(true);
    // The last event processed is still kept (past the window, held by a pending delivery):
    // the next one is served, nothing was missed.
    const held = await feed(a.key, events[3]!.id);
    expect(held.body.data.map((e) => e.id)).toEqual([events[4]!.id]);
    expect(held.body).not.toHaveProperty('gap');
    const caughtUp = await feed(a.key, events[4]!.id);
    expect(caughtUp.body).toEqual({ data: [], next_cursor: null });
    expect((await feed(a.key)).body).toEqual({ data: [expect.objectContaining({ id: events[4]!.id })], next_cursor: null });
    // Organization b's events are all past the window: its reader is told it missed them.
    expect((await feed(b.key, bOld!.id)).body).toEqual({ data: [], next_cursor: null, gap: true });
    // Once a feed has been swept, an id it no longer keeps cannot be told from a swept one: gap.
    expect((await feed(a.key, randomUUID())).body).toMatchObject({ data: [{ id: events[4]!.id }], gap: true });
  });

  it('places events nobody read before sweeping them, so a reader offline past the window is told (gap: true)', async () => {
    const a = await orgWithWebhook(app, 'https://agent.example.com/hooks/unread-a');
    const [read] = await bookAndRead(a, 0, 1);
    // Five more events that no reader has seen (no place yet), then all six leave the window.
    for (let i = 1; i <= 5; i++) {
      expect((await app.call('POST', '/v1/bookings', { key: a.key, body: bookingBody(a.humanId, slotAt(i), 30) })).status).toBe(201);
    }
    const unread = await sql<{ id: string }>(app, `SELECT id::text FROM events WHERE organization_id = ${ORG_OF} AND feed_seq IS NULL`, [
      a.webhook.id,
    ]);
    expect(unread).toHaveLength(5);
    for (const e of [read!, ...unread]) await age(e.id, 40 * DAY_MS);
    // b's feed was never read at all.
    const b = await orgWithWebhook(app, 'https://agent.example.com/hooks/unread-b');
    const bEvents: string[] = [];
    for (let i = 0; i < 3; i++) {
      expect((await app.call('POST', '/v1/bookings', { key: b.key, body: bookingBody(b.humanId, slotAt(i), 30) })).status).toBe(201);
    }
    for (const { id } of await sql<{ id: string }>(app, `SELECT id::text FROM events WHERE organization_id = ${ORG_OF}`, [b.webhook.id])) {
      bEvents.push(id);
      await age(id, 40 * DAY_MS);
    }

    const deps = retentionDeps(app, 100);
    await runSweep(deps, sweepNamed(deps, 'events'), LEASE_END());
    // a keeps only its last place; the reader's `after` is gone, and it is told it missed some.
    expect(await kept(app, 'events', 'id', [read!.id, ...unread.map((e) => e.id)])).toHaveLength(1);
    const fresh = await bookAndRead(a, 6, 1);
    const missed = await feed(a.key, read!.id);
    expect(missed.body.gap).toBe(true);
    expect(missed.body.data.map((e) => e.id)).toContain(fresh.at(-1)!.id);
    // b keeps its last event (its place counts the next ones), and an old cursor gets gap: true, not a 422.
    const bKept = await kept(app, 'events', 'id', bEvents);
    expect(bKept).toHaveLength(1);
    const bMissed = await feed(
      b.key,
      bEvents.find((id) => !bKept.includes(id)),
    );
    expect(bMissed.status, JSON.stringify(bMissed.body)).toBe(200);
    expect(bMissed.body).toEqual({ data: [], next_cursor: null, gap: true });
  });

  it('refuses, in a feed never swept, an id that names none of its events', async () => {
    const a = await orgWithWebhook(app, 'https://agent.example.com/hooks/c');
    const [first] = await bookAndRead(a, 0, 1);
    const refused = [
      randomUUID(), // an id that is no event
      'not-an-event-id',
    ];
    for (const after of refused) {
      const res = await app.call('GET', `/v1/events?after=${after}`, { key: a.key });
      expect(res.status, after).toBe(422);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
    // Another organization's event is none of this one's.
    const other = await orgWithWebhook(app, 'https://agent.example.com/hooks/d');
    expect((await app.call('GET', `/v1/events?after=${first!.id}`, { key: other.key })).status).toBe(422);
  });
});

describe('sweeps of expired rows', { timeout: 120_000 }, () => {
  it('idempotency keys: the expired go, in batches of the configured size, the unexpired stay', async () => {
    const [x, y] = [await app.createOrg(), await app.createOrg()];
    const expired = [];
    for (let i = 0; i < 5; i++) expired.push(await idempotencyKey(app, i % 2 ? x.id : y.id, ago(1_000)));
    const live = [await idempotencyKey(app, x.id, ago(-3_600_000)), await idempotencyKey(app, y.id, ago(-3_600_000))];
    const deps = retentionDeps(app, 2);
    const outcome = await runSweep(deps, sweepNamed(deps, 'idempotency-keys'), LEASE_END());
    expect(outcome.deleted).toBeGreaterThanOrEqual(5);
    expect(outcome.batches).toBeGreaterThanOrEqual(3);
    expect(await kept(app, 'idempotency_keys', 'id', [...expired, ...live])).toEqual([...live].sort());
  });

  it('time claims a day after their booking ended, and day counts of past dates; never a booking', async () => {
    const { key } = await app.createOrg('growth');
    const [h1, h2] = [await createUtcHuman(app, key), await createUtcHuman(app, key)];
    const booked: Record<string, string> = {};
    const book = async (human: string, name: string, startsAt: string, duration = 30) => {
      const res = await app.call('POST', '/v1/bookings', { key, body: bookingBody(human, startsAt, duration) });
      expect(res.status, res.text).toBe(201);
      booked[name] = res.body.id as string;
    };
    await book(h1, 'past', at('2030-01-07', '09:00'));
    await book(h1, 'endedWithinADay', at('2030-01-09', '14:00'));
    await book(h1, 'inProgress', at('2030-01-10', '09:00'), 90);
    await book(h1, 'future', at('2030-01-11', '09:00'));
    for (const [name, date] of [
      ['zeroPast', '2030-01-07'],
      ['zeroTwoDaysAgo', '2030-01-08'],
      ['zeroFuture', '2030-01-11'],
    ] as const) {
      await book(h2, name, at(date, '09:00'));
      expect((await app.call('DELETE', `/v1/bookings/${booked[name]}`, { key })).status).toBe(200);
    }
    // Cancelling already gives the claim back.
    expect(await kept(app, 'time_claims', 'booking_id', [booked.zeroPast!])).toEqual([]);

    const deps = retentionDeps(app, 2, () => new Date('2030-01-10T10:00:00Z'));
    await runSweep(deps, sweepNamed(deps, 'time-claims'), new Date('2030-01-10T10:05:00Z').getTime());
    const claims = ['past', 'endedWithinADay', 'inProgress', 'future'].map((n) => booked[n]!);
    expect(await kept(app, 'time_claims', 'booking_id', claims)).toEqual(claims.slice(1).sort());
    const counts = async (human: string) =>
      (
        await sql<{ d: string }>(
          app,
          `SELECT to_char(local_date, 'YYYY-MM-DD') AS d FROM booking_day_counts WHERE human_id = $1::uuid ORDER BY 1`,
          [human],
        )
      ).map((c) => c.d);
    // Dates before 2030-01-08 (two days before the sweep's UTC date) are past in every zone:
    // their counts go, whether zero (h2) or not (h1's booking of the 7th).
    expect(await counts(h1)).toEqual(['2030-01-09', '2030-01-10', '2030-01-11']);
    expect(await counts(h2)).toEqual(['2030-01-08', '2030-01-11']);
    expect(await kept(app, 'bookings', 'id', Object.values(booked))).toHaveLength(7);
  });

  it('expired holds and their claims; live holds stay', async () => {
    const { key } = await app.createOrg('growth');
    const human = await createUtcHuman(app, key);
    const hold = async (time: string) => {
      const res = await app.call('POST', '/v1/holds', { key, body: { human_id: human, starts_at: at('2030-02-04', time), duration: 30 } });
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };
    const [expired, live] = [await hold('09:00'), await hold('10:00')];
    await sql(app, `UPDATE holds SET created_at = $2::timestamptz, expires_at = $3::timestamptz WHERE id = $1::uuid`, [
      expired,
      ago(120_000),
      ago(60_000),
    ]);
    await sql(app, `UPDATE time_claims SET expires_at = $2::timestamptz WHERE hold_id = $1::uuid`, [expired, ago(60_000)]);
    const deps = retentionDeps(app, 2);
    await runSweep(deps, sweepNamed(deps, 'holds'), LEASE_END());
    expect(await kept(app, 'holds', 'id', [expired, live])).toEqual([live]);
    expect(await kept(app, 'time_claims', 'hold_id', [expired, live])).toEqual([live]);
  });

  it('throttle rows past their window, ended sessions, expired invites, and spent OAuth codes, tokens and clients', async () => {
    const org = await app.createOrg();
    const account = await member(app, org.id);
    const [oldTry, recentTry, oldBucket, freshBucket] = [hash(), hash(), hash(), hash()];
    await sql(
      app,
      `INSERT INTO sign_in_throttle (email_hash, attempts, window_start) VALUES ($1, 3, $2::timestamptz), ($3, 3, $4::timestamptz)`,
      [oldTry, ago(16 * 60_000), recentTry, ago(14 * 60_000)],
    );
    await sql(
      app,
      `INSERT INTO oauth_registration_throttle (address_hash, tokens, refilled_at) VALUES ($1, 0, $2::timestamptz), ($3, 0, now())`,
      [oldBucket, ago(3_600_000), freshBucket],
    );
    const session = (expiresAt: string, lastUsedAt: string) =>
      sql<{ id: string }>(
        app,
        `INSERT INTO dashboard_sessions (organization_id, account_id, token_hash, created_at, last_used_at, expires_at)
         VALUES ($1::uuid, $2::uuid, $3, now(), $4::timestamptz, $5::timestamptz) RETURNING id::text AS id`,
        [org.id, account, hash(), lastUsedAt, expiresAt],
      ).then((rows) => rows[0]!.id);
    const [expiredSession, idleSession, liveSession] = [
      await session(ago(1_000), ago(60_000)),
      await session(ago(-DAY_MS), ago(13 * 3_600_000)),
      await session(ago(-DAY_MS), ago(60_000)),
    ];
    const invite = (expiresAt: string) =>
      sql<{ id: string }>(
        app,
        `INSERT INTO dashboard_invites (organization_id, email, role, token_hash, created_at, expires_at)
         VALUES ($1::uuid, $2, 'member', $3, now(), $4::timestamptz) RETURNING id::text AS id`,
        [org.id, `${randomUUID()}@example.com`, hash(), expiresAt],
      ).then((rows) => rows[0]!.id);
    const [expiredInvite, liveInvite] = [await invite(ago(1_000)), await invite(ago(-DAY_MS))];
    const client = (id: string, expiresAt: string | null) =>
      sql(
        app,
        `INSERT INTO oauth_clients (client_id, kind, redirect_uris, information, expires_at) VALUES ($1, 'registered', '{}', '{}', $2::timestamptz)`,
        [id, expiresAt],
      );
    const [unusedClient, grantedClient, freshClient] = [`c-${randomUUID()}`, `c-${randomUUID()}`, `c-${randomUUID()}`];
    await client(unusedClient, ago(1_000));
    await client(grantedClient, ago(1_000));
    await client(freshClient, ago(-DAY_MS));
    const [grant] = await sql<{ id: string }>(
      app,
      `INSERT INTO oauth_grants (organization_id, client_id, account_id, redirect_uri, scopes, resource)
       VALUES ($1::uuid, $2, $3::uuid, 'https://app.example/cb', '{}', 'https://api.example/mcp') RETURNING id::text AS id`,
      [org.id, grantedClient, account],
    );
    const code = (expiresAt: string) =>
      sql(
        app,
        `INSERT INTO oauth_codes (code_hash, organization_id, grant_id, code_challenge, expires_at) VALUES ($1, $2::uuid, $3::uuid, 'x', $4::timestamptz)`,
        [hash(), org.id, grant!.id, expiresAt],
      );
    await code(ago(2 * DAY_MS));
    await code(ago(60_000)); // a replay of it still revokes the grant, for a day
    const token = (kind: string, expiresAt: string) =>
      sql(
        app,
        `INSERT INTO oauth_tokens (token_hash, organization_id, grant_id, kind, expires_at) VALUES ($1, $2::uuid, $3::uuid, $4, $5::timestamptz)`,
        [hash(), org.id, grant!.id, kind, expiresAt],
      );
    await token('access', ago(1_000));
    await token('refresh', ago(-DAY_MS));

    const deps = retentionDeps(app, 2);
    for (const name of ['throttles', 'dashboard', 'oauth']) await runSweep(deps, sweepNamed(deps, name), LEASE_END());
    expect(await kept(app, 'sign_in_throttle', 'email_hash', [oldTry, recentTry])).toEqual([recentTry]);
    expect(await kept(app, 'oauth_registration_throttle', 'address_hash', [oldBucket, freshBucket])).toEqual([freshBucket]);
    expect(await kept(app, 'dashboard_sessions', 'id', [expiredSession, idleSession, liveSession])).toEqual([liveSession]);
    expect(await kept(app, 'dashboard_invites', 'id', [expiredInvite, liveInvite])).toEqual([liveInvite]);
    expect(await kept(app, 'oauth_clients', 'client_id', [unusedClient, grantedClient, freshClient])).toEqual(
      [grantedClient, freshClient].sort(),
    );
    const left = await sql<{ codes: number; tokens: string }>(
      app,
      `SELECT (SELECT count(*)::int FROM oauth_codes WHERE grant_id = $1::uuid) AS codes,
              (SELECT string_agg(kind, ',') FROM oauth_tokens WHERE grant_id = $1::uuid) AS tokens`,
      [grant!.id],
    );
    expect(left[0]).toEqual({ codes: 1, tokens: 'refresh' });
  });
});

describe.runIf(TEST_STORE === 'embedded')('the embedded store’s vacuum', { timeout: 120_000 }, () => {
  /** The pages of idempotency_keys' file, as they are now (not the catalog's count, which only VACUUM or ANALYZE updates). */
  const pages = async () =>
    (await sql<{ n: number }>(app, `SELECT (pg_relation_size('idempotency_keys') / current_setting('block_size')::int)::int AS n`))[0]!.n;

  it('makes the space of swept rows reusable: the same rows again take no more pages, and it deletes nothing', async () => {
    const { id } = await app.createOrg();
    const deps = retentionDeps(app, 1_000);
    const vacuum = () => runSweep(deps, sweepNamed(deps, 'embedded-vacuum'), LEASE_END());
    const fill = async () => {
      for (let i = 0; i < 1_500; i++) await idempotencyKey(app, id, ago(1_000));
    };
    await fill();
    await runSweep(deps, sweepNamed(deps, 'idempotency-keys'), LEASE_END());
    expect(await vacuum()).toEqual({ deleted: 0, batches: 0, unfinished: false });
    const before = await pages();
    const live = await idempotencyKey(app, id, ago(-3_600_000));
    await fill();
    await runSweep(deps, sweepNamed(deps, 'idempotency-keys'), LEASE_END());
    await vacuum();
    // Without the vacuum, the second 1,500 rows would have gone to new pages at the table's end.
    expect(await pages()).toBeLessThanOrEqual(before + 2);
    expect(await kept(app, 'idempotency_keys', 'id', [live])).toEqual([live]);
  });

  it('is the embedded store’s only: a PostgreSQL server has autovacuum', async () => {
    const deps = retentionDeps(app, 1_000);
    expect(storeSweeps('postgres', deps.config, deps.clock).map((s) => s.name)).not.toContain('embedded-vacuum');
    expect(storeSweeps('embedded', deps.config, deps.clock).map((s) => s.name)).toContain('embedded-vacuum');
  });
});

describe('several workers', { timeout: 120_000 }, () => {
  it('two sweepers of one sweep delete each row once and do not fail', async () => {
    const org = await app.createOrg();
    const ids = [];
    for (let i = 0; i < 9; i++) ids.push(await idempotencyKey(app, org.id, ago(1_000)));
    const deps = retentionDeps(app, 2);
    const sweep = sweepNamed(deps, 'idempotency-keys');
    const [one, two] = await Promise.all([runSweep(deps, sweep, LEASE_END()), runSweep(deps, sweep, LEASE_END())]);
    expect(one.deleted + two.deleted).toBe(9);
    expect(await kept(app, 'idempotency_keys', 'id', ids)).toEqual([]);
  });

  it('two runners share the sweeps: each claimed by one at a time, all of them run', async () => {
    const org = await app.createOrg();
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await idempotencyKey(app, org.id, ago(1_000)));
    await sql(app, `UPDATE retention_sweeps SET next_run_at = now(), locked_until = NULL, locked_by = NULL`);
    const deps = retentionDeps(app, 2);
    const runners = [1, 2].map((n) => retentionRunner({ ...deps, workerId: `worker-${n}`, pollMs: 20 }));
    await Promise.all(runners.map((r) => r.start()));
    try {
      const done = await eventually('every sweep finished', async () => {
        const rows = await sql<{ name: string; locked_by: string | null; last_finished_at: Date | null }>(
          app,
          `SELECT name, locked_by, last_finished_at FROM retention_sweeps`,
        );
        return rows.length === SWEEPS && rows.every((r) => r.last_finished_at && r.locked_by === null) && rows;
      });
      expect(done).toHaveLength(SWEEPS);
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
    }
    expect(await kept(app, 'idempotency_keys', 'id', ids)).toEqual([]);
    // Finished sweeps are due again only after the interval: a claim now finds none.
    const [x, y] = await Promise.all(
      ['a', 'b'].map((w) => claimDueSweeps(app.database.store.sql, { workerId: w, now: new Date(), leaseMs: 60_000, limit: 10 })),
    );
    expect([...x!, ...y!]).toEqual([]);
  });

  it('a claim hands each due sweep to one worker', async () => {
    await sql(app, `UPDATE retention_sweeps SET next_run_at = now() - interval '1 minute', locked_until = NULL, locked_by = NULL`);
    const claims = await Promise.all(
      ['a', 'b', 'c'].map((w) => claimDueSweeps(app.database.store.sql, { workerId: w, now: new Date(), leaseMs: 60_000, limit: 3 })),
    );
    const all = claims.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(SWEEPS);
  });
});
