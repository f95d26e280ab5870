import { describe, expect, it } from 'vitest';
import { createHuman, expectEnvelope, expectValidationError, returned, RULES_ON, UTC_SECONDS, UUID } from './expectations.js';
import { useTestApp, type ApiResponse, type TestApp } from './test-app.js';

let app: TestApp;
let key: string;
useTestApp({}, (ctx) => {
  ({ app, key } = ctx);
});

const post = (body: unknown) => app.call('POST', '/v1/humans', { key, body });

describe('POST /v1/humans', () => {
  it('answers 201 with the full human, email and role null and the default schedule', async () => {
    const before = Date.now();
    const res = await post({ name: 'Ada Lovelace', timezone: 'Europe/London' });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual([
      'availability_rules',
      'created_at',
      'email',
      'id',
      'name',
      'role',
      'timezone',
      'updated_at',
    ]);
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID),
      name: 'Ada Lovelace',
      email: null,
      role: null,
      timezone: 'Europe/London',
      availability_rules: returned({ working_days: [1, 2, 3, 4, 5], work_start: '09:00', work_end: '17:00', meeting_durations: [30] }),
      created_at: expect.stringMatching(UTC_SECONDS),
      updated_at: expect.stringMatching(UTC_SECONDS),
    });
    // Second precision, truncated: never later than the request, never before it began.
    const created = Date.parse(res.body.created_at);
    expect(created).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(created).toBeLessThanOrEqual(Date.now());
    expect(res.body.updated_at).toBe(res.body.created_at);
  });

  it('takes null for email and role as absent, so an answer copied into a body is valid', async () => {
    const res = await app.call('POST', '/v1/humans', { key, body: { name: 'Copied', timezone: 'UTC', email: null, role: null } });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ email: null, role: null });
  });

  it('stores email, role and an explicit schedule', async () => {
    const availability = { working_days: [6, 1, 3], work_start: '07:30', work_end: '12:15', meeting_durations: [60, 15] };
    const res = await post({ name: 'Grace', timezone: 'America/New_York', email: 'grace@example.com', role: 'Admiral', availability });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ email: 'grace@example.com', role: 'Admiral', timezone: 'America/New_York' });
    // Returned sorted, so the same schedule always reads the same.
    expect(res.body.availability_rules).toEqual(
      returned({ working_days: [1, 3, 6], work_start: '07:30', work_end: '12:15', meeting_durations: [15, 60] }),
    );
    const got = await app.call('GET', `/v1/humans/${res.body.id}`, { key });
    expect(got.body).toEqual(res.body);
  });

  it('accepts the edges: a 200-character name, a 100-character role', async () => {
    const res = await post({ name: 'n'.repeat(200), timezone: 'UTC', role: 'r'.repeat(100) });
    expect(res.status, res.text).toBe(201);
    expect(res.body.name).toHaveLength(200);
  });

  it.each([
    ['name missing', { timezone: 'UTC' }, ['name']],
    ['name empty', { name: '', timezone: 'UTC' }, ['name']],
    ['name blank', { name: '   ', timezone: 'UTC' }, ['name']],
    ['name of 201 characters', { name: 'n'.repeat(201), timezone: 'UTC' }, ['name']],
    ['name not a string', { name: 42, timezone: 'UTC' }, ['name']],
    ['timezone missing', { name: 'Ada' }, ['timezone']],
    ['timezone unknown', { name: 'Ada', timezone: 'Mars/Olympus' }, ['timezone']],
    ['timezone an offset', { name: 'Ada', timezone: '+01:00' }, ['timezone']],
    ['timezone empty', { name: 'Ada', timezone: '' }, ['timezone']],
    ['email malformed', { name: 'Ada', timezone: 'UTC', email: 'not-an-email' }, ['email']],
    ['email without domain', { name: 'Ada', timezone: 'UTC', email: 'ada@' }, ['email']],
    ['role of 101 characters', { name: 'Ada', timezone: 'UTC', role: 'r'.repeat(101) }, ['role']],
    ['an unknown field', { name: 'Ada', timezone: 'UTC', nickname: 'A' }, ['nickname']],
    [
      'availability missing a field',
      { name: 'Ada', timezone: 'UTC', availability: { working_days: [1], work_start: '09:00', work_end: '17:00' } },
      ['availability.meeting_durations'],
    ],
    [
      'availability ending before it starts',
      {
        name: 'Ada',
        timezone: 'UTC',
        availability: { working_days: [1], work_start: '17:00', work_end: '09:00', meeting_durations: [30] },
      },
      ['availability.work_end'],
    ],
    [
      'availability with day 8',
      {
        name: 'Ada',
        timezone: 'UTC',
        availability: { working_days: [8], work_start: '09:00', work_end: '17:00', meeting_durations: [30] },
      },
      ['availability.working_days'],
    ],
    [
      'several fields at once',
      { name: '', timezone: 'Mars/Olympus', email: 'x', role: 'r'.repeat(101) },
      ['name', 'timezone', 'email', 'role'],
    ],
  ])('answers 422 VALIDATION_ERROR naming the field: %s', async (_label, body, fields) => {
    expectValidationError(await post(body), fields);
  });

  it('answers 422 for a body that is not an object', async () => {
    expectEnvelope(await app.call('POST', '/v1/humans', { key, raw: '[]' }), 422, 'VALIDATION_ERROR');
    expectEnvelope(await app.call('POST', '/v1/humans', { key, raw: 'null' }), 422, 'VALIDATION_ERROR');
  });
});

describe('GET and PATCH /v1/humans/{id}', () => {
  it('returns one human', async () => {
    const human = await createHuman(app, key, { name: 'Katherine' });
    const res = await app.call('GET', `/v1/humans/${human.id}`, { key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(human);
  });

  it('answers 404 for an unknown id', async () => {
    expectEnvelope(await app.call('GET', '/v1/humans/00000000-0000-4000-8000-000000000000', { key }), 404, 'NOT_FOUND');
  });

  it('changes each field alone and leaves the others', async () => {
    const human = await createHuman(app, key, { name: 'Before', email: 'a@example.com', role: 'Engineer', timezone: 'UTC' });
    const patch = (body: unknown) => app.call('PATCH', `/v1/humans/${human.id}`, { key, body });
    const steps: Array<[Record<string, unknown>, Record<string, unknown>]> = [
      [{ name: 'After' }, { name: 'After', email: 'a@example.com', role: 'Engineer', timezone: 'UTC' }],
      [{ email: 'b@example.com' }, { name: 'After', email: 'b@example.com', role: 'Engineer', timezone: 'UTC' }],
      [{ role: 'Manager' }, { name: 'After', email: 'b@example.com', role: 'Manager', timezone: 'UTC' }],
      [{ timezone: 'Asia/Tokyo' }, { name: 'After', email: 'b@example.com', role: 'Manager', timezone: 'Asia/Tokyo' }],
    ];
    for (const [body, expected] of steps) {
      const res = await patch(body);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject(expected);
      expect(res.body.id).toBe(human.id);
      expect(res.body.created_at).toBe(human.created_at);
      expect(res.body.updated_at).toMatch(UTC_SECONDS);
      expect(Date.parse(res.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(human.created_at));
      expect((await app.call('GET', `/v1/humans/${human.id}`, { key })).body).toEqual(res.body);
    }
    // The schedule is not touched by PATCH.
    expect((await app.call('GET', `/v1/humans/${human.id}`, { key })).body.availability_rules).toEqual(human.availability_rules);
  });

  it('clears email and role with null', async () => {
    const human = await createHuman(app, key, { email: 'c@example.com', role: 'Pilot' });
    const res = await app.call('PATCH', `/v1/humans/${human.id}`, { key, body: { email: null, role: null } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ email: null, role: null, name: human.name });
    expect((await app.call('GET', `/v1/humans/${human.id}`, { key })).body).toMatchObject({ email: null, role: null });
  });

  it.each([
    ['an empty body', {}, []],
    ['an invalid timezone', { timezone: 'Mars/Olympus' }, ['timezone']],
    ['an offset timezone', { timezone: '+01:00' }, ['timezone']],
    ['a null name', { name: null }, ['name']],
    ['a null timezone', { timezone: null }, ['timezone']],
    ['an empty name', { name: '' }, ['name']],
    ['a malformed email', { email: 'nope' }, ['email']],
    ['a role of 101 characters', { role: 'r'.repeat(101) }, ['role']],
    [
      'availability (changed with PUT)',
      { availability: { working_days: [1], work_start: '09:00', work_end: '10:00', meeting_durations: [30] } },
      ['availability'],
    ],
  ])('answers 422 to %s and changes nothing', async (_label, body, fields) => {
    const human = await createHuman(app, key, { email: 'keep@example.com', role: 'Keeper' });
    expectValidationError(await app.call('PATCH', `/v1/humans/${human.id}`, { key, body }), fields);
    expect((await app.call('GET', `/v1/humans/${human.id}`, { key })).body).toEqual(human);
  });

  it('answers 404 to PATCH of an unknown id, even with a valid body', async () => {
    const res = await app.call('PATCH', '/v1/humans/00000000-0000-4000-8000-000000000000', { key, body: { name: 'X' } });
    expectEnvelope(res, 404, 'NOT_FOUND');
  });
});

describe('DELETE /v1/humans/{id}', () => {
  it('answers 204 with no body, and afterwards every route answers 404 and the list omits it', async () => {
    const human = await createHuman(app, key, { name: 'Gone Soon' });
    const keep = await createHuman(app, key, { name: 'Stays' });
    const del = await app.call('DELETE', `/v1/humans/${human.id}`, { key });
    expect(del.status).toBe(204);
    expect(del.text).toBe('');

    const path = `/v1/humans/${human.id}`;
    const schedule = { working_days: [1], work_start: '09:00', work_end: '10:00', meeting_durations: [30] };
    const override = { kind: 'block', start_date: '2030-01-07' };
    const attempts = [
      app.call('GET', path, { key }),
      app.call('PATCH', path, { key, body: { name: 'Back' } }),
      app.call('DELETE', path, { key }),
      app.call('GET', `${path}/availability`, { key }),
      app.call('PUT', `${path}/availability`, { key, body: schedule }),
      app.call('GET', `${path}/slots?date_from=2030-01-07&date_to=2030-01-08&duration=30`, { key }),
      app.call('POST', `${path}/overrides`, { key, body: override }),
      app.call('GET', `${path}/overrides`, { key }),
    ];
    for (const res of await Promise.all(attempts)) expectEnvelope(res, 404, 'NOT_FOUND');

    const ids = await allHumanIds();
    expect(ids).not.toContain(human.id);
    expect(ids).toContain(keep.id);
  });
});

async function allHumanIds(): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const res: ApiResponse = await app.call('GET', `/v1/humans?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { key });
    expect(res.status, res.text).toBe(200);
    ids.push(...res.body.data.map((h: { id: string }) => h.id));
    cursor = res.body.next_cursor;
  } while (cursor);
  return ids;
}

describe('GET /v1/humans paging', () => {
  it('walks 7 humans in pages of 3, newest first, with no duplicates or gaps', async () => {
    const { key: own } = await app.createOrg();
    const created: string[] = [];
    for (let i = 0; i < 7; i++) {
      created.push((await createHuman(app, own, { name: `H${i}` })).id);
      // Distinct creation instants, so "newest first" has exactly one right answer.
      await new Promise((r) => setTimeout(r, 5));
    }
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const res: ApiResponse = await app.call('GET', `/v1/humans?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, {
        key: own,
      });
      expect(res.status, res.text).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['data', 'next_cursor']);
      pages.push(res.body.data.map((h: { id: string }) => h.id));
      cursor = res.body.next_cursor;
      expect(pages.length).toBeLessThanOrEqual(3);
    } while (cursor);
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    expect(pages.flat()).toEqual([...created].reverse());
  });

  it('lists each human as GET /v1/humans/{id} answers it, every rule and a role and email set or not', async () => {
    const { key: own } = await app.createOrg();
    const plain = await createHuman(app, own, { name: 'Plain' });
    const full = await createHuman(app, own, { name: 'Full Rules', email: 'full@example.com', role: 'Sales' });
    const rules = {
      working_days: [5, 1, 3],
      work_start: '08:30',
      work_end: '17:45',
      meeting_durations: [45, 15],
      ...RULES_ON,
      preferred_hours: [{ weekdays: [3, 1], start: '09:00', end: '12:00' }],
    };
    const put = await app.call('PUT', `/v1/humans/${full.id}/availability`, { key: own, body: rules });
    expect(put.status, put.text).toBe(200);
    const list = await app.call('GET', '/v1/humans', { key: own });
    expect(list.status, list.text).toBe(200);
    for (const human of [plain, full]) {
      const one = await app.call('GET', `/v1/humans/${human.id}`, { key: own });
      expect(list.body.data.find((h: { id: string }) => h.id === human.id)).toEqual(one.body);
    }
    expect(list.body.data[0].availability_rules).toMatchObject({ working_days: [1, 3, 5], preferred_hours: [{ weekdays: [1, 3] }] });
  });

  it('defaults to 50 per page and gives null next_cursor on a short last page', async () => {
    const { key: own } = await app.createOrg();
    await createHuman(app, own);
    const res = await app.call('GET', '/v1/humans', { key: own });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.next_cursor).toBeNull();
    // A page exactly full is the last one too: no cursor to an empty page.
    const exact = await app.call('GET', '/v1/humans?limit=1', { key: own });
    expect(exact.body.next_cursor).toBeNull();
  });

  it.each(['limit=0', 'limit=101', 'limit=abc', 'limit=2.5', 'limit=-1'])('answers 422 naming limit for %s', async (query) => {
    expectValidationError(await app.call('GET', `/v1/humans?${query}`, { key }), ['limit']);
  });

  it.each(['garbage', 'bm90LWEtY3Vyc29y', Buffer.from('123:------------------------------------').toString('base64url'), '%00'])(
    'answers 422 naming cursor for a cursor it never issued: %s',
    async (cursor) => {
      expectValidationError(await app.call('GET', `/v1/humans?cursor=${cursor}`, { key }), ['cursor']);
    },
  );
});

// Found by the fuzzer: NUL reached PostgreSQL (500), a lone surrogate was stored as something else,
// and "europe/berlin" was stored in lower case.
describe('strings and time zones at the edge', () => {
  it('refuses U+0000 in name and role, and a lone surrogate, naming the field', async () => {
    expectValidationError(await post({ name: 'Ada\u0000', timezone: 'UTC' }), ['name: must not contain U+0000']);
    expectValidationError(await post({ name: 'Ada', role: 'r\u0000', timezone: 'UTC' }), ['role: must not contain U+0000']);
    expectValidationError(await post({ name: 'Ada\uD800', timezone: 'UTC' }), ['name: must be well-formed Unicode']);
    const human = await createHuman(app, key);
    const patch = await app.call('PATCH', `/v1/humans/${human.id}`, { key, body: { name: 'x\u0000' } });
    expectValidationError(patch, ['name: must not contain U+0000']);
    expect((await app.call('GET', `/v1/humans/${human.id}`, { key })).body.name).toBe(human.name);
  });

  it('keeps astral characters intact', async () => {
    const res = await post({ name: 'Ada 😀 𝔄', timezone: 'UTC' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.name).toBe('Ada 😀 𝔄');
  });

  it('stores and returns the canonical time zone name whatever the case sent', async () => {
    const res = await post({ name: 'Ada', timezone: 'europe/berlin' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.timezone).toBe('Europe/Berlin');
    expect((await app.call('GET', `/v1/humans/${res.body.id}`, { key })).body.timezone).toBe('Europe/Berlin');
    const patched = await app.call('PATCH', `/v1/humans/${res.body.id}`, { key, body: { timezone: 'us/eastern' } });
    expect(patched.body.timezone).toBe('US/Eastern');
    const slots = await app.call('GET', `/v1/humans/${res.body.id}/slots?date_from=2030-01-07&date_to=2030-01-07&duration=30`, { key });
    expect(slots.body.timezone).toBe('US/Eastern');
  });
});
