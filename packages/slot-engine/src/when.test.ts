import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDay, isoWeekday, parseDay } from './calendar-day.js';
import { localDateOf } from './local-date-range.js';
import { at } from './test-helpers.js';
import { readWhen, WHEN_EXAMPLES, type InterpretedWindow } from './when.js';
import { createZoneClock } from './zone-clock.js';

// These tests must pass whatever zone the machine runs in; run them with TZ=UTC,
// TZ=Pacific/Auckland and TZ=America/Los_Angeles.

/** The reading as "date_from..date_to from_time-to_time", or the message when not ok. */
function read(text: string, now: string, timezone: string): string {
  const r = readWhen(text, { now: new Date(at(now)), timezone });
  return r.ok ? `${r.window.date_from}..${r.window.date_to} ${r.window.from_time}-${r.window.to_time}` : `NOT OK: ${r.message}`;
}

function windowOf(text: string, now: string, timezone: string): InterpretedWindow {
  const r = readWhen(text, { now: new Date(at(now)), timezone });
  if (!r.ok) throw new Error(r.message);
  return r.window;
}

/** The real time a one-day window spans, as the engine resolves local times: [start, end) in ISO. */
function span(w: InterpretedWindow): [string, string] {
  const clock = createZoneClock(w.timezone);
  const day = parseDay(w.date_from);
  const minute = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 16) + 'Z';
  return [iso(clock.toInstant(day, minute(w.from_time))), iso(clock.toInstant(day, minute(w.to_time)))];
}

// Tuesday 2026-03-10, 10:30 in Berlin (CET, UTC+1).
const BERLIN_TUESDAY = '2026-03-10T09:30Z';
const berlin = (text: string) => read(text, BERLIN_TUESDAY, 'Europe/Berlin');

describe('readWhen: the phrases of the rules', () => {
  it('reads them in the given zone and echoes the zone', () => {
    expect(windowOf('tomorrow afternoon', BERLIN_TUESDAY, 'Europe/Berlin')).toEqual({
      date_from: '2026-03-11',
      date_to: '2026-03-11',
      from_time: '12:00',
      to_time: '17:00',
      timezone: 'Europe/Berlin',
    });
    expect(berlin('next Tuesday between 2 and 4pm')).toBe('2026-03-17..2026-03-17 14:00-16:00');
    expect(berlin('the week of Dec 14')).toBe('2026-12-14..2026-12-20 00:00-24:00');
    expect(berlin('in 3 days')).toBe('2026-03-13..2026-03-13 00:00-24:00');
    expect(berlin('this evening')).toBe('2026-03-10..2026-03-10 17:00-21:00');
    expect(berlin('tonight')).toBe('2026-03-10..2026-03-10 17:00-21:00');
    expect(berlin('Friday morning')).toBe('2026-03-13..2026-03-13 09:00-12:00');
    // Quoted or bracketed as an agent quotes the person: the same reading.
    for (const quoted of ['"tomorrow afternoon"', "'tomorrow afternoon'", '\u201Ctomorrow afternoon\u201D', '(tomorrow afternoon)']) {
      expect(berlin(quoted), quoted).toBe('2026-03-11..2026-03-11 12:00-17:00');
    }
  });

  it('reads every example it offers', () => {
    for (const example of WHEN_EXAMPLES)
      expect(readWhen(example, { now: new Date(at(BERLIN_TUESDAY)), timezone: 'Europe/Berlin' }).ok).toBe(true);
  });

  it('has fixed parts of day, and a bare day is 00:00-24:00', () => {
    expect(berlin('tomorrow morning')).toBe('2026-03-11..2026-03-11 09:00-12:00');
    expect(berlin('tomorrow afternoon')).toBe('2026-03-11..2026-03-11 12:00-17:00');
    expect(berlin('tomorrow evening')).toBe('2026-03-11..2026-03-11 17:00-21:00');
    expect(berlin('Thursday in the afternoon')).toBe('2026-03-12..2026-03-12 12:00-17:00');
    expect(berlin('afternoon')).toBe('2026-03-10..2026-03-10 12:00-17:00');
    expect(berlin('tomorrow')).toBe('2026-03-11..2026-03-11 00:00-24:00');
    expect(berlin('today')).toBe('2026-03-10..2026-03-10 00:00-24:00');
    expect(berlin('the day after tomorrow')).toBe('2026-03-12..2026-03-12 00:00-24:00');
    expect(berlin('Tomorrow, any time.')).toBe('2026-03-11..2026-03-11 00:00-24:00');
  });

  it('"in N days" is that one day', () => {
    expect(berlin('in 1 day')).toBe('2026-03-11..2026-03-11 00:00-24:00');
    expect(berlin('in 2 weeks')).toBe('2026-03-24..2026-03-24 00:00-24:00');
    expect(berlin('in 3 days in the morning')).toBe('2026-03-13..2026-03-13 09:00-12:00');
  });
});

describe('readWhen: weekdays', () => {
  it('a bare weekday is the next such day counting today; "next" is the first after today', () => {
    // Today is a Tuesday.
    expect(berlin('Tuesday')).toBe('2026-03-10..2026-03-10 00:00-24:00');
    expect(berlin('this Tuesday')).toBe('2026-03-10..2026-03-10 00:00-24:00');
    expect(berlin('next Tuesday')).toBe('2026-03-17..2026-03-17 00:00-24:00');
    expect(berlin('Wednesday')).toBe('2026-03-11..2026-03-11 00:00-24:00');
    expect(berlin('next Wednesday')).toBe('2026-03-11..2026-03-11 00:00-24:00');
    expect(berlin('Monday')).toBe('2026-03-16..2026-03-16 00:00-24:00');
    expect(berlin('on Friday')).toBe('2026-03-13..2026-03-13 00:00-24:00');
    expect(berlin('this coming Friday')).toBe('2026-03-13..2026-03-13 00:00-24:00');
  });

  it('"<weekday> next week" / "this week" is that day of the Monday-Sunday week', () => {
    expect(berlin('Tuesday next week')).toBe('2026-03-17..2026-03-17 00:00-24:00');
    expect(berlin('Monday next week')).toBe('2026-03-16..2026-03-16 00:00-24:00');
    expect(berlin('Sunday this week')).toBe('2026-03-15..2026-03-15 00:00-24:00');
  });

  it('a range of weekdays starts at the next such day and ends at the first end day after it', () => {
    expect(berlin('Monday to Wednesday')).toBe('2026-03-16..2026-03-18 00:00-24:00');
    expect(berlin('between Monday and Wednesday')).toBe('2026-03-16..2026-03-18 00:00-24:00');
    expect(berlin('Friday to Monday')).toBe('2026-03-13..2026-03-16 00:00-24:00');
    expect(berlin('Monday to Wednesday afternoons')).toBe('2026-03-16..2026-03-18 12:00-17:00');
    expect(berlin('Monday to Wednesday from 9am to 5pm')).toBe('2026-03-16..2026-03-18 09:00-17:00');
    expect(berlin('Monday to Wednesday between 2 and 4pm')).toBe('2026-03-16..2026-03-18 14:00-16:00');
  });
});

describe('readWhen: weeks, months and dates', () => {
  it('weeks run Monday-Sunday', () => {
    expect(berlin('this week')).toBe('2026-03-09..2026-03-15 00:00-24:00');
    expect(berlin('next week')).toBe('2026-03-16..2026-03-22 00:00-24:00');
    expect(berlin('sometime next week')).toBe('2026-03-16..2026-03-22 00:00-24:00');
    expect(berlin('the week after next')).toBe('2026-03-23..2026-03-29 00:00-24:00');
    expect(berlin('next week afternoons')).toBe('2026-03-16..2026-03-22 12:00-17:00');
    expect(berlin('next week between 2 and 4pm')).toBe('2026-03-16..2026-03-22 14:00-16:00');
    expect(berlin('this weekend')).toBe('2026-03-14..2026-03-15 00:00-24:00');
  });

  it('"the next N days/weeks/months" and "within N days" run from today, not the one day chrono reads', () => {
    expect(berlin('in the next 2 days')).toBe('2026-03-10..2026-03-12 00:00-24:00');
    expect(berlin('the next three days')).toBe('2026-03-10..2026-03-13 00:00-24:00');
    expect(berlin('over the next couple of days')).toBe('2026-03-10..2026-03-12 00:00-24:00');
    expect(berlin('next few days')).toBe('2026-03-10..2026-03-13 00:00-24:00');
    expect(berlin('next 2 weeks')).toBe('2026-03-10..2026-03-24 00:00-24:00');
    expect(berlin('next 2 months')).toBe('2026-03-10..2026-05-10 00:00-24:00');
    expect(berlin('within 3 days')).toBe('2026-03-10..2026-03-13 00:00-24:00');
    expect(berlin('within the next week')).toBe('2026-03-10..2026-03-17 00:00-24:00');
    expect(berlin('the next 7 days afternoons')).toBe('2026-03-10..2026-03-17 12:00-17:00');
    expect(berlin('next 2 days between 2 and 4pm')).toBe('2026-03-10..2026-03-12 14:00-16:00');
    expect(berlin('next 3 months')).toMatch(/^NOT OK: .*covers 93 days; a window covers at most 62/);
    expect(berlin('next 2 days tomorrow')).toMatch(/^NOT OK: Could not read "tomorrow"/);
    // Unchanged: "next week" is the Monday-Sunday week, "in 3 days" that one day.
    expect(berlin('next week')).toBe('2026-03-16..2026-03-22 00:00-24:00');
    expect(berlin('in 3 days')).toBe('2026-03-13..2026-03-13 00:00-24:00');
  });

  it('"the week of D" is the Monday-Sunday week around D', () => {
    expect(berlin('the week of Dec 16')).toBe('2026-12-14..2026-12-20 00:00-24:00'); // a Wednesday
    expect(berlin('week of Dec 20')).toBe('2026-12-14..2026-12-20 00:00-24:00'); // a Sunday
    expect(berlin('the week of next Monday')).toBe('2026-03-16..2026-03-22 00:00-24:00');
    expect(berlin('the week of Dec 14 mornings')).toBe('2026-12-14..2026-12-20 09:00-12:00');
  });

  it('a month and day without a year are the next such date on or after today', () => {
    expect(berlin('Dec 14')).toBe('2026-12-14..2026-12-14 00:00-24:00');
    expect(berlin('March 10')).toBe('2026-03-10..2026-03-10 00:00-24:00'); // today
    expect(berlin('March 9')).toBe('2027-03-09..2027-03-09 00:00-24:00'); // yesterday → next year
    expect(berlin('Dec 28 - Jan 3')).toBe('2026-12-28..2027-01-03 00:00-24:00');
  });

  it('keeps a range or a week of a month-day that has begun whole, this year', () => {
    const wednesday = '2026-11-25T09:30Z';
    expect(read('the week of Dec 14', '2026-12-15T09:00Z', 'Europe/Berlin')).toBe('2026-12-14..2026-12-20 00:00-24:00');
    expect(read('the week of Nov 23', wednesday, 'Europe/Berlin')).toBe('2026-11-23..2026-11-29 00:00-24:00');
    expect(read('Nov 23-27', wednesday, 'Europe/Berlin')).toBe('2026-11-23..2026-11-27 00:00-24:00');
    expect(read('Nov 20 - Dec 5', wednesday, 'Europe/Berlin')).toBe('2026-11-20..2026-12-05 00:00-24:00');
    expect(read('Dec 28 - Jan 3', '2026-12-31T09:00Z', 'Europe/Berlin')).toBe('2026-12-28..2027-01-03 00:00-24:00');
    // A week or a range already over is the next year's, as a month-day alone is.
    expect(read('the week of Nov 16', wednesday, 'Europe/Berlin')).toBe('2027-11-15..2027-11-21 00:00-24:00');
    expect(read('Nov 2-6', wednesday, 'Europe/Berlin')).toBe('2027-11-02..2027-11-06 00:00-24:00');
  });

  it('reads night as the evening, "from T" alone as "after T", and "in a month" as that one day', () => {
    const wednesday = '2026-11-25T09:30Z';
    const at = (text: string) => read(text, wednesday, 'Europe/Berlin');
    expect(at('tomorrow night')).toBe('2026-11-26..2026-11-26 17:00-21:00');
    expect(at('tonight at 8')).toBe('2026-11-25..2026-11-25 20:00-21:00');
    // "tonight at 12" or "at 1" is after midnight, which the evening is not: refused, not read as noon or 13:00.
    expect(at('tonight at 12')).toMatch(/^NOT OK: Could not read "tonight at 12" .*after midnight/);
    expect(at('Friday night at 1')).toMatch(/^NOT OK: .*after midnight/);
    expect(at('Friday night')).toBe('2026-11-27..2026-11-27 17:00-21:00');
    expect(at('from 2pm on Friday')).toBe('2026-11-27..2026-11-27 14:00-24:00');
    expect(at('from 2 to 4pm tomorrow')).toBe('2026-11-26..2026-11-26 14:00-16:00');
    expect(at('in a month')).toBe('2026-12-25..2026-12-25 00:00-24:00');
    expect(at('in 2 months at 3pm')).toBe('2027-01-25..2027-01-25 15:00-16:00');
    expect(at('within a few days')).toBe('2026-11-25..2026-11-28 00:00-24:00');
  });

  it('reads spoken clock times and other ways of saying a day', () => {
    const wednesday = '2026-11-25T09:30Z';
    for (const [text, window] of [
      ['half past 2 tomorrow', '2026-11-26..2026-11-26 14:30-15:30'],
      ['quarter to 5 on Friday', '2026-11-27..2026-11-27 16:45-17:45'],
      ['quarter past 11 tomorrow', '2026-11-26..2026-11-26 11:15-12:15'],
      ['tomorrow at ten', '2026-11-26..2026-11-26 10:00-11:00'],
      ['three pm tomorrow', '2026-11-26..2026-11-26 15:00-16:00'],
      ["3 o'clock tomorrow", '2026-11-26..2026-11-26 15:00-16:00'],
      ['12 noon tomorrow', '2026-11-26..2026-11-26 12:00-13:00'],
      ['tomorrow @ 3pm', '2026-11-26..2026-11-26 15:00-16:00'],
      ['tomorrow between two and four', '2026-11-26..2026-11-26 14:00-16:00'],
      ['day after tomorrow', '2026-11-27..2026-11-27 00:00-24:00'],
      ['next week Friday', '2026-12-04..2026-12-04 00:00-24:00'],
      ['over the weekend', '2026-11-28..2026-11-29 00:00-24:00'],
      ['in a fortnight', '2026-12-09..2026-12-09 00:00-24:00'],
      ["in two weeks' time", '2026-12-09..2026-12-09 00:00-24:00'],
      ['tomorrow 10pm to midnight', '2026-11-26..2026-11-26 22:00-24:00'],
      ['Friday noon to 2', '2026-11-27..2026-11-27 12:00-14:00'],
      ['between noon and 2 on Friday', '2026-11-27..2026-11-27 12:00-14:00'],
      ['tomorrow from 9am until 5pm', '2026-11-26..2026-11-26 09:00-17:00'],
      ['from Monday through Thursday', '2026-11-30..2026-12-03 00:00-24:00'],
      ['until Friday', '2026-11-25..2026-11-27 00:00-24:00'],
      ['by tomorrow', '2026-11-25..2026-11-26 00:00-24:00'],
      ['a week from today', '2026-12-02..2026-12-02 00:00-24:00'],
      ['Thursday and Friday afternoons', '2026-11-26..2026-11-27 12:00-17:00'],
    ] as const) {
      expect(read(text, wednesday, 'Europe/Berlin'), text).toBe(window);
    }
  });

  it('refuses what the parser would read as one day or today without a word', () => {
    const wednesday = '2026-11-25T09:30Z';
    // Days joined by "and" that are not next to each other are two windows, not a range.
    expect(read('Monday and Wednesday', wednesday, 'Europe/Berlin')).toMatch(/^NOT OK: Could not read "and"/);
    for (const [text, reason] of [
      ['weekday mornings next week', /a window is a run of days/],
      ['any weekday next week', /a window is a run of days/],
      ['end of next week', /name the days/],
      ['beginning of next week', /name the days/],
      ['next quarter', /name the days or a month/],
      ['in the coming days', /say how far/],
      ['in the coming week', /say how far/],
    ] as const) {
      expect(read(text, wednesday, 'Europe/Berlin'), text).toMatch(new RegExp(`^NOT OK: .*${reason.source}`));
    }
    expect(read('next weekday', wednesday, 'Europe/Berlin')).toBe('2026-11-26..2026-11-26 00:00-24:00');
  });

  it("refuses a weekday that is not the date's, so the agent asks which is meant", () => {
    expect(read('Thursday Dec 4', '2026-11-25T09:30Z', 'Europe/Berlin')).toMatch(/^NOT OK: .*2026-12-04 is a Friday, not a Thursday/);
    expect(read('Monday 12/2 at 3pm', '2026-11-25T09:30Z', 'Europe/Berlin')).toMatch(/^NOT OK: .*2026-12-02 is a Wednesday, not a Monday/);
    expect(read('Friday Dec 4', '2026-11-25T09:30Z', 'Europe/Berlin')).toBe('2026-12-04..2026-12-04 00:00-24:00');
  });

  it('reads explicit dates, and a bare month as the whole month', () => {
    expect(berlin('2026-12-14')).toBe('2026-12-14..2026-12-14 00:00-24:00');
    expect(berlin('December 14th at 3pm')).toBe('2026-12-14..2026-12-14 15:00-16:00');
    expect(berlin('12/14')).toBe('2026-12-14..2026-12-14 00:00-24:00');
    expect(berlin('next month')).toBe('2026-04-01..2026-04-30 00:00-24:00');
    expect(berlin('December')).toBe('2026-12-01..2026-12-31 00:00-24:00');
  });

  it('covers at most 62 days', () => {
    expect(berlin('Jan 1 to Mar 3')).toBe('2027-01-01..2027-03-03 00:00-24:00'); // 62 days
    const tooLong = berlin('Jan 1 to Mar 4');
    expect(tooLong).toMatch(/^NOT OK: .*63 days.*at most 62/);
  });
});

describe('readWhen: clock times', () => {
  it('binds a time range to the day named in the same phrase, sharing the end am/pm', () => {
    expect(berlin('next Tuesday between 2 and 4pm')).toBe('2026-03-17..2026-03-17 14:00-16:00');
    expect(berlin('next Tuesday from 2 to 4pm')).toBe('2026-03-17..2026-03-17 14:00-16:00');
    expect(berlin('tomorrow 2-4pm')).toBe('2026-03-11..2026-03-11 14:00-16:00');
    expect(berlin('from 2 to 4pm tomorrow')).toBe('2026-03-11..2026-03-11 14:00-16:00');
    expect(berlin('tomorrow between 11 and 1pm')).toBe('2026-03-11..2026-03-11 11:00-13:00');
    expect(berlin('tomorrow from 9 to 5')).toBe('2026-03-11..2026-03-11 09:00-17:00');
    expect(berlin('Dec 14 from 9 to 5')).toBe('2026-12-14..2026-12-14 09:00-17:00');
    expect(berlin('Friday 9:30-11')).toBe('2026-03-13..2026-03-13 09:30-11:00');
    expect(berlin('tomorrow 13:00 to 15:30')).toBe('2026-03-11..2026-03-11 13:00-15:30');
  });

  it('a single time T is T to T + 1 hour; after and before run to the edge of the day', () => {
    expect(berlin('tomorrow at 3pm')).toBe('2026-03-11..2026-03-11 15:00-16:00');
    expect(berlin('tomorrow at 11:30pm')).toBe('2026-03-11..2026-03-11 23:30-24:00');
    expect(berlin('at 3pm')).toBe('2026-03-10..2026-03-10 15:00-16:00');
    expect(berlin('after 3pm')).toBe('2026-03-10..2026-03-10 15:00-24:00');
    expect(berlin('after 3pm tomorrow')).toBe('2026-03-11..2026-03-11 15:00-24:00');
    expect(berlin('tomorrow before noon')).toBe('2026-03-11..2026-03-11 00:00-12:00');
    expect(berlin('tomorrow until 11am')).toBe('2026-03-11..2026-03-11 00:00-11:00');
  });

  it('a part of day makes a bare hour pm and bounds after/before', () => {
    expect(berlin('tomorrow afternoon at 3')).toBe('2026-03-11..2026-03-11 15:00-16:00');
    expect(berlin('Friday afternoon between 1 and 3')).toBe('2026-03-13..2026-03-13 13:00-15:00');
    expect(berlin('tomorrow morning after 10')).toBe('2026-03-11..2026-03-11 10:00-12:00');
    expect(berlin('tomorrow afternoon before 3')).toBe('2026-03-11..2026-03-11 12:00-15:00');
  });

  it('reads a bare hour from 1 to 6 as pm, as people say it, and a zero-led time as a 24-hour clock', () => {
    expect(berlin('tomorrow at 3')).toBe('2026-03-11..2026-03-11 15:00-16:00');
    expect(berlin('next Tuesday at 2')).toBe('2026-03-17..2026-03-17 14:00-15:00');
    expect(berlin('tomorrow at 2:30')).toBe('2026-03-11..2026-03-11 14:30-15:30');
    expect(berlin('Dec 02 at 3')).toBe('2026-12-02..2026-12-02 15:00-16:00');
    expect(berlin('between 2 and 4 tomorrow')).toBe('2026-03-11..2026-03-11 14:00-16:00');
    expect(berlin('tomorrow 1 to 3')).toBe('2026-03-11..2026-03-11 13:00-15:00');
    expect(berlin('tomorrow 11 to 1')).toBe('2026-03-11..2026-03-11 11:00-13:00');
    expect(berlin('tomorrow 9 to 5')).toBe('2026-03-11..2026-03-11 09:00-17:00');
    // A dash between hours is "to"; next to a month, or in a written date, it stays the date's.
    expect(berlin('tomorrow 9-5')).toBe('2026-03-11..2026-03-11 09:00-17:00');
    expect(berlin('next Tuesday 2 - 4pm')).toBe('2026-03-17..2026-03-17 14:00-16:00');
    expect(berlin('between 9-11 tomorrow')).toBe('2026-03-11..2026-03-11 09:00-11:00');
    expect(berlin('Dec 14 9:30-11')).toBe('2026-12-14..2026-12-14 09:30-11:00');
    expect(berlin('Dec 14-18')).toBe('2026-12-14..2026-12-18 00:00-24:00');
    expect(berlin('14-18 December')).toBe('2026-12-14..2026-12-18 00:00-24:00');
    expect(berlin('2026-12-14 9-12')).toBe('2026-12-14..2026-12-14 09:00-12:00');
    // Times written before the days, days after "next week", the weekend after next.
    expect(berlin('9-5 Mon-Fri')).toBe('2026-03-16..2026-03-20 09:00-17:00');
    expect(berlin('next week Mon-Wed')).toBe('2026-03-16..2026-03-18 00:00-24:00');
    expect(berlin('tomorrow any time after 2')).toBe('2026-03-11..2026-03-11 14:00-24:00');
    expect(berlin('the weekend after next')).toBe('2026-03-28..2026-03-29 00:00-24:00');
    // "around 3pm" is at 3pm, "from 3pm onwards" after it, "all day" and "any day" the whole days.
    expect(berlin('around 3pm tomorrow')).toBe('2026-03-11..2026-03-11 15:00-16:00');
    expect(berlin('tomorrow from 3pm onwards')).toBe('2026-03-11..2026-03-11 15:00-24:00');
    expect(berlin('all day tomorrow')).toBe('2026-03-11..2026-03-11 00:00-24:00');
    expect(berlin('any day next week')).toBe('2026-03-16..2026-03-22 00:00-24:00');
    expect(berlin('this coming week')).toMatch(/^NOT OK: .*say how far/);
    // A refusal quotes only words the person wrote, not the rewrites made before reading.
    expect(berlin('Monday 9 to Wednesday 5')).toMatch(/^NOT OK: Could not read "Monday 9 to Wednesday 5" as/);
    // As models and people write them: "p.m." with its dots, an en dash.
    expect(berlin('tomorrow at 3 p.m.')).toBe('2026-03-11..2026-03-11 15:00-16:00');
    expect(berlin('Friday 2\u20134 p.m.')).toBe('2026-03-13..2026-03-13 14:00-16:00');
    expect(berlin('Dec 14\u201318')).toBe('2026-12-14..2026-12-18 00:00-24:00');
  });

  it('reads days named by counting: "<weekday> after next", "the first Monday of April", "next business day"', () => {
    expect(berlin('Friday after next')).toBe('2026-03-20..2026-03-20 00:00-24:00');
    expect(berlin('Tuesday after next at 3pm')).toBe('2026-03-24..2026-03-24 15:00-16:00');
    expect(berlin('the first Monday of April')).toBe('2026-04-06..2026-04-06 00:00-24:00');
    expect(berlin('last Friday of March afternoon')).toBe('2026-03-27..2026-03-27 12:00-17:00');
    expect(berlin('second Tuesday in May 2027')).toBe('2027-05-11..2027-05-11 00:00-24:00');
    // One that is past this year is next year's.
    expect(berlin('first Monday of March')).toBe('2027-03-01..2027-03-01 00:00-24:00');
    expect(berlin('next business day')).toBe('2026-03-11..2026-03-11 00:00-24:00');
    expect(read('next working day morning', '2026-03-13T09:30Z', 'Europe/Berlin')).toBe('2026-03-16..2026-03-16 09:00-12:00');
  });

  it('applies the times after a range of days to each of its days', () => {
    expect(berlin('Dec 14-18 from 2 to 4pm')).toBe('2026-12-14..2026-12-18 14:00-16:00');
    expect(berlin('Dec 14 to 18 9-5')).toBe('2026-12-14..2026-12-18 09:00-17:00');
    expect(berlin('Dec 14-18 at 3pm')).toBe('2026-12-14..2026-12-18 15:00-16:00');
    expect(berlin('Dec 14-18 at noon')).toBe('2026-12-14..2026-12-18 12:00-13:00');
    expect(berlin('Monday to Wednesday at 3')).toBe('2026-03-16..2026-03-18 15:00-16:00');
    expect(berlin('Mon-Wed after 2pm')).toBe('2026-03-16..2026-03-18 14:00-24:00');
    expect(berlin('Dec 14 to Dec 18 at 10am')).toBe('2026-12-14..2026-12-18 10:00-11:00');
    // Two days of a month, named, with one time or a range of times: both days.
    expect(berlin('Dec 14-15 at 9')).toBe('2026-12-14..2026-12-15 09:00-10:00');
    expect(berlin('Dec 14-15 from 9 to 5')).toBe('2026-12-14..2026-12-15 09:00-17:00');
    // A dash right after a month is taken for days, so "14 Dec 9-11" is refused rather than read.
    expect(berlin('14 Dec 9-11')).toMatch(/^NOT OK/);
    expect(berlin('2 to 4 Dec 14-15')).toMatch(/^NOT OK/);
    // The same hour at both ends of a range of times is twelve hours, on each day.
    expect(berlin('Dec 14-15 from 9 to 9')).toBe('2026-12-14..2026-12-15 09:00-21:00');
    expect(berlin('Dec 14-15 from 9 to 9pm')).toBe('2026-12-14..2026-12-15 09:00-21:00');
    expect(berlin('14-15 Dec from 9 to 5')).toBe('2026-12-14..2026-12-15 09:00-17:00');
    // A span from a day and time to another day (and time) is not one window a day: refused,
    // in words, in ISO form, or from a part of one day to another day.
    // A time written before the days is that time on each day.
    expect(berlin('10am Monday to Friday')).toBe('2026-03-16..2026-03-20 10:00-11:00');
    expect(berlin('after 2pm Monday to Wednesday')).toBe('2026-03-16..2026-03-18 14:00-24:00');
    expect(berlin('afternoon tomorrow')).toBe('2026-03-11..2026-03-11 12:00-17:00');
    expect(berlin('in about 10 days')).toBe('2026-03-20..2026-03-20 00:00-24:00');
    for (const span of [
      'Monday 9am to Wednesday 5pm',
      '2026-12-14 at 17:00 - 2026-12-15 at 09:00',
      'between 2026-12-14T17:00 and 2026-12-15T09:00',
      'tonight to Sunday',
      'Monday 9am to Wednesday',
      'Dec 14 at 9am to Dec 16',
      '2026-12-14T17:00 - 2026-12-15T09:00',
      '2026-12-14 09:00 - 2026-12-16 17:00',
      'Friday evening to Sunday evening',
      'Monday morning to Wednesday',
    ]) {
      expect(berlin(span), span).toMatch(/^NOT OK: .*give the days and the times apart/);
    }
    expect(berlin('2026-12-14T09:00 - 2026-12-14T11:00')).toBe('2026-12-14..2026-12-14 09:00-11:00');
    expect(berlin('tomorrow evening until 9')).toBe('2026-03-11..2026-03-11 17:00-21:00');
    expect(berlin('after 3 tomorrow')).toBe('2026-03-11..2026-03-11 15:00-24:00');
    expect(berlin('tomorrow before 5')).toBe('2026-03-11..2026-03-11 00:00-17:00');
    // Other hours, and times written the 24-hour way, are read as written.
    expect(berlin('tomorrow at 7')).toBe('2026-03-11..2026-03-11 07:00-08:00');
    expect(berlin('tomorrow at 10')).toBe('2026-03-11..2026-03-11 10:00-11:00');
    expect(berlin('tomorrow at 02:00')).toBe('2026-03-11..2026-03-11 02:00-03:00');
    expect(berlin('tomorrow at 3am')).toBe('2026-03-11..2026-03-11 03:00-04:00');
  });

  it('refuses ranges that cross midnight, name their own zone, or count from now', () => {
    expect(berlin('tomorrow from 10pm to 2am')).toMatch(/^NOT OK: .*same day/);
    expect(berlin('tomorrow at 3pm EST')).toMatch(/^NOT OK: .*time zone/);
    expect(berlin('in 2 hours')).toMatch(/^NOT OK: .*relative to now/);
    expect(berlin('now')).toMatch(/^NOT OK: .*relative to now/);
    expect(berlin('Monday 9am to Wednesday 5pm')).toMatch(/^NOT OK: .*the days and the times apart/);
  });
});

describe('readWhen: what it refuses', () => {
  it('says what it could not read and lists the examples', () => {
    for (const text of ['whenever suits', 'blah']) {
      const r = readWhen(text, { now: new Date(at(BERLIN_TUESDAY)), timezone: 'Europe/Berlin' });
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      expect(r.message).toContain(`Could not read "${text}"`);
      for (const example of WHEN_EXAMPLES) expect(r.message).toContain(`"${example}"`);
    }
  });

  it('refuses words it did not read rather than half-reading the text', () => {
    expect(berlin('not tomorrow')).toMatch(/^NOT OK: Could not read "not" in "not tomorrow"/);
    expect(berlin('Monday or Tuesday')).toMatch(/^NOT OK: Could not read "or" in "Monday or Tuesday"/);
    expect(berlin('tomorrow morning or afternoon')).toMatch(/^NOT OK: .*more than one part of the day/);
    expect(berlin('next year')).toMatch(/^NOT OK: Could not read "next year"/);
  });

  it('refuses empty and overlong text', () => {
    expect(berlin('')).toMatch(/^NOT OK: `when` is empty/);
    expect(berlin('   ')).toMatch(/^NOT OK: `when` is empty/);
    expect(berlin(`tomorrow ${' '.repeat(200)}`)).toMatch(/^NOT OK: `when` is longer than 200 characters/);
  });

  it('refuses a window that is over, and keeps one that has begun', () => {
    expect(berlin('yesterday')).toMatch(/^NOT OK: "yesterday" \(2026-03-09\.\.2026-03-09, 00:00-24:00 Europe\/Berlin\) is already over/);
    expect(berlin('last Tuesday')).toMatch(/already over/);
    // 14:00 in Berlin: the morning is over, the afternoon has begun.
    expect(read('this morning', '2026-03-10T13:00Z', 'Europe/Berlin')).toMatch(/already over/);
    expect(read('this afternoon', '2026-03-10T13:00Z', 'Europe/Berlin')).toBe('2026-03-10..2026-03-10 12:00-17:00');
    // Ends exactly now: over.
    expect(read('this afternoon', '2026-03-10T16:00Z', 'Europe/Berlin')).toMatch(/already over/);
    expect(read('today', '2026-03-10T22:59Z', 'Europe/Berlin')).toBe('2026-03-10..2026-03-10 00:00-24:00');
  });

  it('gives the window that is over with the refusal, and none for text it could not read', () => {
    const over = readWhen('this morning', { now: new Date(at('2026-03-10T13:00Z')), timezone: 'Europe/Berlin' });
    expect(over).toMatchObject({ ok: false, window: { date_from: '2026-03-10', from_time: '09:00', to_time: '12:00' } });
    expect(readWhen('not tomorrow', { now: new Date(at(BERLIN_TUESDAY)), timezone: 'Europe/Berlin' })).not.toHaveProperty('window');
  });

  it("throws on an unknown zone, which is the caller's error", () => {
    expect(() => readWhen('tomorrow', { now: new Date(at(BERLIN_TUESDAY)), timezone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});

describe('readWhen: zones far from UTC', () => {
  it('Pacific/Auckland: local Tuesday while UTC is still Monday', () => {
    const now = '2026-03-09T20:00Z'; // Tue 09:00 NZDT
    expect(read('today', now, 'Pacific/Auckland')).toBe('2026-03-10..2026-03-10 00:00-24:00');
    expect(read('tomorrow', now, 'Pacific/Auckland')).toBe('2026-03-11..2026-03-11 00:00-24:00');
    expect(read('Tuesday', now, 'Pacific/Auckland')).toBe('2026-03-10..2026-03-10 00:00-24:00');
    expect(read('next Tuesday', now, 'Pacific/Auckland')).toBe('2026-03-17..2026-03-17 00:00-24:00');
    expect(read('Monday', now, 'Pacific/Auckland')).toBe('2026-03-16..2026-03-16 00:00-24:00');
    expect(read('this week', now, 'Pacific/Auckland')).toBe('2026-03-09..2026-03-15 00:00-24:00');
  });

  it('Pacific/Kiritimati (UTC+14): a day ahead of UTC for most of it', () => {
    const now = '2026-03-09T12:00Z'; // Tue 02:00 local
    expect(read('today', now, 'Pacific/Kiritimati')).toBe('2026-03-10..2026-03-10 00:00-24:00');
    expect(read('tomorrow morning', now, 'Pacific/Kiritimati')).toBe('2026-03-11..2026-03-11 09:00-12:00');
    expect(read('next Tuesday between 2 and 4pm', now, 'Pacific/Kiritimati')).toBe('2026-03-17..2026-03-17 14:00-16:00');
    expect(read('in 3 days', now, 'Pacific/Kiritimati')).toBe('2026-03-13..2026-03-13 00:00-24:00');
  });

  it('America/Adak (UTC-10/-9): local Tuesday evening while UTC is Wednesday', () => {
    const now = '2026-03-11T05:00Z'; // Tue 20:00 HDT
    expect(read('this evening', now, 'America/Adak')).toBe('2026-03-10..2026-03-10 17:00-21:00');
    expect(read('tomorrow', now, 'America/Adak')).toBe('2026-03-11..2026-03-11 00:00-24:00');
    expect(read('Tuesday', now, 'America/Adak')).toBe('2026-03-10..2026-03-10 00:00-24:00');
    expect(read('Wednesday', now, 'America/Adak')).toBe('2026-03-11..2026-03-11 00:00-24:00');
    expect(read('next Tuesday', now, 'America/Adak')).toBe('2026-03-17..2026-03-17 00:00-24:00');
    // Standard time (UTC-10) before 2026-03-08: Saturday 23:30 HST is Sunday 09:30 UTC.
    expect(read('tomorrow', '2026-03-08T09:30Z', 'America/Adak')).toBe('2026-03-08..2026-03-08 00:00-24:00');
  });
});

describe('readWhen: DST change days', () => {
  it('Europe/Berlin 2026-03-29 (clocks go 02:00 → 03:00)', () => {
    expect(read('tomorrow morning', '2026-03-28T09:00Z', 'Europe/Berlin')).toBe('2026-03-29..2026-03-29 09:00-12:00');
    // 01:30 CET on the change day itself, before the change.
    const today = windowOf('today', '2026-03-29T00:30Z', 'Europe/Berlin');
    expect(today).toMatchObject({ date_from: '2026-03-29', date_to: '2026-03-29', from_time: '00:00', to_time: '24:00' });
    // 00:00 CET to 00:00 CEST: a day of 23 hours.
    expect(span(today)).toEqual(['2026-03-28T23:00Z', '2026-03-29T22:00Z']);
    expect(span(windowOf('tomorrow morning', '2026-03-28T09:00Z', 'Europe/Berlin'))).toEqual(['2026-03-29T07:00Z', '2026-03-29T10:00Z']);
  });

  it('America/New_York 2026-03-08 (clocks go 02:00 → 03:00)', () => {
    expect(read('tomorrow morning', '2026-03-07T15:00Z', 'America/New_York')).toBe('2026-03-08..2026-03-08 09:00-12:00');
    expect(read('Sunday', '2026-03-07T15:00Z', 'America/New_York')).toBe('2026-03-08..2026-03-08 00:00-24:00');
    // 23:30 EST on Saturday is already Sunday in UTC.
    expect(read('tomorrow', '2026-03-08T04:30Z', 'America/New_York')).toBe('2026-03-08..2026-03-08 00:00-24:00');
    // 03:30 EDT on the change day.
    expect(read('today', '2026-03-08T07:30Z', 'America/New_York')).toBe('2026-03-08..2026-03-08 00:00-24:00');
    expect(read('between 1 and 4am tomorrow', '2026-03-07T15:00Z', 'America/New_York')).toBe('2026-03-08..2026-03-08 01:00-04:00');
    // 01:00 EST to 04:00 EDT: two real hours.
    expect(span(windowOf('between 1 and 4am tomorrow', '2026-03-07T15:00Z', 'America/New_York'))).toEqual([
      '2026-03-08T06:00Z',
      '2026-03-08T08:00Z',
    ]);
    expect(span(windowOf('tomorrow morning', '2026-03-07T15:00Z', 'America/New_York'))).toEqual(['2026-03-08T13:00Z', '2026-03-08T16:00Z']);
  });
});

describe('readWhen: properties', () => {
  const ZONES = [
    'UTC',
    'Europe/Berlin',
    'America/New_York',
    'America/Adak',
    'America/St_Johns',
    'America/Santiago',
    'Pacific/Auckland',
    'Pacific/Chatham',
    'Pacific/Kiritimati',
    'Pacific/Pago_Pago',
    'Australia/Lord_Howe',
    'Asia/Kolkata',
  ];
  const instant = fc.integer({ min: at('2024-01-01T00:00Z'), max: at('2032-12-31T00:00Z') });
  const zone = fc.constantFrom(...ZONES);

  it('"tomorrow" is always the day after the zone\'s local date', () => {
    fc.assert(
      fc.property(instant, zone, (now, timezone) => {
        const r = readWhen('tomorrow', { now: new Date(now), timezone });
        const expected = formatDay(parseDay(localDateOf(timezone, now)) + 1);
        expect(r).toEqual({ ok: true, window: { date_from: expected, date_to: expected, from_time: '00:00', to_time: '24:00', timezone } });
      }),
      { numRuns: 300 },
    );
  });

  it('a weekday is 0-6 days ahead, "next" 1-7, and it is that weekday', () => {
    const names = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
    fc.assert(
      fc.property(instant, zone, fc.integer({ min: 0, max: 6 }), fc.boolean(), (now, timezone, w, next) => {
        const r = readWhen(`${next ? 'next ' : ''}${names[w]}`, { now: new Date(now), timezone });
        if (!r.ok) throw new Error(r.message);
        const today = parseDay(localDateOf(timezone, now));
        const day = parseDay(r.window.date_from);
        expect(isoWeekday(day)).toBe(w + 1);
        expect(day - today).toBeGreaterThanOrEqual(next ? 1 : 0);
        expect(day - today).toBeLessThanOrEqual(next ? 7 : 6);
      }),
      { numRuns: 200 },
    );
  });

  it('"next week" and "the week of <date>" are Monday-Sunday weeks holding the right day', () => {
    fc.assert(
      fc.property(instant, zone, fc.integer({ min: 0, max: 300 }), (now, timezone, ahead) => {
        const today = parseDay(localDateOf(timezone, now));
        const nextWeek = readWhen('next week', { now: new Date(now), timezone });
        if (!nextWeek.ok) throw new Error(nextWeek.message);
        const monday = parseDay(nextWeek.window.date_from);
        expect(isoWeekday(monday)).toBe(1);
        expect(parseDay(nextWeek.window.date_to) - monday).toBe(6);
        expect(monday - today).toBeGreaterThanOrEqual(1);
        expect(monday - today).toBeLessThanOrEqual(7);

        const d = formatDay(today + ahead);
        const weekOf = readWhen(`the week of ${d}`, { now: new Date(now), timezone });
        if (!weekOf.ok) throw new Error(weekOf.message);
        const from = parseDay(weekOf.window.date_from);
        expect(isoWeekday(from)).toBe(1);
        expect(today + ahead - from).toBeGreaterThanOrEqual(0);
        expect(today + ahead - from).toBeLessThanOrEqual(6);
      }),
      { numRuns: 200 },
    );
  });
});
