// Cancels and moves racing bookings of the same human's day: a cancel frees a time claim and
// the day's count while a booking claims time and counts the day. On PostgreSQL the two could
// wait on each other's rows (a deadlock, 40P01, which the server breaks by aborting one: a 500
// for the cancel) until cancels and moves locked the booking and its day before anything else
// (a move: db/tables/booking-day-counts.ts lockBookingDay; a cancel: the first steps of its
// statement, db/cancel-statement.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyOverlap, at, bookingBody, createUtcHuman, MONDAY, race } from './booking-fixtures.js';
import { startTestApp, type TestApp } from './test-app.js';

let app: TestApp;
let key: string;

beforeAll(async () => {
  app = await startTestApp();
  key = (await app.createOrg('growth', true)).key;
});
afterAll(() => app.close());

const SLOTS = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30'];

describe('cancels and moves racing bookings of the same day', () => {
  it('every cancel answers 200 and every booking 201 or 409, round after round', async () => {
    const human = await createUtcHuman(app, key);
    const book = (time: string) => app.call('POST', '/v1/bookings', { key, body: bookingBody(human, at(MONDAY, time)) });
    let booked = await Promise.all(SLOTS.map(async (time) => (await book(time)).body.id as string));
    for (let round = 0; round < 6; round++) {
      // Each booking's slot is cancelled while it is booked again, and its neighbours too.
      const { results, tally } = await race<{ body: { id?: string }; text: string }>([
        ...booked.map((id) => () => app.call('DELETE', `/v1/bookings/${id}`, { key })),
        ...SLOTS.map((time) => () => book(time)),
      ]);
      const cancels = results.slice(0, booked.length);
      const rebooked = results.slice(booked.length);
      expect(
        cancels.map((r) => r.status),
        cancels.map((r) => r.text).join('\n'),
      ).toEqual(booked.map(() => 200));
      expect(
        rebooked.every((r) => r.status === 201 || r.status === 409),
        JSON.stringify(tally),
      ).toBe(true);
      // Whatever lost its race is booked again for the next round.
      booked = await Promise.all(
        SLOTS.map(async (time, i) => (rebooked[i]!.status === 201 ? rebooked[i]!.body.id! : ((await book(time)).body.id as string))),
      );
      expect(booked.every(Boolean)).toBe(true);
    }
  });

  it('every move answers 201 or 409 and every booking 201 or 409, its old and new slot booked meanwhile', async () => {
    const human = await createUtcHuman(app, key);
    const book = (time: string) => app.call('POST', '/v1/bookings', { key, body: bookingBody(human, at(MONDAY, time)) });
    const LATER = ['13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30'];
    const booked = await Promise.all(SLOTS.map(async (time) => (await book(time)).body.id as string));
    const { results, tally } = await race<{ text: string }>([
      ...booked.map(
        (id, i) => () => app.call('POST', `/v1/bookings/${id}/reschedule`, { key, body: { starts_at: at(MONDAY, LATER[i]!) } }),
      ),
      ...SLOTS.map((time) => () => book(time)),
      ...LATER.map((time) => () => book(time)),
    ]);
    const moves = results.slice(0, booked.length);
    expect(
      moves.every((r) => r.status === 201 || r.status === 409),
      moves.map((r) => r.text).join('\n'),
    ).toBe(true);
    expect(
      results.slice(booked.length).every((r) => r.status === 201 || r.status === 409),
      JSON.stringify(tally),
    ).toBe(true);
    // No two confirmed bookings of the human overlap, whoever won.
    expect(await anyOverlap(app, human)).toBe(false);
  });
});
