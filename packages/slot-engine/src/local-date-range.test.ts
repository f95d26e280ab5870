import { describe, expect, it } from 'vitest';
import { localDateOf, localDateRangeToInterval } from './local-date-range.js';
import { at, show } from './test-helpers.js';

describe('localDateRangeToInterval', () => {
  it('runs from the start of the first date to the start of the day after the last', () => {
    const { start, end } = localDateRangeToInterval('America/New_York', '2026-03-01', '2026-03-31');
    expect([show(start), show(end)]).toEqual(['2026-03-01T05:00Z', '2026-04-01T04:00Z']);
  });

  it('covers a short and a long DST day', () => {
    const spring = localDateRangeToInterval('Europe/Berlin', '2026-03-29', '2026-03-29');
    expect(spring.end - spring.start).toBe(23 * 3_600_000);
    const fall = localDateRangeToInterval('Europe/Berlin', '2026-10-25', '2026-10-25');
    expect(fall.end - fall.start).toBe(25 * 3_600_000);
  });
});

describe('localDateOf', () => {
  it('gives the calendar date on the local clock', () => {
    expect(localDateOf('America/New_York', at('2026-03-08T04:59Z'))).toBe('2026-03-07');
    expect(localDateOf('America/New_York', at('2026-03-08T05:00Z'))).toBe('2026-03-08');
    expect(localDateOf('Asia/Kolkata', at('2026-03-07T18:29Z'))).toBe('2026-03-07');
    expect(localDateOf('Asia/Kolkata', at('2026-03-07T18:30Z'))).toBe('2026-03-08');
    expect(localDateOf('Pacific/Kiritimati', at('2026-03-07T10:00Z'))).toBe('2026-03-08');
  });

  it('agrees with localDateRangeToInterval at both edges', () => {
    const { start, end } = localDateRangeToInterval('Australia/Lord_Howe', '2026-04-05', '2026-04-05');
    expect(localDateOf('Australia/Lord_Howe', start - 1)).toBe('2026-04-04');
    expect(localDateOf('Australia/Lord_Howe', start)).toBe('2026-04-05');
    expect(localDateOf('Australia/Lord_Howe', end - 1)).toBe('2026-04-05');
    expect(localDateOf('Australia/Lord_Howe', end)).toBe('2026-04-06');
  });
});
