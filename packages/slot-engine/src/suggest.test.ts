import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeSlots } from './compute-slots.js';
import { rankSuggestions, suggestionScore, SUGGESTION_WEIGHTS, type SuggestionFactor, type SuggestionHuman } from './suggest.js';

const at = (iso: string) => Date.parse(iso);
const MIN = 60_000;

/** One human's listed 30-minute starts over a week, the candidates a request would rank. */
function listed(zone: string, busy: Array<{ start: number; end: number }>) {
  return computeSlots({
    timezone: zone,
    schedule: { workingDays: [1, 2, 3, 4, 5], workStart: '08:00', workEnd: '18:00' },
    overrides: [],
    busy,
    rules: {},
    bookingsPerDay: {},
    dateFrom: '2026-12-07',
    dateTo: '2026-12-13',
    durationMinutes: 30,
    now: at('2026-12-01T00:00:00Z'),
  }).map((slot) => ({ ...slot, humanIds: ['h1'] }));
}

const WINDOW = { start: at('2026-12-06T23:00:00Z'), end: at('2026-12-13T23:00:00Z') };

describe('suggestionScore', () => {
  it('is the weighted mean of the factors that apply', () => {
    expect(suggestionScore({ attendee_hours: 1, room_around: 0.5, soon: 0.75 })).toBe(0.7917);
    expect(suggestionScore({ room_around: 1, soon: 1 })).toBe(1);
    expect(suggestionScore({ room_around: 0, soon: 0 })).toBe(0);
  });

  it('never falls when one factor improves (property)', () => {
    const factors = Object.keys(SUGGESTION_WEIGHTS) as SuggestionFactor[];
    const value = fc.double({ min: 0, max: 1, noNaN: true });
    fc.assert(
      fc.property(
        fc.record({
          attendee_hours: fc.option(value, { nil: undefined }),
          preferred_hours: fc.option(value, { nil: undefined }),
          room_around: value,
          soon: value,
        }),
        fc.constantFrom(...factors),
        value,
        (base, factor, bump) => {
          if (base[factor] === undefined) return;
          const better = { ...base, [factor]: Math.min(1, base[factor] + bump) };
          expect(suggestionScore(better)).toBeGreaterThanOrEqual(suggestionScore(base));
        },
      ),
    );
  });
});

describe('rankSuggestions', () => {
  const human: SuggestionHuman = { timezone: 'Europe/Berlin', preferredHours: null, busy: [] };

  it("prefers the attendee's working day and says so in their zone", () => {
    const candidates = listed('Europe/Berlin', []);
    const [best] = rankSuggestions({
      candidates,
      window: WINDOW,
      dayZone: 'Europe/Berlin',
      attendeeZone: 'Asia/Tokyo',
      humans: new Map([['h1', human]]),
      limit: 5,
    });
    // 09:00 Tokyo is 01:00 Berlin; the first start inside Tokyo's day in Berlin hours is 08:00
    // Berlin = 16:00 Tokyo, which leaves 60 minutes of the attendee's day: 08:00-08:30 fits.
    expect(best!.start).toBe(at('2026-12-07T07:00:00Z'));
    expect(best!.reasons.find((r) => r.code === 'attendee_hours')!.message).toBe(
      '16:00 Mon for the attendee in Asia/Tokyo (inside 09:00-17:00)',
    );
  });

  it('keeps at most 3 a local day, ties to the sooner start, and only listed starts', () => {
    const candidates = listed('Europe/Berlin', []);
    const ranked = rankSuggestions({ candidates, window: WINDOW, dayZone: 'Europe/Berlin', humans: new Map([['h1', human]]), limit: 10 });
    expect(ranked).toHaveLength(10);
    const starts = new Set(candidates.map((c) => c.start));
    for (const s of ranked) expect(starts.has(s.start)).toBe(true);
    const days = ranked.map((s) => new Date(s.start + 3_600_000).toISOString().slice(0, 10));
    for (const day of new Set(days)) expect(days.filter((d) => d === day).length).toBeLessThanOrEqual(3);
    // Only `soon` and room distinguish them: the first three are Monday's first three starts.
    expect(ranked.slice(0, 3).map((s) => new Date(s.start).toISOString())).toEqual([
      '2026-12-07T07:00:00.000Z',
      '2026-12-07T07:30:00.000Z',
      '2026-12-07T08:00:00.000Z',
    ]);
    expect(ranked[0]!.reasons.map((r) => r.code)).toEqual(['room_around', 'soon', 'spread']);
    expect(ranked[3]!.reasons.at(-1)!.message).toBe('1st of at most 3 suggestions on Tue 2026-12-08 (Europe/Berlin)');
  });

  it('moves a start back to back with a booking below one with room', () => {
    const booking = { start: at('2026-12-07T07:00:00Z'), end: at('2026-12-07T08:00:00Z') };
    const candidates = listed('Europe/Berlin', [booking]);
    const ranked = rankSuggestions({
      candidates,
      window: WINDOW,
      dayZone: 'Europe/Berlin',
      humans: new Map([['h1', { ...human, busy: [booking] }]]),
      limit: 3,
    });
    const nine = ranked.find((s) => s.start === at('2026-12-07T08:00:00Z'));
    expect(nine).toBeUndefined();
    expect(ranked[0]!.start).toBe(at('2026-12-07T08:30:00Z'));
    const tight = rankSuggestions({
      candidates: candidates.slice(0, 1),
      window: WINDOW,
      dayZone: 'Europe/Berlin',
      humans: new Map([['h1', { ...human, busy: [booking] }]]),
      limit: 1,
    });
    expect(tight[0]!.reasons.find((r) => r.code === 'room_around')!.message).toBe('within 15 minutes of a booking or busy time before it');
  });

  it('honours preferred hours, and a human without them is content at any time', () => {
    const candidates = listed('Europe/Berlin', []);
    const preferring = { ...human, preferredHours: [{ weekdays: [3], start: '14:00', end: '16:00' }] };
    const [best] = rankSuggestions({
      candidates,
      window: WINDOW,
      dayZone: 'Europe/Berlin',
      humans: new Map([['h1', preferring]]),
      limit: 1,
    });
    expect(best!.start).toBe(at('2026-12-09T13:00:00Z'));
    // The reason says what it weighed: the human's local time and that weekday's preferred hours.
    expect(best!.reasons.find((r) => r.code === 'preferred_hours')!.message).toBe(
      '14:00 Wed for the human in Europe/Berlin (inside their preferred 14:00-16:00)',
    );

    // Two humans, one without preferred hours: the reason never says that one is "inside" any.
    const both = rankSuggestions({
      candidates: candidates.map((c) => ({ ...c, humanIds: ['h1', 'h2'] })),
      window: WINDOW,
      dayZone: 'Europe/Berlin',
      humans: new Map([
        ['h1', preferring],
        ['h2', human],
      ]),
      limit: 50,
    });
    const messages = new Set(both.map((s) => s.reasons.find((r) => r.code === 'preferred_hours')!.message));
    expect([...messages].sort()).toEqual([
      'inside the preferred hours of 0 of 1 human who has them; 1 human has none',
      'inside the preferred hours of 1 of 1 human who has them; 1 human has none',
    ]);
    const alone = rankSuggestions({
      candidates: candidates.map((c) => ({ ...c, humanIds: ['h2'] })),
      window: WINDOW,
      dayZone: 'Europe/Berlin',
      humans: new Map([
        ['h1', preferring],
        ['h2', human],
      ]),
      limit: 1,
    });
    expect(alone[0]!.reasons.find((r) => r.code === 'preferred_hours')!.message).toBe('the human has no preferred hours: any time suits');
  });

  it("names the wall-clock time on the day a zone's clocks change, not midnight's offset", () => {
    // Berlin moves to +02:00 at 01:00Z on Sunday 2027-03-28: 07:00Z is 09:00 there, not 08:00.
    const start = at('2027-03-28T07:00:00Z');
    const [only] = rankSuggestions({
      candidates: [{ start, end: start + 60 * MIN, humanIds: ['h1'] }],
      window: { start: at('2027-03-28T00:00:00Z'), end: at('2027-03-29T00:00:00Z') },
      dayZone: 'UTC',
      attendeeZone: 'Europe/Berlin',
      humans: new Map([
        ['h1', { timezone: 'Australia/Lord_Howe', preferredHours: [{ weekdays: [7], start: '17:00', end: '19:00' }], busy: [] }],
      ]),
      limit: 1,
    });
    const message = (code: string) => only!.reasons.find((r) => r.code === code)!.message;
    expect(message('attendee_hours')).toBe('09:00 Sun for the attendee in Europe/Berlin (inside 09:00-17:00)');
    // Lord Howe is at +11:00 that day: 07:00Z is 18:00.
    expect(message('preferred_hours')).toBe('18:00 Sun for the human in Australia/Lord_Howe (inside their preferred 17:00-19:00)');
    // Lord Howe leaves +11:00 for +10:30 at 15:00Z on Saturday 2027-04-03: 21:30Z is 08:00 Sunday.
    const sunday = at('2027-04-03T21:30:00Z');
    const [after] = rankSuggestions({
      candidates: [{ start: sunday, end: sunday + 30 * MIN, humanIds: ['h1'] }],
      window: { start: sunday, end: sunday + 86_400_000 },
      dayZone: 'Australia/Lord_Howe',
      humans: new Map([
        ['h1', { timezone: 'Australia/Lord_Howe', preferredHours: [{ weekdays: [7], start: '08:00', end: '09:00' }], busy: [] }],
      ]),
      limit: 1,
    });
    expect(after!.reasons.find((r) => r.code === 'preferred_hours')!.message).toBe(
      '08:00 Sun for the human in Australia/Lord_Howe (inside their preferred 08:00-09:00)',
    );
  });

  it('takes preferred windows that touch or overlap as one stretch, and bridges no gap', () => {
    const preferring = {
      ...human,
      preferredHours: [
        { weekdays: [1], start: '09:00', end: '10:00' },
        { weekdays: [1], start: '10:00', end: '11:00' },
        { weekdays: [2], start: '09:00', end: '10:15' },
        { weekdays: [2], start: '09:45', end: '11:00' },
        { weekdays: [3], start: '09:00', end: '10:00' },
        { weekdays: [3], start: '10:15', end: '11:00' },
      ],
    };
    const message = (iso: string) =>
      rankSuggestions({
        candidates: [{ start: at(iso), end: at(iso) + 30 * MIN, humanIds: ['h1'] }],
        window: WINDOW,
        dayZone: 'Europe/Berlin',
        humans: new Map([['h1', preferring]]),
        limit: 1,
      })[0]!.reasons.find((r) => r.code === 'preferred_hours')!.message;
    expect(message('2026-12-07T08:45:00Z')).toBe(
      '09:45 Mon for the human in Europe/Berlin (inside their preferred 09:00-10:00, 10:00-11:00)',
    );
    expect(message('2026-12-08T09:00:00Z')).toBe(
      '10:00 Tue for the human in Europe/Berlin (inside their preferred 09:00-10:15, 09:45-11:00)',
    );
    expect(message('2026-12-09T08:45:00Z')).toBe(
      '09:45 Wed for the human in Europe/Berlin (outside their preferred 09:00-10:00, 10:15-11:00)',
    );
  });

  it('gives the same list for the same input, and every suggestion is a candidate (property)', () => {
    const candidates = listed('America/New_York', []);
    fc.assert(
      fc.property(
        fc.subarray(candidates, { minLength: 1 }),
        fc.integer({ min: 1, max: 50 }),
        fc.constantFrom(undefined, 'Asia/Tokyo', 'Pacific/Kiritimati', 'America/Adak'),
        fc.array(fc.integer({ min: 0, max: 7 * 24 * 4 }), { maxLength: 6 }),
        (subset, limit, attendeeZone, busyQuarters) => {
          const busy = busyQuarters.map((q) => ({ start: WINDOW.start + q * 15 * MIN, end: WINDOW.start + (q + 2) * 15 * MIN }));
          const input = {
            candidates: subset,
            window: WINDOW,
            dayZone: 'America/New_York',
            ...(attendeeZone ? { attendeeZone } : {}),
            humans: new Map([['h1', { timezone: 'America/New_York', preferredHours: null, busy }]]),
            limit,
          };
          const first = rankSuggestions(input);
          expect(rankSuggestions(input)).toEqual(first);
          const starts = new Set(subset.map((c) => c.start));
          for (const s of first) {
            expect(starts.has(s.start)).toBe(true);
            expect(s.score).toBeGreaterThanOrEqual(0);
            expect(s.score).toBeLessThanOrEqual(1);
          }
          for (let i = 1; i < first.length; i++) {
            const [a, b] = [first[i - 1]!, first[i]!];
            expect(a.score > b.score || (a.score === b.score && a.start < b.start)).toBe(true);
          }
          expect(first.length).toBeLessThanOrEqual(limit);
        },
      ),
      { numRuns: 60 },
    );
  });
});
