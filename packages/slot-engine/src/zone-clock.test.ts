import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { formatDay, parseDay } from './calendar-day.js';
import { referenceInstant } from './reference-model.js';
import { at, show } from './test-helpers.js';
import { createZoneClock } from './zone-clock.js';

const instantOf = (zone: string, date: string, hhmm: string): string => {
  const [h, m] = hhmm.split(':').map(Number);
  return show(createZoneClock(zone).toInstant(parseDay(date), h! * 60 + m!));
};

describe('createZoneClock', () => {
  it('resolves a nonexistent spring-forward time to the instant of the change', () => {
    // New York 2026-03-08: 02:00 EST jumps to 03:00 EDT at 07:00Z; every 02:xx is 07:00Z.
    for (const t of ['02:00', '02:01', '02:30', '02:59']) {
      expect(instantOf('America/New_York', '2026-03-08', t), t).toBe('2026-03-08T07:00Z');
    }
    expect(instantOf('America/New_York', '2026-03-08', '01:59')).toBe('2026-03-08T06:59Z');
    expect(instantOf('America/New_York', '2026-03-08', '03:00')).toBe('2026-03-08T07:00Z');
    expect(instantOf('America/New_York', '2026-03-08', '03:30')).toBe('2026-03-08T07:30Z');
    // Not luxon's reading, which shifts 02:30 forward by the gap, onto 03:30's instant.
    const luxon = DateTime.fromObject({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, { zone: 'America/New_York' });
    expect(show(luxon.toMillis())).toBe('2026-03-08T07:30Z');
    // Berlin 2026-03-29: 02:00 CET jumps to 03:00 CEST at 01:00Z.
    expect(instantOf('Europe/Berlin', '2026-03-29', '02:15')).toBe('2026-03-29T01:00Z');
    expect(instantOf('Europe/Berlin', '2026-03-29', '02:59')).toBe('2026-03-29T01:00Z');
    expect(instantOf('Europe/Berlin', '2026-03-29', '03:00')).toBe('2026-03-29T01:00Z');
    // Lord Howe springs forward half an hour: 02:00 (+10:30) jumps to 02:30 (+11:00) at 15:30Z.
    expect(instantOf('Australia/Lord_Howe', '2026-10-04', '02:15')).toBe('2026-10-03T15:30Z');
    expect(instantOf('Australia/Lord_Howe', '2026-10-04', '02:30')).toBe('2026-10-03T15:30Z');
    expect(instantOf('Australia/Lord_Howe', '2026-10-04', '02:45')).toBe('2026-10-03T15:45Z');
  });

  it('keeps local order on every transition day, minute by minute, and agrees with the naive reading there', () => {
    const cases: Array<[string, string]> = [
      ['America/New_York', '2026-03-08'],
      ['America/New_York', '2026-11-01'],
      ['Europe/Berlin', '2026-03-29'],
      ['Europe/Berlin', '2026-10-25'],
      ['Australia/Lord_Howe', '2026-10-04'],
      ['Australia/Lord_Howe', '2026-04-05'],
      ['America/Sao_Paulo', '2018-11-04'],
      ['America/Santiago', '2026-09-06'],
    ];
    for (const [zone, date] of cases) {
      const clock = createZoneClock(zone);
      const day = parseDay(date);
      expect(clock.toInstant(day, 0)).toBe(clock.dayStart(day));
      expect(clock.toInstant(day, 1440)).toBe(clock.dayStart(day + 1));
      const utcDate = DateTime.fromISO(date, { zone: 'utc' });
      for (let minute = 0; minute < 1440; minute++) {
        const a = clock.toInstant(day, minute);
        expect(clock.toInstant(day, minute + 1) - a, `${zone} ${date} +${minute}m`).toBeGreaterThanOrEqual(0);
        // Every minute of the small hours (where all these changes are), a sample of the rest.
        if (minute < 240 || minute % 17 === 0) {
          expect(a, `${zone} ${date} +${minute}m`).toBe(referenceInstant(zone, utcDate, minute));
        }
      }
    }
  });

  it('resolves an ambiguous fall-back time to its first occurrence, whatever the season now', () => {
    expect(instantOf('America/New_York', '2026-11-01', '01:30')).toBe('2026-11-01T05:30Z');
    expect(instantOf('Europe/Berlin', '2026-10-25', '02:30')).toBe('2026-10-25T00:30Z');
    // Lord Howe falls back half an hour: 01:45 happens at +11:00 and again at +10:30.
    expect(instantOf('Australia/Lord_Howe', '2026-04-05', '01:45')).toBe('2026-04-04T14:45Z');
  });

  it('handles a day that starts inside a midnight gap (Sao Paulo 2018)', () => {
    const clock = createZoneClock('America/Sao_Paulo');
    expect(show(clock.dayStart(parseDay('2018-11-04')))).toBe('2018-11-04T03:00Z');
    expect(show(clock.dayStart(parseDay('2018-11-05')))).toBe('2018-11-05T02:00Z');
  });

  it('places each instant in the local day whose span holds it', () => {
    const clock = createZoneClock('America/New_York');
    const day = (iso: string) => formatDay(clock.dayOf(at(iso)));
    expect(day('2026-03-08T04:59:59.999Z')).toBe('2026-03-07');
    expect(day('2026-03-08T05:00Z')).toBe('2026-03-08');
    expect(day('2026-11-02T04:59Z')).toBe('2026-11-01');
    expect(day('2026-11-02T05:00Z')).toBe('2026-11-02');
  });

  it('agrees with a naive luxon reading across a year of local times', () => {
    const zones = ['America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe', 'Asia/Kolkata', 'America/Santiago'];
    for (const zone of zones) {
      const clock = createZoneClock(zone);
      for (let day = parseDay('2026-01-01'); day < parseDay('2027-01-01'); day += 5) {
        for (let minute = 0; minute < 1440; minute += 113) {
          const ours = clock.toInstant(day, minute);
          const expected = referenceInstant(zone, DateTime.fromISO(formatDay(day), { zone: 'utc' }), minute);
          expect(ours, `${zone} ${formatDay(day)} +${minute}m`).toBe(expected);
        }
      }
    }
  });

  it('refuses an unknown zone instead of computing garbage', () => {
    expect(() => createZoneClock('Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
