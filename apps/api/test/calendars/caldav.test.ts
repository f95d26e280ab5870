import { BERLIN_VTIMEZONE } from './large-feed.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCalendar, type ReadRequest, type ReadResult } from '../../src/services/calendars/read-calendar.js';
import { hasRadicale, hasXandikos, startRadicale, startXandikos, type CalDavServer } from './caldav-servers.js';

// readCalendar against real CalDAV servers (Radicale, Xandikos): a recurring event with an
// EXDATE and a moved instance, a series begun a year before the window, a single event and
// one outside the window; expanded here, and read again from syncState.

const MARCH = Date.parse('2026-03-01T00:00:00Z');
const APRIL_8 = Date.parse('2026-04-08T00:00:00Z');

const BERLIN = BERLIN_VTIMEZONE;

const ics = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//humantime//tests//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n');

const WEEKLY = ics(
  ...BERLIN,
  'BEGIN:VEVENT',
  'UID:caldav-weekly',
  'DTSTAMP:20260201T000000Z',
  'DTSTART;TZID=Europe/Berlin:20260302T100000',
  'DTEND;TZID=Europe/Berlin:20260302T110000',
  'RRULE:FREQ=WEEKLY;COUNT=6',
  'EXDATE;TZID=Europe/Berlin:20260309T100000',
  'SUMMARY:Weekly review',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:caldav-weekly',
  'DTSTAMP:20260201T000000Z',
  'RECURRENCE-ID;TZID=Europe/Berlin:20260316T100000',
  'DTSTART;TZID=Europe/Berlin:20260316T150000',
  'DTEND;TZID=Europe/Berlin:20260316T160000',
  'SUMMARY:Weekly review (afternoon)',
  'END:VEVENT',
);
const OLD_SERIES = ics(
  'BEGIN:VEVENT',
  'UID:caldav-old-series',
  'DTSTAMP:20250101T000000Z',
  'DTSTART:20250107T070000Z',
  'DURATION:PT30M',
  'RRULE:FREQ=WEEKLY;BYDAY=TU',
  'SUMMARY:Gym',
  'END:VEVENT',
);
const single = (start: string, end: string) =>
  ics('BEGIN:VEVENT', 'UID:caldav-single', 'DTSTAMP:20260201T000000Z', `DTSTART:${start}`, `DTEND:${end}`, 'SUMMARY:Dentist', 'END:VEVENT');
const OUTSIDE = ics(
  'BEGIN:VEVENT',
  'UID:caldav-outside',
  'DTSTAMP:20250101T000000Z',
  'DTSTART:20250601T090000Z',
  'DTEND:20250601T100000Z',
  'END:VEVENT',
);

const EXPECTED = [
  ['caldav-weekly', '2026-03-02T09:00', '2026-03-02T10:00'],
  ['caldav-old-series', '2026-03-03T07:00', '2026-03-03T07:30'],
  ['caldav-old-series', '2026-03-10T07:00', '2026-03-10T07:30'],
  ['caldav-single', '2026-03-12T13:00', '2026-03-12T14:00'],
  ['caldav-weekly', '2026-03-16T14:00', '2026-03-16T15:00'],
  ['caldav-old-series', '2026-03-17T07:00', '2026-03-17T07:30'],
  ['caldav-weekly', '2026-03-23T09:00', '2026-03-23T10:00'],
  ['caldav-old-series', '2026-03-24T07:00', '2026-03-24T07:30'],
  ['caldav-weekly', '2026-03-30T08:00', '2026-03-30T09:00'],
  ['caldav-old-series', '2026-03-31T07:00', '2026-03-31T07:30'],
  ['caldav-weekly', '2026-04-06T08:00', '2026-04-06T09:00'],
  ['caldav-old-series', '2026-04-07T07:00', '2026-04-07T07:30'],
];

function busyOf(result: ReadResult) {
  if (result.outcome !== 'read') throw new Error(result.outcome === 'unreadable' ? result.message : result.outcome);
  return result.busy.map((b) => [b.uid, new Date(b.start).toISOString().slice(0, 16), new Date(b.end).toISOString().slice(0, 16)]);
}

function suite(start: () => Promise<CalDavServer>) {
  let server: CalDavServer;
  const request = (extra: Partial<ReadRequest> = {}): ReadRequest => ({
    source: { url: server.calendarUrl, kind: 'caldav', ...(server.credentials ?? {}) },
    zone: 'Europe/Berlin',
    from: MARCH,
    to: APRIL_8,
    limits: {
      timeoutMs: 10_000,
      maxBytes: 10 * 1024 * 1024,
      maxComponents: 50_000,
      maxInstances: 100_000,
      maxRedirects: 3,
      allowPrivate: true,
    },
    ...extra,
  });

  beforeAll(async () => {
    server = await start();
    await server.put('weekly.ics', WEEKLY);
    await server.put('old-series.ics', OLD_SERIES);
    await server.put('single.ics', single('20260312T130000Z', '20260312T140000Z'));
    await server.put('outside.ics', OUTSIDE);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('detects a CalDAV collection, even one that answers GET with its calendar (Radicale)', async () => {
    const result = await readCalendar(request({ source: { url: server.calendarUrl, ...(server.credentials ?? {}) } }));
    expect(result).toMatchObject({ outcome: 'read', kind: 'caldav' });
    expect(busyOf(result)).toEqual(EXPECTED);
  });

  it('reads busy time over the window, expanding recurrences here', async () => {
    const result = await readCalendar(request());
    expect(result).toMatchObject({ outcome: 'read', kind: 'caldav', truncated: false, skipped: { count: 0, reasons: [] } });
    expect(busyOf(result)).toEqual(EXPECTED);
  });

  it('reads again from syncState: unchanged, then reusing unchanged resources and fetching a changed one', async () => {
    const first = await readCalendar(request());
    if (first.outcome !== 'read') throw new Error(first.outcome);
    expect(await readCalendar(request({ syncState: first.syncState }))).toEqual({ outcome: 'unchanged' });

    // Proof that unchanged resources are not fetched again: their kept busy time, edited in
    // the state, comes back as it was edited.
    const state = structuredClone(first.syncState) as { resources: Record<string, { busy: number[]; uids: string[] }> };
    const old = Object.values(state.resources).find((r) => r.uids.includes('caldav-old-series'))!;
    old.busy = old.busy.map((v, i) => (i % 3 === 2 ? v : v + 60_000));
    const reused = await readCalendar(request({ syncState: state, to: APRIL_8 + 3_600_000 }));
    expect(busyOf(reused)).toContainEqual(['caldav-old-series', '2026-03-03T07:01', '2026-03-03T07:31']);

    await server.put('single.ics', single('20260313T130000Z', '20260313T143000Z'));
    const changed = await readCalendar(request({ syncState: first.syncState }));
    expect(busyOf(changed)).toContainEqual(['caldav-single', '2026-03-13T13:00', '2026-03-13T14:30']);
    expect(busyOf(changed)).not.toContainEqual(['caldav-single', '2026-03-12T13:00', '2026-03-12T14:00']);
    expect(busyOf(changed)).toContainEqual(['caldav-old-series', '2026-03-03T07:00', '2026-03-03T07:30']);
    await server.put('single.ics', single('20260312T130000Z', '20260312T140000Z'));
  });
}

describe.skipIf(!hasRadicale)('Radicale', () => {
  // Radicale answers a GET of a calendar collection with the whole calendar as text/calendar,
  // so by the detection rule (a GET answering iCalendar is a feed) its URL reads as a feed.
  suite(startRadicale);

  it('refuses a wrong password as refused credentials', async () => {
    const server = await startRadicale();
    try {
      const limits = {
        timeoutMs: 10_000,
        maxBytes: 1024 * 1024,
        maxComponents: 1_000,
        maxInstances: 1_000,
        maxRedirects: 3,
        allowPrivate: true,
      };
      for (const kind of ['caldav', undefined] as const) {
        const result = await readCalendar({
          source: { url: server.calendarUrl, ...(kind ? { kind } : {}), username: 'user', password: 'not-the-password' },
          zone: 'Europe/Berlin',
          from: MARCH,
          to: APRIL_8,
          limits,
        });
        expect(result).toEqual({ outcome: 'unreadable', message: 'the server refused the credentials (HTTP 401)' });
      }
    } finally {
      await server.stop();
    }
  });
});

describe.skipIf(!hasXandikos)('Xandikos (no authentication of its own: read without credentials)', () => {
  suite(startXandikos);
});
