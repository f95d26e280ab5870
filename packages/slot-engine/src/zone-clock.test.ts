import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { formatDay, parseDay } from './calendar-day.js';
import { at, show } from './test-helpers.js';
import { createZoneClock } from './zone-clock.js';

const instantOf = (zone: string, date: string, hhmm: string): string => {
  const [h, m] = hhmm.split(':').map(Number);
  return show(createZoneClock(zone).toInstant(parseDay(date), h! * 60 + m!));
};

describe('createZoneClock', () => {
  it('shifts a nonexistent spring-forward time forward by the gap, as luxon does', () => {
    expect(instantOf('America/New_York', '2026-03-08', '02:30')).toBe('2026-03-08T07:30Z');
    const luxon = DateTime.fromObject(
      { year: 2026, month: 3, day: 8, hour: 2, minute: 30 },
      { zone: 'America/New_York' },
    );
    expect(show(luxon.toMillis())).toBe('2026-03-08T07:30Z');
    expect(instantOf('Europe/Berlin', '2026-03-29', '02:15')).toBe('2026-03-29T01:15Z');
    // Lord Howe springs forward half an hour: 02:15 does not exist and reads as 02:45 (+11:00).
    expect(instantOf('Australia/Lord_Howe', '2026-10-04', '02:15')).toBe('2026-10-03T15:45Z');
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

  it('agrees with luxon (earliest reading) across a year of local times', () => {
    const zones = ['America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe', 'Asia/Kolkata', 'America/Santiago'];
    for (const zone of zones) {
      const clock = createZoneClock(zone);
      for (let day = parseDay('2026-01-01'); day < parseDay('2027-01-01'); day += 5) {
        for (let minute = 0; minute < 1440; minute += 113) {
          const ours = clock.toInstant(day, minute);
          const [y, mo, d] = formatDay(day).split('-').map(Number);
          const dt = DateTime.fromObject(
            { year: y!, month: mo!, day: d!, hour: Math.floor(minute / 60), minute: minute % 60 },
            { zone },
          );
          const earliest = Math.min(...dt.getPossibleOffsets().map((p) => p.toMillis()));
          expect(ours, `${zone} ${formatDay(day)} +${minute}m`).toBe(earliest);
        }
      }
    }
  });

  it('refuses an unknown zone instead of computing garbage', () => {
    expect(() => createZoneClock('Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
