import { describe, expect, it } from 'vitest';
import { localWindowSpan, startsInside } from './local-window.js';

describe('local windows', () => {
  const afternoon = { dateFrom: '2026-03-28', dateTo: '2026-03-29', fromTime: '12:00', toTime: '17:00', timezone: 'Europe/Berlin' };

  it('spans from the first date at fromTime to the last date at toTime, across a DST change', () => {
    expect(localWindowSpan(afternoon)).toEqual({ start: Date.parse('2026-03-28T11:00:00Z'), end: Date.parse('2026-03-29T15:00:00Z') });
    expect(localWindowSpan({ ...afternoon, fromTime: '00:00', toTime: '24:00' }).end).toBe(Date.parse('2026-03-29T22:00:00Z'));
  });

  it('holds a start when its wall date and time are inside, on each date of the window', () => {
    expect(startsInside(afternoon, Date.parse('2026-03-28T11:00:00Z'))).toBe(true); // 12:00 CET
    expect(startsInside(afternoon, Date.parse('2026-03-28T16:00:00Z'))).toBe(false); // 17:00 CET
    expect(startsInside(afternoon, Date.parse('2026-03-29T10:00:00Z'))).toBe(true); // 12:00 CEST
    expect(startsInside(afternoon, Date.parse('2026-03-29T09:59:00Z'))).toBe(false); // 11:59 CEST
    expect(startsInside(afternoon, Date.parse('2026-03-30T11:00:00Z'))).toBe(false); // the day after
    expect(startsInside({ ...afternoon, toTime: '24:00' }, Date.parse('2026-03-29T21:59:00Z'))).toBe(true); // 23:59
  });
});
