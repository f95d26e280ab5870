import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import { at, bookingBody, MONDAY } from './booking-fixtures.js';
import { createRuledHuman } from './rules-fixtures.js';
import { useTestApp, type TestApp } from './test-app.js';

let app: TestApp;
let key: string;
useTestApp({ plan: 'growth' }, (ctx) => {
  ({ app, key } = ctx);
});

afterEach(() => {
  app.clock.now = undefined;
});

const FEED_URL = /^http:\/\/127\.0\.0\.1:\d+\/feeds\/(feed_[A-Za-z0-9_-]{43})\.ics$/;

const newHuman = () => createRuledHuman(app, key, {}, { email: 'ada@example.com' });

async function createFeed(humanId: string, headers: Record<string, string> = {}) {
  const res = await app.call('POST', `/v1/humans/${humanId}/calendar-feed`, { key, headers });
  expect(res.status, res.text).toBe(201);
  return res;
}

async function book(humanId: string, time: string, date = MONDAY) {
  const res = await app.call('POST', '/v1/bookings', {
    key,
    body: bookingBody(humanId, at(date, time), 30, { attendee_name: 'Émilie du Châtelet', attendee_email: 'emilie@example.com' }),
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
}

/** The feed as a calendar app reads it: a plain GET, no API key. */
async function read(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** Parsed with ical.js, an independent RFC 5545 parser. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((event) => ({
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
    status: event.getFirstPropertyValue('status'),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
  }));
  return { method: calendar.getFirstPropertyValue('method'), name: calendar.getFirstPropertyValue('x-wr-calname'), events };
}

const vevents = (text: string) => text.match(/BEGIN:VEVENT\r\n[\s\S]*?END:VEVENT\r\n/g) ?? [];

describe('POST /v1/humans/{id}/calendar-feed and GET /feeds/<token>.ics', () => {
  it("serves the human's bookings without an API key, each the very VEVENT of /v1/bookings/{id}/ics", async () => {
    const humanId = await newHuman();
    const booking = await book(humanId, '10:00');
    const created = await createFeed(humanId);
    expect(created.body).toEqual({
      url: expect.stringMatching(FEED_URL),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    });
    expect(created.headers.get('cache-control')).toBe('no-store');

    const feed = await read(created.body.url);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(feed.headers.get('cache-control')).toBe('private, no-cache');
    expect(feed.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    const parsed = parse(feed.text);
    expect(parsed.method).toBe('PUBLISH');
    expect(parsed.name).toContain('Ada Lovelace');
    expect(parsed.events).toEqual([
      { uid: `${booking.id}@humantime`, sequence: 0, status: 'CONFIRMED', start: '2030-01-07T10:00:00.000Z' },
    ]);
    // Byte for byte the event of the single-booking file: one event in a calendar that has both.
    const single = await app.call('GET', `/v1/bookings/${booking.id}/ics`, { key });
    expect(vevents(feed.text)).toEqual(vevents(single.text));
    expect(vevents(feed.text)).toHaveLength(1);
  });

  it('shows a cancelled booking as STATUS:CANCELLED under the same UID, with a higher SEQUENCE', async () => {
    const humanId = await newHuman();
    const { url } = (await createFeed(humanId)).body;
    const booking = await book(humanId, '11:00');
    const before = parse((await read(url)).text).events;
    await app.call('DELETE', `/v1/bookings/${booking.id}`, { key });
    const after = parse((await read(url)).text).events;
    expect(before).toEqual([expect.objectContaining({ uid: `${booking.id}@humantime`, status: 'CONFIRMED', sequence: 0 })]);
    expect(after).toEqual([expect.objectContaining({ uid: `${booking.id}@humantime`, status: 'CANCELLED', sequence: 1 })]);
  });

  it('shows a rescheduled booking once, at its new time, with the highest SEQUENCE', async () => {
    const humanId = await newHuman();
    const { url } = (await createFeed(humanId)).body;
    const booking = await book(humanId, '12:00');
    const moved = await app.call('POST', `/v1/bookings/${booking.id}/reschedule`, { key, body: { starts_at: at(MONDAY, '15:00') } });
    expect(moved.status).toBe(201);
    const feed = await read(url);
    expect(parse(feed.text).events).toEqual([
      { uid: `${booking.id}@humantime`, sequence: 2, status: 'CONFIRMED', start: '2030-01-07T15:00:00.000Z' },
    ]);
    expect(vevents(feed.text)).toEqual(vevents((await app.call('GET', `/v1/bookings/${moved.body.id}/ics`, { key })).text));
  });

  it('answers 304 to the ETag while nothing changed, and a new ETag once something did', async () => {
    const humanId = await newHuman();
    const { url } = (await createFeed(humanId)).body;
    await book(humanId, '09:00');
    const first = await read(url);
    const etag = first.headers.get('etag')!;
    expect((await read(url)).text).toBe(first.text);

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await read(url, { 'if-none-match': ifNoneMatch });
      expect(again.status, ifNoneMatch).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
    }

    await book(humanId, '13:00');
    const changed = await read(url, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(parse(changed.text).events).toHaveLength(2);

    // The human's name is in every event: renaming them is a change too.
    await app.call('PATCH', `/v1/humans/${humanId}`, { key, body: { name: 'Ada King' } });
    const renamed = await read(url, { 'if-none-match': changed.headers.get('etag')! });
    expect(renamed.status).toBe(200);
    expect(parse(renamed.text).name).toContain('Ada King');
    expect(renamed.headers.get('etag')).not.toBe(changed.headers.get('etag'));
  });

  it('answers HEAD with the headers alone', async () => {
    const humanId = await newHuman();
    const { url } = (await createFeed(humanId)).body;
    const get = await read(url);
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
    expect(await head.text()).toBe('');
  });

  it('holds bookings from 30 days ago on, and cancelled ones while their cancellation is under 30 days old', async () => {
    const humanId = await newHuman();
    const { url } = (await createFeed(humanId)).body;
    app.clock.now = new Date('2029-12-20T00:00:00Z');
    const kept = await book(humanId, '09:00');
    const cancelled = await book(humanId, '10:00');
    await app.call('DELETE', `/v1/bookings/${cancelled.id}`, { key });
    const uids = async (now: string) => {
      app.clock.now = new Date(now);
      return parse((await read(url)).text).events.map((e) => `${String(e.uid)} ${String(e.status)}`);
    };
    // Cancelled on 20 December, the bookings on 7 January.
    expect(await uids('2030-01-15T00:00:00Z')).toEqual([`${kept.id}@humantime CONFIRMED`, `${cancelled.id}@humantime CANCELLED`]);
    expect(await uids('2030-01-19T00:00:01Z')).toEqual([`${kept.id}@humantime CONFIRMED`]);
    expect(await uids('2030-02-06T00:00:00Z')).toEqual([`${kept.id}@humantime CONFIRMED`]);
    expect(await uids('2030-02-06T09:00:01Z')).toEqual([]);
  });

  it('regenerates: the old URL answers 404 at once, the new one serves the feed', async () => {
    const humanId = await newHuman();
    await book(humanId, '14:00');
    const first = (await createFeed(humanId)).body;
    app.clock.now = new Date('2029-06-01T12:00:00Z');
    const second = (await createFeed(humanId)).body;
    expect(second.url).not.toBe(first.url);
    expect(second.created_at).toBe('2029-06-01T12:00:00Z');
    const old = await read(first.url);
    expect(old.status).toBe(404);
    expect(JSON.parse(old.text).error.code).toBe('NOT_FOUND');
    expect((await read(second.url)).status).toBe(200);
  });

  it('revokes: the URL answers 404 like one that never existed; a second revoke is 404', async () => {
    const humanId = await newHuman();
    const { url } = (await createFeed(humanId)).body;
    expect((await app.call('DELETE', `/v1/humans/${humanId}/calendar-feed`, { key })).status).toBe(204);
    const revoked = await read(url);
    const never = await read(url.replace(FEED_URL, (_m: string, token: string) => `${app.url}/feeds/${token.slice(0, -4)}AAAA.ics`));
    expect(revoked.status).toBe(404);
    expect(revoked.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(revoked.text)).toEqual(JSON.parse(never.text));
    expect(JSON.parse(revoked.text).error).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    const again = await app.call('DELETE', `/v1/humans/${humanId}/calendar-feed`, { key });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('NOT_FOUND');
  });

  it("answers 404 NOT_FOUND for another organization's human, an unknown one and a deleted one", async () => {
    const humanId = await newHuman();
    const { url } = (await createFeed(humanId)).body;
    const other = (await app.createOrg('free')).key;
    for (const method of ['POST', 'DELETE']) {
      const res = await app.call(method, `/v1/humans/${humanId}/calendar-feed`, { key: other });
      expect(res.status, method).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
      const unknown = await app.call(method, '/v1/humans/00000000-0000-4000-8000-000000000000/calendar-feed', { key });
      expect(unknown.status, method).toBe(404);
    }
    // The other organization's attempt changed nothing.
    expect((await read(url)).status).toBe(200);

    await app.call('DELETE', `/v1/humans/${humanId}`, { key });
    expect((await read(url)).status).toBe(404);
    expect((await app.call('POST', `/v1/humans/${humanId}/calendar-feed`, { key })).status).toBe(404);
  });

  it('needs an API key to create or revoke', async () => {
    const humanId = await newHuman();
    expect((await app.call('POST', `/v1/humans/${humanId}/calendar-feed`)).status).toBe(401);
    expect((await app.call('DELETE', `/v1/humans/${humanId}/calendar-feed`)).status).toBe(401);
  });

  it('keeps only the SHA-256 of the token, one row per human', async () => {
    const humanId = await newHuman();
    await createFeed(humanId);
    const { url } = (await createFeed(humanId)).body;
    const token = FEED_URL.exec(url)![1]!;
    const rows = await app.database.store.db.$queryRawUnsafe<Record<string, unknown>[]>(
      'SELECT * FROM calendar_feeds WHERE human_id = $1::uuid',
      humanId,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('builds the URL on PUBLIC_URL (by default 127.0.0.1 and the port), never on Host or forwarded headers', async () => {
    const humanId = await newHuman();
    const forged = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'api.example.com', host: 'evil.example.com' };
    const { url } = (await createFeed(humanId, forged)).body;
    expect(url).toMatch(FEED_URL);
    expect(url.startsWith(`http://127.0.0.1:${new URL(app.url).port}/feeds/`)).toBe(true);
  });
});
