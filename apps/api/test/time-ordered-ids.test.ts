import { describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.js';
import { bookingBody, createUtcHuman, MONDAY, at } from './booking-fixtures.js';
import { useTestApp, type TestApp } from './test-app.js';
import { orgWithWebhook, book, deliveriesOf } from './webhook-fixtures.js';

// Row ids are UUIDs of version 7 (RFC 9562): the time they were made first, so that new rows
// go to the right end of the indexes on their ids. Made by the API (lib/ids.ts) or by the
// database's default, uuid_v7() (migration 20261130000000_time_ordered_ids).

let app: TestApp;
let key: string;
useTestApp({ plan: 'growth' }, (ctx) => {
  ({ app, key } = ctx);
});

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** The milliseconds since 1970 in a version 7 id's first 48 bits. */
const msOf = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);
const sql = <T>(text: string) => app.database.store.withSession((s) => s.query<T>(text));

/** Expects `ids` to be version 7 ids made between `from` and `to` (epoch ms, inclusive). */
function expectMadeBetween(ids: string[], from: number, to: number) {
  for (const id of ids) {
    expect(id).toMatch(V7);
    expect(msOf(id)).toBeGreaterThanOrEqual(from);
    expect(msOf(id)).toBeLessThanOrEqual(to);
  }
}

describe('uuid_v7(), the id columns’ default', () => {
  it('makes version 7 ids that carry the clock and differ in their random part', async () => {
    const from = Date.now();
    const rows = await sql<{ id: string }>('SELECT uuid_v7()::text AS id FROM generate_series(1, 2000)');
    const to = Date.now();
    const ids = rows.map((r) => r.id);
    expectMadeBetween(ids, from, to);
    expect(new Set(ids).size).toBe(ids.length);
    // The 74 random bits are random: each of the last twelve hex digits takes many values.
    for (let i = 24; i < 36; i++) expect(new Set(ids.map((id) => id[i])).size).toBeGreaterThan(10);
    // clock_timestamp(), not the transaction's start: one statement's ids never go back in time.
    const times = ids.map(msOf);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('is the default of every id column that the database fills', async () => {
    const defaults = await sql<{ table_name: string; column_default: string }>(`
      SELECT table_name::text, column_default::text FROM information_schema.columns
       WHERE table_schema = 'public' AND column_name = 'id' AND column_default IS NOT NULL`);
    expect(defaults.length).toBeGreaterThanOrEqual(20);
    for (const d of defaults) expect(d.column_default, d.table_name).toBe('uuid_v7()');
    const random = await sql<{ n: number }>(`
      SELECT count(*)::int AS n FROM information_schema.columns
       WHERE table_schema = 'public' AND column_default LIKE '%gen_random_uuid%'`);
    expect(random[0]!.n).toBe(0);
  });
});

describe('ids the API makes', () => {
  it('newId(): version 7, in the order made, also within one millisecond', () => {
    const from = Date.now();
    const ids = Array.from({ length: 5000 }, () => newId());
    expectMadeBetween(ids, from, Date.now());
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort());
  });

  it('humans, bookings, holds, webhooks, events and deliveries are made with time-ordered ids', async () => {
    const from = Date.now();
    const humanId = await createUtcHuman(app, key);
    const first = await app.call('POST', '/v1/bookings', { key, body: bookingBody(humanId, at(MONDAY, '09:00')) });
    const second = await app.call('POST', '/v1/bookings', { key, body: bookingBody(humanId, at(MONDAY, '10:00')) });
    const hold = await app.call('POST', '/v1/holds', { key, body: { human_id: humanId, starts_at: at(MONDAY, '11:00'), duration: 30 } });
    expect([first.status, second.status, hold.status]).toEqual([201, 201, 201]);
    const events = await app.call('GET', '/v1/events?limit=100', { key });
    const org = await orgWithWebhook(app, 'https://hooks.example.com/ids');
    await book(app, org, 0);
    const deliveries = await deliveriesOf(app, org);
    const claims = await sql<{ id: string }>(`SELECT id::text AS id FROM time_claims WHERE human_id = '${humanId}'`);
    const to = Date.now();

    expect(deliveries).toHaveLength(1);
    expect(claims).toHaveLength(3);
    const ids = [
      humanId,
      first.body.id,
      second.body.id,
      hold.body.id,
      org.webhook.id,
      ...(events.body.data as { id: string }[]).map((e) => e.id),
      ...deliveries.map((d) => d.id),
      ...claims.map((c) => c.id),
    ];
    expect(ids).toHaveLength(11);
    expectMadeBetween(ids, from, to);
    // Made one after the other, so in order (the API's ids keep order within a millisecond).
    expect(first.body.id < second.body.id).toBe(true);
  });
});
