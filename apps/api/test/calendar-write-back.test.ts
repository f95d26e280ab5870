import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { calendarWriteRunner } from '../src/jobs/calendar-write/calendar-write-job.js';
import { createLogger } from '../src/lib/logger.js';
import { secretBox } from '../src/lib/secret-box.js';
import { at, MONDAY } from './booking-fixtures.js';
import { hasRadicale, startRadicale, type CalDavServer } from './calendars/caldav-servers.js';
import { createHumanIn, WEEKDAYS } from './schedule-fixtures.js';
import { startTestApp, type TestApp } from './test-app.js';

// Bookings written into a real CalDAV server (Radicale) that takes them: confirmed → the event
// is there under the booking's UID, moved → the same resource at the new time, cancelled →
// gone; and the calendar's next read does not count the written event as busy a second time.

const SECRETS = secretBox(Buffer.alloc(32, 42));
let app: TestApp;
let key: string;
let radicale: CalDavServer;

beforeAll(async () => {
  if (!hasRadicale) return;
  radicale = await startRadicale();
  app = await startTestApp({ webhooks: { ...loadConfig({}).webhooks, allowPrivateUrls: true, inProcessWorker: false } });
  key = (await app.createOrg('growth')).key;
});
afterAll(async () => {
  await app?.close();
  await radicale?.stop();
});

async function resource(uid: string): Promise<{ status: number; text: string }> {
  const url = new URL(
    `${encodeURIComponent(uid)}.ics`,
    radicale.calendarUrl.endsWith('/') ? radicale.calendarUrl : `${radicale.calendarUrl}/`,
  );
  const headers: Record<string, string> = {};
  if (radicale.credentials)
    headers.authorization = `Basic ${Buffer.from(`${radicale.credentials.username}:${radicale.credentials.password}`).toString('base64')}`;
  const res = await fetch(url, { headers });
  return { status: res.status, text: await res.text() };
}

/** Runs the write job until `done` holds (it polls quickly here), then stops it. */
async function writesUntil(done: () => Promise<boolean>) {
  // Retries after 20 ms instead of minutes.
  const config = { ...app.config, webhooks: { ...app.config.webhooks, retryDelaysMs: [20, 20] as [number, number] } };
  const runner = calendarWriteRunner({
    store: app.database.store,
    config,
    secrets: SECRETS,
    clock: () => new Date(),
    logger: createLogger('silent'),
    pollMs: 50,
  });
  await runner.start();
  try {
    const deadline = Date.now() + 10_000;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error('the write job did not get there');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await runner.stop();
  }
}

/** A human with the Radicale calendar connected, taking bookings. */
async function humanWritingToRadicale() {
  const human = await createHumanIn(app, key, 'UTC', {
    working_days: WEEKDAYS,
    work_start: '09:00',
    work_end: '17:00',
    meeting_durations: [60],
  });
  // An email, so the written event has an ORGANIZER and may name its ATTENDEE.
  expect((await app.call('PATCH', `/v1/humans/${human}`, { key, body: { email: 'ada@example.com' } })).status).toBe(200);
  const connected = await app.call('POST', `/v1/humans/${human}/calendars`, {
    key,
    body: { url: radicale.calendarUrl, ...(radicale.credentials ?? {}), write_bookings: true },
  });
  expect(connected.status, connected.text).toBe(201);
  return { human, connected };
}

describe.skipIf(!hasRadicale)('bookings written into a CalDAV calendar (write_bookings)', () => {
  it('puts a booking under its UID, moves it in place, deletes it when cancelled, and never counts it as busy twice', async () => {
    const { human, connected } = await humanWritingToRadicale();
    expect(connected.body).toMatchObject({ kind: 'caldav', write_bookings: true });

    app.clock.now = new Date('2030-01-01T00:00:00Z');
    const booked = await app.call('POST', '/v1/bookings', {
      key,
      body: {
        human_id: human,
        starts_at: at(MONDAY, '10:00'),
        duration: 60,
        attendee_name: 'Agent Smith',
        attendee_email: 'smith@example.com',
      },
    });
    expect(booked.status, booked.text).toBe(201);
    const uid = `${booked.body.id}@humantime`;
    await writesUntil(async () => (await resource(uid)).status === 200);
    expect((await resource(uid)).text).toContain('DTSTART:20300107T100000Z');
    // A scheduling server must not invite the attendee itself: humantime confirmed the booking.
    expect((await resource(uid)).text.replace(/\r\n /g, '')).toMatch(
      /\r\nATTENDEE;[^\r]*SCHEDULE-AGENT=CLIENT[^\r]*mailto:smith@example\.com/i,
    );

    // Read back from the calendar: the written event is the booking itself, not more busy time.
    app.clock.now = new Date('2030-01-01T00:00:00Z');
    const synced = await app.call('POST', `/v1/humans/${human}/calendars/${connected.body.id}/sync`, { key });
    expect(synced.body).toMatchObject({ status: 'ok', busy_count: 0 });

    const moved = await app.call('POST', `/v1/bookings/${booked.body.id}/reschedule`, { key, body: { starts_at: at(MONDAY, '14:00') } });
    expect(moved.status, moved.text).toBe(201);
    await writesUntil(async () => (await resource(uid)).text.includes('DTSTART:20300107T140000Z'));

    expect((await app.call('DELETE', `/v1/bookings/${moved.body.id}`, { key })).status).toBe(200);
    await writesUntil(async () => (await resource(uid)).status === 404);
    app.clock.now = undefined;
  });

  it('reports a booking it could not write after every attempt in last_error, until a write works again', async () => {
    const { human, connected } = await humanWritingToRadicale();
    const calendarPath = `/v1/humans/${human}/calendars/${connected.body.id}`;
    const sealed = async (url: string) =>
      app.database.store.sql('UPDATE calendars SET url_sealed = $2 WHERE id = $1', [connected.body.id, SECRETS.seal(url)]);
    // Nothing listens on port 9 here: every attempt is refused.
    await sealed('http://127.0.0.1:9/nowhere/');
    app.clock.now = new Date('2030-01-01T00:00:00Z');
    const first = await app.call('POST', '/v1/bookings', {
      key,
      body: { human_id: human, starts_at: at(MONDAY, '09:00'), duration: 60, attendee_name: 'Ada' },
    });
    expect(first.status, first.text).toBe(201);
    await writesUntil(async () => (await app.call('GET', calendarPath, { key })).body.last_error?.code === 'WRITE_BACK_FAILED');
    const failed = (await app.call('GET', calendarPath, { key })).body;
    expect(failed.last_error.message).toContain('a booking could not be written into the calendar');

    // A failed read reports itself; the next good read reports the unwritten booking again.
    const unreadable = await app.call('POST', `${calendarPath}/sync`, { key });
    expect(unreadable.body).toMatchObject({ status: 'error', last_error: { code: 'CALENDAR_UNREADABLE' } });
    await sealed(radicale.calendarUrl);
    // On the write job's clock (the real one): the good read queues the failed write again, due now.
    app.clock.now = undefined;
    const readable = await app.call('POST', `${calendarPath}/sync`, { key });
    expect(readable.body).toMatchObject({ status: 'ok', last_error: { code: 'WRITE_BACK_FAILED' } });
    expect(readable.body.last_error.message).toMatch(/\(UID [^)]+@humantime\)/);

    // The calendar answered: the booking that could not be written is written now, and only
    // then is the failure over (a later booking's write alone does not clear it).
    expect((await resource(`${first.body.id}@humantime`)).status).toBe(404);
    app.clock.now = new Date('2030-01-01T00:00:00Z');
    const second = await app.call('POST', '/v1/bookings', {
      key,
      body: { human_id: human, starts_at: at(MONDAY, '11:00'), duration: 60, attendee_name: 'Ada' },
    });
    expect(second.status, second.text).toBe(201);
    await writesUntil(async () => (await app.call('GET', calendarPath, { key })).body.last_error === null);
    expect((await resource(`${first.body.id}@humantime`)).status).toBe(200);
    expect((await resource(`${second.body.id}@humantime`)).status).toBe(200);
    app.clock.now = undefined;
  });

  it("a write that fails while the calendar cannot be read leaves the read's error in place (status and last_error agree)", async () => {
    const { human, connected } = await humanWritingToRadicale();
    const calendarPath = `/v1/humans/${human}/calendars/${connected.body.id}`;
    await app.database.store.sql('UPDATE calendars SET url_sealed = $2 WHERE id = $1', [
      connected.body.id,
      SECRETS.seal('http://127.0.0.1:9/nowhere/'),
    ]);
    app.clock.now = new Date('2030-01-01T00:00:00Z');
    expect((await app.call('POST', `${calendarPath}/sync`, { key })).body).toMatchObject({
      status: 'error',
      last_error: { code: 'CALENDAR_UNREADABLE' },
    });
    const booked = await app.call('POST', '/v1/bookings', {
      key,
      body: { human_id: human, starts_at: at(MONDAY, '14:00'), duration: 60, attendee_name: 'Ada' },
    });
    expect(booked.status, booked.text).toBe(201);
    await writesUntil(async () => {
      const [row] = await app.database.store.sql<{ status: string }>('SELECT status FROM calendar_writes WHERE calendar_id = $1', [
        connected.body.id,
      ]);
      return row?.status === 'failed';
    });
    expect((await app.call('GET', calendarPath, { key })).body).toMatchObject({
      status: 'error',
      last_error: { code: 'CALENDAR_UNREADABLE' },
    });
    app.clock.now = undefined;
  });

  it("removes a deleted human's booking from their calendar when it is cancelled", async () => {
    const { human } = await humanWritingToRadicale();
    app.clock.now = new Date('2030-01-01T00:00:00Z');
    const booked = await app.call('POST', '/v1/bookings', {
      key,
      body: { human_id: human, starts_at: at(MONDAY, '16:00'), duration: 60, attendee_name: 'Ada' },
    });
    expect(booked.status, booked.text).toBe(201);
    const uid = `${booked.body.id}@humantime`;
    await writesUntil(async () => (await resource(uid)).status === 200);
    expect((await app.call('DELETE', `/v1/humans/${human}`, { key })).status).toBe(204);
    expect((await app.call('DELETE', `/v1/bookings/${booked.body.id}`, { key })).status).toBe(200);
    await writesUntil(async () => (await resource(uid)).status === 404);
    app.clock.now = undefined;
  });
});
