import { describe, expect, it } from 'vitest';
import { at, bookingBody, countRows, createUtcHuman, race } from './booking-fixtures.js';
import { useTestApp, type TestApp } from './test-app.js';

let app: TestApp;
let key: string;
let human: string;
useTestApp({ plan: 'growth' }, async (ctx) => {
  ({ app, key } = ctx);
  human = await createUtcHuman(app, key);
});

const book = (body: unknown, idem?: string) =>
  app.call('POST', '/v1/bookings', { key, body, headers: idem ? { 'Idempotency-Key': idem } : {} });

describe('Idempotency-Key on POST /v1/bookings', () => {
  it('replays the first response, status and body, and emits nothing again', async () => {
    const body = bookingBody(human, at('2030-03-04', '10:00'), 30, { metadata: { zeta: 1, alpha: { y: 2, x: 1 }, a: 1, b: 2 } });
    const first = await book(body, 'key-1');
    expect(first.status).toBe(201);
    // Same body with keys in another order is the same request.
    const again = await book(
      { metadata: { b: 2, a: 1, alpha: { x: 1, y: 2 }, zeta: 1 }, ...bookingBody(human, at('2030-03-04', '10:00')) },
      'key-1',
    );
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    // The same bytes, not only the same value: members in the order first sent.
    expect(again.text).toBe(first.text);
    // A retry can tell the kept answer from a new one.
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    // The same instant written with an offset is the same request.
    const offset = await book({ ...body, starts_at: '2030-03-04T11:00:00+01:00' }, 'key-1');
    expect([offset.status, offset.text]).toEqual([201, first.text]);
    expect(await countRows(app, 'bookings', `human_id = '${human}'`)).toBe(1);
    expect(await countRows(app, 'events', `booking_id = '${first.body.id}'`)).toBe(1);
  });

  it('refuses the same key with another body: 422 IDEMPOTENCY_KEY_REUSED', async () => {
    await book(bookingBody(human, at('2030-03-04', '11:00')), 'key-2');
    const other = await book(bookingBody(human, at('2030-03-04', '11:30')), 'key-2');
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('replays a refusal too, so a retry learns the same outcome', async () => {
    const refused = await book(bookingBody(human, at('2030-03-04', '08:00')), 'key-3');
    expect(refused.body.error.code).toBe('OUTSIDE_WORKING_HOURS');
    const retry = await book(bookingBody(human, at('2030-03-04', '08:00')), 'key-3');
    expect([retry.status, retry.text]).toEqual([refused.status, refused.text]);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
  });

  it('keys are per organization', async () => {
    const other = await app.createOrg('growth');
    const otherHuman = await createUtcHuman(app, other.key);
    await book(bookingBody(human, at('2030-03-05', '10:00')), 'shared-key');
    const res = await app.call('POST', '/v1/bookings', {
      key: other.key,
      body: bookingBody(otherHuman, at('2030-03-05', '10:00')),
      headers: { 'Idempotency-Key': 'shared-key' },
    });
    expect(res.status).toBe(201);
    expect(res.body.human_id).toBe(otherHuman);
  });

  it('10 simultaneous requests with one key: one booking, identical responses', async () => {
    const body = bookingBody(human, at('2030-03-06', '10:00'));
    const { results, tally } = await race(Array.from({ length: 10 }, () => () => book(body, 'key-race')));
    expect(tally).toEqual({ 201: 10 });
    for (const r of results) expect(r.body).toEqual(results[0]!.body);
    expect(await countRows(app, 'bookings', `human_id = '${human}' AND starts_at = '2030-03-06T10:00:00Z'`)).toBe(1);
    expect(await countRows(app, 'events', `booking_id = '${results[0]!.body.id}'`)).toBe(1);
  });

  it('forgets a key after 24 hours', async () => {
    const body = bookingBody(human, at('2030-03-07', '10:00'));
    const first = await book(body, 'key-old');
    await app.call('DELETE', `/v1/bookings/${first.body.id}`, { key });
    app.clock.now = new Date(Date.now() + 25 * 3600 * 1000);
    try {
      const later = await book(body, 'key-old');
      expect(later.status).toBe(201);
      expect(later.body.id).not.toBe(first.body.id);
    } finally {
      app.clock.now = undefined;
    }
  });

  it('rejects an over-long key as a validation error', async () => {
    const res = await book(bookingBody(human, at('2030-03-08', '10:00')), 'k'.repeat(256));
    expect(res.status).toBe(422);
    expect(res.body.error.message).toMatch(/idempotency-key/i);
  });
});
