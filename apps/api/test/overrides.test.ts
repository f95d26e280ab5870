import { describe, expect, it } from 'vitest';
import { addOverride, createHumanIn, expectError, expectInvalid, sleep, WEEKDAYS } from './schedule-fixtures.js';
import { useTestApp, type TestApp } from './test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UTC_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const NOBODY = '00000000-0000-4000-8000-000000000000';
const SCHEDULE = { working_days: WEEKDAYS, work_start: '09:00', work_end: '17:00', meeting_durations: [30] };

let app: TestApp;
let key: string;
let humanId: string;
useTestApp({ plan: 'growth' }, async (ctx) => {
  ({ app, key } = ctx);
  humanId = await createHumanIn(app, key, 'Europe/Berlin', SCHEDULE);
});

const post = (human: string, body: unknown, k = key) => app.call('POST', `/v1/humans/${human}/overrides`, { key: k, body });
const list = (human: string, query = '', k = key) => app.call('GET', `/v1/humans/${human}/overrides${query}`, { key: k });
const remove = (human: string, id: string, k = key) => app.call('DELETE', `/v1/humans/${human}/overrides/${id}`, { key: k });

/** Every override of a human, walking all pages. */
async function allOverrides(human: string) {
  const res = await list(human, '?limit=100');
  expect(res.status, res.text).toBe(200);
  expect(res.body.next_cursor).toBeNull();
  return res.body.data as { id: string }[];
}

describe('POST /v1/humans/{id}/overrides', () => {
  // Each row: what is sent, and every field of the answer besides id, human_id and created_at.
  it.each([
    {
      name: 'a whole-day block over a date range with a reason',
      body: { kind: 'block', start_date: '2030-07-01', end_date: '2030-07-14', reason: 'Vacation' },
      fields: {
        kind: 'block',
        start_date: '2030-07-01',
        end_date: '2030-07-14',
        start_time: null,
        end_time: null,
        weekdays: null,
        reason: 'Vacation',
      },
    },
    {
      name: 'a timed block, end_date defaulting to start_date and reason to null',
      body: { kind: 'block', start_date: '2030-07-20', start_time: '13:00', end_time: '14:30' },
      fields: {
        kind: 'block',
        start_date: '2030-07-20',
        end_date: '2030-07-20',
        start_time: '13:00',
        end_time: '14:30',
        weekdays: null,
        reason: null,
      },
    },
    {
      name: 'a weekly block with weekdays and times (weekdays returned ascending)',
      body: {
        kind: 'block',
        start_date: '2030-01-01',
        end_date: '2030-12-31',
        start_time: '10:00',
        end_time: '11:00',
        weekdays: [4, 1],
        reason: 'Weekly sync',
      },
      fields: {
        kind: 'block',
        start_date: '2030-01-01',
        end_date: '2030-12-31',
        start_time: '10:00',
        end_time: '11:00',
        weekdays: [1, 4],
        reason: 'Weekly sync',
      },
    },
    {
      name: 'an open override with times',
      body: { kind: 'open', start_date: '2030-07-06', start_time: '10:00', end_time: '12:00' },
      fields: {
        kind: 'open',
        start_date: '2030-07-06',
        end_date: '2030-07-06',
        start_time: '10:00',
        end_time: '12:00',
        weekdays: null,
        reason: null,
      },
    },
  ])('creates $name', async ({ body, fields }) => {
    const res = await post(humanId, body);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID),
      human_id: humanId,
      ...fields,
      created_at: expect.stringMatching(UTC_SECONDS),
    });
    // created_at is the real creation time, not some fixed or far-off value.
    expect(Math.abs(Date.parse(res.body.created_at) - Date.now())).toBeLessThan(60_000);
  });

  it('accepts a span of exactly 366 dates, a leap day, 00:00-23:59 and a 200-character reason', async () => {
    const leapYear = await post(humanId, { kind: 'block', start_date: '2028-01-01', end_date: '2028-12-31' });
    expect(leapYear.status, leapYear.text).toBe(201);
    const across = await post(humanId, { kind: 'block', start_date: '2030-03-01', end_date: '2031-03-01' });
    expect(across.status, across.text).toBe(201);
    const edges = await post(humanId, {
      kind: 'open',
      start_date: '2028-02-29',
      start_time: '00:00',
      end_time: '23:59',
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      reason: 'r'.repeat(200),
    });
    expect(edges.status, edges.text).toBe(201);
    expect(edges.body).toMatchObject({
      start_date: '2028-02-29',
      end_date: '2028-02-29',
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      reason: 'r'.repeat(200),
    });
  });

  const valid = { kind: 'block', start_date: '2030-08-03' };
  const cases: [string, Record<string, unknown>, string[]][] = [
    ['a bad kind', { ...valid, kind: 'maybe' }, ['kind']],
    ['a missing kind', { start_date: '2030-08-03' }, ['kind']],
    ['a missing start_date', { kind: 'block' }, ['start_date']],
    ['an impossible start_date', { ...valid, start_date: '2030-02-30' }, ['start_date']],
    ['a start_date that is not YYYY-MM-DD', { ...valid, start_date: '03/08/2030' }, ['start_date']],
    ['a month 13', { ...valid, start_date: '2030-13-01' }, ['start_date']],
    ['a 29 February outside a leap year', { ...valid, end_date: '2030-02-29' }, ['end_date']],
    ['end_date before start_date', { ...valid, end_date: '2030-08-02' }, ['end_date']],
    ['a span of 367 dates', { ...valid, start_date: '2030-01-01', end_date: '2031-01-02' }, ['end_date']],
    ['a span of 367 dates over a leap year', { ...valid, start_date: '2028-01-01', end_date: '2029-01-01' }, ['end_date']],
    ['start_time alone', { ...valid, start_time: '10:00' }, ['end_time']],
    ['end_time alone', { ...valid, end_time: '10:00' }, ['start_time']],
    ['start_time equal to end_time', { ...valid, start_time: '10:00', end_time: '10:00' }, ['end_time']],
    ['start_time after end_time', { ...valid, start_time: '15:00', end_time: '09:00' }, ['end_time']],
    ['a time that is not HH:MM', { ...valid, start_time: '9:00', end_time: '10:00' }, ['start_time']],
    ['a time of 24:00', { ...valid, start_time: '23:00', end_time: '24:00' }, ['end_time']],
    ['an open override without times', { kind: 'open', start_date: '2030-08-03' }, ['start_time']],
    ['an open override with one time', { kind: 'open', start_date: '2030-08-03', start_time: '10:00' }, ['end_time']],
    ['empty weekdays', { ...valid, weekdays: [] }, ['weekdays']],
    ['duplicate weekdays', { ...valid, weekdays: [1, 3, 1] }, ['weekdays']],
    ['weekday 0', { ...valid, weekdays: [0] }, ['weekdays']],
    ['weekday 8', { ...valid, weekdays: [1, 8] }, ['weekdays']],
    ['a fractional weekday', { ...valid, weekdays: [1.5] }, ['weekdays']],
    ['weekdays that are not an array', { ...valid, weekdays: 3 }, ['weekdays']],
    ['a reason over 200 characters', { ...valid, reason: 'r'.repeat(201) }, ['reason']],
    ['a blank reason', { ...valid, reason: '   ' }, ['reason']],
    ['a reason that is not a string', { ...valid, reason: 42 }, ['reason']],
    ['an unknown field', { ...valid, colour: 'red' }, ['colour']],
    [
      'several mistakes at once',
      { kind: 'maybe', start_date: '2030-02-30', weekdays: [9], reason: 'r'.repeat(201) },
      ['kind', 'start_date', 'weekdays', 'reason'],
    ],
  ];

  it.each(cases)('answers 422 VALIDATION_ERROR naming the field for %s, and stores nothing', async (_name, body, fields) => {
    const before = (await allOverrides(humanId)).length;
    expectInvalid(await post(humanId, body), fields);
    expect((await allOverrides(humanId)).length).toBe(before);
  });

  it('answers 422 for a body that is not a JSON object', async () => {
    expectInvalid(await post(humanId, [valid]), []);
    expectInvalid(await app.call('POST', `/v1/humans/${humanId}/overrides`, { key, raw: '{"kind":' }), ['body']);
  });

  it('answers 401 without a key, before anything else', async () => {
    expectError(await post(NOBODY, { kind: 'maybe' }, ''), 401, 'UNAUTHORIZED');
    expectError(await list(humanId, '', ''), 401, 'UNAUTHORIZED');
    expectError(await remove(humanId, NOBODY, ''), 401, 'UNAUTHORIZED');
  });
});

describe('GET /v1/humans/{id}/overrides', () => {
  it('pages through overrides newest first with limit and cursor, only that human', async () => {
    const human = await createHumanIn(app, key, 'UTC', SCHEDULE);
    const other = await createHumanIn(app, key, 'UTC', SCHEDULE);
    await addOverride(app, key, other, { kind: 'block', start_date: '2030-01-01' });
    const made = [];
    for (let i = 1; i <= 5; i++) {
      made.push(await addOverride(app, key, human, { kind: 'block', start_date: `2030-02-0${i}` }));
      // Distinct creation instants, so "newest first" has exactly one right answer.
      await sleep(5);
    }
    const newestFirst = [...made].reverse();

    const full = await list(human);
    expect(full.status, full.text).toBe(200);
    expect(full.body).toEqual({ data: newestFirst, next_cursor: null });

    const pages: unknown[][] = [];
    let cursor: string | null = null;
    do {
      const res = await list(human, `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status, res.text).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['data', 'next_cursor']);
      pages.push(res.body.data);
      cursor = res.body.next_cursor;
    } while (cursor && pages.length < 10);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual(newestFirst);

    // A page that is exactly full is the last one: no cursor to an empty page.
    expect((await list(human, '?limit=5')).body).toEqual({ data: newestFirst, next_cursor: null });
    expect((await list(other)).body.data).toHaveLength(1);
  });

  it('answers 422 naming limit or cursor for bad paging parameters', async () => {
    expectInvalid(await list(humanId, '?limit=0'), ['limit']);
    expectInvalid(await list(humanId, '?limit=101'), ['limit']);
    expectInvalid(await list(humanId, '?limit=ten'), ['limit']);
    expectInvalid(await list(humanId, '?cursor=not-a-cursor'), ['cursor']);
  });
});

describe('DELETE /v1/humans/{id}/overrides/{override_id}', () => {
  it('deletes with 204 and no body, then 404 on a second delete', async () => {
    const human = await createHumanIn(app, key, 'UTC', SCHEDULE);
    const keep = await addOverride(app, key, human, { kind: 'block', start_date: '2030-03-01' });
    const gone = await addOverride(app, key, human, { kind: 'open', start_date: '2030-03-02', start_time: '08:00', end_time: '09:00' });
    const res = await remove(human, gone.id);
    expect(res.status, res.text).toBe(204);
    expect(res.text).toBe('');
    expect((await allOverrides(human)).map((o) => o.id)).toEqual([keep.id]);
    expectError(await remove(human, gone.id), 404, 'NOT_FOUND');
    expectError(await remove(human, NOBODY), 404, 'NOT_FOUND');
    expectError(await remove(human, 'not-a-uuid'), 404, 'NOT_FOUND');
  });

  it('answers 404 for an override of another human of the same organization, and keeps it', async () => {
    const a = await createHumanIn(app, key, 'UTC', SCHEDULE);
    const b = await createHumanIn(app, key, 'UTC', SCHEDULE);
    const ofB = await addOverride(app, key, b, { kind: 'block', start_date: '2030-03-01' });
    expectError(await remove(a, ofB.id), 404, 'NOT_FOUND');
    expect((await allOverrides(b)).map((o) => o.id)).toEqual([ofB.id]);
  });
});

describe('who may touch an override', () => {
  it('answers 404 on all three routes for an unknown, malformed, deleted or foreign human', async () => {
    const other = await app.createOrg('free');
    const foreign = await createHumanIn(app, other.key, 'UTC', SCHEDULE);
    const foreignOverride = await addOverride(app, other.key, foreign, { kind: 'block', start_date: '2030-04-01' });
    const deleted = await createHumanIn(app, key, 'UTC', SCHEDULE);
    const deletedOverride = await addOverride(app, key, deleted, { kind: 'block', start_date: '2030-04-01' });
    expect((await app.call('DELETE', `/v1/humans/${deleted}`, { key })).status).toBe(204);

    const body = { kind: 'block', start_date: '2030-04-02' };
    for (const [human, overrideId] of [
      [NOBODY, NOBODY],
      ['not-a-uuid', NOBODY],
      [deleted, deletedOverride.id],
      [foreign, foreignOverride.id],
    ] as const) {
      expectError(await post(human, body), 404, 'NOT_FOUND');
      expectError(await list(human), 404, 'NOT_FOUND');
      expectError(await remove(human, overrideId), 404, 'NOT_FOUND');
    }
    // The foreign organization still sees its override, and nothing was added to it.
    const theirs = await app.call('GET', `/v1/humans/${foreign}/overrides`, { key: other.key });
    expect(theirs.body.data.map((o: { id: string }) => o.id)).toEqual([foreignOverride.id]);
  });

  it("answers 404 for another organization's override id under one's own human", async () => {
    const other = await app.createOrg('free');
    const foreign = await createHumanIn(app, other.key, 'UTC', SCHEDULE);
    const foreignOverride = await addOverride(app, other.key, foreign, { kind: 'block', start_date: '2030-04-01' });
    expectError(await remove(humanId, foreignOverride.id), 404, 'NOT_FOUND');
    const theirs = await app.call('GET', `/v1/humans/${foreign}/overrides`, { key: other.key });
    expect(theirs.body.data.map((o: { id: string }) => o.id)).toEqual([foreignOverride.id]);
  });
});

describe('strings at the edge', () => {
  it('refuses U+0000 and lone surrogates in reason, naming it, and stores nothing', async () => {
    for (const reason of ['Vacation\u0000', '\uDC00']) {
      const res = await post(humanId, { kind: 'block', start_date: '2031-01-05', reason });
      expect(res.status, res.text).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', status: 422 });
      expect(res.body.error.message).toMatch(/reason: must (not contain U\+0000|be well-formed Unicode)/);
    }
    expect((await allOverrides(humanId)).some((o) => (o as { start_date?: string }).start_date === '2031-01-05')).toBe(false);
  });
});
