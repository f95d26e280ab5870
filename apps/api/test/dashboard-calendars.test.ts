import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CalendarSchema } from '@humantime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { dashboardCall, signUp, type DashboardUser } from './dashboard-fixtures.js';
import { expectEnvelope, UTC_SECONDS } from './expectations.js';
import { createHumanIn, EVERY_DAY } from './schedule-fixtures.js';
import { startTestApp, type TestApp } from './test-app.js';

// A human's calendars and subscription link through the dashboard: the /v1 services behind a
// session, with the dashboard's CSRF rule on every change and the session's organization on
// every read and write. The calendar is a small feed served here, on loopback, which the
// outbound guard lets through only with WEBHOOK_ALLOW_PRIVATE_URLS (as in development).

let app: TestApp;
let feedServer: Server;
let base: string;
let user: DashboardUser;
let human: string;
/** What each path of the feed server answers: a body, or a status. */
const served = new Map<string, { body?: string; status?: number }>();

const stamp = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
/** One busy hour tomorrow, and one the day after: always inside the read's window. */
function ics(hours = 2) {
  const events = Array.from({ length: hours }, (_, i) => {
    const start = Date.now() + (i + 1) * 86_400_000;
    return `BEGIN:VEVENT\r\nUID:busy-${i}@example.com\r\nDTSTAMP:20300101T000000Z\r\nDTSTART:${stamp(start)}\r\nDTEND:${stamp(start + 3_600_000)}\r\nSUMMARY:Private\r\nEND:VEVENT\r\n`;
  });
  return `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n${events.join('')}END:VCALENDAR\r\n`;
}

beforeAll(async () => {
  feedServer = createServer((req, res) => {
    const answer = served.get((req.url ?? '/').split('?')[0]!);
    if (!answer?.body) return void res.writeHead(answer?.status ?? 404).end();
    res.writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8' }).end(answer.body);
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
  app = await startTestApp({ webhooks: { ...loadConfig({}).webhooks, allowPrivateUrls: true, inProcessWorker: false } });
  user = await signUp(app, undefined, 'Calendars Inc');
  human = await createHumanIn(app, user.apiKey, 'Europe/Berlin', {
    working_days: EVERY_DAY,
    work_start: '08:00',
    work_end: '18:00',
    meeting_durations: [60],
  });
});
afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => feedServer?.close(resolve));
});

const calendarsOf = (humanId: string) => `/humans/${humanId}/calendars`;
const feedOf = (humanId: string) => `/humans/${humanId}/calendar-feed`;

describe("a human's calendars through the dashboard", () => {
  it('adds a calendar (read once), lists it, syncs it (ok, then a failed read), removes it', async () => {
    served.set('/ada.ics', { body: ics(2) });
    expect((await user.call('GET', calendarsOf(human))).body).toEqual({ data: [], next_cursor: null });

    const added = await user.call('POST', calendarsOf(human), { body: { url: `${base}/ada.ics`, name: 'Personal' } });
    expect(added.status, added.text).toBe(201);
    expect(CalendarSchema.strict().parse(added.body)).toEqual(added.body);
    expect(added.body).toMatchObject({
      human_id: human,
      kind: 'ics',
      url: `${base}/ada.ics`,
      name: 'Personal',
      status: 'ok',
      last_error: null,
      busy_count: 2,
    });
    expect(added.body.last_synced_at).toMatch(UTC_SECONDS);

    const list = await user.call('GET', calendarsOf(human));
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ data: [added.body], next_cursor: null });
    // The dashboard and /v1 show the same calendar.
    expect((await app.call('GET', `/v1/humans/${human}/calendars`, { key: user.apiKey })).body).toEqual(list.body);

    served.set('/ada.ics', { body: ics(1) });
    const synced = await user.call('POST', `${calendarsOf(human)}/${added.body.id}/sync`);
    expect(synced.status, synced.text).toBe(200);
    expect(synced.body).toMatchObject({ id: added.body.id, status: 'ok', busy_count: 1, last_error: null });

    served.set('/ada.ics', { status: 500 });
    const failed = await user.call('POST', `${calendarsOf(human)}/${added.body.id}/sync`);
    expect(failed.status, failed.text).toBe(200);
    expect(failed.body).toMatchObject({ status: 'error', busy_count: 1, last_error: { code: 'CALENDAR_UNREADABLE' } });
    expect(failed.body.last_error.message).toContain('500');

    expect((await user.call('DELETE', `${calendarsOf(human)}/${added.body.id}`)).status).toBe(204);
    expect((await user.call('GET', calendarsOf(human))).body.data).toEqual([]);
    expectEnvelope(await user.call('DELETE', `${calendarsOf(human)}/${added.body.id}`), 404, 'NOT_FOUND');
    expectEnvelope(await user.call('POST', `${calendarsOf(human)}/${added.body.id}/sync`), 404, 'NOT_FOUND');
  });

  it('answers what could not be read or kept in the envelope, keeping nothing', async () => {
    served.set('/gone.ics', { status: 404 });
    served.set('/twice.ics', { body: ics(1) });
    const unreadable = await user.call('POST', calendarsOf(human), { body: { url: `${base}/gone.ics` } });
    expectEnvelope(unreadable, 422, 'CALENDAR_UNREADABLE');
    expect(unreadable.body.error.message).toContain('404');

    expect((await user.call('POST', calendarsOf(human), { body: { url: `${base}/twice.ics` } })).status).toBe(201);
    expectEnvelope(await user.call('POST', calendarsOf(human), { body: { url: `${base}/twice.ics` } }), 409, 'CALENDAR_URL_TAKEN');
    expectEnvelope(await user.call('POST', calendarsOf(human), { body: { url: 'ftp://example.com/x.ics' } }), 422, 'VALIDATION_ERROR');
    expectEnvelope(
      await user.call('POST', calendarsOf(human), { body: { url: `${base}/twice.ics`, extra: true } }),
      422,
      'VALIDATION_ERROR',
    );
    expect((await user.call('GET', calendarsOf(human))).body.data.map((c: { url: string }) => c.url)).toEqual([`${base}/twice.ics`]);
  });
});

describe("a human's subscription link through the dashboard", () => {
  it('is shown once, then only since when it is active; regenerate kills the old link; revoke ends it', async () => {
    expect((await user.call('GET', feedOf(human))).body).toEqual({ active_since: null });

    const created = await user.call('POST', feedOf(human));
    expect(created.status, created.text).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    expect(created.body).toEqual({
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/feeds\/feed_[A-Za-z0-9_-]+\.ics$/),
      created_at: expect.stringMatching(UTC_SECONDS),
    });
    const first = await fetch(created.body.url);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('BEGIN:VCALENDAR');

    const status = await user.call('GET', feedOf(human));
    expect(status.body).toEqual({ active_since: created.body.created_at });
    expect(status.text).not.toContain('feed_');

    const regenerated = await user.call('POST', feedOf(human));
    expect(regenerated.status).toBe(201);
    expect(regenerated.body.url).not.toBe(created.body.url);
    expect((await fetch(created.body.url)).status).toBe(404);
    expect((await fetch(regenerated.body.url)).status).toBe(200);
    expect((await user.call('GET', feedOf(human))).body).toEqual({ active_since: regenerated.body.created_at });

    expect((await user.call('DELETE', feedOf(human))).status).toBe(204);
    expect((await fetch(regenerated.body.url)).status).toBe(404);
    expect((await user.call('GET', feedOf(human))).body).toEqual({ active_since: null });
    expectEnvelope(await user.call('DELETE', feedOf(human)), 404, 'NOT_FOUND');
  });
});

describe('session, CSRF and tenant isolation', () => {
  it('refuses changes sent by another site, before anything is done', async () => {
    served.set('/csrf.ics', { body: ics(1) });
    served.set('/kept.ics', { body: ics(1) });
    const kept = (await user.call('POST', calendarsOf(human), { body: { url: `${base}/kept.ics` } })).body as { id: string; url: string };
    const crossSite = { 'sec-fetch-site': 'cross-site' };
    expectEnvelope(
      await user.call('POST', calendarsOf(human), { body: { url: `${base}/csrf.ics` }, headers: crossSite }),
      403,
      'CROSS_ORIGIN_REQUEST',
    );
    expectEnvelope(await user.call('POST', feedOf(human), { headers: crossSite }), 403, 'CROSS_ORIGIN_REQUEST');
    expectEnvelope(
      await user.call('POST', calendarsOf(human), { body: { url: `${base}/csrf.ics` }, headers: { 'sec-fetch-site': 'same-site' } }),
      403,
      'CROSS_ORIGIN_REQUEST',
    );
    expectEnvelope(await user.call('DELETE', `${calendarsOf(human)}/${kept.id}`, { headers: crossSite }), 403, 'CROSS_ORIGIN_REQUEST');
    expectEnvelope(
      await user.call('POST', `${calendarsOf(human)}/${kept.id}/sync`, {
        headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      }),
      403,
      'CROSS_ORIGIN_REQUEST',
    );

    const urls = (await user.call('GET', calendarsOf(human))).body.data.map((c: { url: string }) => c.url);
    expect(urls).not.toContain(`${base}/csrf.ics`);
    expect(urls).toContain(kept.url);
    expect((await user.call('GET', feedOf(human))).body).toEqual({ active_since: null });
  });

  it('needs a session', async () => {
    const anonymous = dashboardCall(app, undefined);
    expectEnvelope(await anonymous('GET', calendarsOf(human)), 401, 'UNAUTHORIZED');
    expectEnvelope(await anonymous('POST', calendarsOf(human), { body: { url: `${base}/ada.ics` } }), 401, 'UNAUTHORIZED');
    expectEnvelope(await anonymous('GET', feedOf(human)), 401, 'UNAUTHORIZED');
    expectEnvelope(await anonymous('POST', feedOf(human)), 401, 'UNAUTHORIZED');
  });

  it("answers 404 for another organization's human and calendar, and changes nothing of theirs", async () => {
    served.set('/theirs.ics', { body: ics(1) });
    const other = await signUp(app, undefined, 'Other Org');
    const theirHuman = await createHumanIn(app, other.apiKey, 'UTC', {
      working_days: EVERY_DAY,
      work_start: '09:00',
      work_end: '17:00',
      meeting_durations: [30],
    });
    const theirs = await other.call('POST', calendarsOf(theirHuman), { body: { url: `${base}/theirs.ics` } });
    expect(theirs.status, theirs.text).toBe(201);
    const theirFeed = await other.call('POST', feedOf(theirHuman));
    expect(theirFeed.status).toBe(201);

    served.set('/mine.ics', { body: ics(1) });
    expectEnvelope(await user.call('GET', calendarsOf(theirHuman)), 404, 'NOT_FOUND');
    expectEnvelope(await user.call('POST', calendarsOf(theirHuman), { body: { url: `${base}/mine.ics` } }), 404, 'NOT_FOUND');
    expectEnvelope(await user.call('POST', `${calendarsOf(theirHuman)}/${theirs.body.id}/sync`), 404, 'NOT_FOUND');
    expectEnvelope(await user.call('DELETE', `${calendarsOf(theirHuman)}/${theirs.body.id}`), 404, 'NOT_FOUND');
    // Their calendar's id under one of my humans is no better.
    expectEnvelope(await user.call('POST', `${calendarsOf(human)}/${theirs.body.id}/sync`), 404, 'NOT_FOUND');
    expectEnvelope(await user.call('DELETE', `${calendarsOf(human)}/${theirs.body.id}`), 404, 'NOT_FOUND');
    expectEnvelope(await user.call('GET', feedOf(theirHuman)), 404, 'NOT_FOUND');
    expectEnvelope(await user.call('POST', feedOf(theirHuman)), 404, 'NOT_FOUND');
    expectEnvelope(await user.call('DELETE', feedOf(theirHuman)), 404, 'NOT_FOUND');
    expectEnvelope(await user.call('GET', calendarsOf('not-a-uuid')), 404, 'NOT_FOUND');

    expect((await other.call('GET', calendarsOf(theirHuman))).body.data).toEqual([theirs.body]);
    expect((await other.call('GET', feedOf(theirHuman))).body).toEqual({ active_since: theirFeed.body.created_at });
    expect((await fetch(theirFeed.body.url)).status).toBe(200);
  });
});
