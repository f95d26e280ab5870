import { describe, expect, it } from 'vitest';
import { formatLocal, wallTime, withLocalTimes } from './local-time.js';

describe('formatLocal', () => {
  it('gives weekday, wall time, zone and offset', () => {
    expect(formatLocal('2027-03-01T14:00:00Z', 'Europe/Berlin')).toBe('Mon 2027-03-01 15:00 Europe/Berlin (+01:00)');
    expect(formatLocal('2026-12-01T05:00:00Z', 'Asia/Tokyo')).toBe('Tue 2026-12-01 14:00 Asia/Tokyo (+09:00)');
    expect(formatLocal('2026-06-01T12:00:00Z', 'UTC')).toBe('Mon 2026-06-01 12:00 UTC (+00:00)');
    expect(formatLocal('2026-07-01T12:00:00Z', 'Asia/Kolkata')).toBe('Wed 2026-07-01 17:30 Asia/Kolkata (+05:30)');
  });

  it('follows DST: the same UTC hour is a different wall time in summer', () => {
    expect(formatLocal('2026-03-08T06:30:00Z', 'America/New_York')).toBe('Sun 2026-03-08 01:30 America/New_York (-05:00)');
    expect(formatLocal('2026-03-08T07:30:00Z', 'America/New_York')).toBe('Sun 2026-03-08 03:30 America/New_York (-04:00)');
  });

  it('crosses the date line into the next local day', () => {
    expect(wallTime('2026-12-01T20:00:00Z', 'Asia/Tokyo')).toEqual({
      date: '2026-12-02',
      time: '05:00',
      weekday: 3,
      weekdayName: 'Wed',
      offset: '+09:00',
    });
  });
});

describe('withLocalTimes', () => {
  it('adds x_local beside every *_at instant, nested too, and leaves metadata alone', () => {
    const booking = {
      id: 'b',
      starts_at: '2026-12-01T05:00:00Z',
      cancelled_at: null,
      metadata: { due_at: '2026-12-01T05:00:00Z' },
      nested: [{ created_at: '2026-12-01T05:00:00Z' }],
    };
    expect(withLocalTimes(booking, 'Asia/Tokyo')).toEqual({
      id: 'b',
      starts_at: '2026-12-01T05:00:00Z',
      starts_at_local: 'Tue 2026-12-01 14:00 Asia/Tokyo (+09:00)',
      cancelled_at: null,
      cancelled_at_local: null,
      metadata: { due_at: '2026-12-01T05:00:00Z' },
      nested: [{ created_at: '2026-12-01T05:00:00Z', created_at_local: 'Tue 2026-12-01 14:00 Asia/Tokyo (+09:00)' }],
    });
  });
});
