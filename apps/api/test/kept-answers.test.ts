// A human's slots answer is kept with its schedule snapshot and sent again as the same bytes
// while the snapshot is current and time alone leaves it unchanged (src/services/slots/
// slots-answers.ts, src/http/kept-slots-answers.ts). These tests count how often the slot
// engine really runs, and show that every change is seen by the very next request.
import { request } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { at, bookingBody, createUtcHuman, MONDAY } from './booking-fixtures.js';
import { addOverride, slotsPath } from './schedule-fixtures.js';
import { ADMIN_TOKEN, useTestApp, type TestApp } from './test-app.js';

const computed = vi.hoisted(() => ({ count: 0 }));
vi.mock('../src/services/slots/slots-of.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/services/slots/slots-of.js')>();
  return {
    ...real,
    expiringSlotsOf: (...args: Parameters<typeof real.expiringSlotsOf>) => {
      computed.count++;
      return real.expiringSlotsOf(...args);
    },
  };
});

let app: TestApp;
let key: string;
useTestApp({ plan: 'growth' }, (ctx) => {
  ({ app, key } = ctx);
});
const NOW = new Date(`${MONDAY}T07:00:00Z`);
beforeEach(() => {
  app.clock.now = NOW;
});
afterEach(() => {
  app.clock.now = undefined;
});

const path = (humanId: string) => slotsPath(humanId, MONDAY, MONDAY, 30);
async function slots(humanId: string, k = key) {
  const res = await app.call('GET', path(humanId), { key: k });
  expect(res.status, res.text).toBe(200);
  return res;
}
const starts = async (humanId: string) =>
  ((await slots(humanId)).body.slots as { starts_at: string }[]).map((s) => s.starts_at.slice(11, 16));
/** How many times the slot engine ran for `fn`. */
async function runs(fn: () => Promise<unknown>) {
  computed.count = 0;
  await fn();
  return computed.count;
}

describe('kept slots answers', () => {
  it('sends the same bytes and headers as the route, computing them once', async () => {
    const human = await createUtcHuman(app, key);
    let first!: Awaited<ReturnType<typeof slots>>;
    expect(await runs(async () => (first = await slots(human)))).toBe(1);
    for (let i = 0; i < 3; i++) {
      let again!: Awaited<ReturnType<typeof slots>>;
      expect(await runs(async () => (again = await slots(human)))).toBe(0);
      expect(again.text).toBe(first.text);
      for (const header of ['content-type', 'content-length', 'ratelimit-limit', 'cache-control']) {
        expect(again.headers.get(header), header).toBe(first.headers.get(header));
      }
      expect(again.headers.get('x-request-id')).toMatch(/^req_/);
      expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    }
  });

  it('sees a booking, a cancellation and an override at the very next request', async () => {
    const human = await createUtcHuman(app, key);
    expect(await starts(human)).toContain('10:00');
    const booked = await app.call('POST', '/v1/bookings', { key, body: bookingBody(human, at(MONDAY, '10:00')) });
    expect(booked.status, booked.text).toBe(201);
    expect(await starts(human)).not.toContain('10:00');
    expect((await app.call('DELETE', `/v1/bookings/${booked.body.id}`, { key })).status).toBe(200);
    expect(await starts(human)).toContain('10:00');
    await addOverride(app, key, human, { kind: 'block', start_date: MONDAY, start_time: '12:00', end_time: '13:00' });
    expect(await starts(human)).not.toContain('12:00');
  });

  it('drops a slot the moment now passes it, and under a notice the moment the notice reaches it', async () => {
    const human = await createUtcHuman(app, key);
    expect((await starts(human))[0]).toBe('09:00');
    app.clock.now = new Date(`${MONDAY}T08:59:59.999Z`);
    expect(await runs(async () => expect((await starts(human))[0]).toBe('09:00'))).toBe(0);
    app.clock.now = new Date(`${MONDAY}T09:00:00.000Z`);
    expect((await starts(human))[0]).toBe('09:30');

    const put = await app.call('PUT', `/v1/humans/${human}/availability`, {
      key,
      body: { working_days: [1, 2, 3, 4, 5, 6, 7], work_start: '09:00', work_end: '17:00', meeting_durations: [30], minimum_notice: 60 },
    });
    expect(put.status, put.text).toBe(200);
    app.clock.now = new Date(`${MONDAY}T09:00:00Z`);
    expect((await starts(human))[0]).toBe('10:00');
    app.clock.now = new Date(`${MONDAY}T09:00:00.001Z`);
    expect((await starts(human))[0]).toBe('10:30');
  });

  it('never sends an answer computed later to a clock set back', async () => {
    const human = await createUtcHuman(app, key);
    app.clock.now = new Date(`${MONDAY}T10:05:00Z`);
    expect((await starts(human))[0]).toBe('10:30');
    app.clock.now = new Date(`${MONDAY}T09:05:00Z`);
    expect((await starts(human))[0]).toBe('09:30');
  });

  it('gives the slot back at the instant a hold expires', async () => {
    const human = await createUtcHuman(app, key);
    const hold = await app.call('POST', '/v1/holds', {
      key,
      body: { human_id: human, starts_at: at(MONDAY, '11:00'), duration: 30, ttl_seconds: 60 },
    });
    expect(hold.status, hold.text).toBe(201);
    expect(await starts(human)).not.toContain('11:00');
    app.clock.now = new Date(NOW.getTime() + 59_999);
    expect(await runs(async () => expect(await starts(human)).not.toContain('11:00'))).toBe(0);
    app.clock.now = new Date(NOW.getTime() + 60_000);
    expect(await starts(human)).toContain('11:00');
  });

  it('is only ever sent to the organization whose human it is', async () => {
    const human = await createUtcHuman(app, key);
    await slots(human);
    const other = await app.createOrg('growth');
    const res = await app.call('GET', path(human), { key: other.key });
    expect([res.status, res.body.error?.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('leaves a GET with a body, a wrong duration and an unknown key to the route', async () => {
    const human = await createUtcHuman(app, key);
    await slots(human);
    // fetch sends no body with a GET; node:http does.
    const withBody = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        app.url + path(human),
        { method: 'GET', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': '9' } },
        (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (d: string) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode!, text }));
        },
      );
      req.on('error', reject);
      req.end('{not json');
    });
    expect([withBody.status, JSON.parse(withBody.text).error.code]).toEqual([422, 'VALIDATION_ERROR']);
    const wrong = await app.call('GET', slotsPath(human, MONDAY, MONDAY, 45), { key });
    expect([wrong.status, wrong.body.error?.code]).toEqual([422, 'INVALID_DURATION']);
    const unknown = await app.call('GET', path(human), { key: `sk_live_${'x'.repeat(40)}` });
    expect([unknown.status, unknown.body.error?.code]).toEqual([401, 'UNAUTHORIZED']);
  });

  it('counts a kept answer under the route in /metrics', async () => {
    const human = await createUtcHuman(app, key);
    for (let i = 0; i < 3; i++) await slots(human);
    const metrics = await app.call('GET', '/metrics', { key: ADMIN_TOKEN });
    expect(metrics.status).toBe(200);
    const line = metrics.text
      .split('\n')
      .find(
        (l) =>
          l.startsWith('humantime_http_requests_total') && l.includes('route="/v1/humans/:human_id/slots"') && l.includes('status="200"'),
      );
    expect(line, metrics.text.slice(0, 2000)).toBeDefined();
    expect(Number(line!.split(' ').pop())).toBeGreaterThanOrEqual(3);
  });
});
