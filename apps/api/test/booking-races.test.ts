import { describe, expect, it } from 'vitest';
import { anyOverlap, at, bookingBody, countRows, createUtcHuman, race } from './booking-fixtures.js';
import { useTestApp, type TestApp } from './test-app.js';
import { TEST_STORE } from './test-store.js';

let app: TestApp;
let key: string;
useTestApp({ plan: 'growth' }, (ctx) => {
  ({ app, key } = ctx);
});

const book = (body: unknown) => () => app.call('POST', '/v1/bookings', { key, body });

describe(`booking races on the ${TEST_STORE} store`, () => {
  it('50 simultaneous requests for one slot: exactly one 201, 49 × 409 SLOT_UNAVAILABLE', async () => {
    const human = await createUtcHuman(app, key);
    const { results, tally } = await race(Array.from({ length: 50 }, () => book(bookingBody(human, at('2030-02-04', '10:00')))));
    console.info(`[${TEST_STORE}] one slot, 50 requests:`, JSON.stringify(tally));
    expect(tally).toEqual({ 201: 1, 409: 49 });
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.error.code).toBe('SLOT_UNAVAILABLE');
    expect(await countRows(app, 'bookings', `human_id = '${human}' AND status = 'confirmed'`)).toBe(1);
    expect(await countRows(app, 'events', `booking_id IN (SELECT id FROM bookings WHERE human_id = '${human}')`)).toBe(1);
  });

  it('30 simultaneous overlapping requests with different durations: no two confirmed bookings overlap', async () => {
    const human = await createUtcHuman(app, key);
    // Starts on each duration's grid from 09:00, all within 09:00-12:00, so most pairs overlap.
    const starts: [string, number][] = [];
    for (let i = 0; i < 30; i++) {
      const duration = [30, 60, 90][i % 3]!;
      const step = (i * 7) % Math.floor(180 / duration);
      const minutes = 9 * 60 + step * duration;
      starts.push([`${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`, duration]);
    }
    const { tally } = await race(starts.map(([time, d]) => book(bookingBody(human, at('2030-02-05', time), d))));
    console.info(`[${TEST_STORE}] overlapping durations, 30 requests:`, JSON.stringify(tally));
    expect(Object.keys(tally).sort()).toEqual(['201', '409']);
    expect(await anyOverlap(app, human)).toBe(false);
    expect(await countRows(app, 'bookings', `human_id = '${human}'`)).toBe(tally[201]);
  });

  it('a cancelled booking frees its slot for exactly one of the next racers', async () => {
    const human = await createUtcHuman(app, key);
    const first = await app.call('POST', '/v1/bookings', { key, body: bookingBody(human, at('2030-02-06', '10:00')) });
    await app.call('DELETE', `/v1/bookings/${first.body.id}`, { key });
    const { tally } = await race(Array.from({ length: 10 }, () => book(bookingBody(human, at('2030-02-06', '10:00')))));
    expect(tally).toEqual({ 201: 1, 409: 9 });
  });
});
