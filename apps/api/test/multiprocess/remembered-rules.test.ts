import { describe, expect, it } from 'vitest';
import { at, bookingBody } from '../booking-fixtures.js';
import { ADMIN, callProcess as call, useTwoApiProcesses } from './two-processes.js';

// Process A judges bookings on the snapshot it remembers of a human; process B changes that
// human. Nothing tells A: the atomic statement's rules_version check must, so A's very next
// booking is judged on B's rules. And A's remembered busy time never refuses by itself.
const { urls } = useTwoApiProcesses();
const [A, B] = [0, 1];
const MONDAY = '2030-04-01';
const DAY = { working_days: [1, 2, 3, 4, 5, 6, 7], work_start: '09:00', work_end: '17:00', meeting_durations: [30] };

describe('a remembered snapshot across two API processes on PostgreSQL', () => {
  it("meets another process's change of hours, override and deletion, and its cancellation", async () => {
    const org = (await call(urls[A]!, 'POST', '/admin/v1/organizations', ADMIN, { name: 'Rules', plan: 'growth' })).body;
    const human = (await call(urls[B]!, 'POST', '/v1/humans', org.api_key, { name: 'Changed', timezone: 'UTC', availability: DAY })).body
      .id;
    // 10:00-11:59 UTC starts share their candidate dates, so A's later bookings meet the
    // snapshot its first one read (the month's first booking: it also makes the quota shards).
    const book = (p: number, time: string) => call(urls[p]!, 'POST', '/v1/bookings', org.api_key, bookingBody(human, at(MONDAY, time)));
    const first = await book(A, '10:00');
    expect(first.status).toBe(201);
    expect((await book(A, '10:30')).status).toBe(201);

    const put = await call(urls[B]!, 'PUT', `/v1/humans/${human}/availability`, org.api_key, { ...DAY, work_end: '11:00' });
    expect(put.status).toBe(200);
    const late = await book(A, '11:30');
    expect([late.status, late.body.error?.code]).toEqual([422, 'OUTSIDE_WORKING_HOURS']);

    const blocked = await call(urls[B]!, 'POST', `/v1/humans/${human}/overrides`, org.api_key, {
      kind: 'block',
      start_date: MONDAY,
      end_date: MONDAY,
      start_time: '10:00',
      end_time: '11:00',
    });
    expect(blocked.status).toBe(201);
    // A now remembers the snapshot it read for the refusal above: 10:00's booking is busy in it.
    const overBlock = await book(A, '10:00');
    expect([overBlock.status, overBlock.body.error?.code]).toEqual([422, 'SCHEDULE_BLOCKED']);
    expect((await call(urls[B]!, 'DELETE', `/v1/humans/${human}/overrides/${blocked.body.id}`, org.api_key)).status).toBe(204);

    // B cancels 10:00; A still remembers it busy, and books it.
    expect((await call(urls[B]!, 'DELETE', `/v1/bookings/${first.body.id}`, org.api_key)).status).toBe(200);
    const freed = await book(A, '10:00');
    expect(freed.status, JSON.stringify(freed.body)).toBe(201);

    // 09:00 is free in what A remembers: only the statement's check can find the deletion.
    expect((await call(urls[B]!, 'DELETE', `/v1/humans/${human}`, org.api_key)).status).toBe(204);
    const gone = await book(A, '09:00');
    expect([gone.status, gone.body.error?.code]).toEqual([404, 'NOT_FOUND']);
  });
});
