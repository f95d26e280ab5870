import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, createUtcHuman, MONDAY } from './booking-fixtures.js';
import { signUp, type DashboardUser } from './dashboard-fixtures.js';
import { expectEnvelope } from './expectations.js';
import { startTestApp, type TestApp } from './test-app.js';

let app: TestApp;
let user: DashboardUser;

beforeAll(async () => {
  app = await startTestApp();
  user = await signUp(app, undefined, 'Pages Inc');
});
afterAll(() => app?.close());

const book = (humanId: string, startsAt: string, key = user.apiKey) =>
  app.call('POST', '/v1/bookings', {
    key,
    body: { human_id: humanId, starts_at: startsAt, duration: 30, attendee_name: 'Agent', metadata: { ref: 'x-1' } },
  });

describe('overview, plan and auto-purchase', () => {
  it('shows the organization, usage exactly as GET /v1/usage, and the key card', async () => {
    const human = await createUtcHuman(app, user.apiKey);
    expect((await book(human, at(MONDAY, '10:00'))).status).toBe(201);
    const overview = await user.call('GET', '/overview');
    expect(overview.status, overview.text).toBe(200);
    const usage = await app.call('GET', '/v1/usage', { key: user.apiKey });
    expect(overview.body.usage).toEqual(usage.body);
    expect(overview.body.usage).toMatchObject({ plan: 'free', used: 1, quota: 100 });
    expect(overview.body.organization).toMatchObject({
      organization_id: user.organizationId,
      name: 'Pages Inc',
      plan: 'free',
      auto_purchase: false,
    });
    expect(overview.body.api_key.last_four).toBe(user.apiKey.slice(-4));
  });

  it('refuses auto-purchase on Free and says why; allows it on Starter; moving back to Free turns it off', async () => {
    const onFree = await user.call('PATCH', '/organization', { body: { auto_purchase: true } });
    expectEnvelope(onFree, 422, 'VALIDATION_ERROR');
    expect(onFree.body.error.message).toMatch(/auto_purchase.*Starter and Growth/);

    const starter = await user.call('PATCH', '/organization', { body: { plan: 'starter', auto_purchase: true } });
    expect(starter.status, starter.text).toBe(200);
    expect(starter.body.usage).toMatchObject({ plan: 'starter', quota: 1000, auto_purchase: true });
    // Applies to the next /v1 request.
    expect((await app.call('GET', '/v1/usage', { key: user.apiKey })).body).toMatchObject({ plan: 'starter', auto_purchase: true });

    const free = await user.call('PATCH', '/organization', { body: { plan: 'free' } });
    expect(free.body.organization).toMatchObject({ plan: 'free', auto_purchase: false });
    expectEnvelope(await user.call('PATCH', '/organization', { body: {} }), 422, 'VALIDATION_ERROR');
  });

  it('lists the overage packs bought, with date and amount', async () => {
    const buyer = await signUp(app, undefined, 'Buyer');
    await buyer.call('PATCH', '/organization', { body: { plan: 'starter', auto_purchase: true } });
    // Fill the Starter quota directly (1,000 bookings would take minutes), then book once more.
    const human = await createUtcHuman(app, buyer.apiKey);
    await app.database.store.sql(
      `INSERT INTO usage_periods (organization_id, period_start, used) VALUES ($1::uuid, date_trunc('month', now() AT TIME ZONE 'UTC')::date, 1000)
       ON CONFLICT (organization_id, period_start) DO UPDATE SET used = 1000`,
      [buyer.organizationId],
    );
    expect((await book(human, at(MONDAY, '11:00'), buyer.apiKey)).status).toBe(201);
    const packs = await buyer.call('GET', '/billing/overage-packs');
    expect(packs.status, packs.text).toBe(200);
    expect(packs.body).toEqual({
      data: [
        {
          id: expect.any(String),
          purchased_at: expect.any(String),
          pack_size: 500,
          amount_cents: 1900,
          currency: 'USD',
          status: 'succeeded',
          payment_id: expect.stringMatching(/^ledger_/),
          failure: null,
        },
      ],
      next_cursor: null,
    });
    expect((await user.call('GET', '/billing/overage-packs')).body.data).toEqual([]);
  });
});

describe('humans', () => {
  it('lists with search over name, email and role', async () => {
    const owner = await signUp(app);
    for (const body of [
      { name: 'Ada Lovelace', timezone: 'UTC', email: 'ada@math.example', role: 'Analyst' },
      { name: 'Grace Hopper', timezone: 'UTC', role: 'Admiral' },
      { name: 'Alan Turing', timezone: 'Europe/London' },
    ]) {
      expect((await app.call('POST', '/v1/humans', { key: owner.apiKey, body })).status).toBe(201);
    }
    const names = async (q: string) => (await owner.call('GET', `/humans${q}`)).body.data.map((h: { name: string }) => h.name);
    expect(await names('')).toEqual(['Alan Turing', 'Grace Hopper', 'Ada Lovelace']);
    expect(await names('?search=ADA')).toEqual(['Ada Lovelace']);
    expect(await names('?search=admiral')).toEqual(['Grace Hopper']);
    expect(await names('?search=math.example')).toEqual(['Ada Lovelace']);
    expect(await names('?search=a&limit=1')).toHaveLength(1);
    expect(await names('?search=nobody')).toEqual([]);
  });

  it("a human's page: weekly hours and overrides; the week: the slots /v1 lists and the bookings", async () => {
    const human = await createUtcHuman(app, user.apiKey, [30, 60]);
    const override = await app.call('POST', `/v1/humans/${human}/overrides`, {
      key: user.apiKey,
      body: { kind: 'block', start_date: MONDAY, start_time: '12:00', end_time: '13:00', reason: 'Lunch' },
    });
    expect(override.status).toBe(201);
    const booked = await book(human, at(MONDAY, '09:00'));
    expect(booked.status).toBe(201);

    const page = await user.call('GET', `/humans/${human}`);
    expect(page.status, page.text).toBe(200);
    expect(page.body.human.availability_rules).toMatchObject({ work_start: '09:00', work_end: '17:00', meeting_durations: [30, 60] });
    expect(page.body.overrides).toEqual([override.body]);

    const week = await user.call('GET', `/humans/${human}/week?week_start=${MONDAY}`);
    expect(week.status, week.text).toBe(200);
    const sunday = '2030-01-13';
    const slots = await app.call('GET', `/v1/humans/${human}/slots?date_from=${MONDAY}&date_to=${sunday}&duration=30`, {
      key: user.apiKey,
    });
    expect(week.body).toEqual({
      timezone: 'UTC',
      week_start: MONDAY,
      week_end: sunday,
      duration: 30,
      slots: slots.body.slots,
      bookings: [booked.body],
      busy: [{ starts_at: booked.body.starts_at, ends_at: booked.body.ends_at }],
    });
    expect((await user.call('GET', `/humans/${human}/week?week_start=${MONDAY}&duration=60`)).body.duration).toBe(60);
    expectEnvelope(await user.call('GET', `/humans/${human}/week?week_start=${MONDAY}&duration=45`), 422, 'INVALID_DURATION');
    expectEnvelope(await user.call('GET', `/humans/${human}/week?week_start=2030-02-30`), 422, 'VALIDATION_ERROR');
    expectEnvelope(await user.call('GET', `/humans/not-a-uuid`), 404, 'NOT_FOUND');
  });
});

describe('bookings', () => {
  it('lists with filters, shows metadata, and cancels (freeing the slot, once)', async () => {
    const h1 = await createUtcHuman(app, user.apiKey);
    const h2 = await createUtcHuman(app, user.apiKey);
    const b1 = (await book(h1, at(MONDAY, '14:00'))).body;
    const b2 = (await book(h2, at('2030-01-08', '14:00'))).body;

    const ids = async (q: string) => (await user.call('GET', `/bookings${q}`)).body.data.map((b: { id: string }) => b.id);
    expect(await ids(`?human_id=${h1}`)).toEqual([b1.id]);
    expect(await ids(`?starts_after=2030-01-08T00:00:00Z&human_id=${h2}`)).toEqual([b2.id]);
    expect(await ids(`?starts_before=2030-01-08T00:00:00Z&human_id=${h2}`)).toEqual([]);
    expectEnvelope(await user.call('GET', '/bookings?status=maybe'), 422, 'VALIDATION_ERROR');

    expect((await user.call('GET', `/bookings/${b1.id}`)).body.metadata).toEqual({ ref: 'x-1' });
    const cancelled = await user.call('POST', `/bookings/${b1.id}/cancel`);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toMatchObject({ id: b1.id, status: 'cancelled' });
    expect((await user.call('POST', `/bookings/${b1.id}/cancel`)).body.status).toBe('cancelled');
    expect(await ids(`?status=cancelled&human_id=${h1}`)).toEqual([b1.id]);
    // The slot is bookable again: the same service as DELETE /v1/bookings.
    expect((await book(h1, at(MONDAY, '14:00'))).status).toBe(201);
    const events = await app.database.store.sql<{ n: number }>(
      "SELECT count(*)::int AS n FROM events WHERE booking_id = $1::uuid AND type = 'booking.cancelled'",
      [b1.id],
    );
    expect(events[0]!.n).toBe(1);
  });
});
