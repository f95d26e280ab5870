import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CalendarSchema } from '@humantime/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { declineOf, runBookingStatement } from '../src/db/booking-statement.js';
import { newBookingRow } from '../src/db/tables/bookings.js';
import { shardUnitOf } from '../src/services/billing/consume-quota.js';
import { bookingView } from '../src/services/bookings/booking-view.js';
import { bookingWriteOf } from '../src/services/bookings/claim-time.js';
import { eventOf } from '../src/services/events/record-event.js';
import { candidateDates, loadTimedSchedules } from '../src/services/schedule/load-schedule.js';
import { calendarRefreshRunner } from '../src/jobs/calendar-refresh/calendar-refresh-job.js';
import { createLogger } from '../src/lib/logger.js';
import { secretBox } from '../src/lib/secret-box.js';
import { at, MONDAY } from './booking-fixtures.js';
import { expectEnvelope } from './expectations.js';
import { createHumanIn, listedStarts, WEEKDAYS } from './schedule-fixtures.js';
import { startTestApp, type TestApp } from './test-app.js';
import { TEST_STORE } from './test-store.js';

// A human's own calendar, served by a local HTTP server as a feed with an ETag: its busy time
// blocks slots, check and booking like a booking does, shows in GET /busy, follows every read
// (the sync endpoint and the refresh job) into the very next slots answer, and survives a read
// that fails. The reading itself (recurrences, zones, limits, CalDAV) is tested in test/calendars/.

const SECRETS = secretBox(Buffer.alloc(32, 42));
let app: TestApp;
let key: string;
let feed: Server;
let base: string;
/** What each path of the feed server answers (a body, or a status). */
const served = new Map<string, { body?: string; status?: number }>();
const requests: Array<{ path: string; ifNoneMatch: string | undefined; authorization: string | undefined }> = [];

const vevent = (uid: string, start: string, end: string, extra = '') =>
  `BEGIN:VEVENT\r\nUID:${uid}\r\nDTSTAMP:20300101T000000Z\r\nDTSTART:${start}\r\nDTEND:${end}\r\n${extra}SUMMARY:Private\r\nEND:VEVENT\r\n`;
const ics = (...events: string[]) => `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n${events.join('')}END:VCALENDAR\r\n`;
// Monday 2030-01-07 10:00-11:00 UTC, and the same hour every Wednesday.
const DENTIST = vevent('dentist@example.com', '20300107T100000Z', '20300107T110000Z');
const WEEKLY = vevent('sync@example.com', '20300109T140000Z', '20300109T150000Z', 'RRULE:FREQ=WEEKLY;COUNT=10\r\n');
const DAV_COLLECTION =
  '<?xml version="1.0"?><d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:response><d:href>/dav/</d:href>' +
  '<d:propstat><d:prop><d:resourcetype><d:collection/><c:calendar/></d:resourcetype></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>';
const DAV_CUT_SHORT =
  '<?xml version="1.0"?><d:multistatus xmlns:d="DAV:"><d:response><d:href>/dav/a.ics</d:href><d:propstat><d:prop><d:getetag>"1"</d:getetag></d:prop>' +
  '<d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response><d:response><d:href>/dav/</d:href><d:status>HTTP/1.1 507 Insufficient Storage</d:status>' +
  '<d:error><d:number-of-matches-within-limits/></d:error></d:response></d:multistatus>';
const NINE_TO_FIVE = { working_days: WEEKDAYS, work_start: '09:00', work_end: '17:00', meeting_durations: [30, 60] };

beforeAll(async () => {
  feed = createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push({ path, ifNoneMatch: req.headers['if-none-match'], authorization: req.headers.authorization });
    // /dav/: a CalDAV collection whose REPORT says it left results out (507).
    if (path.startsWith('/dav/') && (req.method === 'PROPFIND' || req.method === 'REPORT')) {
      res
        .writeHead(207, { 'Content-Type': 'application/xml; charset=utf-8' })
        .end(req.method === 'PROPFIND' ? DAV_COLLECTION : DAV_CUT_SHORT);
      return;
    }
    const answer = served.get(path.split('?')[0]!);
    if (!answer || answer.status) {
      res.writeHead(answer?.status ?? 404).end();
      return;
    }
    const etag = `"${createHash('sha256').update(answer.body!).digest('hex').slice(0, 16)}"`;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { ETag: etag }).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8', ETag: etag }).end(answer.body);
  });
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(feed.address() as AddressInfo).port}`;
  // The feed is on loopback: the outbound guard's switch (the webhooks') lets it through here.
  app = await startTestApp({ webhooks: { ...loadConfig({}).webhooks, allowPrivateUrls: true, inProcessWorker: false } });
  key = (await app.createOrg('growth')).key;
});
afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => feed?.close(resolve));
});
afterEach(() => {
  app.clock.now = undefined;
});

/** A human with a calendar served at `path`; answers both ids. */
async function humanWithCalendar(path: string, body: string, extra: Record<string, unknown> = {}) {
  const human = await createHumanIn(app, key, 'UTC', NINE_TO_FIVE);
  served.set(path, { body });
  app.clock.now = new Date('2030-01-01T00:00:00Z');
  const res = await app.call('POST', `/v1/humans/${human}/calendars`, { key, body: { url: `${base}${path}`, ...extra } });
  expect(res.status, res.text).toBe(201);
  return { human, calendar: res.body as { id: string } & Record<string, unknown> };
}

const slotsOn = (human: string, date = MONDAY) => listedStarts(app, key, human, date, date, 60);

/**
 * Runs the refresh job, on the test's 2030 clock (so the events are inside its expansion
 * window), until `done` holds, then stops it; fails with `failure` after 10 s.
 */
async function refreshUntil(done: () => Promise<boolean>, failure: string, config = app.config) {
  const runner = calendarRefreshRunner({
    store: app.database.store,
    config,
    secrets: SECRETS,
    clock: () => new Date('2030-01-01T00:00:00Z'),
    logger: createLogger('silent'),
    pollMs: 50,
  });
  await runner.start();
  try {
    const deadline = Date.now() + 10_000;
    for (;;) {
      app.clock.now = new Date('2030-01-01T00:00:00Z');
      if (await done()) break;
      if (Date.now() > deadline) throw new Error(failure);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await runner.stop();
  }
}

describe('calendars', () => {
  it('connects a feed whose busy time blocks slots, check and booking, and shows in /busy', async () => {
    const { human, calendar } = await humanWithCalendar('/ada.ics', ics(DENTIST, WEEKLY), { name: 'Personal' });
    expect(CalendarSchema.strict().parse(calendar)).toEqual(calendar);
    expect(calendar).toMatchObject({
      kind: 'ics',
      url: `${base}/ada.ics`,
      name: 'Personal',
      status: 'ok',
      last_error: null,
      write_bookings: false,
      human_id: human,
    });
    expect(calendar.busy_count).toBe(11);

    app.clock.now = new Date('2030-01-01T00:00:00Z');
    const monday = await slotsOn(human);
    expect(monday).not.toContain(at(MONDAY, '10:00'));
    expect(monday).toContain(at(MONDAY, '11:00'));
    expect(await slotsOn(human, '2030-01-09')).not.toContain(at('2030-01-09', '14:00'));

    const check = await app.call('GET', `/v1/humans/${human}/check?starts_at=${at(MONDAY, '10:00')}&duration=60`, { key });
    expect(check.body).toMatchObject({ bookable: false, code: 'SLOT_UNAVAILABLE' });
    const booked = await app.call('POST', '/v1/bookings', {
      key,
      body: { human_id: human, starts_at: at(MONDAY, '10:00'), duration: 60, attendee_name: 'Agent Smith' },
    });
    expectEnvelope(booked, 409, 'SLOT_UNAVAILABLE');
    expect(booked.body.error.message).toContain('a connected calendar of this human is busy then');

    const ok = await app.call('POST', '/v1/bookings', {
      key,
      body: { human_id: human, starts_at: at(MONDAY, '12:00'), duration: 60, attendee_name: 'Agent Smith' },
    });
    expect(ok.status, ok.text).toBe(201);
    const busy = await app.call('GET', `/v1/humans/${human}/busy?from=${at(MONDAY, '00:00')}&to=${at('2030-01-10', '00:00')}`, { key });
    expect(busy.status, busy.text).toBe(200);
    expect(busy.body.data).toEqual([
      { starts_at: at(MONDAY, '10:00'), ends_at: at(MONDAY, '11:00'), source: 'calendar', calendar_id: calendar.id },
      { starts_at: at(MONDAY, '12:00'), ends_at: at(MONDAY, '13:00'), source: 'booking', calendar_id: null },
      { starts_at: at('2030-01-09', '14:00'), ends_at: at('2030-01-09', '15:00'), source: 'calendar', calendar_id: calendar.id },
    ]);
  });

  it("buffers calendar busy time as it buffers a booking: the human's buffer after it keeps the next start free", async () => {
    const org = await app.createOrg('growth');
    const key = org.key;
    // Scheduling rules ride along with the four required fields.
    const human = await createHumanIn(app, key, 'UTC', { ...NINE_TO_FIVE, buffer_after: 30, slot_interval: 30 } as typeof NINE_TO_FIVE);
    served.set('/buffered.ics', { body: ics(DENTIST) });
    app.clock.now = new Date('2030-01-01T00:00:00Z');
    const added = await app.call('POST', `/v1/humans/${human}/calendars`, { key, body: { url: `${base}/buffered.ics` } });
    expect(added.status, added.text).toBe(201);
    // The dentist is 10:00-11:00; a booking there would hold 10:00-11:30 with its buffer, so
    // 11:00 is refused (its own buffer is not the point: it starts inside the dentist's).
    const monday = await listedStarts(app, key, human, MONDAY, MONDAY, 60);
    expect(monday).not.toContain(at(MONDAY, '11:00'));
    expect(monday).toContain(at(MONDAY, '11:30'));
    expect(monday).not.toContain(at(MONDAY, '09:00')); // its buffer runs into 10:00
    expect(monday).toContain(at(MONDAY, '12:00'));
    app.clock.now = new Date('2030-01-01T00:00:00Z');
    const check = await app.call('GET', `/v1/humans/${human}/check?starts_at=${at(MONDAY, '11:00')}&duration=60`, { key });
    expect(check.body).toMatchObject({ bookable: false, code: 'SLOT_UNAVAILABLE' });
    app.clock.now = new Date('2030-01-01T00:00:00Z');
    const booked = await app.call('POST', '/v1/bookings', {
      key,
      body: { human_id: human, starts_at: at(MONDAY, '11:00'), duration: 60, attendee_name: 'Agent Smith' },
    });
    expectEnvelope(booked, 409, 'SLOT_UNAVAILABLE');
    expect(booked.body.error.message).toContain('a connected calendar of this human is busy then');
    app.clock.now = new Date('2030-01-01T00:00:00Z');
    const after = await app.call('POST', '/v1/bookings', {
      key,
      body: { human_id: human, starts_at: at(MONDAY, '11:30'), duration: 60, attendee_name: 'Agent Smith' },
    });
    expect(after.status, after.text).toBe(201);

    // The booking statement buffers it too: judged on a snapshot read before busy time 13:00-14:00
    // arrived (a read racing the booking), the statement itself declines 14:00.
    const { store } = app.database;
    const now = new Date('2030-01-01T00:00:00Z');
    const start = Date.parse(at(MONDAY, '14:00'));
    const timed = (await loadTimedSchedules(store.sql, org.id, { humanIds: [human], ...candidateDates(start) })).get(human)!;
    await store.sql(
      `INSERT INTO calendar_busy (organization_id, human_id, calendar_id, uid, starts_at, ends_at)
       SELECT organization_id, human_id, id, 'late-buffered@example.com', $2::timestamptz, $3::timestamptz FROM calendars WHERE id = $1`,
      [added.body.id, at(MONDAY, '13:00'), at(MONDAY, '14:00')],
    );
    const request = {
      organizationId: org.id,
      humanId: human,
      start,
      durationMinutes: 60,
      attendeeName: 'A',
      attendeeEmail: null,
      metadata: {},
    };
    const write = bookingWriteOf(timed.at(now), request, now);
    const booking = bookingView(newBookingRow(write.row));
    const declined = await runBookingStatement(store.sql, {
      booking: write.row,
      claim: write.claim,
      calendarReach: write.calendarReach,
      dayCount: write.dayCount,
      rulesVersion: timed.rulesVersion,
      event: eventOf({ organizationId: org.id, type: 'booking.confirmed', booking, at: now }),
      quota: shardUnitOf({ id: org.id, plan: 'growth', autoPurchase: false }, now),
      clearExpiredHolds: true,
      now,
    }).then(
      () => 'booked',
      (error: unknown) => declineOf(error),
    );
    expect(declined).toBe('CALENDAR_BUSY');
  });

  it("skips only this human's own bookings read back from a calendar; another human's booking there is busy time", async () => {
    const ada = await createHumanIn(app, key, 'UTC', NINE_TO_FIVE);
    const grace = await createHumanIn(app, key, 'UTC', NINE_TO_FIVE);
    app.clock.now = new Date('2030-01-01T00:00:00Z');
    const book = async (human: string, time: string) => {
      app.clock.now = new Date('2030-01-01T00:00:00Z');
      const res = await app.call('POST', '/v1/bookings', {
        key,
        body: { human_id: human, starts_at: at(MONDAY, time), duration: 60, attendee_name: 'Agent Smith' },
      });
      expect(res.status, res.text).toBe(201);
      return res.body as { id: string; ical_uid?: string };
    };
    const own = await book(ada, '14:00');
    const others = await book(grace, '15:00');
    // A shared calendar holding both: Ada's booking comes back with its UID, and so does Grace's.
    served.set('/shared.ics', {
      body: ics(
        vevent(`${own.id}@humantime`, '20300107T140000Z', '20300107T150000Z'),
        vevent(`${others.id}@humantime`, '20300107T150000Z', '20300107T160000Z'),
      ),
    });
    app.clock.now = new Date('2030-01-01T00:00:00Z');
    const added = await app.call('POST', `/v1/humans/${ada}/calendars`, { key, body: { url: `${base}/shared.ics` } });
    expect(added.status, added.text).toBe(201);
    expect(added.body.busy_count).toBe(1);
    const busy = await app.call('GET', `/v1/humans/${ada}/busy?from=${at(MONDAY, '00:00')}&to=${at('2030-01-08', '00:00')}`, { key });
    expect(busy.body.data).toEqual([
      { starts_at: at(MONDAY, '14:00'), ends_at: at(MONDAY, '15:00'), source: 'booking', calendar_id: null },
      { starts_at: at(MONDAY, '15:00'), ends_at: at(MONDAY, '16:00'), source: 'calendar', calendar_id: added.body.id },
    ]);
  });

  it("reads a feed in full again once the human's zone changed: a 304 would keep its floating times in the old zone", async () => {
    // An event without a zone (floating): 09:00-10:00 wherever the human is.
    const floating = 'BEGIN:VEVENT\r\nUID:floating@example.com\r\nDTSTART:20300107T090000\r\nDTEND:20300107T100000\r\nEND:VEVENT\r\n';
    const { human, calendar } = await humanWithCalendar('/floating.ics', ics(floating));
    const sync = () => app.call('POST', `/v1/humans/${human}/calendars/${calendar.id}/sync`, { key });
    const conditional = async () => {
      const before = requests.length;
      app.clock.now = new Date('2030-01-01T00:00:00Z');
      expect((await sync()).body.status).toBe('ok');
      return requests.slice(before).some((r) => r.path === '/floating.ics' && r.ifNoneMatch !== undefined);
    };
    expect(await conditional()).toBe(true);
    const moved = await app.call('PATCH', `/v1/humans/${human}`, { key, body: { timezone: 'America/New_York' } });
    expect(moved.status, moved.text).toBe(200);
    expect(await conditional()).toBe(false);
    const busy = await app.call('GET', `/v1/humans/${human}/busy?from=${at(MONDAY, '00:00')}&to=${at('2030-01-08', '00:00')}`, { key });
    expect(busy.body.data).toEqual([
      { starts_at: at(MONDAY, '14:00'), ends_at: at(MONDAY, '15:00'), source: 'calendar', calendar_id: calendar.id },
    ]);
    expect(await conditional()).toBe(true);
  });

  it('follows a changed feed into the very next slots answer, sends If-None-Match, and keeps busy time when a read fails', async () => {
    const { human, calendar } = await humanWithCalendar('/grace.ics', ics(DENTIST));
    app.clock.now = new Date('2030-01-01T00:00:00Z');
    expect(await slotsOn(human)).not.toContain(at(MONDAY, '10:00'));
    expect(await slotsOn(human)).toContain(at(MONDAY, '15:00')); // warm the caches and the kept answer

    served.set('/grace.ics', { body: ics(vevent('moved@example.com', '20300107T150000Z', '20300107T160000Z')) });
    const synced = await app.call('POST', `/v1/humans/${human}/calendars/${calendar.id}/sync`, { key });
    expect(synced.status, synced.text).toBe(200);
    expect(synced.body).toMatchObject({ status: 'ok', busy_count: 1 });
    app.clock.now = new Date('2030-01-01T00:00:00Z');
    const after = await slotsOn(human);
    expect(after).toContain(at(MONDAY, '10:00'));
    expect(after).not.toContain(at(MONDAY, '15:00'));

    // Unchanged: a conditional request, answered 304.
    const before = requests.length;
    expect((await app.call('POST', `/v1/humans/${human}/calendars/${calendar.id}/sync`, { key })).body.status).toBe('ok');
    expect(requests.slice(before).some((r) => r.path === '/grace.ics' && r.ifNoneMatch)).toBe(true);

    // Cut short (a server that closed cleanly mid-transfer): a failed read, not an empty calendar.
    served.set('/grace.ics', {
      body: ics(vevent('moved@example.com', '20300107T150000Z', '20300107T160000Z')).replace(/END:VCALENDAR\r\n$/, ''),
    });
    const cut = await app.call('POST', `/v1/humans/${human}/calendars/${calendar.id}/sync`, { key });
    expect(cut.body).toMatchObject({ status: 'error', busy_count: 1, last_error: { code: 'CALENDAR_UNREADABLE' } });
    expect(cut.body.last_error.message).toContain('cut short');

    served.set('/grace.ics', { status: 500 });
    app.clock.now = new Date('2030-01-01T00:00:00.250Z');
    const failed = await app.call('POST', `/v1/humans/${human}/calendars/${calendar.id}/sync`, { key });
    expect(failed.status).toBe(200);
    // Timestamps are answered to the second, last_error's too.
    expect(failed.body).toMatchObject({
      status: 'error',
      busy_count: 1,
      last_error: { code: 'CALENDAR_UNREADABLE', at: '2030-01-01T00:00:00Z' },
    });
    expect(failed.body.last_error.message).toContain('500');
    app.clock.now = new Date('2030-01-01T00:00:00Z');
    expect(await slotsOn(human)).not.toContain(at(MONDAY, '15:00'));

    expect((await app.call('DELETE', `/v1/humans/${human}/calendars/${calendar.id}`, { key })).status).toBe(204);
    app.clock.now = new Date('2030-01-01T00:00:00Z');
    expect(await slotsOn(human)).toContain(at(MONDAY, '15:00'));
    expectEnvelope(await app.call('GET', `/v1/humans/${human}/calendars/${calendar.id}`, { key }), 404, 'NOT_FOUND');
  });

  it('checks calendar busy time inside the booking statement too, not only on the snapshot the booking was judged on', async () => {
    const { human, calendar } = await humanWithCalendar('/late.ics', ics(DENTIST));
    app.clock.now = new Date('2030-01-01T00:00:00Z');
    expect(await slotsOn(human)).toContain(at(MONDAY, '14:00')); // the snapshot is cached now
    // Busy time that arrived without moving the schedule version: only the statement can see it.
    await app.database.store.sql(
      `INSERT INTO calendar_busy (organization_id, human_id, calendar_id, uid, starts_at, ends_at)
       SELECT organization_id, human_id, id, 'late@example.com', $2::timestamptz, $3::timestamptz FROM calendars WHERE id = $1`,
      [calendar.id, at(MONDAY, '14:00'), at(MONDAY, '15:00')],
    );
    const res = await app.call('POST', '/v1/bookings', {
      key,
      body: { human_id: human, starts_at: at(MONDAY, '14:00'), duration: 60, attendee_name: 'Agent Smith' },
    });
    expectEnvelope(res, 409, 'SLOT_UNAVAILABLE');
    expect(res.body.error.message).toContain('a connected calendar of this human is busy then');
  });

  it('is read again by the refresh job, claimed from the database', async () => {
    const { human } = await humanWithCalendar('/job.ics', ics(DENTIST));
    served.set('/job.ics', { body: ics(DENTIST, vevent('new@example.com', '20300107T130000Z', '20300107T140000Z')) });
    const config = { ...app.config, calendars: { ...app.config.calendars, syncSeconds: 1 } };
    await app.database.store.sql(`UPDATE calendars SET next_sync_at = now() - interval '1 second'`);
    await refreshUntil(
      async () => !(await slotsOn(human)).includes(at(MONDAY, '13:00')),
      'the refresh job did not read the changed feed',
      config,
    );
  });

  it('reads the calendars again in full when the human gets a longer horizon or another zone', async () => {
    // Every Tuesday 14:00-15:00 UTC, with no end; 2030-01-01 is a Tuesday.
    const tuesdays = vevent('tuesdays@example.com', '20300101T140000Z', '20300101T150000Z', 'RRULE:FREQ=WEEKLY\r\n');
    const human = await createHumanIn(app, key, 'UTC', { ...NINE_TO_FIVE, booking_horizon_days: 10 });
    served.set('/horizon.ics', { body: ics(tuesdays) });
    app.clock.now = new Date('2030-01-01T00:00:00Z');
    const connected = await app.call('POST', `/v1/humans/${human}/calendars`, { key, body: { url: `${base}/horizon.ics` } });
    expect(connected.status, connected.text).toBe(201);
    const state = async () =>
      (
        await app.database.store.sql<{ due: boolean; etag: string | null }>(
          'SELECT next_sync_at <= now() AS due, etag FROM calendars WHERE id = $1',
          [connected.body.id],
        )
      )[0]!;
    expect(await state()).toMatchObject({ due: false, etag: expect.any(String) });
    // The same horizon again changes nothing; a longer one makes the calendar due for a full read.
    const put = (availability: Record<string, unknown>) => app.call('PUT', `/v1/humans/${human}/availability`, { key, body: availability });
    expect((await put({ ...NINE_TO_FIVE, booking_horizon_days: 10 })).status).toBe(200);
    expect((await state()).due).toBe(false);
    expect((await put({ ...NINE_TO_FIVE, booking_horizon_days: 200 })).status).toBe(200);
    expect(await state()).toEqual({ due: true, etag: null });

    // Ten weeks on, past what the first read expanded (10 + 30 days): read again, it is busy.
    const far = '2030-03-12';
    await refreshUntil(async () => {
      const starts = await listedStarts(app, key, human, far, far, 60);
      return starts.length > 0 && !starts.includes(at(far, '14:00'));
    }, 'the refresh job did not read the calendar again');
    expect((await state()).due).toBe(false);
    // Another zone: due again (floating times and all-day events are read in it).
    expect((await app.call('PATCH', `/v1/humans/${human}`, { key, body: { timezone: 'Europe/Berlin' } })).status).toBe(200);
    expect(await state()).toEqual({ due: true, etag: null });
  });

  it('answers a calendar sealed under another SECRETS_KEY as a calendar in error, never a 500', async () => {
    const { human, calendar } = await humanWithCalendar('/rekeyed.ics', ics(DENTIST));
    const otherKey = secretBox(Buffer.alloc(32, 7));
    await app.database.store.sql('UPDATE calendars SET url_sealed = $2 WHERE id = $1', [calendar.id, otherKey.seal(`${base}/rekeyed.ics`)]);
    const path = `/v1/humans/${human}/calendars`;
    const shown = await app.call('GET', `${path}/${calendar.id}`, { key });
    expect(shown.status, shown.text).toBe(200);
    expect(shown.body).toMatchObject({ url: '', status: 'error', last_error: { code: 'CALENDAR_UNREADABLE' } });
    expect(shown.body.last_error.message).toContain('sealed with another SECRETS_KEY');
    expect((await app.call('GET', path, { key })).status).toBe(200);
    const synced = await app.call('POST', `${path}/${calendar.id}/sync`, { key });
    expect(synced.status, synced.text).toBe(200);
    expect(synced.body).toMatchObject({ status: 'error', last_error: { code: 'CALENDAR_UNREADABLE' } });
    // Its busy time stands, as for any failed read.
    app.clock.now = new Date('2030-01-01T00:00:00Z');
    expect(await slotsOn(human)).not.toContain(at(MONDAY, '10:00'));
  });

  it('keeps a human without a horizon of their own bookable only as far as their calendars are read (366 days)', async () => {
    const { human, calendar } = await humanWithCalendar('/far.ics', ics(DENTIST));
    app.clock.now = new Date('2030-01-01T00:00:00Z');
    // 2031-01-06 is a Monday 370 days on: past the calendars' window, so neither listed nor bookable.
    const far = '2031-01-06';
    expect(await listedStarts(app, key, human, far, far, 60)).toEqual([]);
    const booked = await app.call('POST', '/v1/bookings', {
      key,
      body: { human_id: human, starts_at: at(far, '10:00'), duration: 60, attendee_name: 'Ada' },
    });
    expectEnvelope(booked, 422, 'OUTSIDE_BOOKING_WINDOW');
    expect((await listedStarts(app, key, human, '2030-12-30', '2030-12-30', 60)).length).toBeGreaterThan(0); // 363 days on
    // Without the calendar, the human is bookable as far ahead as before.
    expect((await app.call('DELETE', `/v1/humans/${human}/calendars/${calendar.id}`, { key })).status).toBe(204);
    expect(await listedStarts(app, key, human, far, far, 60)).toContain(at(far, '10:00'));
  });

  it("lists a human's calendars newest first, paged like every list", async () => {
    const human = await createHumanIn(app, key, 'UTC', NINE_TO_FIVE);
    const ids: string[] = [];
    for (const name of ['work', 'home', 'club']) {
      served.set(`/${name}.ics`, { body: ics(DENTIST) });
      const res = await app.call('POST', `/v1/humans/${human}/calendars`, { key, body: { url: `${base}/${name}.ics`, name } });
      expect(res.status, res.text).toBe(201);
      ids.push(res.body.id);
    }
    const list = (query = '') => app.call('GET', `/v1/humans/${human}/calendars${query}`, { key });
    const all = await list();
    expect(all.body.data.map((c: { name: string }) => c.name)).toEqual(['club', 'home', 'work']);
    expect(all.body.next_cursor).toBeNull();
    const first = await list('?limit=2');
    expect(first.body.data.map((c: { id: string }) => c.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await list(`?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body).toMatchObject({ data: [{ id: ids[0] }], next_cursor: null });
    expectEnvelope(await list('?limit=0'), 422, 'VALIDATION_ERROR');
    expectEnvelope(await list('?limit=101'), 422, 'VALIDATION_ERROR');
    expectEnvelope(await list('?cursor=not-a-cursor'), 422, 'VALIDATION_ERROR');
  });

  it('refuses what it cannot read or keep, in the envelope, keeping nothing', async () => {
    const human = await createHumanIn(app, key, 'UTC', NINE_TO_FIVE);
    served.set('/html', { body: '<html>not a calendar</html>' });
    served.set('/gone.ics', { status: 404 });
    const create = (body: Record<string, unknown>) => app.call('POST', `/v1/humans/${human}/calendars`, { key, body });

    const notFound = await create({ url: `${base}/gone.ics` });
    expectEnvelope(notFound, 422, 'CALENDAR_UNREADABLE');
    expect(notFound.body.error.message).toContain('404');
    expectEnvelope(await create({ url: `${base}/html` }), 422, 'CALENDAR_UNREADABLE');
    const truncatedDav = await create({ url: `${base}/dav/` });
    expectEnvelope(truncatedDav, 422, 'CALENDAR_UNREADABLE');
    expect(truncatedDav.body.error.message).toContain('cut its answer short (507');
    served.set('/half.ics', { body: ics(DENTIST).replace(/END:VCALENDAR\r\n$/, '') });
    const half = await create({ url: `${base}/half.ics` });
    expectEnvelope(half, 422, 'CALENDAR_UNREADABLE');
    expect(half.body.error.message).toContain('cut short');
    expectEnvelope(await create({ url: 'ftp://example.com/x.ics' }), 422, 'VALIDATION_ERROR');
    expectEnvelope(await create({ url: `${base}/x.ics`, extra: 1 }), 422, 'VALIDATION_ERROR');
    expect((await app.call('GET', `/v1/humans/${human}/calendars`, { key })).body).toEqual({ data: [], next_cursor: null });

    served.set('/feed.ics', { body: ics(DENTIST) });
    const feedOnly = await create({ url: `${base}/feed.ics`, write_bookings: true });
    expectEnvelope(feedOnly, 422, 'VALIDATION_ERROR');
    expect(feedOnly.body.error.message).toContain('write_bookings');

    // Credentials in the URL are taken out, sent as Basic auth, stored sealed and never returned.
    const withSecret = await create({ url: `http://ada:s3cret@127.0.0.1:${new URL(base).port}/feed.ics` });
    expect(withSecret.status, withSecret.text).toBe(201);
    expect(withSecret.text).not.toContain('s3cret');
    expect(withSecret.body.url).toBe(`${base}/feed.ics`);
    expect(requests.filter((r) => r.path === '/feed.ics').at(-1)!.authorization).toBe(
      `Basic ${Buffer.from('ada:s3cret').toString('base64')}`,
    );
    const [stored] = await app.database.store.sql<{ url_sealed: string; credentials_sealed: string }>(
      'SELECT url_sealed, credentials_sealed FROM calendars WHERE id = $1',
      [withSecret.body.id],
    );
    expect(JSON.stringify(stored)).not.toContain('s3cret');
    expect(JSON.stringify(stored)).not.toContain('feed.ics');
    expect(SECRETS.open(stored!.url_sealed)).toBe(`${base}/feed.ics`);

    const plainHttp = await create({ url: `webcal://127.0.0.1:${new URL(base).port}/feed.ics` }); // https to a plain-http server
    expectEnvelope(plainHttp, 422, 'CALENDAR_UNREADABLE');
    expect(plainHttp.body.error.message).toContain('the secure connection could not be set up');
    expectEnvelope(await create({ url: `webcals://127.0.0.1:${new URL(base).port}/feed.ics` }), 422, 'CALENDAR_UNREADABLE'); // Apple's spelling, read alike
    expectEnvelope(await create({ url: `${base}/feed.ics` }), 409, 'CALENDAR_URL_TAKEN');
    // The same calendar written another way: an empty query, a trailing slash.
    expectEnvelope(await create({ url: `${base}/feed.ics?` }), 409, 'CALENDAR_URL_TAKEN');
    expectEnvelope(await create({ url: `${base}/feed.ics/` }), 409, 'CALENDAR_URL_TAKEN');
  });

  it("answers 404 for another organization's humans and calendars on every route", async () => {
    const { human, calendar } = await humanWithCalendar('/private.ics', ics(DENTIST));
    const other = (await app.createOrg('growth')).key;
    const paths: Array<[string, string, unknown?]> = [
      ['POST', `/v1/humans/${human}/calendars`, { url: `${base}/private.ics` }],
      ['GET', `/v1/humans/${human}/calendars`],
      ['GET', `/v1/humans/${human}/calendars/${calendar.id}`],
      ['POST', `/v1/humans/${human}/calendars/${calendar.id}/sync`],
      ['DELETE', `/v1/humans/${human}/calendars/${calendar.id}`],
      ['GET', `/v1/humans/${human}/busy?from=${at(MONDAY, '00:00')}&to=${at(MONDAY, '23:00')}`],
    ];
    for (const [method, path, body] of paths) expectEnvelope(await app.call(method, path, { key: other, body }), 404, 'NOT_FOUND');
    expect((await app.call('GET', `/v1/humans/${human}/calendars/${calendar.id}`, { key })).status).toBe(200);
    const range = await app.call('GET', `/v1/humans/${human}/busy?from=${at(MONDAY, '00:00')}&to=${at('2030-03-20', '00:00')}`, { key });
    expectEnvelope(range, 422, 'VALIDATION_ERROR');
  });

  it('refuses what the outbound guard refuses, as a webhook URL is refused: 422 VALIDATION_ERROR naming url, nothing fetched', async () => {
    const strict = await startTestApp({ webhooks: { ...loadConfig({}).webhooks, inProcessWorker: false } }, { secrets: SECRETS });
    try {
      const k = (await strict.createOrg('growth')).key;
      const human = await createHumanIn(strict, k, 'UTC', NINE_TO_FIVE);
      const before = requests.length;
      for (const [url, says] of [
        [`https://127.0.0.1:${new URL(base).port}/ada.ics`, 'internal address'],
        ['https://localhost/ada.ics', 'internal'],
        ['http://calendar.example.com/ada.ics', 'must use https'],
        [`webcal://10.1.2.3/ada.ics`, 'internal address'],
      ]) {
        const res = await strict.call('POST', `/v1/humans/${human}/calendars`, { key: k, body: { url } });
        expectEnvelope(res, 422, 'VALIDATION_ERROR');
        expect(res.body.error.message, url).toContain('url: ');
        expect(res.body.error.message, url).toContain(says);
      }
      expect(requests.length).toBe(before);
      expect((await strict.call('GET', `/v1/humans/${human}/calendars`, { key: k })).body.data).toEqual([]);
    } finally {
      await strict.close();
    }
  });

  it('refuses calendars, saying why, on a server without a secrets key', async () => {
    const bare = await startTestApp(
      { webhooks: { ...loadConfig({}).webhooks, allowPrivateUrls: true, inProcessWorker: false } },
      { secrets: undefined },
    );
    try {
      const k = (await bare.createOrg('growth')).key;
      const human = await createHumanIn(bare, k, 'UTC', NINE_TO_FIVE);
      const res = await bare.call('POST', `/v1/humans/${human}/calendars`, { key: k, body: { url: `${base}/ada.ics` } });
      expectEnvelope(res, 422, 'CALENDAR_UNREADABLE');
      expect(res.body.error.message).toContain('SECRETS_KEY');
      // What is not there is 404 first, and an empty list needs no key.
      const nobody = '00000000-0000-4000-8000-000000000000';
      expectEnvelope(
        await bare.call('POST', `/v1/humans/${nobody}/calendars`, { key: k, body: { url: `${base}/ada.ics` } }),
        404,
        'NOT_FOUND',
      );
      expectEnvelope(await bare.call('GET', `/v1/humans/${human}/calendars/${nobody}`, { key: k }), 404, 'NOT_FOUND');
      expect((await bare.call('GET', `/v1/humans/${human}/calendars`, { key: k })).body).toEqual({ data: [], next_cursor: null });
    } finally {
      await bare.close();
    }
  });
});

describe.runIf(TEST_STORE === 'embedded')('the refresh job on the embedded store', () => {
  it('reads an unchanged calendar with one claim and its outcome: no claim after the read, no due-time query', async () => {
    const statements = { claims: 0, dueQueries: 0, outcomes: 0 };
    const counted = await startTestApp(
      { webhooks: { ...loadConfig({}).webhooks, allowPrivateUrls: true, inProcessWorker: false } },
      { secrets: SECRETS },
      {
        onStatement: (sql) => {
          if (/^\/\* bookkeeping \*\/ WITH due AS [\s\S]*\bc AS \(\s*UPDATE calendars/.test(sql)) statements.claims++;
          else if (/FROM calendars$/.test(sql) && sql.includes('min(GREATEST(next_sync_at')) statements.dueQueries++;
          else if (/^\/\* bookkeeping \*\/ UPDATE calendars SET status/.test(sql)) statements.outcomes++;
        },
      },
    );
    try {
      const orgKey = (await counted.createOrg('growth')).key;
      const human = await createHumanIn(counted, orgKey, 'UTC', NINE_TO_FIVE);
      served.set('/quiet.ics', { body: ics() });
      const res = await counted.call('POST', `/v1/humans/${human}/calendars`, { key: orgKey, body: { url: `${base}/quiet.ics` } });
      expect(res.status, res.text).toBe(201);
      // Connecting read it and set the next read 5 minutes on: due now instead.
      await counted.database.store.sql(`UPDATE calendars SET next_sync_at = now()`);
      const config = { ...counted.config, calendars: { ...counted.config.calendars, syncSeconds: 1 } };
      const runner = calendarRefreshRunner({
        store: counted.database.store,
        config,
        secrets: SECRETS,
        clock: () => new Date(),
        logger: createLogger('silent'),
        pollMs: 10,
      });
      const reads = () => requests.filter((r) => r.path === '/quiet.ics' && r.ifNoneMatch).length;
      const before = reads();
      await runner.start();
      await new Promise((resolve) => setTimeout(resolve, 3_500));
      await runner.stop();
      const conditional = reads() - before;
      // Read at 0 s (connected before: due at once), 1 s, 2 s, 3 s: every read a 304.
      expect(conditional).toBeGreaterThanOrEqual(2);
      expect(statements.outcomes).toBe(conditional);
      // One claim per read (and perhaps one more that found the calendar not yet due), which
      // also tells when the next is due; about 300 polls in between asked nothing.
      expect(statements.claims).toBeLessThanOrEqual(conditional + 1);
      expect(statements.dueQueries).toBeLessThanOrEqual(1);
    } finally {
      await counted.close();
    }
  });
});
