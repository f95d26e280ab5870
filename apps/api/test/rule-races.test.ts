import { describe, expect, it } from 'vitest';
import { at, bookingBody, MONDAY, race } from './booking-fixtures.js';
import { createRuledHuman } from './rules-fixtures.js';
import { useTestApp, type TestApp } from './test-app.js';

let app: TestApp;
let key: string;
useTestApp({ plan: 'growth' }, (ctx) => {
  ({ app, key } = ctx);
});

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const book = (humanId: string, time: string) => () =>
  app.call('POST', '/v1/bookings', { key, body: bookingBody(humanId, at(MONDAY, time), 30) });

async function confirmedStarts(humanId: string) {
  const rows = await app.database.store.db.booking.findMany({
    where: { humanId, status: 'confirmed' },
    orderBy: { startsAt: 'asc' },
  });
  return rows.map((r) => r.startsAt.getTime());
}

describe('rules under concurrency (the database keeps them)', () => {
  it('30 racing bookings on back-to-back starts never break a 30-minute buffer', async () => {
    const humanId = await createRuledHuman(app, key, { buffer_after: 30 }, { start: '00:00', end: '23:30', durations: [30] });
    const { tally } = await race(Array.from({ length: 30 }, (_, i) => book(humanId, hhmm(i * 30))));
    expect((tally[201] ?? 0) + (tally[409] ?? 0)).toBe(30);
    expect(tally[201]).toBeGreaterThanOrEqual(1);
    const starts = await confirmedStarts(humanId);
    expect(starts).toHaveLength(tally[201]!);
    // Each booking holds [start, end + 30 min): consecutive ones are at least an hour apart.
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(60 * 60_000);
  });

  it('30 racing bookings on free, disjoint starts of one day: exactly max_bookings_per_day succeed', async () => {
    const humanId = await createRuledHuman(app, key, { max_bookings_per_day: 3 }, { start: '00:00', end: '23:30', durations: [30] });
    const { tally } = await race(Array.from({ length: 30 }, (_, i) => book(humanId, hhmm(i * 30))));
    expect(tally).toEqual({ 201: 3, 409: 27 });
    expect(await confirmedStarts(humanId)).toHaveLength(3);
    const [count] = await app.database.store.db.bookingDayCount.findMany({ where: { humanId } });
    expect(count?.confirmed).toBe(3);
  });
});
