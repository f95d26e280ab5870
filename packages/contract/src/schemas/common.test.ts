import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuesOf } from '../test-support.js';
import { canonicalTimezone, IanaTimezone, Instant, ListQuery, StartInstant, listOf, LocalDate, LocalTime, Uuid } from './common.js';

const ok = (schema: z.ZodTypeAny, value: unknown) => expect(issuesOf(schema, value), String(value)).toEqual([]);
const bad = (schema: z.ZodTypeAny, value: unknown) => expect(issuesOf(schema, value).length, String(value)).toBeGreaterThan(0);

describe('Uuid', () => {
  it('accepts a UUID and rejects anything else', () => {
    ok(Uuid, '6f1c2a4e-8b3d-4c5e-9f10-112233445566');
    bad(Uuid, 'human_123');
    bad(Uuid, '');
  });
});

describe('LocalDate', () => {
  it('accepts YYYY-MM-DD calendar dates', () => {
    for (const d of ['2026-03-08', '2024-02-29', '2026-12-31']) ok(LocalDate, d);
  });
  it('rejects dates that do not exist and other formats', () => {
    for (const d of ['2026-02-30', '2026-02-29', '2026-04-31', '2026-13-01', '2026-3-8', '08.03.2026', '2026-03-08T00:00:00Z', '']) {
      bad(LocalDate, d);
    }
  });
  it('keeps to years the database and every zone can hold', () => {
    for (const d of ['0000-01-01', '0001-01-01', '1899-12-31', '9999-12-31']) {
      expect(issuesOf(LocalDate, d), d).toEqual([': must be a date from 1900-01-01 to 9999-12-30']);
    }
    for (const d of ['1900-01-01', '9999-12-30']) ok(LocalDate, d);
  });
});

describe('LocalTime', () => {
  it('accepts HH:MM from 00:00 to 23:59', () => {
    for (const t of ['00:00', '09:30', '23:59']) ok(LocalTime, t);
  });
  it('rejects out-of-range or unpadded times', () => {
    for (const t of ['24:00', '9:00', '09:60', '09:00:00', '0900', '']) bad(LocalTime, t);
  });
});

describe('Instant', () => {
  it('accepts ISO 8601 with Z or an offset', () => {
    for (const s of ['2026-12-01T14:00:00Z', '2026-12-01T14:00:00.123Z', '2026-12-01T15:00:00+01:00', '2026-12-01T09:00:00-05:00']) {
      ok(Instant, s);
    }
  });
  it('rejects local times, dates and nonsense', () => {
    for (const s of ['2026-12-01T14:00:00', '2026-12-01', '2026-02-30T10:00:00Z', 'tomorrow', 1764597600000]) bad(Instant, s);
  });
  it('refuses what zod lets through but no instant is: offsets past ±23:59, far years; a start, digits past the millisecond', () => {
    const cases: [string, string][] = [
      ['2026-12-09T14:30:00+25:00', 'must have a UTC offset from -23:59 to +23:59'],
      ['2026-12-09T14:30:00+24:00', 'must have a UTC offset from -23:59 to +23:59'],
      ['2026-12-09T14:30:00-99:99', 'must have a UTC offset from -23:59 to +23:59'],
      ['2026-12-09T14:30:00+00:60', 'must have a UTC offset from -23:59 to +23:59'],
      ['0000-01-01T00:00:00Z', 'must be between 1900-01-01 and 9999-12-30 (UTC)'],
      ['9999-12-31T20:00:00Z', 'must be between 1900-01-01 and 9999-12-30 (UTC)'],
    ];
    for (const [sent, message] of cases) {
      expect(issuesOf(Instant, sent), sent).toEqual([`: ${message}`]);
      expect(issuesOf(StartInstant, sent), sent).toEqual([`: ${message}`]);
    }
    // A start with digits past the millisecond is not the start it would book; a range's bound
    // may carry them (Python's isoformat writes microseconds).
    expect(issuesOf(StartInstant, '2026-12-08T11:00:00.000001Z')).toEqual([': must be precise to the millisecond at most']);
    for (const s of ['2026-12-08T11:00:00.000001Z', '2026-11-27T10:05:12.345678+00:00', '2026-12-08T11:00:00.123456789Z']) ok(Instant, s);
    // Not a timestamp at all: said once.
    expect(issuesOf(Instant, 'nope')).toEqual([': must be an ISO 8601 timestamp with Z or an offset, e.g. 2026-12-01T14:00:00Z']);
    for (const s of ['2026-12-09T14:30:00+23:59', '2026-12-09T14:30:00-23:59', '2026-12-08T11:00:00.500000Z', '2026-12-08T11:00:00.000Z']) {
      ok(Instant, s);
      ok(StartInstant, s);
    }
  });
});

describe('IanaTimezone', () => {
  it('accepts IANA names', () => {
    for (const tz of ['Europe/Berlin', 'America/New_York', 'UTC', 'Asia/Kolkata', 'Etc/GMT+5']) ok(IanaTimezone, tz);
  });
  it('rejects unknown names, offsets and empty strings', () => {
    for (const tz of ['Mars/Olympus_Mons', '+01:00', '', ' Europe/Berlin', 'CEST+1', 'Factory']) bad(IanaTimezone, tz);
  });
  it('parses any spelling to the canonical one, keeping links as links', () => {
    const cases: [string, string][] = [
      ['europe/berlin', 'Europe/Berlin'],
      ['EUROPE/BERLIN', 'Europe/Berlin'],
      ['Europe/Berlin', 'Europe/Berlin'],
      ['us/eastern', 'US/Eastern'],
      ['US/Eastern', 'US/Eastern'],
      ['asia/kolkata', 'Asia/Kolkata'], // ICU would say Asia/Calcutta
      ['Europe/Kyiv', 'Europe/Kyiv'], // ICU would say Europe/Kiev
      ['america/port-au-prince', 'America/Port-au-Prince'],
      ['antarctica/dumontdurville', 'Antarctica/DumontDUrville'],
      ['etc/gmt+5', 'Etc/GMT+5'],
      ['utc', 'UTC'],
    ];
    for (const [sent, stored] of cases) expect(IanaTimezone.parse(sent), sent).toBe(stored);
  });
  it('spells every zone the runtime lists canonically and keeps it', () => {
    for (const name of Intl.supportedValuesOf('timeZone')) {
      expect(canonicalTimezone(name.toLowerCase()), name).toBe(name);
    }
  });
});

describe('ListQuery', () => {
  it('defaults limit to 50 and coerces query strings', () => {
    expect(ListQuery.parse({})).toEqual({ limit: 50 });
    expect(ListQuery.parse({ limit: '10', cursor: 'abc' })).toEqual({ limit: 10, cursor: 'abc' });
  });
  it('keeps limit within 1..100', () => {
    ok(ListQuery, { limit: '1' });
    ok(ListQuery, { limit: '100' });
    for (const limit of ['0', '101', '2.5', 'ten', '-1']) {
      expect(issuesOf(ListQuery, { limit })[0], limit).toMatch(/^limit: /);
    }
    expect(issuesOf(ListQuery, { limit: 'ten' })).toEqual(['limit: must be a number']);
  });
  it('reads limit in decimal digits only: no hex, spaces, exponents or repeated parameters', () => {
    for (const limit of ['0x1e', ' 30', '30 ', '1e1', '', ['30']]) {
      expect(issuesOf(ListQuery, { limit }), JSON.stringify(limit)).toEqual(['limit: must be a number']);
    }
  });
});

describe('listOf', () => {
  it('wraps items in { data, next_cursor }', () => {
    const List = listOf(z.object({ id: z.string() }));
    ok(List, { data: [{ id: 'a' }], next_cursor: null });
    ok(List, { data: [], next_cursor: 'c' });
    bad(List, { data: [{ id: 'a' }] });
    bad(List, [{ id: 'a' }]);
  });
});
