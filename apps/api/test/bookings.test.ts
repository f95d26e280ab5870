import { describe, expect, it } from 'vitest';
import { at, bookingBody, countRows, createUtcHuman, MONDAY } from './booking-fixtures.js';
import { useTestApp, type TestApp } from './test-app.js';

let app: TestApp;
let key: string;
let humanId: string;
useTestApp({ plan: 'growth' }, async (ctx) => {
  ({ app, key } = ctx);
  humanId = await createUtcHuman(app, key);
});

const book = (body: unknown, headers: Record<string, string> = {}) => app.call('POST', '/v1/bookings', { key, body, headers });

describe('POST /v1/bookings', () => {
  it('creates a confirmed booking with its documented fields plus created_at and cancelled_at', async () => {
    const res = await book(
      bookingBody(humanId, '2030-01-07T10:00:00+01:00', 60, {
        attendee_email: 'a@example.com',
        metadata: { deal: { id: 7, tags: ['x'] } },
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      human_id: humanId,
      starts_at: '2030-01-07T09:00:00Z',
      ends_at: '2030-01-07T10:00:00Z',
      duration_minutes: 60,
      attendee_name: 'Agent Smith',
      attendee_email: 'a@example.com',
      status: 'confirmed',
      metadata: { deal: { id: 7, tags: ['x'] } },
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      cancelled_at: null,
      rescheduled_from: null,
      rescheduled_to: null,
      group_id: null,
    });
    expect((await app.call('GET', `/v1/bookings/${res.body.id}`, { key })).body).toEqual(res.body);
    const events = await app.database.store.db.event.findMany({ where: { bookingId: res.body.id } });
    expect(events.map((e) => e.type)).toEqual(['booking.confirmed']);
    expect(JSON.parse(events[0]!.body)).toEqual({ event: 'booking.confirmed', created_at: expect.any(String), data: res.body });
  });

  it('returns metadata unchanged everywhere, its keys in the order sent: answers, GET, cancel and both events', async () => {
    const metadata = { zz: 1, a: 2, nested: { y: [3, { q: 1, b: 2 }], b: null } };
    const sent = JSON.stringify(metadata);
    const made = await book(bookingBody(humanId, at(MONDAY, '14:30'), 30, { metadata }));
    expect(made.status, made.text).toBe(201);
    const metadataText = (text: string) => {
      const at = text.indexOf('"metadata":') + '"metadata":'.length;
      return text.slice(at, at + sent.length);
    };
    const read = await app.call('GET', `/v1/bookings/${made.body.id}`, { key });
    const cancelled = await app.call('DELETE', `/v1/bookings/${made.body.id}`, { key });
    const bodies = (await app.database.store.db.event.findMany({ where: { bookingId: made.body.id }, orderBy: { seq: 'asc' } })).map(
      (e) => e.body,
    );
    expect(bodies).toHaveLength(2);
    for (const text of [made.text, read.text, cancelled.text, ...bodies]) expect(metadataText(text)).toBe(sent);
  });

  it('defaults metadata to {} and rejects bad bodies naming the fields', async () => {
    const ok = await book(bookingBody(humanId, at(MONDAY, '11:00')));
    expect(ok.status).toBe(201);
    expect(ok.body.metadata).toEqual({});
    // attendee_email null is "none", as a booking without one answers it.
    const noEmail = await book(bookingBody(humanId, at(MONDAY, '11:30'), 30, { attendee_email: null }));
    expect([noEmail.status, noEmail.body.attendee_email]).toEqual([201, null]);
    const cases: [unknown, string[]][] = [
      [{ human_id: humanId }, ['starts_at', 'duration', 'attendee_name']],
      [bookingBody(humanId, at(MONDAY, '12:00'), 30, { metadata: [1, 2] }), ['metadata']],
      [bookingBody(humanId, at(MONDAY, '12:00'), 30, { metadata: 'x' }), ['metadata']],
      [bookingBody(humanId, at(MONDAY, '12:00'), 30, { metadata: { big: 'x'.repeat(16 * 1024) } }), ['metadata']],
      [bookingBody(humanId, '2030-01-07T12:00:00', 30), ['starts_at']],
      [bookingBody(humanId, at(MONDAY, '12:00'), 30, { attendee_name: '' }), ['attendee_name']],
      [bookingBody('not-a-uuid', at(MONDAY, '12:00'), 30), ['human_id']],
      [bookingBody(humanId, at(MONDAY, '12:00'), 30, { surprise: true }), ['surprise']],
    ];
    for (const [body, fields] of cases) {
      const res = await book(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      for (const f of fields) expect(res.body.error.message).toContain(f);
    }
  });

  it('applies the checks in the documented order when several fail at once', async () => {
    await book(bookingBody(humanId, at(MONDAY, '14:00'), 60)); // makes 14:00-15:00 busy
    const block = await app.call('POST', `/v1/humans/${humanId}/overrides`, {
      key,
      body: { kind: 'block', start_date: MONDAY, start_time: '14:00', end_time: '16:00', reason: 'offsite' },
    });
    expect(block.status).toBe(201);
    const expectCode = async (body: unknown, status: number, code: string) => {
      const res = await book(body);
      expect([res.status, res.body.error?.code], JSON.stringify(body)).toEqual([status, code]);
      return res;
    };
    // Unknown human beats an invalid duration.
    await expectCode(bookingBody('00000000-0000-4000-8000-000000000000', at(MONDAY, '14:00'), 45), 404, 'NOT_FOUND');
    // Invalid duration beats a past start; its message lists the allowed durations.
    const dur = await expectCode(bookingBody(humanId, '2001-01-01T03:00:00Z', 45), 422, 'INVALID_DURATION');
    expect(dur.body.error.message).toMatch(/30, 60, 90/);
    // Past start beats outside working hours.
    await expectCode(bookingBody(humanId, '2001-01-01T03:00:00Z', 30), 422, 'VALIDATION_ERROR');
    // Outside hours (and off the grid) beats blocked.
    await expectCode(bookingBody(humanId, at(MONDAY, '14:15'), 30), 422, 'OUTSIDE_WORKING_HOURS');
    await expectCode(bookingBody(humanId, at(MONDAY, '08:30'), 30), 422, 'OUTSIDE_WORKING_HOURS');
    await expectCode(bookingBody(humanId, at(MONDAY, '16:30'), 60), 422, 'OUTSIDE_WORKING_HOURS');
    // Blocked beats taken: 14:00 is both.
    await expectCode(bookingBody(humanId, at(MONDAY, '14:00'), 30), 422, 'SCHEDULE_BLOCKED');
    // Taken, not blocked.
    await book(bookingBody(humanId, at(MONDAY, '13:00'), 30));
    // 90-minute grid: 09:00, 10:30, 12:00; [12:00, 13:30) overlaps the 13:00 booking.
    await expectCode(bookingBody(humanId, at(MONDAY, '12:00'), 90), 409, 'SLOT_UNAVAILABLE');
  });

  it('lists bookings with filters and paging, newest first', async () => {
    const other = await createUtcHuman(app, key);
    const made = [];
    for (const time of ['09:00', '09:30', '10:00', '10:30']) made.push((await book(bookingBody(other, at('2030-01-08', time)))).body);
    const page1 = await app.call('GET', `/v1/bookings?human_id=${other}&limit=3`, { key });
    expect(page1.status).toBe(200);
    expect(page1.body.data.map((b: any) => b.id)).toEqual(
      made
        .slice(1)
        .reverse()
        .map((b) => b.id),
    );
    const page2 = await app.call('GET', `/v1/bookings?human_id=${other}&limit=3&cursor=${page1.body.next_cursor}`, { key });
    expect(page2.body).toEqual({ data: [made[0]], next_cursor: null });
    const window = await app.call(
      'GET',
      `/v1/bookings?human_id=${other}&starts_after=${encodeURIComponent(at('2030-01-08', '09:30'))}&starts_before=${encodeURIComponent(at('2030-01-08', '10:30'))}`,
      { key },
    );
    expect(window.body.data.map((b: any) => b.starts_at).sort()).toEqual([at('2030-01-08', '09:30'), at('2030-01-08', '10:00')]);
    // Bounds as Python's isoformat writes them, in microseconds and +00:00: the same range.
    const micro = (t: string) => encodeURIComponent(t.replace('Z', '.000001+00:00'));
    const python = await app.call(
      'GET',
      `/v1/bookings?human_id=${other}&starts_after=${micro(at('2030-01-08', '09:29'))}&starts_before=${micro(at('2030-01-08', '10:30'))}`,
      { key },
    );
    expect(python.status, python.text).toBe(200);
    expect(python.body.data.map((b: any) => b.starts_at).sort()).toEqual([at('2030-01-08', '09:30'), at('2030-01-08', '10:00')]);
    await app.call('DELETE', `/v1/bookings/${made[0].id}`, { key });
    const cancelled = await app.call('GET', `/v1/bookings?human_id=${other}&status=cancelled`, { key });
    expect(cancelled.body.data.map((b: any) => b.id)).toEqual([made[0].id]);
    expect((await app.call('GET', '/v1/bookings?status=maybe', { key })).status).toBe(422);
    expect((await app.call('GET', '/v1/bookings?starts_after=yesterday', { key })).status).toBe(422);
    // Swapped dates are a mistake to be told of, not an empty page.
    const swapped = await app.call(
      'GET',
      `/v1/bookings?starts_after=${encodeURIComponent(at('2030-01-08', '10:30'))}&starts_before=${encodeURIComponent(at('2030-01-08', '09:30'))}`,
      { key },
    );
    expect(swapped.status).toBe(422);
    expect(swapped.body.error.message).toContain('starts_before: must be later than starts_after');
  });
});

describe('DELETE /v1/bookings/{id}', () => {
  it('cancels, frees the slot, and a second cancel changes and emits nothing', async () => {
    const created = await book(bookingBody(humanId, at('2030-01-09', '10:00')));
    const cancel = await app.call('DELETE', `/v1/bookings/${created.body.id}`, { key });
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ id: created.body.id, status: 'cancelled', cancelled_at: expect.stringMatching(/Z$/) });
    const again = await app.call('DELETE', `/v1/bookings/${created.body.id}`, { key });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(cancel.body);
    expect(await countRows(app, 'events', `booking_id = '${created.body.id}'`)).toBe(2);
    expect((await book(bookingBody(humanId, at('2030-01-09', '10:00')))).status).toBe(201);
  });

  it('answers 404 for unknown or malformed ids', async () => {
    expect((await app.call('DELETE', '/v1/bookings/00000000-0000-4000-8000-000000000000', { key })).status).toBe(404);
    expect((await app.call('DELETE', '/v1/bookings/nope', { key })).status).toBe(404);
    expect((await app.call('GET', '/v1/bookings/00000000-0000-4000-8000-000000000000', { key })).body.error.code).toBe('NOT_FOUND');
  });

  it("keeps a soft-deleted human's bookings readable and cancellable", async () => {
    const h = await createUtcHuman(app, key);
    const b = await book(bookingBody(h, at('2030-01-10', '10:00')));
    expect((await app.call('DELETE', `/v1/humans/${h}`, { key })).status).toBe(204);
    expect((await app.call('GET', `/v1/bookings/${b.body.id}`, { key })).status).toBe(200);
    expect((await app.call('DELETE', `/v1/bookings/${b.body.id}`, { key })).body.status).toBe('cancelled');
    expect((await book(bookingBody(h, at('2030-01-10', '11:00')))).status).toBe(404);
  });
});

// Found by the fuzzer: U+0000 reached PostgreSQL (500) and a lone surrogate was stored as U+FFFD.
describe('strings at the edge', () => {
  const start = at('2030-01-09', '13:00');

  it('refuses U+0000 and lone surrogates in attendee_name and metadata, naming the field path', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ attendee_name: 'Agent\u0000Smith' }, 'attendee_name: must not contain U+0000'],
      [{ attendee_name: 'Agent \uD800' }, 'attendee_name: must be well-formed Unicode'],
      [{ metadata: { notes: ['fine', 'a\u0000b'] } }, 'metadata.notes.1: must not contain U+0000'],
      [{ metadata: { deep: { x: '\uDFFF' } } }, 'metadata.deep.x: must be well-formed Unicode'],
      [{ metadata: { ['k\u0000']: 1 } }, 'metadata.k\\u0000: key must not contain U+0000'],
    ];
    const before = await countRows(app, 'bookings');
    for (const [extra, named] of cases) {
      const res = await book(bookingBody(humanId, start, 30, extra));
      expect(res.status, res.text).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', status: 422 });
      expect(res.body.error.message).toContain(named);
    }
    expect(await countRows(app, 'bookings')).toBe(before);
  });

  it('refuses metadata numbers that would not come back as sent (1e999 read as null, digits a double cannot keep)', async () => {
    const before = await countRows(app, 'bookings');
    for (const [number, message] of [
      ['1e999', 'metadata.x: must be a finite number'],
      ['-1e999', 'metadata.x: must be a finite number'],
      ['12345678901234567890', 'body: the number 12345678901234567890 has more digits than a JSON number keeps; send it as a string.'],
      ['-99999999999999999999999', 'body: the number -99999999999999999999999 has more digits'],
    ] as const) {
      const body = JSON.stringify(bookingBody(humanId, start, 30)).replace(/}$/, `,"metadata":{"x":${number}}}`);
      const res = await app.call('POST', '/v1/bookings', { key, raw: body });
      expect(res.status, res.text).toBe(422);
      expect(res.body.error.message).toContain(message);
    }
    expect(await countRows(app, 'bookings')).toBe(before);
    // What a double keeps exactly is kept, however long: 2^60, 1e21, a string of digits.
    const kept = JSON.stringify(bookingBody(humanId, start, 30)).replace(
      /}$/,
      ',"metadata":{"big":1152921504606846976,"e":1e21,"id":"12345678901234567890"}}',
    );
    const ok = await app.call('POST', '/v1/bookings', { key, raw: kept });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.metadata).toEqual({ big: 2 ** 60, e: 1e21, id: '12345678901234567890' });
    expect((await app.call('DELETE', `/v1/bookings/${ok.body.id}`, { key })).status).toBe(200);
  });

  it('refuses U+0000 in a query value', async () => {
    const res = await app.call('GET', '/v1/bookings?cursor=%00', { key });
    expect(res.status, res.text).toBe(422);
    expect(res.body.error.message).toContain('cursor: must not contain U+0000');
  });

  it('returns metadata with astral characters unchanged', async () => {
    const metadata = { note: '😀 𝔄', list: ['\uFFFD'] };
    const res = await book(bookingBody(humanId, at('2030-01-09', '14:00'), 30, { metadata }));
    expect(res.status, res.text).toBe(201);
    expect(res.body.metadata).toEqual(metadata);
  });
});

// Found by the fuzzer: each of these was a 500.
describe('inputs the fuzzer found', () => {
  it('refuses metadata nested deeper than 32 levels, even far past the call stack', async () => {
    const deep = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
    for (const depth of [33, 8_000]) {
      const raw = `{"human_id":"${humanId}","starts_at":"2030-01-09T15:00:00Z","duration":30,"attendee_name":"A","metadata":${deep(depth)}}`;
      const res = await app.call('POST', '/v1/bookings', { key, raw });
      expect(res.status, res.text).toBe(422);
      expect(res.body.error.message).toContain(`metadata: must nest at most 32 levels deep; got ${depth}`);
    }
  });

  it("refuses another list's cursor, and still reads one given out before cursors named their list", async () => {
    for (let i = 0; i < 2; i++)
      expect((await app.call('POST', '/v1/humans', { key, body: { name: `Cursor ${i}`, timezone: 'UTC' } })).status).toBe(201);
    const humans = await app.call('GET', '/v1/humans?limit=1', { key });
    const cursor = humans.body.next_cursor as string;
    expect((await app.call('GET', `/v1/humans?limit=1&cursor=${cursor}`, { key })).status).toBe(200);
    for (const path of ['/v1/bookings', '/v1/webhooks']) {
      const res = await app.call('GET', `${path}?cursor=${cursor}`, { key });
      expect(res.status, path).toBe(422);
      expect(res.body.error.message).toMatch(
        /^cursor: a cursor of another list; send the next_cursor this list \((bookings|webhooks)\) returned\.$/,
      );
    }
    const legacy = Buffer.from(`${Date.UTC(2030, 0, 1)}:00000000-0000-1000-8000-000000000000`).toString('base64url');
    expect((await app.call('GET', `/v1/bookings?cursor=${legacy}`, { key })).status).toBe(200);
  });

  it('refuses an unknown query parameter by name (a misspelt filter never lists everything)', async () => {
    const typo = await app.call('GET', `/v1/bookings?humanid=${humanId}&limit=1`, { key });
    expect(typo.status).toBe(422);
    expect(typo.body.error.message).toContain(
      'humanid: unknown query parameter (this endpoint takes limit, cursor, human_id, status, starts_after, starts_before)',
    );
    // The events feed pages with `after`, not `cursor`.
    const events = await app.call('GET', '/v1/events?cursor=abc', { key });
    expect(events.status).toBe(422);
    expect(events.body.error.message).toContain('cursor: unknown query parameter (this endpoint takes after, limit)');
    expect((await app.call('GET', `/v1/bookings?human_id=${humanId}&limit=1`, { key })).status).toBe(200);
    // A parameter sent twice says so.
    const twice = await app.call('GET', '/v1/bookings?limit=1&limit=2', { key });
    expect(twice.status).toBe(422);
    expect(twice.body.error.message).toBe('Invalid request: limit: sent more than once; send it once');
  });

  it('refuses a cursor whose instant PostgreSQL cannot hold with 422', async () => {
    for (const ms of ['-8640000000000000', '8640000000000000', '-1', '1e20']) {
      const cursor = Buffer.from(`${ms}:00000000-0000-1000-8000-000000000000`).toString('base64url');
      const res = await app.call('GET', `/v1/bookings?cursor=${cursor}`, { key });
      expect(res.status, res.text).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'cursor: not a cursor returned by this API.' });
    }
  });
});
