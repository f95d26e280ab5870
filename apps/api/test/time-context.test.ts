import { TimeContextSchema } from '@humantime/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { addOverride, createHumanIn, expectError, WEEKDAYS } from './schedule-fixtures.js';
import { useTestApp, type TestApp } from './test-app.js';

// GET /v1/humans/{id}/time: the human's clock at the service clock's instant (pinned here),
// the next offset change, and whether the human is at work, from weekly hours and overrides.

let app: TestApp;
let key: string;

useTestApp({}, (ctx) => {
  ({ app, key } = ctx);
});
afterEach(() => {
  app.clock.now = undefined;
});

const NINE_TO_FIVE = { working_days: WEEKDAYS, work_start: '09:00', work_end: '17:00', meeting_durations: [30] };

async function timeAt(humanId: string, now: string, k = key) {
  app.clock.now = new Date(now);
  return app.call('GET', `/v1/humans/${humanId}/time`, { key: k });
}

async function contextAt(humanId: string, now: string) {
  const res = await timeAt(humanId, now);
  expect(res.status, res.text).toBe(200);
  expect(TimeContextSchema.strict().parse(res.body)).toEqual(res.body);
  return res.body as Record<string, unknown>;
}

describe('GET /v1/humans/{id}/time', () => {
  it("answers the human's clock, the next offset change and whether they are at work", async () => {
    const berlin = await createHumanIn(app, key, 'Europe/Berlin', NINE_TO_FIVE);
    // Tuesday 15:04:37 in Berlin, in working hours; seconds are kept in `now`, dropped in `local`.
    expect(await contextAt(berlin, '2026-11-24T14:04:37.250Z')).toEqual({
      now: '2026-11-24T14:04:37Z',
      timezone: 'Europe/Berlin',
      utc_offset: '+01:00',
      local: 'Tue 2026-11-24 15:04 Europe/Berlin (+01:00)',
      next_offset_change: { at: '2027-03-28T01:00:00Z', from: '+01:00', to: '+02:00' },
      open_now: true,
      next_open_at: '2026-11-25T08:00:00Z',
    });
  });

  it('follows Europe/Berlin across the end of summer time', async () => {
    const berlin = await createHumanIn(app, key, 'Europe/Berlin', NINE_TO_FIVE);
    // Friday 14:00 CEST: the clocks go back on Sunday, so Monday 09:00 is 08:00Z, not 07:00Z.
    expect(await contextAt(berlin, '2026-10-23T12:00:00Z')).toMatchObject({
      utc_offset: '+02:00',
      local: 'Fri 2026-10-23 14:00 Europe/Berlin (+02:00)',
      next_offset_change: { at: '2026-10-25T01:00:00Z', from: '+02:00', to: '+01:00' },
      open_now: true,
      next_open_at: '2026-10-26T08:00:00Z',
    });
    // The last second of summer time, and the first of winter time (02:00 again).
    expect(await contextAt(berlin, '2026-10-25T00:59:59Z')).toMatchObject({
      local: 'Sun 2026-10-25 02:59 Europe/Berlin (+02:00)',
      next_offset_change: { at: '2026-10-25T01:00:00Z', from: '+02:00', to: '+01:00' },
      open_now: false,
    });
    expect(await contextAt(berlin, '2026-10-25T01:00:00Z')).toMatchObject({
      utc_offset: '+01:00',
      local: 'Sun 2026-10-25 02:00 Europe/Berlin (+01:00)',
      next_offset_change: { at: '2027-03-28T01:00:00Z', from: '+01:00', to: '+02:00' },
    });
  });

  it('has no next offset change in a zone without DST', async () => {
    const tokyo = await createHumanIn(app, key, 'Asia/Tokyo', NINE_TO_FIVE);
    // Wednesday 00:30 in Tokyo while it is still Tuesday in UTC: "today" is Wednesday there.
    expect(await contextAt(tokyo, '2026-11-24T15:30:00Z')).toEqual({
      now: '2026-11-24T15:30:00Z',
      timezone: 'Asia/Tokyo',
      utc_offset: '+09:00',
      local: 'Wed 2026-11-25 00:30 Asia/Tokyo (+09:00)',
      next_offset_change: null,
      open_now: false,
      next_open_at: '2026-11-25T00:00:00Z',
    });
    const utc = await createHumanIn(app, key, 'UTC', NINE_TO_FIVE);
    expect(await contextAt(utc, '2026-11-24T15:30:00Z')).toMatchObject({
      utc_offset: '+00:00',
      local: 'Tue 2026-11-24 15:30 UTC (+00:00)',
      next_offset_change: null,
    });
    const newfoundland = await createHumanIn(app, key, 'America/St_Johns', NINE_TO_FIVE);
    expect(await contextAt(newfoundland, '2026-11-24T15:30:00Z')).toMatchObject({
      utc_offset: '-03:30',
      local: 'Tue 2026-11-24 12:00 America/St_Johns (-03:30)',
    });
  });

  it('is closed during a block override, and the next opening is where the block ends', async () => {
    const berlin = await createHumanIn(app, key, 'Europe/Berlin', NINE_TO_FIVE);
    await addOverride(app, key, berlin, {
      kind: 'block',
      start_date: '2026-11-24',
      start_time: '12:00',
      end_time: '13:00',
      reason: 'Lunch',
    });
    // 12:30 local, inside the lunch block.
    expect(await contextAt(berlin, '2026-11-24T11:30:00Z')).toMatchObject({ open_now: false, next_open_at: '2026-11-24T12:00:00Z' });
    // 10:00 local: at work, and the next opening is after lunch, not tomorrow.
    expect(await contextAt(berlin, '2026-11-24T09:00:00Z')).toMatchObject({ open_now: true, next_open_at: '2026-11-24T12:00:00Z' });
    // 13:00 local, the block's end: at work again.
    expect(await contextAt(berlin, '2026-11-24T12:00:00Z')).toMatchObject({ open_now: true, next_open_at: '2026-11-25T08:00:00Z' });
  });

  it('is open during an open override, outside working hours too', async () => {
    const berlin = await createHumanIn(app, key, 'Europe/Berlin', NINE_TO_FIVE);
    await addOverride(app, key, berlin, {
      kind: 'open',
      start_date: '2026-11-28',
      start_time: '10:00',
      end_time: '12:00',
      reason: 'Saturday clinic',
    });
    await addOverride(app, key, berlin, { kind: 'open', start_date: '2026-11-24', start_time: '18:00', end_time: '20:00' });
    // Saturday 10:30 local.
    expect(await contextAt(berlin, '2026-11-28T09:30:00Z')).toMatchObject({ open_now: true, next_open_at: '2026-11-30T08:00:00Z' });
    // Friday 17:30 local: closed, and the next opening is Saturday's override.
    expect(await contextAt(berlin, '2026-11-27T16:30:00Z')).toMatchObject({ open_now: false, next_open_at: '2026-11-28T09:00:00Z' });
    // Tuesday 17:30 local: between the day's hours and the evening override.
    expect(await contextAt(berlin, '2026-11-24T16:30:00Z')).toMatchObject({ open_now: false, next_open_at: '2026-11-24T17:00:00Z' });
    expect(await contextAt(berlin, '2026-11-24T17:00:00Z')).toMatchObject({ open_now: true, next_open_at: '2026-11-25T08:00:00Z' });
  });

  it('ignores bookings: a booked hour is still time at work', async () => {
    const berlin = await createHumanIn(app, key, 'Europe/Berlin', NINE_TO_FIVE);
    app.clock.now = new Date('2026-11-20T09:00:00Z');
    const booked = await app.call('POST', '/v1/bookings', {
      key,
      body: { human_id: berlin, starts_at: '2026-11-24T09:00:00Z', duration: 30, attendee_name: 'Agent Smith' },
    });
    expect(booked.status, booked.text).toBe(201);
    expect(await contextAt(berlin, '2026-11-24T09:10:00Z')).toMatchObject({ open_now: true, next_open_at: '2026-11-25T08:00:00Z' });
  });

  it('answers null for next_open_at when nothing opens within 14 days', async () => {
    const berlin = await createHumanIn(app, key, 'Europe/Berlin', NINE_TO_FIVE);
    const vacation = await addOverride(app, key, berlin, {
      kind: 'block',
      start_date: '2026-11-24',
      end_date: '2026-12-07',
      reason: 'Vacation',
    });
    // Tuesday 11:00 local; the first working morning after the block, Tuesday 2026-12-08 09:00,
    // is 13 days 22 hours away: inside the 14 days.
    expect(await contextAt(berlin, '2026-11-24T10:00:00Z')).toMatchObject({ open_now: false, next_open_at: '2026-12-08T08:00:00Z' });
    expect((await app.call('DELETE', `/v1/humans/${berlin}/overrides/${vacation.id}`, { key })).status).toBe(204);
    // One more day off puts the next morning, Wednesday 2026-12-09, past them.
    await addOverride(app, key, berlin, { kind: 'block', start_date: '2026-11-24', end_date: '2026-12-08', reason: 'Vacation' });
    expect(await contextAt(berlin, '2026-11-24T10:00:00Z')).toMatchObject({ open_now: false, next_open_at: null });
  });

  it("answers 404 NOT_FOUND for another organization's human, a deleted one and an unknown id", async () => {
    const berlin = await createHumanIn(app, key, 'Europe/Berlin', NINE_TO_FIVE);
    const other = await app.createOrg();
    expectError(await timeAt(berlin, '2026-11-24T14:04:00Z', other.key), 404, 'NOT_FOUND');
    expectError(await timeAt('00000000-0000-4000-8000-000000000000', '2026-11-24T14:04:00Z'), 404, 'NOT_FOUND');
    expectError(await timeAt('not-a-uuid', '2026-11-24T14:04:00Z'), 404, 'NOT_FOUND');
    expect((await app.call('DELETE', `/v1/humans/${berlin}`, { key })).status).toBe(204);
    expectError(await timeAt(berlin, '2026-11-24T14:04:00Z'), 404, 'NOT_FOUND');
    expectError(await app.call('GET', `/v1/humans/${berlin}/time`), 401, 'UNAUTHORIZED');
  });

  it('reads the real clock when nobody pins it', async () => {
    const tokyo = await createHumanIn(app, key, 'Asia/Tokyo', NINE_TO_FIVE);
    const before = Math.floor(Date.now() / 1000) * 1000;
    const res = await app.call('GET', `/v1/humans/${tokyo}/time`, { key });
    expect(res.status).toBe(200);
    expect(res.body.now).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(Date.parse(res.body.now)).toBeGreaterThanOrEqual(before);
    expect(res.body.local).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{4}-\d\d-\d\d \d\d:\d\d Asia\/Tokyo \(\+09:00\)$/);
  });
});
