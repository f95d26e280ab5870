import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ledgerPaymentProcessor,
  PaymentFailedError,
  type LedgerPaymentProcessor,
  type PaymentProcessor,
} from '../src/services/billing/payment-processor.js';
import { bookingBody, createUtcHuman, januarySlot as slot, race } from './booking-fixtures.js';
import { ADMIN_TOKEN, startTestApp, type TestApp } from './test-app.js';
import { setMonthUsed } from './usage-fixtures.js';

// The service clock sits mid-January 2030; bookings go on later January days.
const NOW = new Date('2030-01-15T12:00:00Z');
let app: TestApp;
// The ledger on the app's store, with its failure switch.
let ledger: LedgerPaymentProcessor;
const flakyProcessor: PaymentProcessor = { name: 'ledger', needsPaymentMethod: false, charge: (request) => ledger.charge(request) };

beforeAll(async () => {
  app = await startTestApp({}, { paymentProcessor: flakyProcessor });
  ledger = ledgerPaymentProcessor(app.database.store.sql);
  app.clock.now = NOW;
});
afterAll(() => app.close());

const setUsed = (orgId: string, used: number) => setMonthUsed(app.database.store.sql, orgId, used, '2030-01-01');

const usage = async (key: string) => (await app.call('GET', '/v1/usage', { key })).body;

describe('monthly quota', () => {
  it('Free: 100 bookings, then 402 LIMIT_REACHED; cancelling refunds nothing', async () => {
    const org = await app.createOrg('free');
    const human = await createUtcHuman(app, org.key, [30]);
    let last: { status: number; body: { id: string } } | undefined;
    for (let i = 0; i < 100; i++) {
      last = await app.call('POST', '/v1/bookings', { key: org.key, body: bookingBody(human, slot(i)) });
      expect(last.status, `booking ${i + 1}`).toBe(201);
    }
    const over = await app.call('POST', '/v1/bookings', { key: org.key, body: bookingBody(human, slot(100)) });
    expect([over.status, over.body.error.code]).toEqual([402, 'LIMIT_REACHED']);
    await app.call('DELETE', `/v1/bookings/${last!.body.id}`, { key: org.key });
    const afterCancel = await app.call('POST', '/v1/bookings', { key: org.key, body: bookingBody(human, slot(101)) });
    expect(afterCancel.status).toBe(402);
    expect(await usage(org.key)).toEqual({
      plan: 'free',
      period_start: '2030-01-01T00:00:00Z',
      period_end: '2030-02-01T00:00:00Z',
      quota: 100,
      used: 100,
      overage_packs: 0,
      auto_purchase: false,
    });
    expect(await app.database.store.db.booking.count({ where: { organizationId: org.id } })).toBe(100);
  });

  it('refused bookings count nothing, and SLOT_UNAVAILABLE comes before LIMIT_REACHED', async () => {
    const org = await app.createOrg('free');
    const human = await createUtcHuman(app, org.key, [30]);
    expect((await app.call('POST', '/v1/bookings', { key: org.key, body: bookingBody(human, slot(0)) })).status).toBe(201);
    for (const bad of [slot(0), '2030-01-16T08:00:00Z']) {
      await app.call('POST', '/v1/bookings', { key: org.key, body: bookingBody(human, bad) });
    }
    expect((await usage(org.key)).used).toBe(1);
    await setUsed(org.id, 100);
    const taken = await app.call('POST', '/v1/bookings', { key: org.key, body: bookingBody(human, slot(0)) });
    expect(taken.body.error.code).toBe('SLOT_UNAVAILABLE');
  });

  it('Starter with auto-purchase off: 402 at the quota; turning it on buys one pack at once', async () => {
    const org = await app.createOrg('starter', false);
    const human = await createUtcHuman(app, org.key, [30]);
    await setUsed(org.id, 1000);
    const refused = await app.call('POST', '/v1/bookings', { key: org.key, body: bookingBody(human, slot(0)) });
    expect([refused.status, refused.body.error.code]).toEqual([402, 'LIMIT_REACHED']);

    const toggled = await app.call('PATCH', `/admin/v1/organizations/${org.id}`, { key: ADMIN_TOKEN, body: { auto_purchase: true } });
    expect(toggled.status).toBe(200);
    const booked = await app.call('POST', '/v1/bookings', { key: org.key, body: bookingBody(human, slot(0)) });
    expect(booked.status).toBe(201);
    expect(await usage(org.key)).toMatchObject({ plan: 'starter', quota: 1000, used: 1001, overage_packs: 1, auto_purchase: true });
    const purchases = await app.database.store.db.overagePurchase.findMany({ where: { organizationId: org.id } });
    expect(purchases).toEqual([expect.objectContaining({ packSize: 500, amountCents: 1900, currency: 'USD' })]);
    const charges = await app.database.store.db.ledgerCharge.findMany({ where: { organizationId: org.id } });
    expect(charges.map((c) => [c.amountCents, c.currency])).toEqual([[1900, 'USD']]);
    expect(purchases[0]!.chargeRef).toBe(`ledger_${charges[0]!.id}`);
  });

  it('a declined charge is 402 with no pack, no charge and no booking', async () => {
    const org = await app.createOrg('growth', true);
    const human = await createUtcHuman(app, org.key, [30]);
    await setUsed(org.id, 10_000);
    ledger.failWith = new PaymentFailedError('card declined');
    try {
      const res = await app.call('POST', '/v1/bookings', { key: org.key, body: bookingBody(human, slot(0)) });
      expect([res.status, res.body.error.code]).toEqual([402, 'LIMIT_REACHED']);
    } finally {
      ledger.failWith = undefined;
    }
    const db = app.database.store.db;
    expect(await db.overagePurchase.count({ where: { organizationId: org.id } })).toBe(0);
    expect(await db.ledgerCharge.count({ where: { organizationId: org.id } })).toBe(0);
    expect(await db.booking.count({ where: { organizationId: org.id } })).toBe(0);
    expect(await db.event.count({ where: { organizationId: org.id } })).toBe(0);
    expect((await usage(org.key)).used).toBe(10_000);
  });

  it('20 concurrent bookings across the boundary buy exactly one pack', async () => {
    const org = await app.createOrg('starter', true);
    const human = await createUtcHuman(app, org.key, [30]);
    await setUsed(org.id, 990);
    const { tally } = await race(
      Array.from({ length: 20 }, (_, i) => () => app.call('POST', '/v1/bookings', { key: org.key, body: bookingBody(human, slot(i)) })),
    );
    expect(tally).toEqual({ 201: 20 });
    expect(await usage(org.key)).toMatchObject({ used: 1010, overage_packs: 1 });
    expect(await app.database.store.db.overagePurchase.count({ where: { organizationId: org.id } })).toBe(1);
  });

  it('20 concurrent bookings across a hard limit never exceed it', async () => {
    const org = await app.createOrg('free');
    const human = await createUtcHuman(app, org.key, [30]);
    await setUsed(org.id, 90);
    const { tally } = await race(
      Array.from({ length: 20 }, (_, i) => () => app.call('POST', '/v1/bookings', { key: org.key, body: bookingBody(human, slot(i)) })),
    );
    expect(tally).toEqual({ 201: 10, 402: 10 });
    expect((await usage(org.key)).used).toBe(100);
    expect(await app.database.store.db.booking.count({ where: { organizationId: org.id } })).toBe(10);
  });

  it('set-plan takes effect at once', async () => {
    const org = await app.createOrg('free');
    const human = await createUtcHuman(app, org.key, [30]);
    await setUsed(org.id, 100);
    expect((await app.call('POST', '/v1/bookings', { key: org.key, body: bookingBody(human, slot(0)) })).status).toBe(402);
    await app.call('PATCH', `/admin/v1/organizations/${org.id}`, { key: ADMIN_TOKEN, body: { plan: 'starter' } });
    expect((await app.call('POST', '/v1/bookings', { key: org.key, body: bookingBody(human, slot(0)) })).status).toBe(201);
    expect(await usage(org.key)).toMatchObject({ plan: 'starter', quota: 1000, used: 101 });
  });

  it('resets at 00:00 UTC on the 1st', async () => {
    const org = await app.createOrg('free');
    const human = await createUtcHuman(app, org.key, [30]);
    await setUsed(org.id, 100);
    app.clock.now = new Date('2030-01-31T23:59:59Z');
    expect((await app.call('POST', '/v1/bookings', { key: org.key, body: bookingBody(human, '2030-02-01T09:00:00Z') })).status).toBe(402);
    app.clock.now = new Date('2030-02-01T00:00:00Z');
    try {
      expect(await usage(org.key)).toMatchObject({ used: 0, period_start: '2030-02-01T00:00:00Z', period_end: '2030-03-01T00:00:00Z' });
      expect((await app.call('POST', '/v1/bookings', { key: org.key, body: bookingBody(human, '2030-02-01T09:00:00Z') })).status).toBe(201);
      expect((await usage(org.key)).used).toBe(1);
    } finally {
      app.clock.now = NOW;
    }
  });
});
