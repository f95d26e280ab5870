import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { DeliveryWorker } from '../src/jobs/webhook-delivery/delivery-worker.js';
import { createMetrics } from '../src/http/metrics.js';
import { createLogger } from '../src/lib/logger.js';
import { at, bookingBody, createUtcHuman, MONDAY } from './booking-fixtures.js';
import { expectEnvelope } from './expectations.js';
import { ADMIN_TOKEN, startTestApp, type TestApp } from './test-app.js';
import { TEST_STORE } from './test-store.js';

// GET /metrics on both stores: behind the admin token, request counts by route template,
// bookings made and refused, the outbox read at scrape time, the delivery worker's outcomes.
// No in-process worker, so the booking's delivery waits in the outbox until this file
// starts one.

const metrics = createMetrics();
let app: TestApp;
let key: string;
let humanId: string;

const scrape = async () => {
  const res = await app.call('GET', '/metrics', { key: ADMIN_TOKEN });
  expect(res.status).toBe(200);
  return res;
};

beforeAll(async () => {
  const { webhooks } = loadConfig({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', DELIVERY_WORKER: 'off' });
  app = await startTestApp({ webhooks }, { metrics });
  ({ key } = await app.createOrg('growth'));
  humanId = await createUtcHuman(app, key);
  const hook = await app.call('POST', '/v1/webhooks', { key, body: { url: 'http://127.0.0.1:9/hook', events: ['booking.confirmed'] } });
  expect(hook.status).toBe(201);
});
afterAll(() => app?.close());

describe('GET /metrics', () => {
  it('refuses without the admin token, in the error envelope', async () => {
    expectEnvelope(await app.call('GET', '/metrics'), 401, 'UNAUTHORIZED');
    expectEnvelope(await app.call('GET', '/metrics', { key }), 401, 'UNAUTHORIZED');
  });

  it('counts one booking made and one refused, by code, and requests by route template', async () => {
    const body = bookingBody(humanId, at(MONDAY, '10:00'));
    expect((await app.call('POST', '/v1/bookings', { key, body })).status).toBe(201);
    expectEnvelope(await app.call('POST', '/v1/bookings', { key, body }), 409, 'SLOT_UNAVAILABLE');
    const slots = await app.call('GET', `/v1/humans/${humanId}/slots?date_from=${MONDAY}&date_to=${MONDAY}&duration=30`, { key });
    expect(slots.status).toBe(200);
    expect((await app.call('GET', '/no/such/path')).status).toBe(404);

    const res = await scrape();
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.text;
    expect(text).toContain('humantime_bookings_created_total{route="/v1/bookings"} 1\n');
    expect(text).toContain('humantime_bookings_refused_total{route="/v1/bookings",code="SLOT_UNAVAILABLE"} 1\n');
    expect(text).toContain('humantime_http_requests_total{method="POST",route="/v1/bookings",status="201"} 1\n');
    expect(text).toContain('humantime_http_requests_total{method="GET",route="/v1/humans/:human_id/slots",status="200"} 1\n');
    expect(text).toContain('humantime_http_requests_total{method="GET",route="unmatched",status="404"} 1\n');
    expect(text).toContain('humantime_http_requests_total{method="GET",route="/metrics",status="401"} 2\n');
    expect(text).toMatch(
      /humantime_http_request_duration_seconds_bucket\{le="0\.01",method="GET",route="\/v1\/humans\/:human_id\/slots",status="200"\} [01]\n/,
    );
    // Never a raw path: ids would make a new series per human.
    expect(text).not.toContain(humanId);
  });

  it('reads the outbox at scrape time: the booking left one due delivery', async () => {
    const text = (await scrape()).text;
    expect(text).toContain('humantime_outbox_backlog 1\n');
    expect(text).toContain('humantime_database_up 1\n');
    const age = Number(/^humantime_outbox_oldest_due_age_seconds (\S+)$/m.exec(text)?.[1]);
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(60);
  });

  it(`shows the pool's connections on PostgreSQL, nothing on the embedded store [${TEST_STORE}]`, async () => {
    const text = (await scrape()).text;
    if (TEST_STORE === 'postgres') {
      for (const state of ['total', 'idle', 'waiting'])
        expect(text).toMatch(new RegExp(`humantime_db_pool_connections\\{state="${state}"\\} \\d+\\n`));
    } else {
      expect(text).not.toMatch(/humantime_db_pool_connections\{/);
    }
  });

  it("counts the delivery worker's outcomes, and the outbox empties", async () => {
    const worker = new DeliveryWorker({
      db: app.database.store.db,
      config: app.config,
      clock: () => new Date(),
      logger: createLogger('silent'),
      sender: async () => ({ statusCode: 200, error: null }),
      onAttempt: (outcome) => metrics.countDelivery(outcome),
    });
    await worker.start();
    try {
      const deadline = Date.now() + 10_000;
      while (!(await scrape()).text.includes('humantime_webhook_deliveries_total{outcome="delivered"} 1\n')) {
        if (Date.now() > deadline) throw new Error('the delivery was not counted');
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await worker.stop();
    }
    expect((await scrape()).text).toContain('humantime_outbox_backlog 0\n');
  });
});
