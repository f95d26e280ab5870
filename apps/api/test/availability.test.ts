import { describe, expect, it } from 'vitest';
import { createHuman, expectEnvelope, expectValidationError, returned, SCHEDULE } from './expectations.js';
import { useTestApp, type TestApp } from './test-app.js';

let app: TestApp;
let key: string;
let humanId: string;
useTestApp({}, async (ctx) => {
  ({ app, key } = ctx);
  humanId = (await createHuman(app, key, { timezone: 'Europe/Berlin' })).id;
});

const path = (id = humanId) => `/v1/humans/${id}/availability`;
const put = (body: unknown, id = humanId) => app.call('PUT', path(id), { key, body });

describe('GET /v1/humans/{id}/availability', () => {
  it('returns the base schedule: its four fields and the six rules (null when off)', async () => {
    const human = await createHuman(app, key);
    const res = await app.call('GET', path(human.id), { key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(returned(SCHEDULE));
    expect(res.body).toEqual(human.availability_rules);
  });

  it('answers 404 for an unknown human', async () => {
    expectEnvelope(await app.call('GET', path('00000000-0000-4000-8000-000000000000'), { key }), 404, 'NOT_FOUND');
  });
});

describe('PUT /v1/humans/{id}/availability', () => {
  it('answers 200 with the new schedule and keeps it', async () => {
    const schedule = { working_days: [7, 6], work_start: '00:00', work_end: '23:59', meeting_durations: [480, 5, 45] };
    const res = await put(schedule);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual(returned({ working_days: [6, 7], work_start: '00:00', work_end: '23:59', meeting_durations: [5, 45, 480] }));
    expect((await app.call('GET', path(), { key })).body).toEqual(res.body);
    const human = await app.call('GET', `/v1/humans/${humanId}`, { key });
    expect(human.body.availability_rules).toEqual(res.body);
    expect(human.body.timezone).toBe('Europe/Berlin');
  });

  it('replaces the whole schedule each time', async () => {
    expect((await put(SCHEDULE)).body).toEqual(returned(SCHEDULE));
    const next = { working_days: [3], work_start: '13:00', work_end: '13:05', meeting_durations: [5] };
    expect((await put(next)).body).toEqual(returned(next));
    expect((await app.call('GET', path(), { key })).body).toEqual(returned(next));
  });

  it('accepts the limits: all 7 days, 20 durations, 5 and 480 minutes', async () => {
    const durations = Array.from({ length: 20 }, (_, i) => 5 + i * 5);
    const res = await put({ working_days: [1, 2, 3, 4, 5, 6, 7], work_start: '08:00', work_end: '20:00', meeting_durations: durations });
    expect(res.status, res.text).toBe(200);
    expect(res.body.meeting_durations).toEqual(durations);
    expect((await put({ ...SCHEDULE, meeting_durations: [480] })).status).toBe(200);
  });

  const invalid: Array<[string, Record<string, unknown>, string[]]> = [
    ['working_days empty', { working_days: [] }, ['working_days']],
    ['working_days with a duplicate', { working_days: [1, 1, 2] }, ['working_days']],
    ['working_days with 0', { working_days: [0, 1] }, ['working_days']],
    ['working_days with 8', { working_days: [1, 8] }, ['working_days']],
    ['working_days with a fraction', { working_days: [1.5] }, ['working_days']],
    ['working_days as strings', { working_days: ['1'] }, ['working_days']],
    ['working_days not an array', { working_days: 1 }, ['working_days']],
    ['work_start equal to work_end', { work_start: '10:00', work_end: '10:00' }, ['work_end']],
    ['work_start after work_end (overnight)', { work_start: '22:00', work_end: '06:00' }, ['work_end']],
    ['work_end of 24:00', { work_end: '24:00' }, ['work_end']],
    ['work_start without a leading zero', { work_start: '9:00' }, ['work_start']],
    ['work_start with seconds', { work_start: '09:00:00' }, ['work_start']],
    ['work_start with minute 60', { work_start: '09:60' }, ['work_start']],
    ['work_end as a number', { work_end: 1700 }, ['work_end']],
    ['meeting_durations empty', { meeting_durations: [] }, ['meeting_durations']],
    ['meeting_durations with a duplicate', { meeting_durations: [30, 30] }, ['meeting_durations']],
    ['a duration of 4 minutes', { meeting_durations: [4] }, ['meeting_durations']],
    ['a duration of 481 minutes', { meeting_durations: [481] }, ['meeting_durations']],
    ['a duration of 0', { meeting_durations: [0] }, ['meeting_durations']],
    ['a fractional duration', { meeting_durations: [30.5] }, ['meeting_durations']],
    ['21 durations', { meeting_durations: Array.from({ length: 21 }, (_, i) => 5 + i) }, ['meeting_durations']],
    ['an unknown field', { timezone: 'UTC' }, ['timezone']],
    [
      'several fields at once',
      { working_days: [], work_start: '9:00', meeting_durations: [4] },
      ['working_days', 'work_start', 'meeting_durations'],
    ],
    [
      'hours the wrong way round beside a field of the wrong type',
      { work_start: '17:00', work_end: '09:00', meeting_durations: 'thirty' },
      ['work_end', 'meeting_durations'],
    ],
  ];

  it.each(invalid)('answers 422 naming the field for %s, and keeps the old schedule', async (_label, change, fields) => {
    expect((await put(SCHEDULE)).status).toBe(200);
    expectValidationError(await put({ ...SCHEDULE, ...change }), fields);
    expect((await app.call('GET', path(), { key })).body).toEqual(returned(SCHEDULE));
  });

  it.each(['working_days', 'work_start', 'work_end', 'meeting_durations'])('answers 422 when %s is missing', async (field) => {
    const body: Record<string, unknown> = { ...SCHEDULE };
    delete body[field];
    expectValidationError(await put(body), [field]);
  });

  it('answers 422 naming all four fields for an empty body', async () => {
    expectValidationError(await put({}), ['working_days', 'work_start', 'work_end', 'meeting_durations']);
  });

  it('names only work_start, once, when it is malformed and work_end is fine', async () => {
    const res = await put({ ...SCHEDULE, work_start: '25:00' });
    expectValidationError(res, ['work_start']);
    expect(res.body.error.message).not.toContain('work_end');
  });

  it('answers 404 for an unknown human id and for one that is not a UUID', async () => {
    expectEnvelope(await put(SCHEDULE, '00000000-0000-4000-8000-000000000000'), 404, 'NOT_FOUND');
    expectEnvelope(await put(SCHEDULE, 'not-a-uuid'), 404, 'NOT_FOUND');
  });

  it('answers 404 for a deleted human, and GET too', async () => {
    const human = await createHuman(app, key);
    expect((await app.call('DELETE', `/v1/humans/${human.id}`, { key })).status).toBe(204);
    expectEnvelope(await put(SCHEDULE, human.id), 404, 'NOT_FOUND');
    expectEnvelope(await app.call('GET', path(human.id), { key }), 404, 'NOT_FOUND');
  });

  it('answers 401 without a key, before anything else', async () => {
    expectEnvelope(await app.call('PUT', path(), { body: {} }), 401, 'UNAUTHORIZED');
  });
});
