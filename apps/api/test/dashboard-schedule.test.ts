import { computeSlots } from '@humantime/slot-engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, createUtcHuman, MONDAY } from './booking-fixtures.js';
import { signUp, type DashboardUser } from './dashboard-fixtures.js';
import { expectEnvelope, expectValidationError, RULES_OFF, SCHEDULE } from './expectations.js';
import { startTestApp, type TestApp } from './test-app.js';

// A human's page edits the schedule: weekly hours and rules, and overrides, through the
// services of PUT /v1/humans/{id}/availability and POST/DELETE /v1/humans/{id}/overrides.

let app: TestApp;
let user: DashboardUser;

beforeAll(async () => {
  app = await startTestApp();
  user = await signUp(app, undefined, 'Schedules Inc');
});
afterAll(() => app?.close());

const v1 = (method: string, path: string, body?: unknown, key = user.apiKey) =>
  app.call(method, `/v1${path}`, { key, ...(body === undefined ? {} : { body }) });
const week = async (human: string, duration = 30) => {
  const res = await user.call('GET', `/humans/${human}/week?week_start=${MONDAY}&duration=${duration}`);
  expect(res.status, res.text).toBe(200);
  return res.body as { slots: { starts_at: string }[]; busy: { starts_at: string; ends_at: string }[]; bookings: unknown[] };
};
const startsOn = (slots: { starts_at: string }[], date: string) =>
  slots.filter((s) => s.starts_at.startsWith(date)).map((s) => s.starts_at.slice(11, 16));

describe('weekly hours and rules', () => {
  it('saves through the /v1 service: the same answer as GET /v1 availability, and the week follows', async () => {
    const human = await createUtcHuman(app, user.apiKey, [30, 60]);
    const body = {
      working_days: [3, 1, 2],
      work_start: '10:00',
      work_end: '12:00',
      meeting_durations: [60, 30],
      buffer_before: 15,
      minimum_notice: 60,
      slot_interval: 30,
      max_bookings_per_day: 3,
      preferred_hours: [{ weekdays: [2, 1], start: '10:00', end: '11:00' }],
    };
    const saved = await user.call('PUT', `/humans/${human}/availability`, { body });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual({
      ...RULES_OFF,
      working_days: [1, 2, 3],
      work_start: '10:00',
      work_end: '12:00',
      meeting_durations: [30, 60],
      buffer_before: 15,
      minimum_notice: 60,
      slot_interval: 30,
      max_bookings_per_day: 3,
      preferred_hours: [{ weekdays: [1, 2], start: '10:00', end: '11:00' }],
    });
    expect((await v1('GET', `/humans/${human}/availability`)).body).toEqual(saved.body);
    expect((await user.call('GET', `/humans/${human}`)).body.human.availability_rules).toEqual(saved.body);

    const hour = await week(human, 60);
    expect(startsOn(hour.slots, MONDAY)).toEqual(['10:00', '10:30', '11:00']);
    expect(startsOn(hour.slots, '2030-01-10')).toEqual([]);
    const listed = await v1('GET', `/humans/${human}/slots?date_from=${MONDAY}&date_to=2030-01-13&duration=60`);
    expect(hour.slots).toEqual(listed.body.slots);

    // A PUT replaces the whole schedule: the rules left out are off again.
    const plain = await user.call('PUT', `/humans/${human}/availability`, { body: SCHEDULE });
    expect(plain.body).toEqual({ ...SCHEDULE, ...RULES_OFF });
  });

  it('refuses an invalid schedule with 422 naming each field as /v1 does, and keeps the saved one', async () => {
    const human = await createUtcHuman(app, user.apiKey);
    const before = (await v1('GET', `/humans/${human}/availability`)).body;
    const body = { ...SCHEDULE, work_start: '17:00', work_end: '09:00', meeting_durations: [30, 2], buffer_before: 999 };
    const refused = await user.call('PUT', `/humans/${human}/availability`, { body });
    expectValidationError(refused, [
      'work_end: must be later than work_start',
      'meeting_durations.1: must be at least 5 minutes',
      'buffer_before: must be between 0 and 240 minutes',
    ]);
    expect(refused.body.error.message).toBe((await v1('PUT', `/humans/${human}/availability`, body)).body.error.message);
    const window = await user.call('PUT', `/humans/${human}/availability`, {
      body: { ...SCHEDULE, preferred_hours: [{ weekdays: [1], start: '12:00', end: '11:00' }] },
    });
    expectValidationError(window, ['preferred_hours.0.end: must be later than start']);
    expect((await v1('GET', `/humans/${human}/availability`)).body).toEqual(before);
  });
});

describe('overrides', () => {
  it('adds and removes time off and extra hours through the /v1 services; the page and the week follow', async () => {
    const human = await createUtcHuman(app, user.apiKey);
    expect((await user.call('PUT', `/humans/${human}/availability`, { body: SCHEDULE })).status).toBe(200);

    const off = await user.call('POST', `/humans/${human}/overrides`, {
      body: { kind: 'block', start_date: MONDAY, reason: 'Dentist' },
    });
    expect(off.status, off.text).toBe(201);
    expect(off.body).toMatchObject({ kind: 'block', start_date: MONDAY, end_date: MONDAY, start_time: null, reason: 'Dentist' });
    const extra = await user.call('POST', `/humans/${human}/overrides`, {
      body: { kind: 'open', start_date: '2030-01-12', start_time: '10:00', end_time: '12:00' },
    });
    expect(extra.status, extra.text).toBe(201);

    expect((await v1('GET', `/humans/${human}/overrides`)).body.data).toEqual([extra.body, off.body]);
    expect((await user.call('GET', `/humans/${human}`)).body.overrides).toEqual([extra.body, off.body]);
    const during = await week(human);
    expect(startsOn(during.slots, MONDAY)).toEqual([]);
    expect(startsOn(during.slots, '2030-01-12')).toEqual(['10:00', '10:30', '11:00', '11:30']);

    expectValidationError(await user.call('POST', `/humans/${human}/overrides`, { body: { kind: 'open', start_date: MONDAY } }), [
      'start_time: is required for an open override',
    ]);
    expectValidationError(
      await user.call('POST', `/humans/${human}/overrides`, { body: { kind: 'block', start_date: MONDAY, end_date: '2030-01-01' } }),
      ['end_date: must not be before start_date'],
    );

    const removed = await user.call('DELETE', `/humans/${human}/overrides/${off.body.id}`);
    expect(removed.status, removed.text).toBe(204);
    expect((await v1('GET', `/humans/${human}/overrides`)).body.data).toEqual([extra.body]);
    expect(startsOn((await week(human)).slots, MONDAY)).toHaveLength(16);
    expectEnvelope(await user.call('DELETE', `/humans/${human}/overrides/${off.body.id}`), 404, 'NOT_FOUND');
  });
});

describe("another organization's human", () => {
  it('is 404 for saving hours and for adding or removing overrides, and stays as it was', async () => {
    const other = await signUp(app, undefined, 'Elsewhere');
    const theirs = await createUtcHuman(app, other.apiKey);
    const theirOverride = (await v1('POST', `/humans/${theirs}/overrides`, { kind: 'block', start_date: MONDAY }, other.apiKey)).body;
    const mine = await createUtcHuman(app, user.apiKey);
    const before = (await v1('GET', `/humans/${theirs}/availability`, undefined, other.apiKey)).body;

    expectEnvelope(await user.call('PUT', `/humans/${theirs}/availability`, { body: SCHEDULE }), 404, 'NOT_FOUND');
    expectEnvelope(
      await user.call('POST', `/humans/${theirs}/overrides`, { body: { kind: 'block', start_date: MONDAY } }),
      404,
      'NOT_FOUND',
    );
    expectEnvelope(await user.call('DELETE', `/humans/${theirs}/overrides/${theirOverride.id}`), 404, 'NOT_FOUND');
    // Their override through one of my humans is not mine either.
    expectEnvelope(await user.call('DELETE', `/humans/${mine}/overrides/${theirOverride.id}`), 404, 'NOT_FOUND');
    expectEnvelope(await user.call('PUT', `/humans/not-a-uuid/availability`, { body: SCHEDULE }), 404, 'NOT_FOUND');

    expect((await v1('GET', `/humans/${theirs}/availability`, undefined, other.apiKey)).body).toEqual(before);
    expect((await v1('GET', `/humans/${theirs}/overrides`, undefined, other.apiKey)).body.data).toEqual([theirOverride]);
  });
});

describe("the week's busy time", () => {
  it('is what the slots avoid: the slot engine on it, with the saved hours, lists what the server lists', async () => {
    const human = await createUtcHuman(app, user.apiKey);
    const rules = { ...SCHEDULE, working_days: [1, 2], buffer_before: 15, buffer_after: 10, max_bookings_per_day: 2 };
    expect((await user.call('PUT', `/humans/${human}/availability`, { body: rules })).status).toBe(200);
    const booked = await v1('POST', '/bookings', { human_id: human, starts_at: at(MONDAY, '10:00'), duration: 30, attendee_name: 'Agent' });
    expect(booked.status, booked.text).toBe(201);
    const held = await v1('POST', '/holds', { human_id: human, starts_at: at('2030-01-08', '14:00'), duration: 30 });
    expect(held.status, held.text).toBe(201);

    const shown = await week(human);
    // The booking as it claims its time, with the buffers it was made with; the hold too.
    expect(shown.busy).toContainEqual({ starts_at: at(MONDAY, '09:45'), ends_at: at(MONDAY, '10:40') });
    expect(shown.busy.some((b) => b.starts_at <= at('2030-01-08', '14:00') && b.ends_at >= at('2030-01-08', '14:30'))).toBe(true);

    // What the page does for a preview: the engine over the week's busy time and bookings.
    const preview = computeSlots({
      timezone: 'UTC',
      schedule: { workingDays: rules.working_days, workStart: rules.work_start, workEnd: rules.work_end },
      overrides: [],
      busy: shown.busy.map((b) => ({ start: Date.parse(b.starts_at), end: Date.parse(b.ends_at) })),
      rules: { bufferBefore: 15, bufferAfter: 10, maxBookingsPerDay: 2 },
      bookingsPerDay: { [MONDAY]: shown.bookings.length },
      dateFrom: MONDAY,
      dateTo: '2030-01-13',
      durationMinutes: 30,
      now: Date.now(),
    });
    expect(preview.map((s) => new Date(s.start).toISOString().replace('.000Z', 'Z'))).toEqual(shown.slots.map((s) => s.starts_at));
  });
});
