import { afterEach, describe, expect, it } from 'vitest';
import { at, bookingBody, countRows, createUtcHuman, MONDAY, race } from './booking-fixtures.js';
import { expectEnvelope, UTC_SECONDS, UUID } from './expectations.js';
import { useTestApp, type TestApp } from './test-app.js';

let app: TestApp;
let key: string;
useTestApp({ plan: 'growth' }, (ctx) => {
  ({ app, key } = ctx);
});
afterEach(() => {
  app.clock.now = undefined;
});

const NOW = new Date('2029-12-01T08:00:00Z');
const hold = (humanId: string, time: string, extra: Record<string, unknown> = {}, k = key) =>
  app.call('POST', '/v1/holds', { key: k, body: { human_id: humanId, starts_at: at(MONDAY, time), duration: 30, ...extra } });
const book = (humanId: string, time: string) => app.call('POST', '/v1/bookings', { key, body: bookingBody(humanId, at(MONDAY, time)) });
const confirm = (id: string, headers: Record<string, string> = {}, k = key) =>
  app.call('POST', `/v1/holds/${id}/confirm`, { key: k, body: { attendee_name: 'Agent Smith', metadata: { ticket: 'T-9' } }, headers });
const listed = async (humanId: string) => {
  const res = await app.call('GET', `/v1/humans/${humanId}/slots?date_from=${MONDAY}&date_to=${MONDAY}&duration=30`, { key });
  return (res.body.slots as { starts_at: string }[]).map((s) => s.starts_at.slice(11, 16));
};
const used = async () => (await app.call('GET', '/v1/usage', { key })).body.used as number;

describe('POST /v1/holds', () => {
  it('keeps the time: unlisted, and bookings and other holds of it get 409, until it expires', async () => {
    app.clock.now = NOW;
    const humanId = await createUtcHuman(app, key);
    const res = await hold(humanId, '10:00', { ttl_seconds: 60 });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID),
      human_id: humanId,
      starts_at: at(MONDAY, '10:00'),
      ends_at: at(MONDAY, '10:30'),
      duration_minutes: 30,
      expires_at: '2029-12-01T08:01:00Z',
      created_at: expect.stringMatching(UTC_SECONDS),
    });
    expect((await app.call('GET', `/v1/holds/${res.body.id}`, { key })).body).toEqual(res.body);
    expect(await listed(humanId)).not.toContain('10:00');
    expectEnvelope(await book(humanId, '10:00'), 409, 'SLOT_UNAVAILABLE');
    expectEnvelope(await hold(humanId, '10:00'), 409, 'SLOT_UNAVAILABLE');
    // A 90-minute hold from 09:00 overlaps it too.
    expectEnvelope(await hold(humanId, '09:00', { duration: 90 }), 409, 'SLOT_UNAVAILABLE');
    expect((await app.call('GET', `/v1/humans/${humanId}/check?starts_at=${at(MONDAY, '10:00')}&duration=30`, { key })).body.code).toBe(
      'SLOT_UNAVAILABLE',
    );

    // One millisecond before expiry it still holds; at expires_at it is gone, no sweeper needed.
    app.clock.now = new Date(NOW.getTime() + 59_999);
    expect(await listed(humanId)).not.toContain('10:00');
    app.clock.now = new Date(NOW.getTime() + 60_000);
    expect(await listed(humanId)).toContain('10:00');
    expectEnvelope(await app.call('GET', `/v1/holds/${res.body.id}`, { key }), 404, 'NOT_FOUND');
    expectEnvelope(await confirm(res.body.id), 404, 'NOT_FOUND');
    expectEnvelope(await app.call('DELETE', `/v1/holds/${res.body.id}`, { key }), 404, 'NOT_FOUND');
    expect((await book(humanId, '10:00')).status).toBe(201);
  });

  it('refuses what a booking would refuse, a bad ttl, and another organization', async () => {
    const humanId = await createUtcHuman(app, key);
    expectEnvelope(await hold(humanId, '08:00'), 422, 'OUTSIDE_WORKING_HOURS');
    expectEnvelope(await hold(humanId, '10:00', { duration: 45 }), 422, 'INVALID_DURATION');
    expectEnvelope(await hold(humanId, '10:00', { ttl_seconds: 29 }), 422, 'VALIDATION_ERROR');
    expectEnvelope(await hold(humanId, '10:00', { ttl_seconds: 901 }), 422, 'VALIDATION_ERROR');
    expectEnvelope(await hold('7a1c2d3e-0000-4000-8000-000000000001', '10:00'), 404, 'NOT_FOUND');
    const other = await app.createOrg('growth');
    expectEnvelope(await hold(humanId, '10:00', {}, other.key), 404, 'NOT_FOUND');
    const mine = await hold(humanId, '10:00');
    expect(mine.status).toBe(201);
    expect(mine.body.expires_at).toBe(new Date(Date.parse(mine.body.created_at) + 300_000).toISOString().replace('.000', ''));
    expectEnvelope(await app.call('GET', `/v1/holds/${mine.body.id}`, { key: other.key }), 404, 'NOT_FOUND');
    expectEnvelope(await confirm(mine.body.id, {}, other.key), 404, 'NOT_FOUND');
    expectEnvelope(await app.call('DELETE', `/v1/holds/${mine.body.id}`, { key: other.key }), 404, 'NOT_FOUND');
  });

  it('never outlives the last moment its start can be booked: a live hold confirms, minimum notice or not', async () => {
    const humanId = await createUtcHuman(app, key);
    const rules = {
      working_days: [1, 2, 3, 4, 5, 6, 7],
      work_start: '09:00',
      work_end: '17:00',
      meeting_durations: [30],
      minimum_notice: 60,
    };
    expect((await app.call('PUT', `/v1/humans/${humanId}/availability`, { key, body: rules })).status).toBe(200);
    // 08:55 on the day: 10:00 is bookable until 09:00 (an hour's notice), so the hold ends then, not at 09:10.
    const created = new Date(`${MONDAY}T08:55:00Z`);
    app.clock.now = created;
    const res = await hold(humanId, '10:00', { ttl_seconds: 900 });
    expect(res.status, res.text).toBe(201);
    expect(res.body.expires_at).toBe(`${MONDAY}T09:00:00Z`);
    // A hold far from its start lives its ttl.
    expect((await hold(humanId, '14:00', { ttl_seconds: 900 })).body.expires_at).toBe(`${MONDAY}T09:10:00Z`);
    app.clock.now = new Date(Date.parse(`${MONDAY}T09:00:00Z`) - 1);
    expect((await confirm(res.body.id)).status).toBe(201);
  });

  it('with an Idempotency-Key, a retry gets the first hold, never a second; another body with the key is refused', async () => {
    const humanId = await createUtcHuman(app, key);
    const headers = { 'idempotency-key': 'hold-ada-1' };
    const post = (time: string) =>
      app.call('POST', '/v1/holds', { key, headers, body: { human_id: humanId, starts_at: at(MONDAY, time), duration: 30 } });
    const [first, again] = await Promise.all([post('11:00'), post('11:00')]);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
    expect([first.headers.get('idempotent-replayed'), again.headers.get('idempotent-replayed')]).toContain('true');
    expect(await countRows(app, 'holds', `human_id = '${humanId}'`)).toBe(1);
    expectEnvelope(await post('11:30'), 422, 'IDEMPOTENCY_KEY_REUSED');
    // A refusal is kept as well: the retry of a refused hold is refused the same way.
    const refusedHeaders = { 'idempotency-key': 'hold-ada-2' };
    const taken = () =>
      app.call('POST', '/v1/holds', {
        key,
        headers: refusedHeaders,
        body: { human_id: humanId, starts_at: at(MONDAY, '11:00'), duration: 30 },
      });
    expectEnvelope(await taken(), 409, 'SLOT_UNAVAILABLE');
    expectEnvelope(await taken(), 409, 'SLOT_UNAVAILABLE');
  });

  it('of 50 concurrent holds and bookings of one start, exactly one wins', async () => {
    const humanId = await createUtcHuman(app, key);
    const { results, tally } = await race(
      Array.from({ length: 50 }, (_, i) => () => (i % 2 === 0 ? hold(humanId, '11:00') : book(humanId, '11:00'))),
    );
    expect(tally).toEqual({ 201: 1, 409: 49 });
    for (const r of results.filter((r) => r.status === 409)) expect(r.body.error.code).toBe('SLOT_UNAVAILABLE');
    const claims = await app.database.store.sql<{ n: number }>(`SELECT count(*)::int AS n FROM time_claims WHERE human_id = $1::uuid`, [
      humanId,
    ]);
    expect(claims[0]!.n).toBe(1);
  });
});

describe('DELETE /v1/holds/{id}', () => {
  it('frees the time at once; a second release is 404', async () => {
    const humanId = await createUtcHuman(app, key);
    const held = (await hold(humanId, '12:00')).body;
    expect(await listed(humanId)).not.toContain('12:00');
    const res = await app.call('DELETE', `/v1/holds/${held.id}`, { key });
    expect(res.status).toBe(204);
    expect(await listed(humanId)).toContain('12:00');
    expectEnvelope(await app.call('DELETE', `/v1/holds/${held.id}`, { key }), 404, 'NOT_FOUND');
    expectEnvelope(await app.call('GET', `/v1/holds/${held.id}`, { key }), 404, 'NOT_FOUND');
  });
});

describe('POST /v1/holds/{id}/confirm', () => {
  it('books the held time: 201 booking, booking.confirmed, one quota unit; the hold is gone', async () => {
    const humanId = await createUtcHuman(app, key);
    const held = (await hold(humanId, '13:00')).body;
    const before = await used();
    const res = await confirm(held.id);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      human_id: humanId,
      starts_at: at(MONDAY, '13:00'),
      ends_at: at(MONDAY, '13:30'),
      status: 'confirmed',
      attendee_name: 'Agent Smith',
      metadata: { ticket: 'T-9' },
      group_id: null,
    });
    expect(await used()).toBe(before + 1);
    expect(await countRows(app, 'events', `booking_id = '${res.body.id}' AND type = 'booking.confirmed'`)).toBe(1);
    expectEnvelope(await app.call('GET', `/v1/holds/${held.id}`, { key }), 404, 'NOT_FOUND');
    expectEnvelope(await confirm(held.id), 404, 'NOT_FOUND');
    expectEnvelope(await book(humanId, '13:00'), 409, 'SLOT_UNAVAILABLE');
  });

  it('confirmed twice at once makes one booking; with an Idempotency-Key the retry gets the same answer', async () => {
    const humanId = await createUtcHuman(app, key);
    const held = (await hold(humanId, '14:00')).body;
    const { results, tally } = await race([() => confirm(held.id), () => confirm(held.id)]);
    expect(tally).toEqual({ 201: 1, 404: 1 });
    expect(await countRows(app, 'bookings', `human_id = '${humanId}'`)).toBe(1);
    expect(results.find((r) => r.status === 201)!.body.starts_at).toBe(at(MONDAY, '14:00'));

    const again = (await hold(humanId, '15:00')).body;
    const first = await confirm(again.id, { 'Idempotency-Key': `confirm-${again.id}` });
    const replay = await confirm(again.id, { 'Idempotency-Key': `confirm-${again.id}` });
    expect(first.status).toBe(201);
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    expect(await countRows(app, 'bookings', `human_id = '${humanId}'`)).toBe(2);
  });

  it('judges the booking again at confirm time; a refusal leaves the hold live', async () => {
    const humanId = await createUtcHuman(app, key);
    const held = (await hold(humanId, '16:00')).body;
    const hours = { working_days: [1, 2, 3, 4, 5, 6, 7], work_start: '09:00', work_end: '12:00', meeting_durations: [30, 60, 90] };
    expect((await app.call('PUT', `/v1/humans/${humanId}/availability`, { key, body: hours })).status).toBe(200);
    expectEnvelope(await confirm(held.id), 422, 'OUTSIDE_WORKING_HOURS');
    expect((await app.call('GET', `/v1/holds/${held.id}`, { key })).status).toBe(200);
  });
});

describe('the live-holds limit', () => {
  it('allows 100 live holds per organization, under concurrency; an expired or released one makes room', async () => {
    app.clock.now = NOW;
    const org = await app.createOrg('growth');
    const humans = await Promise.all(Array.from({ length: 7 }, () => createUtcHuman(app, org.key)));
    const times = Array.from({ length: 16 }, (_, i) => `${String(9 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);
    const starts = humans.flatMap((h) => times.map((t) => [h, t] as const)); // 112 distinct starts
    for (let i = 0; i < 95; i += 19) {
      const batch = await Promise.all(starts.slice(i, i + 19).map(([h, t]) => hold(h, t, { ttl_seconds: 120 }, org.key)));
      expect(batch.map((r) => r.status)).toEqual(Array(19).fill(201));
    }
    const { results, tally } = await race(
      starts.slice(95, 105).map(
        ([h, t]) =>
          () =>
            hold(h, t, { ttl_seconds: 60 }, org.key),
      ),
    );
    expect(tally).toEqual({ 201: 5, 402: 5 });
    for (const r of results.filter((r) => r.status === 402)) expect(r.body.error.code).toBe('LIMIT_REACHED');

    const [h, t] = starts[105]!;
    expectEnvelope(await hold(h, t, {}, org.key), 402, 'LIMIT_REACHED');
    const first = results.find((r) => r.status === 201)!;
    expect((await app.call('DELETE', `/v1/holds/${first.body.id}`, { key: org.key })).status).toBe(204);
    expect((await hold(h, t, {}, org.key)).status).toBe(201);
    // The 60-second holds expire: four more fit.
    app.clock.now = new Date(NOW.getTime() + 60_000);
    const later = await Promise.all(starts.slice(106, 110).map(([hh, tt]) => hold(hh, tt, {}, org.key)));
    expect(later.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expectEnvelope(await hold(...starts[110]!, {}, org.key), 402, 'LIMIT_REACHED');
    // Each new hold tidied the organization's expired ones away.
    const [left] = await app.database.store.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM holds WHERE organization_id = $1::uuid AND expires_at <= $2::timestamptz`,
      [org.id, app.clock.now.toISOString()],
    );
    expect(left!.n).toBe(0);
  });
});
