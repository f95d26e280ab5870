import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { at, createUtcHuman, MONDAY } from './booking-fixtures.js';
import { signUp, type DashboardUser } from './dashboard-fixtures.js';
import { expectEnvelope } from './expectations.js';
import { startTestApp, type TestApp } from './test-app.js';
import { startReceiver, type Receiver } from './webhook-receiver.js';

// Local receivers need WEBHOOK_ALLOW_PRIVATE_URLS, as in development; the delivery worker
// runs in the app's process as in production.
let app: TestApp;
let user: DashboardUser;
let receiver: Receiver;

beforeAll(async () => {
  app = await startTestApp({ webhooks: { ...loadConfig({}).webhooks, allowPrivateUrls: true } });
  user = await signUp(app, undefined, 'Hooks Inc');
  receiver = await startReceiver(() => 200);
});
afterAll(async () => {
  await receiver?.close();
  await app?.close();
});

describe('webhooks through the dashboard', () => {
  it('adds one (secret shown once), shows its delivery log with attempts, deletes it', async () => {
    const created = await user.call('POST', '/webhooks', { body: { url: `${receiver.url}/hook`, events: ['booking.confirmed'] } });
    expect(created.status, created.text).toBe(201);
    expect(created.body.signing_secret).toMatch(/^whsec_/);

    const human = await createUtcHuman(app, user.apiKey);
    const booked = await app.call('POST', '/v1/bookings', {
      key: user.apiKey,
      body: { human_id: human, starts_at: at(MONDAY, '10:00'), duration: 30, attendee_name: 'Agent' },
    });
    expect(booked.status).toBe(201);
    await receiver.waitFor('the delivery', () => receiver.byPath('/hook').length === 1);

    let log: any;
    const deadline = Date.now() + 10_000;
    do {
      log = await user.call('GET', `/webhooks/${created.body.id}/deliveries`);
    } while (log.body.data[0]?.status !== 'delivered' && Date.now() < deadline);
    expect(log.body.data).toEqual([
      expect.objectContaining({
        webhook_id: created.body.id,
        event: 'booking.confirmed',
        booking_id: booked.body.id,
        status: 'delivered',
        attempts: [expect.objectContaining({ attempt: 1, status_code: 200, error: null })],
      }),
    ]);

    const list = await user.call('GET', '/webhooks');
    expect(list.body.data).toEqual([
      { id: created.body.id, url: `${receiver.url}/hook`, events: ['booking.confirmed'], created_at: created.body.created_at },
    ]);

    expect((await user.call('DELETE', `/webhooks/${created.body.id}`)).status).toBe(204);
    expect((await user.call('GET', '/webhooks')).body.data).toEqual([]);
    expectEnvelope(await user.call('GET', `/webhooks/${created.body.id}/deliveries`), 404, 'NOT_FOUND');
  });

  it('applies the /v1 rules: same URL 409, the Free plan maximum 402, bad bodies 422', async () => {
    const owner = await signUp(app);
    const add = (path: string) =>
      owner.call('POST', '/webhooks', { body: { url: `${receiver.url}${path}`, events: ['booking.cancelled'] } });
    expect((await add('/one')).status).toBe(201);
    expectEnvelope(await add('/one'), 409, 'WEBHOOK_URL_TAKEN');
    expect((await add('/two')).status).toBe(201);
    expectEnvelope(await add('/three'), 402, 'LIMIT_REACHED');
    expectEnvelope(await owner.call('POST', '/webhooks', { body: { url: 'not a url', events: [] } }), 422, 'VALIDATION_ERROR');
  });
});
