import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingBody, createUtcHuman, januarySlot as slot, race } from './booking-fixtures.js';
import { ADMIN_TOKEN, startTestApp, type TestApp } from './test-app.js';
import { TEST_STORE } from './test-store.js';
import { setMonthUsed } from './usage-fixtures.js';

// The sharded quota counter (docs/decisions/0017-quota-shards.md): bookings take their unit
// from one of 8 shards in the atomic statement, and fall back to the booking transaction's
// slow path when the shard is empty. These races hold it to the limit exactly.

const NOW = new Date('2030-01-15T12:00:00Z');
let app: TestApp;
/** Every statement the app's store sent, in order. */
const statements: string[] = [];
/** How many statements sent since `from` match `pattern`. */
const sentSince = (from: number, pattern: RegExp) => statements.slice(from).filter((text) => pattern.test(text)).length;
// The slow path's first statement (lockMonth) and its refill of the shards.
const MONTH_LOCK = /^\s*INSERT INTO usage_periods\b/;
const REFILL = /UPDATE quota_shards AS s SET used = a\.used/;

beforeAll(async () => {
  app = await startTestApp({}, {}, { onStatement: (text) => statements.push(text) });
  app.clock.now = NOW;
});
afterAll(() => app.close());

const usage = async (key: string) => (await app.call('GET', '/v1/usage', { key })).body;
const book = (key: string, human: string, n: number) => app.call('POST', '/v1/bookings', { key, body: bookingBody(human, slot(n)) });

async function bookInTurn(key: string, human: string, from: number, count: number) {
  for (let n = from; n < from + count; n++) expect((await book(key, human, n)).status, `booking ${n}`).toBe(201);
}

/** The month's shards as the database holds them. */
async function shards(orgId: string) {
  return app.database.store.sql<{ shard: number; used: number; allowance: number; quota: number }>(
    `SELECT shard, used, allowance, quota FROM quota_shards WHERE organization_id = $1::uuid AND period_start = '2030-01-01' ORDER BY shard`,
    [orgId],
  );
}

describe(`the sharded quota counter on the ${TEST_STORE} store`, () => {
  it('hands the free allowance out over 8 shards, stamped with the plan quota, never more than is left', async () => {
    const org = await app.createOrg('free');
    const human = await createUtcHuman(app, org.key, [30]);
    await bookInTurn(org.key, human, 0, 3);
    const rows = await shards(org.id);
    expect(rows.map((r) => r.shard)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(rows.every((r) => r.quota === 100 && r.used <= r.allowance)).toBe(true);
    expect(rows.reduce((a, r) => a + r.used, 0)).toBe(3);
    expect(rows.reduce((a, r) => a + r.allowance, 0)).toBeLessThanOrEqual(100);
    expect(await usage(org.key)).toMatchObject({ used: 3, quota: 100 });
  });

  it('a race of 40 bookings with 25 left and no auto-purchase: exactly 25 booked, then LIMIT_REACHED', async () => {
    const org = await app.createOrg('free');
    const human = await createUtcHuman(app, org.key, [30]);
    await bookInTurn(org.key, human, 0, 75);
    const { results, tally } = await race(Array.from({ length: 40 }, (_, i) => () => book(org.key, human, 75 + i)));
    expect(tally).toEqual({ 201: 25, 402: 15 });
    for (const r of results.filter((x) => x.status === 402)) expect(r.body.error.code).toBe('LIMIT_REACHED');
    expect(await usage(org.key)).toMatchObject({ used: 100, quota: 100, overage_packs: 0 });
    expect(await app.database.store.db.booking.count({ where: { organizationId: org.id } })).toBe(100);
    const rows = await shards(org.id);
    expect(rows.reduce((a, r) => a + r.used, 0)).toBe(100);
    expect(rows.reduce((a, r) => a + r.allowance, 0)).toBeLessThanOrEqual(100);
  });

  it('the same race with auto-purchase on buys exactly one pack, and every booking succeeds', async () => {
    const org = await app.createOrg('starter', true);
    const human = await createUtcHuman(app, org.key, [30]);
    await setMonthUsed(app.database.store.sql, org.id, 960, '2030-01-01');
    await bookInTurn(org.key, human, 0, 15);
    const { tally } = await race(Array.from({ length: 40 }, (_, i) => () => book(org.key, human, 15 + i)));
    expect(tally).toEqual({ 201: 40 });
    expect(await usage(org.key)).toMatchObject({ used: 1015, quota: 1000, overage_packs: 1 });
    expect(await app.database.store.db.overagePurchase.count({ where: { organizationId: org.id } })).toBe(1);
    expect(await app.database.store.db.ledgerCharge.count({ where: { organizationId: org.id } })).toBe(1);
    const rows = await shards(org.id);
    expect(rows.reduce((a, r) => a + r.allowance, 0)).toBeLessThanOrEqual(1500);
  });

  it('a downgrade never lets usage pass the new limit: allowances set under the old plan are not trusted', async () => {
    const org = await app.createOrg('growth');
    const human = await createUtcHuman(app, org.key, [30]);
    await bookInTurn(org.key, human, 0, 10);
    // The shards hold ~1,250 each under Growth's 10,000.
    expect((await shards(org.id)).every((r) => r.quota === 10_000 && r.allowance - r.used > 100)).toBe(true);
    await app.call('PATCH', `/admin/v1/organizations/${org.id}`, { key: ADMIN_TOKEN, body: { plan: 'free' } });
    const { tally } = await race(Array.from({ length: 100 }, (_, i) => () => book(org.key, human, 10 + i)));
    expect(tally).toEqual({ 201: 90, 402: 10 });
    expect(await usage(org.key)).toMatchObject({ plan: 'free', used: 100 });
    expect((await book(org.key, human, 120)).status).toBe(402);

    // Already over the new limit: refused at once, nothing counted.
    const big = await app.createOrg('growth');
    const bigHuman = await createUtcHuman(app, big.key, [30]);
    await setMonthUsed(app.database.store.sql, big.id, 140, '2030-01-01');
    await bookInTurn(big.key, bigHuman, 0, 10);
    await app.call('PATCH', `/admin/v1/organizations/${big.id}`, { key: ADMIN_TOKEN, body: { plan: 'free' } });
    const refused = await race(Array.from({ length: 10 }, (_, i) => () => book(big.key, bigHuman, 10 + i)));
    expect(refused.tally).toEqual({ 402: 10 });
    expect(await usage(big.key)).toMatchObject({ plan: 'free', used: 150 });
    // Back on Growth, the allowances stamped under it are good again (a pack only raises a limit).
    await app.call('PATCH', `/admin/v1/organizations/${big.id}`, { key: ADMIN_TOKEN, body: { plan: 'growth' } });
    expect((await book(big.key, bigHuman, 30)).status).toBe(201);
    expect(await usage(big.key)).toMatchObject({ plan: 'growth', used: 151 });
  });

  it('a dry shard sends no booking to the slow path while another shard has allowance', async () => {
    const org = await app.createOrg('growth');
    const human = await createUtcHuman(app, org.key, [30]);
    await bookInTurn(org.key, human, 0, 1);
    // Seven shards dry, one with allowance left: a shard picked blindly would be dry 7 times in 8.
    await app.database.store.sql(
      `UPDATE quota_shards SET allowance = CASE WHEN shard = 5 THEN used + 20 ELSE used END
        WHERE organization_id = $1::uuid AND period_start = '2030-01-01'`,
      [org.id],
    );
    const from = statements.length;
    await bookInTurn(org.key, human, 1, 12);
    expect(sentSince(from, MONTH_LOCK)).toBe(0);
    const rows = await shards(org.id);
    expect(rows.map((r) => r.allowance - r.used)).toEqual([0, 0, 0, 0, 0, 8, 0, 0]);
    expect(await usage(org.key)).toMatchObject({ used: 13 });
  });

  it('at the limit one booking buys the pack and refills; the others racing it go back to the statement', async () => {
    const org = await app.createOrg('starter', true);
    const human = await createUtcHuman(app, org.key, [30]);
    await setMonthUsed(app.database.store.sql, org.id, 999, '2030-01-01');
    await bookInTurn(org.key, human, 0, 1);
    expect(await usage(org.key)).toMatchObject({ used: 1000, overage_packs: 0 });
    const from = statements.length;
    const { tally } = await race(Array.from({ length: 20 }, (_, i) => () => book(org.key, human, 1 + i)));
    expect(tally).toEqual({ 201: 20 });
    expect(await usage(org.key)).toMatchObject({ used: 1020, overage_packs: 1 });
    // Only the booking that bought the pack refilled the shards: every other one that reached
    // the slow path found the refill done once it held the month's lock and let it go.
    expect(sentSince(from, REFILL)).toBe(1);
  });

  it('a booking that goes back to the statement takes its Idempotency-Key with it: each booked once, each key replays its own', async () => {
    const org = await app.createOrg('starter', true);
    const human = await createUtcHuman(app, org.key, [30]);
    await setMonthUsed(app.database.store.sql, org.id, 999, '2030-01-01');
    await bookInTurn(org.key, human, 0, 1);
    // The transaction that finds the refill done is rolled back, the key's claim with it.
    const keyed = (n: number) =>
      app.call('POST', '/v1/bookings', { key: org.key, body: bookingBody(human, slot(n)), headers: { 'Idempotency-Key': `back-${n}` } });
    const { results, tally } = await race(Array.from({ length: 20 }, (_, i) => () => keyed(1 + i)));
    expect(tally).toEqual({ 201: 20 });
    expect(await usage(org.key)).toMatchObject({ used: 1020, overage_packs: 1 });
    const replays = await Promise.all(Array.from({ length: 20 }, (_, i) => keyed(1 + i)));
    expect(replays.map((r) => [r.status, r.body.id])).toEqual(results.map((r) => [201, r.body.id]));
    expect(await usage(org.key)).toMatchObject({ used: 1020 });
  });
});
