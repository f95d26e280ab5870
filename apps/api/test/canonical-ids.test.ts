import { describe, expect, it } from 'vitest';
import { MONDAY, at, bookingBody, createUtcHuman } from './booking-fixtures.js';
import { useTestApp, type TestApp } from './test-app.js';

// A UUID is read case-insensitively (RFC 9562): an id sent in upper case names the same
// resource on every route. Before, the humans routes found it (PostgreSQL compares uuid
// values) while the slots, time, check, suggestions and booking routes, which compare ids as
// text, answered 404.

let app: TestApp;
let key: string;
useTestApp({ plan: 'growth' }, (ctx) => {
  ({ app, key } = ctx);
});

describe('ids in upper case', () => {
  it('name the same human on every route, and come back in lower case', async () => {
    app.clock.now = new Date(`${MONDAY}T06:00:00Z`);
    const id = await createUtcHuman(app, key, [30]);
    const other = await createUtcHuman(app, key, [30]);
    const ID = id.toUpperCase();
    const OTHER = other.toUpperCase();
    const day = `date_from=${MONDAY}&date_to=${MONDAY}&duration=30`;
    for (const path of [
      `/v1/humans/${ID}`,
      `/v1/humans/${ID}/time`,
      `/v1/humans/${ID}/slots?${day}`,
      `/v1/humans/${ID}/check?starts_at=${at(MONDAY, '10:00')}&duration=30`,
      `/v1/slots?human_ids=${ID},${OTHER}&mode=all&${day}`,
      `/v1/suggestions?human_ids=${ID}&${day}`,
      `/v1/bookings?human_id=${ID}`,
    ]) {
      const res = await app.call('GET', path, { key });
      expect(res.status, `${path}: ${res.text}`).toBe(200);
      expect(res.text, path).not.toContain(ID);
    }
    const booked = await app.call('POST', '/v1/bookings', { key, body: bookingBody(ID, at(MONDAY, '10:00')) });
    expect(booked.status, booked.text).toBe(201);
    expect(booked.body.human_id).toBe(id);
    const group = await app.call('POST', '/v1/bookings', {
      key,
      body: { human_ids: [ID, OTHER], mode: 'all', starts_at: at(MONDAY, '11:00'), duration: 30, attendee_name: 'Ada' },
    });
    expect(group.status, group.text).toBe(201);
    // The same human twice, in two cases, is the same human twice.
    const twice = await app.call('GET', `/v1/slots?human_ids=${id},${ID}&mode=all&${day}`, { key });
    expect([twice.status, twice.body.error?.code]).toEqual([422, 'VALIDATION_ERROR']);
    // Metadata is never touched.
    const kept = await app.call('POST', '/v1/bookings', {
      key,
      body: bookingBody(id, at(MONDAY, '12:00'), 30, { metadata: { ref_id: ID } }),
    });
    expect(kept.body.metadata).toEqual({ ref_id: ID });
  });
});
