import { checkBooking, computeSlots } from '@humantime/slot-engine';
import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { BusyReader } from '../../src/services/calendars/busy-time.js';

// For random recurring events: ical.js (the oracle) expands them, the reader expands them for
// storage, and the slot engine lists starts around that busy time. No listed start overlaps an
// instance the oracle found, every listed start books, and a start on an instance does not.

const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'Australia/Sydney'];
const DAY = 86_400_000;
const FROM = Date.UTC(2030, 2, 20); // across the March DST changes of Europe and America
const TO = FROM + 21 * DAY;
const DURATION = 30;

const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').slice(0, 15);

interface Series {
  startOffsetHours: number;
  minutes: number;
  byday: string[];
  count: number | null;
  interval: number;
  exdate: number | null;
}

const seriesArb: fc.Arbitrary<Series> = fc.record({
  startOffsetHours: fc.integer({ min: -24 * 14, max: 24 * 10 }),
  minutes: fc.constantFrom(15, 30, 45, 60, 90),
  byday: fc.subarray(['MO', 'TU', 'WE', 'TH', 'FR', 'SA'], { minLength: 1 }),
  count: fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }),
  interval: fc.integer({ min: 1, max: 2 }),
  exdate: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
});

function feed(zone: string, series: Series[]): string {
  const events = series.map((s, i) => {
    // A wall time in the human's zone (floating times are read there), on the quarter hour.
    const wall = FROM + Math.round((s.startOffsetHours * 60) / 15) * 15 * 60_000;
    const rule = `FREQ=WEEKLY;INTERVAL=${s.interval};BYDAY=${s.byday.join(',')}${s.count ? `;COUNT=${s.count}` : ''}`;
    const lines = [
      'BEGIN:VEVENT',
      `UID:series-${i}@example.com`,
      'DTSTAMP:20300101T000000Z',
      `DTSTART;TZID=${zone}:${stamp(wall)}`,
      `DTEND;TZID=${zone}:${stamp(wall + s.minutes * 60_000)}`,
      `RRULE:${rule}`,
    ];
    if (s.exdate !== null) lines.push(`EXDATE;TZID=${zone}:${stamp(wall + s.exdate * 7 * DAY)}`);
    return [...lines, 'END:VEVENT'].join('\r\n');
  });
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//property//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
}

/** Every instance ical.js finds in [FROM, TO), as UTC ms, zones from the runtime's data. */
function oracle(text: string, zone: string): Array<{ start: number; end: number }> {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const out: Array<{ start: number; end: number }> = [];
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(vevent);
    const iterator = event.iterator();
    const minutes = event.duration.toSeconds() / 60;
    for (let next = iterator.next(), n = 0; next && n < 500; next = iterator.next(), n++) {
      // Wall time in `zone` → UTC through Intl (independent of the reader's zone clock).
      const wall = Date.UTC(next.year, next.month - 1, next.day, next.hour, next.minute);
      const start = fromWall(wall, zone);
      if (start >= TO) break;
      const end = start + minutes * 60_000;
      if (end > FROM) out.push({ start, end });
    }
  }
  return out;
}

/** The first instant whose wall clock in `zone` reads `wall` or later. */
function fromWall(wall: number, zone: string): number {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  const wallOf = (t: number) => {
    const p = Object.fromEntries(format.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
    return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
  };
  let t = wall - 14 * 3_600_000;
  for (let step = 0; step < 200 && wallOf(t) < wall; step++) t += Math.max(60_000, wall - wallOf(t));
  // Walk back to the first instant reading `wall` or later (an ambiguous time takes the earlier).
  while (wallOf(t - 60_000) >= wall) t -= 60_000;
  return t;
}

describe('listed ⇔ bookable around calendar busy time', () => {
  it('lists no start on an instance, books every listed start, and refuses a start on an instance (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.array(seriesArb, { minLength: 1, maxLength: 4 }), (zone, series) => {
        const text = feed(zone, series);
        const reader = new BusyReader({ zone, from: FROM, to: TO, maxComponents: 50_000, maxInstances: 100_000 });
        const read = reader.readDocument(text);
        expect(read.ok).toBe(true);
        if (!read.ok) return;
        expect(reader.skipped.count).toBe(0);
        const busy = read.busy.map((b) => ({ start: b.start, end: b.end }));
        const instances = oracle(text, zone);
        const query = {
          timezone: zone,
          schedule: { workingDays: [1, 2, 3, 4, 5, 6, 7], workStart: '00:00', workEnd: '23:59' },
          overrides: [],
          rules: {},
          bookingsPerDay: {},
          busy,
          durationMinutes: DURATION,
          now: FROM - DAY,
        };
        const dates = {
          dateFrom: new Date(FROM + DAY).toISOString().slice(0, 10),
          dateTo: new Date(TO - 2 * DAY).toISOString().slice(0, 10),
        };
        const slots = computeSlots({ ...query, ...dates });
        const check = (start: number) => checkBooking({ ...query, meetingDurations: [DURATION], start });
        for (const slot of slots) {
          const clash = instances.find((i) => i.start < slot.end && slot.start < i.end);
          expect(clash, `listed ${new Date(slot.start).toISOString()} overlaps an instance`).toBeUndefined();
          expect(check(slot.start).ok).toBe(true);
        }
        const inWindow = instances.filter((i) => i.start >= FROM + 2 * DAY && i.end <= TO - 3 * DAY);
        for (const instance of inWindow.slice(0, 20)) {
          const verdict = check(instance.start - (instance.start % (15 * 60_000)));
          expect(verdict.ok, `a start on the instance at ${new Date(instance.start).toISOString()} must not book`).toBe(false);
        }
      }),
      { numRuns: 40 },
    );
  });
});
