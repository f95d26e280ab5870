import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { problemOf } from '../../src/services/calendars/read-and-store.js';
import { BusyReader } from '../../src/services/calendars/busy-time.js';

// The busy intervals of calendars exported by Google Calendar, Outlook/Exchange and Apple
// Calendar (fixtures/), read without a network: what is busy, in which zone, through DST.

const MARCH = Date.parse('2026-03-01T00:00:00Z');
const MAY = Date.parse('2026-05-01T00:00:00Z');

function reader(zone: string, limits: { maxComponents?: number; maxInstances?: number; from?: number; to?: number } = {}) {
  return new BusyReader({
    zone,
    from: limits.from ?? MARCH,
    to: limits.to ?? MAY,
    maxComponents: limits.maxComponents ?? 50_000,
    maxInstances: limits.maxInstances ?? 100_000,
  });
}

/** [uid, start, end] in ISO, sorted by start: easy to read against the fixture. */
function busyOf(r: BusyReader, text: string) {
  const read = r.readDocument(text);
  if (!read.ok) throw new Error(read.problem);
  return read.busy
    .sort((a, b) => a.start - b.start || a.end - b.end)
    .map((b) => [b.uid, new Date(b.start).toISOString().slice(0, 16), new Date(b.end).toISOString().slice(0, 16)]);
}

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8');

/** A VCALENDAR around some lines (LF endings: the reader takes both). */
const calendar = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...lines, 'END:VCALENDAR', ''].join('\n');

describe('Google Calendar export', () => {
  it('reads a weekly series with EXDATE, a moved and a cancelled instance, across the DST change; all-day days in the zone; skips the malformed', () => {
    const r = reader('Europe/Berlin');
    const standup = '4kq0e8d2p1m7standup@google.com';
    expect(busyOf(r, fixture('google.ics'))).toEqual([
      // Clipped to the window's start.
      ['late-night@google.com', '2026-03-01T00:00', '2026-03-01T01:00'],
      // 09:30 CET; 9 March is an EXDATE.
      [standup, '2026-03-02T08:30', '2026-03-02T09:00'],
      ['1a2b3c4d5e6finterview@google.com', '2026-03-10T15:00', '2026-03-10T16:00'],
      // 16 March moved (RECURRENCE-ID) to Tuesday 17th, 14:00 CET.
      [standup, '2026-03-17T13:00', '2026-03-17T14:00'],
      // An all-day OPAQUE event: local midnight to local midnight.
      ['0a1b2c3d4e5f6offsite@google.com', '2026-03-19T23:00', '2026-03-20T23:00'],
      [standup, '2026-03-23T08:30', '2026-03-23T09:00'],
      // Three days, across the change to summer time: 23 h + 24 h + 24 h... less one hour.
      ['5d6e7f8a9b0ctrip@google.com', '2026-03-27T23:00', '2026-03-30T22:00'],
      // After the change the wall time stays 09:30 and UTC moves an hour earlier.
      [standup, '2026-03-30T07:30', '2026-03-30T08:00'],
      // 6 April cancelled by its instance; UNTIL ends the series after 13 April.
      [standup, '2026-04-13T07:30', '2026-04-13T08:00'],
    ]);
    // The birthday (TRANSPARENT), the cancelled call and the reminder without an end are not
    // busy and not skipped; the event with a broken DTSTART is.
    expect(r.skipped).toEqual({ count: 1, reasons: ['event broken-event@google.com: its DTSTART is not a date or date-time'] });
    expect(r.truncated).toBe(false);
  });
});

describe('Outlook / Exchange export', () => {
  it('maps Windows zone names, reads a custom VTIMEZONE, BYSETPOS with COUNT, and leaves free time out', () => {
    const planning = '040000008200E00074C5B7101A82E00800000000A0B1C2D3E4F5D90100000000000000001000000012345678901234567890ABCDEF';
    const close = '040000008200E00074C5B7101A82E0080000000011223344556677889900AABBCCDDEEFF';
    const seattle = '040000008200E00074C5B7101A82E008000000009988776655443322110099AABBCCDDEE';
    const workshop = '040000008200E00074C5B7101A82E00800000000CAFEBABECAFEBABECAFEBABECAFEBABE';
    const holiday = '040000008200E00074C5B7101A82E00800000000D00DD00DD00DD00DD00DD00DD00DD00D';
    const r = reader('Europe/Berlin');
    expect(busyOf(r, fixture('outlook.ics'))).toEqual([
      // "Pacific Standard Time" is America/Los_Angeles: on summer time since 8 March.
      [seattle, '2026-03-10T16:00', '2026-03-10T17:00'],
      // "W. Europe Standard Time" is Europe/Berlin: 14:00 CET, then 14:00 CEST.
      [planning, '2026-03-23T13:00', '2026-03-23T14:00'],
      [planning, '2026-03-30T12:00', '2026-03-30T13:00'],
      // The last weekday of each month (BYSETPOS=-1), three times from 27 February.
      [close, '2026-03-31T14:00', '2026-03-31T15:00'],
      // "Customized Time Zone" (a VTIMEZONE only): +03:00, and +04:00 from 5 April 02:00.
      [workshop, '2026-04-04T07:00', '2026-04-04T08:00'],
      [workshop, '2026-04-05T06:00', '2026-04-05T07:00'],
      [planning, '2026-04-06T12:00', '2026-04-06T13:00'],
      [holiday, '2026-04-14T22:00', '2026-04-15T22:00'],
      [close, '2026-04-30T14:00', '2026-04-30T15:00'],
    ]);
    expect(r.skipped.count).toBe(0);
  });
});

describe('Apple Calendar export', () => {
  it('resolves a 02:30 start on the spring-forward day to 03:00, and reads floating times and all-day events in the zone', () => {
    const id = (n: number) => `8F1C2D3E-4B5A-6978-8899-AABBCCDDEE0${n}`;
    expect(busyOf(reader('America/New_York'), fixture('apple.ics'))).toEqual([
      // Weekly 08:30 EST, then EDT; UNTIL (12:30Z on 16 March) includes the last one.
      [id(3), '2026-03-02T13:30', '2026-03-02T14:00'],
      // 02:30-03:30 on 8 March does not exist before 03:00: the first instant the clock reads
      // 02:30 or later is 03:00 EDT (07:00Z); the end, 03:30 EDT, exists.
      [id(1), '2026-03-08T07:00', '2026-03-08T07:30'],
      [id(3), '2026-03-09T12:30', '2026-03-09T13:00'],
      // Floating 09:00 is 09:00 in the person's zone.
      [id(2), '2026-03-12T13:00', '2026-03-12T14:00'],
      [id(3), '2026-03-16T12:30', '2026-03-16T13:00'],
      [id(4), '2026-03-20T04:00', '2026-03-23T04:00'],
      // DURATION and an RDATE.
      [id(5), '2026-04-01T16:00', '2026-04-01T16:30'],
      [id(5), '2026-04-03T16:00', '2026-04-03T16:30'],
      // COUNT=3 with a UTC EXDATE on the second.
      [id(6), '2026-04-06T11:00', '2026-04-06T11:15'],
      [id(6), '2026-04-08T11:00', '2026-04-08T11:15'],
    ]);
  });

  it('reads the same floating times and all-day events in another person zone', () => {
    const busy = busyOf(reader('Europe/Berlin'), fixture('apple.ics'));
    expect(busy).toContainEqual(['8F1C2D3E-4B5A-6978-8899-AABBCCDDEE02', '2026-03-12T08:00', '2026-03-12T09:00']);
    expect(busy).toContainEqual(['8F1C2D3E-4B5A-6978-8899-AABBCCDDEE04', '2026-03-19T23:00', '2026-03-22T23:00']);
    // Zoned times do not move with the person.
    expect(busy).toContainEqual(['8F1C2D3E-4B5A-6978-8899-AABBCCDDEE01', '2026-03-08T07:00', '2026-03-08T07:30']);
  });
});

describe('VFREEBUSY', () => {
  it('counts BUSY, no FBTYPE, BUSY-TENTATIVE and BUSY-UNAVAILABLE as busy, and not FREE', () => {
    const uid = 'free-busy-ada@example.com';
    expect(busyOf(reader('UTC'), fixture('freebusy.ics'))).toEqual([
      [uid, '2026-03-02T09:00', '2026-03-02T10:00'],
      [uid, '2026-03-03T09:00', '2026-03-03T09:30'],
      [uid, '2026-03-04T09:00', '2026-03-04T10:00'],
      [uid, '2026-03-05T09:00', '2026-03-05T10:00'],
      [uid, '2026-03-06T09:00', '2026-03-06T10:00'],
    ]);
  });
});

describe('times and zones', () => {
  it('reads the ambiguous 02:30 of the autumn change as its first occurrence, on summer time', () => {
    const text = calendar(
      'BEGIN:VEVENT',
      'UID:fall',
      'DTSTART;TZID=Europe/Berlin:20261025T023000',
      'DTEND;TZID=Europe/Berlin:20261025T033000',
      'END:VEVENT',
    );
    // 02:30 CEST is 00:30Z; 03:30 (CET) is 02:30Z: the hour repeats, so two real hours.
    expect(
      busyOf(reader('Europe/Berlin', { from: Date.parse('2026-10-01T00:00:00Z'), to: Date.parse('2026-11-01T00:00:00Z') }), text),
    ).toEqual([['fall', '2026-10-25T00:30', '2026-10-25T02:30']]);
  });

  it('maps a Windows zone name without its VTIMEZONE block, and reads an unknown TZID without one in the person zone', () => {
    const text = calendar(
      'BEGIN:VEVENT',
      'UID:windows',
      'DTSTART;TZID="Tokyo Standard Time":20260310T090000',
      'DTEND;TZID="Tokyo Standard Time":20260310T100000',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:unknown',
      'DTSTART;TZID=Somewhere/Else:20260310T090000',
      'DTEND;TZID=Somewhere/Else:20260310T100000',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:mozilla',
      'DTSTART;TZID=/mozilla.org/20050126_1/America/Chicago:20260310T090000',
      'DURATION:PT1H',
      'END:VEVENT',
    );
    expect(busyOf(reader('Europe/Berlin'), text)).toEqual([
      ['windows', '2026-03-10T00:00', '2026-03-10T01:00'],
      ['unknown', '2026-03-10T08:00', '2026-03-10T09:00'],
      ['mozilla', '2026-03-10T14:00', '2026-03-10T15:00'],
    ]);
  });

  it('gives a DTEND in another zone the same real length on every instance', () => {
    const text = calendar(
      'BEGIN:VEVENT',
      'UID:flight',
      'DTSTART;TZID=Europe/Berlin:20260327T100000',
      'DTEND;TZID=America/New_York:20260327T130000',
      'RRULE:FREQ=DAILY;COUNT=3',
      'END:VEVENT',
    );
    // 09:00Z to 17:00Z: eight hours, then from 10:00 CEST (08:00Z) on 29 March, eight again.
    expect(busyOf(reader('UTC'), text)).toEqual([
      ['flight', '2026-03-27T09:00', '2026-03-27T17:00'],
      ['flight', '2026-03-28T09:00', '2026-03-28T17:00'],
      ['flight', '2026-03-29T08:00', '2026-03-29T16:00'],
    ]);
  });
});

describe('what is skipped and what stops a read', () => {
  it('skips an event not closed and one whose rule never matches, and reads the rest', () => {
    const text = calendar(
      'BEGIN:VEVENT',
      'UID:open',
      'DTSTART:20260310T090000Z',
      'BEGIN:VEVENT',
      'UID:good',
      'DTSTART:20260311T090000Z',
      'DTEND:20260311T100000Z',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:never',
      'DTSTART:20260301T090000Z',
      'DTEND:20260301T100000Z',
      'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
      'END:VEVENT',
    );
    const r = reader('UTC');
    const started = Date.now();
    expect(busyOf(r, text)).toEqual([['good', '2026-03-11T09:00', '2026-03-11T10:00']]);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(r.skipped.count).toBe(2);
    expect(r.skipped.reasons).toEqual(['an event: not closed by END:VEVENT', 'event never: its recurrence rule finds no occurrences']);
  });

  it('charges the read for every rule that never matches: thirty of them stop the read, not the process', () => {
    const never = Array.from({ length: 30 }, (_, i) => [
      'BEGIN:VEVENT',
      `UID:never-${i}`,
      'DTSTART:20260301T090000Z',
      'DTEND:20260301T100000Z',
      'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
      'END:VEVENT',
    ]).flat();
    const weekly = ['BEGIN:VEVENT', 'UID:weekly', 'DTSTART:20260302T100000Z', 'DURATION:PT1H', 'RRULE:FREQ=WEEKLY;BYDAY=MO', 'END:VEVENT'];
    const r = reader('UTC');
    const started = Date.now();
    const read = r.readDocument(calendar(...never, ...weekly));
    if (!read.ok) throw new Error(read.problem);
    // Each spends a third of the budget at most: the fourth finds it spent.
    expect(r.skipped.count).toBeLessThanOrEqual(4);
    expect(r.truncated).toBe(true);
    expect(Date.now() - started).toBeLessThan(10_000);
    // The plain weekly meeting after them is read first, by arithmetic: the spent budget cannot cost it.
    expect(read.busy.filter((b) => b.uid === 'weekly')).toHaveLength(9);
  });

  it('says in last_error what was skipped and that not every instance was kept, when both happened', () => {
    const read = { outcome: 'read' as const, kind: 'ics' as const, busy: [], etag: null, lastModified: null };
    const at = new Date('2026-03-01T00:00:00Z');
    const both = problemOf({ ...read, skipped: { count: 3, reasons: ['event a: x'] }, truncated: true }, at);
    expect(both).toMatchObject({
      code: 'EVENTS_SKIPPED',
      message: expect.stringMatching(/^3 events could not be read: event a: x; and not every busy instance was kept/),
    });
    expect(problemOf({ ...read, skipped: { count: 0, reasons: [] }, truncated: true }, at)).toMatchObject({ code: 'INSTANCES_CAPPED' });
    expect(problemOf({ ...read, skipped: { count: 0, reasons: [] }, truncated: false }, at)).toBeNull();
  });

  it('reads a VTIMEZONE that changes other than yearly as unreadable (ical.js would expand it without end)', () => {
    const text = calendar(
      'BEGIN:VTIMEZONE',
      'TZID:Weird/Zone',
      'BEGIN:STANDARD',
      'DTSTART:16000101T020000',
      'TZOFFSETFROM:+0000',
      'TZOFFSETTO:+0100',
      'RRULE:FREQ=MINUTELY',
      'END:STANDARD',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'UID:tz',
      'DTSTART;TZID=Weird/Zone:20260302T100000',
      'DURATION:PT1H',
      'END:VEVENT',
    );
    // Read in the person's zone, as any unreadable VTIMEZONE's events are.
    expect(busyOf(reader('Europe/Berlin'), text)).toEqual([['tz', '2026-03-02T09:00', '2026-03-02T10:00']]);
  });

  it('skips an event that lists more than 10,000 RDATE and EXDATE dates, before parsing it', () => {
    const dates = Array.from({ length: 12_000 }, (_, i) =>
      new Date(Date.UTC(2026, 2, 1) + i * 3_600_000).toISOString().replace(/[-:]|\.\d+/g, ''),
    );
    const lines = Array.from({ length: 12 }, (_, i) => `RDATE:${dates.slice(i * 1000, (i + 1) * 1000).join(',')}`);
    const text = calendar(
      'BEGIN:VEVENT',
      'UID:many',
      'DTSTART:20260301T000000Z',
      'DURATION:PT1M',
      ...lines,
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:fine',
      'DTSTART:20260310T090000Z',
      'DURATION:PT1H',
      'END:VEVENT',
    );
    const r = reader('UTC');
    expect(busyOf(r, text)).toEqual([['fine', '2026-03-10T09:00', '2026-03-10T10:00']]);
    expect(r.skipped.reasons).toEqual(['event many: lists more than 10,000 RDATE and EXDATE dates']);
  });

  it('reads the times of an event one bad line made unreadable: a broken fold, a line without a colon, an open quote', () => {
    const text = calendar(
      'BEGIN:VEVENT',
      'UID:fold',
      'DTSTART:20260310T090000Z',
      'DTEND:20260310T100000Z',
      'DESCRIPTION:Agenda',
      'second line without its leading space',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:quote',
      'DTSTART;TZID="Europe/Berlin":20260311T090000',
      'DURATION:PT30M',
      'X-WEIRD;PARAM="unterminated:value',
      'LOCATION',
      'RRULE:FREQ=DAILY;COUNT=2',
      'END:VEVENT',
    );
    const r = reader('UTC');
    expect(busyOf(r, text)).toEqual([
      ['fold', '2026-03-10T09:00', '2026-03-10T10:00'],
      ['quote', '2026-03-11T08:00', '2026-03-11T08:30'],
      ['quote', '2026-03-12T08:00', '2026-03-12T08:30'],
    ]);
    expect(r.skipped.count).toBe(0);
  });

  it('refuses a document that is not iCalendar, or has more components than allowed', () => {
    expect(reader('UTC').readDocument('<!doctype html><html><body>Sign in</body></html>')).toEqual({ ok: false, problem: 'not-icalendar' });
    expect(reader('UTC').readDocument('')).toEqual({ ok: false, problem: 'not-icalendar' });
    const events = Array.from({ length: 11 }, (_, i) => [
      'BEGIN:VEVENT',
      `UID:e${i}`,
      'DTSTART:20260310T090000Z',
      'DURATION:PT1H',
      'END:VEVENT',
    ]).flat();
    expect(reader('UTC', { maxComponents: 10 }).readDocument(calendar(...events))).toEqual({ ok: false, problem: 'too-many-components' });
    expect(reader('UTC', { maxComponents: 11 }).readDocument(calendar(...events)).ok).toBe(true);
  });

  it('stops expanding at maxInstances and says the read is truncated', () => {
    const singles = calendar(
      ...[1, 2, 3, 4, 5, 6].flatMap((day) => [
        'BEGIN:VEVENT',
        `UID:single-${day}`,
        `DTSTART:2026030${day}T090000Z`,
        'DURATION:PT1H',
        'END:VEVENT',
      ]),
    );
    const r = reader('UTC', { maxInstances: 5 });
    expect(busyOf(r, singles)).toHaveLength(5);
    expect(r.truncated).toBe(true);
    // One series keeps at most a third of them.
    const text = calendar('BEGIN:VEVENT', 'UID:daily', 'DTSTART:20260301T090000Z', 'DURATION:PT1H', 'RRULE:FREQ=DAILY', 'END:VEVENT');
    const d = reader('UTC', { maxInstances: 6 });
    expect(busyOf(d, text)).toHaveLength(2);
    expect(d.truncated).toBe(true);
    // A series of exactly that many has lost nothing.
    const two = reader('UTC', { maxInstances: 6 });
    expect(busyOf(two, text.replace('RRULE:FREQ=DAILY', 'RRULE:FREQ=DAILY;COUNT=2'))).toHaveLength(2);
    expect(two.truncated).toBe(false);
    // A rule that runs every second for decades (since 2020, through the window) keeps its
    // share of the instances, not the process.
    const seconds = calendar(
      'BEGIN:VEVENT',
      'UID:s',
      'DTSTART:20200101T000000Z',
      'DURATION:PT1S',
      'RRULE:FREQ=SECONDLY;COUNT=2000000000',
      'END:VEVENT',
    );
    const s = reader('UTC', { maxInstances: 1_000 });
    busyOf(s, seconds);
    expect(s.truncated).toBe(true);
  });

  it("keeps a series' first occurrences when it repeats too often to expand, and still reads the other series", () => {
    const text = calendar(
      'BEGIN:VEVENT',
      'UID:every-2-minutes',
      'DTSTART:20260301T000000Z',
      'DTEND:20260301T000100Z',
      'RRULE:FREQ=MINUTELY;INTERVAL=2;COUNT=300000',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:weekly',
      'DTSTART;TZID=Europe/Berlin:20260302T100000',
      'DTEND;TZID=Europe/Berlin:20260302T120000',
      'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=4',
      'END:VEVENT',
    );
    const r = reader('UTC', { maxInstances: 1_000 });
    const read = r.readDocument(text);
    if (!read.ok) throw new Error(read.problem);
    const busy = read.busy.sort((a, b) => a.start - b.start);
    const frequent = busy.filter((b) => b.uid === 'every-2-minutes');
    // Its first ones, from the start of the window and without a gap.
    // At most a third of the instances the read may keep, so the weekly meeting has room.
    expect(frequent.length).toBeGreaterThan(100);
    expect(frequent.length).toBeLessThanOrEqual(334);
    expect(frequent[0]!.start).toBe(Date.parse('2026-03-01T00:00:00Z'));
    expect(frequent.every((b, i) => i === 0 || b.start - frequent[i - 1]!.start === 120_000)).toBe(true);
    expect(busy.filter((b) => b.uid === 'weekly').map((b) => new Date(b.start).toISOString())).toEqual([
      '2026-03-02T09:00:00.000Z',
      '2026-03-09T09:00:00.000Z',
      '2026-03-16T09:00:00.000Z',
      '2026-03-23T09:00:00.000Z',
    ]);
    expect(r.truncated).toBe(true);
  });

  it('reads a sub-daily series with a COUNT that began long before the window (its earlier occurrences counted, not stepped)', () => {
    // Every 5 minutes since June 2025, 90,000 times: 78,624 of them before March, the rest
    // until 9 April. Stepping each from DTSTART to count them spent the series' share.
    const start = Date.parse('2025-06-01T00:00:00Z');
    const text = calendar(
      'BEGIN:VEVENT',
      'UID:every-5-minutes',
      'DTSTART:20250601T000000Z',
      'DURATION:PT1M',
      'RRULE:FREQ=MINUTELY;INTERVAL=5;COUNT=90000',
      'END:VEVENT',
    );
    const r = reader('UTC');
    const read = r.readDocument(text);
    if (!read.ok) throw new Error(read.problem);
    const starts = read.busy.map((b) => b.start).sort((a, b) => a - b);
    expect(starts.length).toBeGreaterThan(11_000);
    expect(starts[0]).toBeLessThanOrEqual(MARCH);
    expect(starts.at(-1)).toBe(start + 89_999 * 300_000);
    expect(starts.every((t, i) => i === 0 || t - starts[i - 1]! === 300_000)).toBe(true);
    expect(r.truncated).toBe(false);
  });

  it('cancels the moved instances of a cancelled series, and reads an instance without its series on its own', () => {
    const text = calendar(
      'BEGIN:VEVENT',
      'UID:gone',
      'STATUS:CANCELLED',
      'DTSTART:20260302T090000Z',
      'DURATION:PT1H',
      'RRULE:FREQ=WEEKLY;COUNT=4',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:gone',
      'RECURRENCE-ID:20260309T090000Z',
      'DTSTART:20260310T090000Z',
      'DURATION:PT1H',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:invited-once',
      'RECURRENCE-ID:20260316T090000Z',
      'DTSTART:20260316T100000Z',
      'DURATION:PT1H',
      'END:VEVENT',
    );
    expect(busyOf(reader('UTC'), text)).toEqual([['invited-once', '2026-03-16T10:00', '2026-03-16T11:00']]);
  });
});
