import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import type { Store } from '../src/db/open-store.js';
import type { Sql } from '../src/db/sql.js';
import { newBookingRow } from '../src/db/tables/bookings.js';
import { declineOf, runBookingStatement } from '../src/db/booking-statement.js';
import { sqlState } from '../src/db/prisma-errors.js';
import { shardUnitOf } from '../src/services/billing/consume-quota.js';
import { ledgerPaymentProcessor } from '../src/services/billing/payment-processor.js';
import { bookingView } from '../src/services/bookings/booking-view.js';
import { bookingWriteOf } from '../src/services/bookings/claim-time.js';
import { createBooking } from '../src/services/bookings/create-booking.js';
import { claimOf, scopeOf } from '../src/services/bookings/idempotency.js';
import { eventOf } from '../src/services/events/record-event.js';
import { candidateDates, loadTimedSchedules } from '../src/services/schedule/load-schedule.js';
import { at, bookingBody, countRows, createUtcHuman, MONDAY, race } from './booking-fixtures.js';
import { expectEnvelope } from './expectations.js';
import { createRuledHuman } from './rules-fixtures.js';
import { startTestApp, type TestApp } from './test-app.js';
import { TEST_STORE } from './test-store.js';
import { setMonthUsed } from './usage-fixtures.js';
import { eventually } from './webhook-fixtures.js';
import { startReceiver, type Receiver } from './webhook-receiver.js';

// POST /v1/bookings for one human: the schedule snapshot, then one atomic statement in
// autocommit (services/bookings/book-one-atomically.ts). These tests hold it to every
// guarantee the booking transaction gave, on real databases.

let app: TestApp;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  const { webhooks } = loadConfig({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  app = await startTestApp({ webhooks });
});
afterAll(async () => {
  await app.close();
  await receiver.close();
});
afterEach(() => {
  app.clock.now = undefined;
});

const post = (key: string, body: unknown, headers: Record<string, string> = {}) => app.call('POST', '/v1/bookings', { key, body, headers });

/** The store with every statement counted: on `sql`, and inside transactions (BEGIN and COMMIT included). */
function countingStore(store: Store) {
  const counts = { sql: 0, transactions: 0, inTransactions: 0 };
  const sql: Sql = (text, params, name) => {
    counts.sql++;
    return store.sql(text, params, name);
  };
  const counted: Store = {
    ...store,
    sql,
    transaction: (fn, commits) => {
      counts.transactions++;
      counts.inTransactions += 2;
      return store.transaction(
        (tx) =>
          fn({
            ...tx,
            query: (text, params, name) => {
              counts.inTransactions++;
              return tx.query(text, params, name);
            },
          }),
        commits,
      );
    },
  };
  return { counts, store: counted, statements: () => counts.sql + counts.inTransactions };
}

describe(`the atomic booking statement on the ${TEST_STORE} store`, () => {
  it('books one human in two statements after authentication (snapshot + statement), with and without an Idempotency-Key', async () => {
    const org = await app.createOrg('growth');
    const humanId = await createUtcHuman(app, org.key);
    const { counts, store, statements } = countingStore(app.database.store);
    const deps = { store, clock: () => new Date(), paymentProcessor: ledgerPaymentProcessor(store.sql) };
    const authed = { id: org.id, plan: 'growth' as const, autoPurchase: false };

    // The month's first booking has no quota shards yet: the statement declines QUOTA_SLOW
    // and the booking transaction's slow path creates them and hands out the allowances.
    const first = await createBooking(deps, authed, bookingBody(humanId, at(MONDAY, '11:00')), undefined);
    expect(first.status).toBe(201);
    expect(counts.transactions).toBe(1);
    const afterFirst = statements();

    // Every later one takes its unit from a shard inside the atomic statement: no BEGIN.
    const plain = await createBooking(deps, authed, bookingBody(humanId, at(MONDAY, '09:00')), undefined);
    expect(plain.status).toBe(201);
    expect(statements() - afterFirst).toBe(2);
    expect(counts.transactions).toBe(1);

    const keyed = await createBooking(deps, authed, bookingBody(humanId, at(MONDAY, '10:00')), 'count-me');
    expect(keyed.status).toBe(201);
    expect(statements() - afterFirst).toBe(4);
    expect(counts.transactions).toBe(1);

    // A replay is the rare case left to the transaction; it answers the first response.
    const replay = await createBooking(deps, authed, bookingBody(humanId, at(MONDAY, '10:00')), 'count-me');
    expect(replay).toEqual({ ...keyed, replayed: true });
    console.info(
      `[${TEST_STORE}] statements: month's first booking ${afterFirst}, booking 2, keyed booking 2, replay ${statements() - afterFirst - 4}`,
    );
  });

  it('deletes an expired hold overlapping the new booking, and its claim, in the same statement', async () => {
    const org = await app.createOrg('growth');
    const humanId = await createUtcHuman(app, org.key);
    const now = new Date('2029-12-01T08:00:00Z');
    app.clock.now = now;
    const hold = await app.call('POST', '/v1/holds', {
      key: org.key,
      body: { human_id: humanId, starts_at: at(MONDAY, '09:00'), duration: 60, ttl_seconds: 30 },
    });
    expect(hold.status).toBe(201);
    expectEnvelope(await post(org.key, bookingBody(humanId, at(MONDAY, '09:30'))), 409, 'SLOT_UNAVAILABLE');

    // Expired but not yet deleted: the snapshot ignores it, and the statement must delete its
    // claim before inserting the booking's (a cascade from the hold would come too late).
    app.clock.now = new Date(now.getTime() + 30_000);
    const rows = (sql: string) => app.database.store.sql<{ n: number }>(sql, [hold.body.id]);
    expect(await rows(`SELECT count(*)::int AS n FROM time_claims WHERE hold_id = $1::uuid`)).toEqual([{ n: 1 }]);
    const booked = await post(org.key, bookingBody(humanId, at(MONDAY, '09:30')));
    expect(booked.status).toBe(201);
    expect(await rows(`SELECT count(*)::int AS n FROM holds WHERE id = $1::uuid`)).toEqual([{ n: 0 }]);
    expect(await rows(`SELECT count(*)::int AS n FROM time_claims WHERE hold_id = $1::uuid`)).toEqual([{ n: 0 }]);
  });

  it('of 30 racing bookings of one start, exactly one is made, with one event and one quota unit', async () => {
    const org = await app.createOrg('growth');
    const humanId = await createUtcHuman(app, org.key);
    const { results, tally } = await race(
      Array.from(
        { length: 30 },
        (_, i) => () => post(org.key, bookingBody(humanId, at(MONDAY, '11:00')), i % 2 ? { 'idempotency-key': `race-${i}` } : {}),
      ),
    );
    expect(tally).toEqual({ 201: 1, 409: 29 });
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.error.code).toBe('SLOT_UNAVAILABLE');
    expect(await countRows(app, 'bookings', `human_id = '${humanId}'`)).toBe(1);
    expect(await countRows(app, 'events', `booking_id IN (SELECT id FROM bookings WHERE human_id = '${humanId}')`)).toBe(1);
    expect((await app.call('GET', '/v1/usage', { key: org.key })).body.used).toBe(1);
    // Each refused keyed request kept its refusal (14 keys) and the winner its 201, if keyed.
    const keyed = results.filter((_, i) => i % 2 === 1);
    expect(await countRows(app, 'idempotency_keys', `organization_id = '${org.id}'`)).toBe(keyed.length);
  });

  it('keeps the daily maximum under a race', async () => {
    const org = await app.createOrg('growth');
    const humanId = await createRuledHuman(app, org.key, { max_bookings_per_day: 3 }, { start: '00:00', end: '23:30', durations: [30] });
    const hhmm = (i: number) => `${String(9 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`;
    const { results, tally } = await race(
      Array.from({ length: 20 }, (_, i) => () => post(org.key, bookingBody(humanId, at(MONDAY, hhmm(i))))),
    );
    expect(tally).toEqual({ 201: 3, 409: 17 });
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.error.code).toBe('SLOT_UNAVAILABLE');
    const [day] = await app.database.store.sql<{ confirmed: number }>(
      `SELECT confirmed FROM booking_day_counts WHERE human_id = $1::uuid AND local_date = $2::date`,
      [humanId, MONDAY],
    );
    expect(day).toEqual({ confirmed: 3 });
    expect((await app.call('GET', '/v1/usage', { key: org.key })).body.used).toBe(3);
  });

  it('never passes the quota at the boundary under a race (no auto-purchase), and a refusal writes nothing', async () => {
    const org = await app.createOrg('starter', false);
    const humanId = await createUtcHuman(app, org.key, [30]);
    app.clock.now = new Date('2030-01-02T00:00:00Z');
    await app.database.store.sql(`INSERT INTO usage_periods (organization_id, period_start, used) VALUES ($1::uuid, '2030-01-01', 995)`, [
      org.id,
    ]);
    const starts = Array.from({ length: 20 }, (_, i) =>
      at(`2030-01-${10 + Math.floor(i / 8)}`, `${String(9 + (i % 8)).padStart(2, '0')}:00`),
    );
    const { results, tally } = await race(starts.map((s) => () => post(org.key, bookingBody(humanId, s))));
    expect(tally).toEqual({ 201: 5, 402: 15 });
    for (const r of results.filter((x) => x.status === 402)) expect(r.body.error.code).toBe('LIMIT_REACHED');
    expect((await app.call('GET', '/v1/usage', { key: org.key })).body).toMatchObject({ used: 1000, overage_packs: 0 });
    expect(await countRows(app, 'bookings', `human_id = '${humanId}'`)).toBe(5);
    expect(await countRows(app, 'events', `organization_id = '${org.id}'`)).toBe(5);
    const claims = await app.database.store.sql<{ n: number }>(`SELECT count(*)::int AS n FROM time_claims WHERE human_id = $1::uuid`, [
      humanId,
    ]);
    expect(claims).toEqual([{ n: 5 }]);
  });

  it('replays a keyed booking, one booking for concurrent requests with one key, and refuses the key with another body', async () => {
    const org = await app.createOrg('growth');
    const humanId = await createUtcHuman(app, org.key);
    const body = bookingBody(humanId, at(MONDAY, '13:00'), 30, { metadata: { b: 1, a: { z: [1, 2], y: 'é' } } });
    const headers = { 'idempotency-key': 'same-key' };
    const { results, tally } = await race(Array.from({ length: 10 }, () => () => post(org.key, body, headers)));
    expect(tally).toEqual({ 201: 10 });
    const ids = new Set(results.map((r) => r.body.id));
    expect(ids.size).toBe(1);
    expect(await countRows(app, 'bookings', `human_id = '${humanId}'`)).toBe(1);
    expect(await countRows(app, 'events', `organization_id = '${org.id}'`)).toBe(1);
    for (const r of results) expect(r.body).toEqual(results[0]!.body);
    const got = await app.call('GET', `/v1/bookings/${results[0]!.body.id}`, { key: org.key });
    expect(got.body).toEqual(results[0]!.body);

    expectEnvelope(await post(org.key, { ...body, attendee_name: 'Someone else' }, headers), 422, 'IDEMPOTENCY_KEY_REUSED');
    // A refusal is kept for the key too: after the slot frees up, a retry still gets the 409.
    const refusedKey = { 'idempotency-key': 'refused' };
    expectEnvelope(await post(org.key, body, refusedKey), 409, 'SLOT_UNAVAILABLE');
    await app.call('DELETE', `/v1/bookings/${results[0]!.body.id}`, { key: org.key });
    expectEnvelope(await post(org.key, body, refusedKey), 409, 'SLOT_UNAVAILABLE');
    // And the first key still answers its 201, though its booking is cancelled now.
    expect((await post(org.key, body, headers)).body).toEqual(results[0]!.body);
  });

  it('records booking.confirmed for the events feed, and deliveries that the worker sends', async () => {
    const org = await app.createOrg('growth');
    const humanId = await createUtcHuman(app, org.key);
    const hook = await app.call('POST', '/v1/webhooks', {
      key: org.key,
      body: { url: `${receiver.url}/atomic`, events: ['booking.confirmed'] },
    });
    expect(hook.status).toBe(201);
    const booked = await post(org.key, bookingBody(humanId, at(MONDAY, '14:00')));
    expect(booked.status).toBe(201);

    // The feed serves an event once every transaction older than it has ended (cluster-wide).
    const feed = await eventually('the event in the feed', async () => {
      const res = await app.call('GET', '/v1/events', { key: org.key });
      return res.body.data.length > 0 && res.body;
    });
    expect(feed.data).toEqual([
      { id: expect.any(String), event: 'booking.confirmed', created_at: booked.body.created_at, data: booked.body },
    ]);
    await receiver.waitFor('the delivery', () => receiver.byPath('/atomic').length === 1);
    const [sent] = receiver.byPath('/atomic');
    expect(JSON.parse(sent!.body)).toEqual({ event: 'booking.confirmed', created_at: booked.body.created_at, data: booked.body });
  });

  it('declines a live key, then a taken slot, then the daily maximum; an empty quota shard leaves it to the transaction (the documented order); each writes nothing', async () => {
    const org = await app.createOrg('free');
    const humanId = await createUtcHuman(app, org.key, [30]);
    const taken = await post(org.key, bookingBody(humanId, at(MONDAY, '10:00')), { 'idempotency-key': 'live' });
    expect(taken.status).toBe(201);
    const { store } = app.database;
    const authed = { id: org.id, plan: 'free' as const, autoPurchase: false };
    const now = new Date();

    /**
     * Runs the statement for `time`, with the day's maximum, an optional key and the rules
     * version judged at (the human's current one unless given), and answers how it failed.
     */
    const attempt = async (time: string, max: number | null, key?: string, rulesVersion?: string) => {
      const start = Date.parse(at(MONDAY, time));
      const { dateFrom, dateTo } = candidateDates(start);
      const timed = (await loadTimedSchedules(store.sql, org.id, { humanIds: [humanId], dateFrom, dateTo })).get(humanId)!;
      const human = timed.at(now);
      const request = { organizationId: org.id, humanId, start, durationMinutes: 30, attendeeName: 'A', attendeeEmail: null, metadata: {} };
      const write = bookingWriteOf(human, request, now);
      const booking = bookingView(newBookingRow(write.row));
      const scope = scopeOf(org.id, key, request, now);
      try {
        await runBookingStatement(store.sql, {
          booking: write.row,
          claim: write.claim,
          calendarReach: write.calendarReach,
          dayCount: { ...write.dayCount, max },
          rulesVersion: rulesVersion ?? timed.rulesVersion,
          event: eventOf({ organizationId: org.id, type: 'booking.confirmed', booking, at: now }),
          quota: shardUnitOf(authed, now),
          clearExpiredHolds: true,
          idempotency: scope && { claim: claimOf(scope), response: { status: 201, body: booking } },
          now,
        });
        return 'booked';
      } catch (error) {
        return declineOf(error) ?? sqlState(error);
      }
    };
    expect(await attempt('10:00', 1, 'live')).toBe('KEY_TAKEN');
    // Rules other than the judge's: declined before anything is taken, after a live key.
    expect(await attempt('10:00', 1, 'live', '-1')).toBe('KEY_TAKEN');
    expect(await attempt('10:00', 1, undefined, '-1')).toBe('STALE');
    expect(await attempt('12:00', null, 'stale', '-1')).toBe('STALE');
    expect(await attempt('10:00', 1)).toBe('23P01');
    expect(await attempt('11:00', 1)).toBe('SLOT_UNAVAILABLE');
    // With the quota used up no shard has allowance: the statement leaves the booking to the
    // transaction at once (QUOTA_SLOW), which refuses in the documented order.
    await setMonthUsed(store.sql, org.id, 100);
    expect(await attempt('10:00', 1)).toBe('QUOTA_SLOW');
    expect(await attempt('11:00', null)).toBe('QUOTA_SLOW');
    expect(await attempt('11:00', null, 'fresh')).toBe('QUOTA_SLOW');
    expectEnvelope(await post(org.key, bookingBody(humanId, at(MONDAY, '10:00'))), 409, 'SLOT_UNAVAILABLE');
    expectEnvelope(await post(org.key, bookingBody(humanId, at(MONDAY, '11:00'))), 402, 'LIMIT_REACHED');
    expect(await countRows(app, 'bookings', `human_id = '${humanId}'`)).toBe(1);
    expect(await countRows(app, 'events', `organization_id = '${org.id}'`)).toBe(1);
    expect(await countRows(app, 'idempotency_keys', `organization_id = '${org.id}'`)).toBe(1);
    const [day] = await store.sql(`SELECT confirmed FROM booking_day_counts WHERE human_id = $1::uuid`, [humanId]);
    expect(day).toEqual({ confirmed: 1 });
    expect((await app.call('GET', '/v1/usage', { key: org.key })).body.used).toBe(100);
  });
});
