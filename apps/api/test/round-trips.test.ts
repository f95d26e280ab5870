// Database round trips per request, counted at the driver (every statement anyone
// sends, Prisma's and BEGIN/COMMIT included), on both stores; and the caches behind the low
// counts stay correct: a change is seen by the very next request.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingBody } from './booking-fixtures.js';
import { addOverride, createHumanIn, EVERY_DAY, listedStarts, slotsPath } from './schedule-fixtures.js';
import { loadConfig } from '../src/config.js';
import { startTestApp, type TestApp } from './test-app.js';
import { TEST_STORE } from './test-store.js';

const statements: string[] = [];
let app: TestApp;
let key: string;
let human: string;

/** The statements `fn` caused. */
async function counted(fn: () => Promise<unknown>): Promise<string[]> {
  statements.length = 0;
  await fn();
  return [...statements];
}

const day = { working_days: EVERY_DAY, work_start: '09:00', work_end: '17:00', meeting_durations: [30] };
const WEEK = ['2031-03-03', '2031-03-09'] as const;

beforeAll(async () => {
  // Rate limiting on, as in production: its charge is part of what is counted.
  // No delivery worker in this process: its polls would be counted too.
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  app = await startTestApp(
    { rateLimit: { perSecond: 1_000, burst: 1_000 }, webhooks: { ...config.webhooks, inProcessWorker: false } },
    {},
    { onStatement: (text) => statements.push(text) },
  );
  key = (await app.createOrg('growth')).key;
  human = await createHumanIn(app, key, 'America/New_York', day);
});
afterAll(() => app?.close());
beforeEach(() => {
  app.clock.now = new Date('2030-01-01T00:00:00Z');
});

describe('round trips per request', () => {
  it('GET /v1/humans/{id}/slots: at most one, and none on the embedded store once its snapshot is cached', async () => {
    const first = await counted(() => listedStarts(app, key, human, ...WEEK, 30));
    expect(first.length, first.join('\n---\n')).toBeLessThanOrEqual(1);
    const again = await counted(() => listedStarts(app, key, human, ...WEEK, 30));
    expect(again.length, again.join('\n---\n')).toBe(TEST_STORE === 'embedded' ? 0 : 1);
  });

  it('GET /v1/slots for several humans: at most one', async () => {
    const other = await createHumanIn(app, key, 'Asia/Tokyo', day);
    const path = `/v1/slots?human_ids=${human},${other}&mode=all&date_from=${WEEK[0]}&date_to=${WEEK[1]}&duration=30`;
    for (let i = 0; i < 2; i++) {
      const sent = await counted(async () => expect((await app.call('GET', path, { key })).status).toBe(200));
      expect(sent.length, sent.join('\n---\n')).toBeLessThanOrEqual(1);
    }
  });

  it('POST /v1/bookings in the steady state: two on PostgreSQL (the key, the atomic statement), one embedded, with or without an Idempotency-Key', async () => {
    const starts = await listedStarts(app, key, human, ...WEEK, 30);
    // The month's first booking creates its quota shards in the booking transaction (the
    // slow path, as every booking whose shard is empty); later ones take a shard's unit
    // inside the atomic statement.
    expect((await app.call('POST', '/v1/bookings', { key, body: bookingBody(human, starts[2]!, 30) })).status).toBe(201);
    const plain = await counted(async () => {
      const res = await app.call('POST', '/v1/bookings', { key, body: bookingBody(human, starts[0]!, 30) });
      expect(res.status, res.text).toBe(201);
    });
    // The snapshot this process read for the first booking is judged on again: the atomic
    // statement checks its rules_version, so no read goes before it (on the embedded store
    // the key is cached too).
    const steady = TEST_STORE === 'embedded' ? 1 : 2;
    expect(plain.length, plain.join('\n---\n')).toBe(steady);
    const keyed = await counted(async () => {
      const res = await app.call('POST', '/v1/bookings', {
        key,
        body: bookingBody(human, starts[1]!, 30),
        headers: { 'Idempotency-Key': 'round-trips-1' },
      });
      expect(res.status, res.text).toBe(201);
    });
    expect(keyed.length, keyed.join('\n---\n')).toBe(steady);
  });
});

describe('round trips of a cancel', () => {
  it('DELETE /v1/bookings/{id}: two on PostgreSQL (the key, the cancel statement), one embedded, a second cancel too', async () => {
    const starts = await listedStarts(app, key, human, ...WEEK, 30);
    const booked = await app.call('POST', '/v1/bookings', { key, body: bookingBody(human, starts[3]!, 30) });
    expect(booked.status, booked.text).toBe(201);
    const steady = TEST_STORE === 'embedded' ? 1 : 2;
    for (const round of ['first', 'second']) {
      const sent = await counted(async () => {
        const res = await app.call('DELETE', `/v1/bookings/${booked.body.id}`, { key });
        expect(res.status, res.text).toBe(200);
        expect(res.body, round).toEqual({ ...booked.body, status: 'cancelled', cancelled_at: '2030-01-01T00:00:00Z' });
      });
      expect(sent.length, `${round} cancel:\n${sent.join('\n---\n')}`).toBe(steady);
    }
  });
});

describe('the cached snapshots stay exact', () => {
  it('a booking, an override, a changed schedule and a deletion show in the very next slots answer', async () => {
    const h = await createHumanIn(app, key, 'Europe/Berlin', day);
    const list = () => listedStarts(app, key, h, ...WEEK, 30);
    const before = await list();
    await list(); // cached now

    const booked = await app.call('POST', '/v1/bookings', { key, body: bookingBody(h, before[0]!, 30) });
    expect(booked.status, booked.text).toBe(201);
    expect(await list()).not.toContain(before[0]);
    const cancelled = await app.call('DELETE', `/v1/bookings/${booked.body.id}`, { key });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(await list()).toContain(before[0]);

    await addOverride(app, key, h, { kind: 'block', start_date: WEEK[0], end_date: WEEK[0] });
    const blocked = await list();
    expect(blocked.some((s) => s.startsWith('2031-03-03'))).toBe(false);

    const put = await app.call('PUT', `/v1/humans/${h}/availability`, { key, body: { ...day, work_start: '10:00', work_end: '11:00' } });
    expect(put.status, put.text).toBe(200);
    expect((await list()).length).toBe(6 * 2);

    expect((await app.call('DELETE', `/v1/humans/${h}`, { key })).status).toBe(204);
    const gone = await app.call('GET', slotsPath(h, ...WEEK, 30), { key });
    expect(gone.status, gone.text).toBe(404);
  });

  it('a hold counts until it expires, from a cached snapshot too', async () => {
    const h = await createHumanIn(app, key, 'UTC', day);
    const list = () => listedStarts(app, key, h, ...WEEK, 30);
    const before = await list();
    const hold = await app.call('POST', '/v1/holds', { key, body: { human_id: h, starts_at: before[0], duration: 30, ttl_seconds: 60 } });
    expect(hold.status, hold.text).toBe(201);
    expect(await list()).not.toContain(before[0]);
    expect(await list()).not.toContain(before[0]);
    app.clock.now = new Date(Date.parse(hold.body.expires_at) + 1_000);
    expect(await list()).toContain(before[0]);
  });

  it("another organization's key never gets a snapshot this process cached", async () => {
    await listedStarts(app, key, human, ...WEEK, 30);
    const other = (await app.createOrg('growth')).key;
    const res = await app.call('GET', slotsPath(human, ...WEEK, 30), { key: other });
    expect(res.status, res.text).toBe(404);
  });
});
