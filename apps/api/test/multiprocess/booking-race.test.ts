import { describe, expect, it } from 'vitest';
import { anyOverlap, at, bookingBody, race } from '../booking-fixtures.js';
import { ADMIN, callProcess as call, useTwoApiProcesses } from './two-processes.js';

// Two API processes, each with its own connection pool, sharing one PostgreSQL database:
// the exclusion constraint, not any in-process lock, must decide every race.
const { urls, database } = useTwoApiProcesses();

describe('booking races across two API processes on PostgreSQL', () => {
  it('50 requests for one slot split over both processes: one 201, 49 × 409', async () => {
    const org = (await call(urls[0]!, 'POST', '/admin/v1/organizations', ADMIN, { name: 'Race', plan: 'growth' })).body;
    const availability = { working_days: [1, 2, 3, 4, 5, 6, 7], work_start: '09:00', work_end: '17:00', meeting_durations: [30, 60, 90] };
    const human = (await call(urls[1]!, 'POST', '/v1/humans', org.api_key, { name: 'Racer', timezone: 'UTC', availability })).body.id;

    const { tally } = await race(
      Array.from(
        { length: 50 },
        (_, i) => () => call(urls[i % 2]!, 'POST', '/v1/bookings', org.api_key, bookingBody(human, at('2030-04-01', '10:00'))),
      ),
    );
    console.info('[postgres, 2 processes] one slot, 50 requests:', JSON.stringify(tally));
    expect(tally).toEqual({ 201: 1, 409: 49 });

    const mixed = await race(
      Array.from({ length: 30 }, (_, i) => {
        const duration = [30, 60, 90][i % 3]!;
        const start = 9 * 60 + ((i * 5) % Math.floor(180 / duration)) * duration;
        const time = `${String(Math.floor(start / 60)).padStart(2, '0')}:${String(start % 60).padStart(2, '0')}`;
        return () => call(urls[i % 2]!, 'POST', '/v1/bookings', org.api_key, bookingBody(human, at('2030-04-02', time), duration));
      }),
    );
    console.info('[postgres, 2 processes] overlapping durations, 30 requests:', JSON.stringify(mixed.tally));
    expect(Object.keys(mixed.tally).sort()).toEqual(['201', '409']);
    const overlap = await anyOverlap({ database: database() }, human);
    expect(overlap).toBe(false);
  });
});
