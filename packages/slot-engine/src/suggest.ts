import { DAY_MS, formatDay, isoWeekday, MINUTE_MS, parseClock } from './calendar-day.js';
import { unionOf } from './intervals.js';
import type { Interval } from './types.js';
import { createZoneClock, type ZoneClock } from './zone-clock.js';
import { offsetReader } from './zone-offset.js';

/**
 * Ranked suggestions among listed starts: a deterministic score in [0, 1] and the reasons it
 * weighed. Every suggestion is one of the candidates given (the listed slots), so each books.
 *
 * The score is a weighted mean of factors, each in [0, 1], over the factors that apply to the
 * request (SUGGESTION_WEIGHTS):
 * - attendee_hours (3), when an attendee zone is given: the share of the meeting inside the
 *   attendee's working day, 09:00-17:00 in their zone (any weekday: the attendee's weekends
 *   are not known).
 * - preferred_hours (3), when any listed human has preferred hours: the share of the meeting's
 *   humans for whom it lies wholly inside their preferred hours, windows that touch or overlap joined (a human without
 *   preferred hours is content at any time).
 * - room_around (2): not back to back with another booking, hold, busy time or the human's
 *   own block (a weekly meeting); each human scores one half per side with at least
 *   ROOM_MINUTES free, averaged over the meeting's humans.
 * - soon (1): sooner before later, 1 at the window's start falling to 0 at its end, measured
 *   from the window (not from now), so the same request gives the same list.
 * Then the spread rule filters, in rank order: at most MAX_PER_DAY suggestions a local day of
 * the first human. Ties go to the sooner start. The score is rounded to 4 decimals.
 *
 * Example: a 30-minute start at 10:00 for an attendee whose day it is (attendee_hours 1), of
 * a human with no preferred hours (the factor does not apply), a booking ending at 09:55 (one
 * side with room: 0.5), a quarter of the way into the window (soon 0.75):
 * (3 × 1 + 2 × 0.5 + 1 × 0.75) / (3 + 2 + 1) = 0.7917.
 */
export const SUGGESTION_WEIGHTS = { attendee_hours: 3, preferred_hours: 3, room_around: 2, soon: 1 } as const;
/** Free minutes on a side for it to count as room. */
export const ROOM_MINUTES = 15;
/** At most this many suggestions a local day (of the first human). */
export const MAX_PER_DAY = 3;
/** The attendee's working day, local to attendee_timezone. */
export const ATTENDEE_HOURS = { start: '09:00', end: '17:00' } as const;

export type SuggestionFactor = keyof typeof SUGGESTION_WEIGHTS;
export type SuggestionReasonCode = SuggestionFactor | 'spread';

/** A window of a human's preferred hours, local to the human: ISO weekdays, "HH:MM"-"HH:MM". */
export interface PreferredHours {
  weekdays: number[];
  start: string;
  end: string;
}

export interface SuggestionHuman {
  timezone: string;
  /** null or empty: no preference. */
  preferredHours: readonly PreferredHours[] | null;
  /** Bookings, holds and other busy time, in any order. */
  busy: readonly Interval[];
}

/** A listed start: the humans free then, in the order of the request. */
export interface SuggestionCandidate {
  start: number;
  end: number;
  humanIds: readonly string[];
}

export interface SuggestionInput {
  candidates: readonly SuggestionCandidate[];
  /** The window the candidates were listed for; `soon` is measured across it. */
  window: Interval;
  /** The first human's zone: the spread rule's days. */
  dayZone: string;
  attendeeZone?: string;
  humans: ReadonlyMap<string, SuggestionHuman>;
  limit: number;
}

export interface SuggestionReason {
  code: SuggestionReasonCode;
  message: string;
}

export interface Suggestion extends SuggestionCandidate {
  score: number;
  reasons: SuggestionReason[];
}

/** The weighted mean of the factors present (absent ones do not apply), rounded to 4 decimals. */
export function suggestionScore(factors: Partial<Record<SuggestionFactor, number>>): number {
  let weighted = 0;
  let weights = 0;
  for (const factor of Object.keys(SUGGESTION_WEIGHTS) as SuggestionFactor[]) {
    const value = factors[factor];
    if (value === undefined) continue;
    weighted += SUGGESTION_WEIGHTS[factor] * Math.min(1, Math.max(0, value));
    weights += SUGGESTION_WEIGHTS[factor];
  }
  return weights === 0 ? 0 : Math.round((weighted / weights) * 10_000) / 10_000;
}

export function rankSuggestions(input: SuggestionInput): Suggestion[] {
  const clocks = new Map<string, ZoneClock>();
  const clockOf = (zone: string) => {
    let clock = clocks.get(zone);
    if (!clock) clocks.set(zone, (clock = createZoneClock(zone)));
    return clock;
  };
  const preferences = [...input.humans.values()].some((h) => (h.preferredHours?.length ?? 0) > 0);
  const busy = new Map([...input.humans].map(([id, human]) => [id, [...human.busy].sort((a, b) => a.start - b.start)]));

  const scored = input.candidates.map((candidate) => {
    const factors: Partial<Record<SuggestionFactor, number>> = {};
    const reasons: SuggestionReason[] = [];
    if (input.attendeeZone) {
      const share = attendeeShare(clockOf(input.attendeeZone), candidate);
      factors.attendee_hours = share;
      reasons.push({ code: 'attendee_hours', message: attendeeMessage(input.attendeeZone, candidate, share) });
    }
    if (preferences) {
      const inside = candidate.humanIds.filter((id) => insidePreferred(input.humans.get(id), clockOf, candidate));
      const without = candidate.humanIds.filter((id) => !input.humans.get(id)?.preferredHours?.length).length;
      factors.preferred_hours = inside.length / candidate.humanIds.length;
      const only = candidate.humanIds.length === 1 ? input.humans.get(candidate.humanIds[0]!) : undefined;
      reasons.push({
        code: 'preferred_hours',
        message: only?.preferredHours?.length
          ? preferredMessageOne(only, candidate, inside.length === 1)
          : preferredMessage(inside.length - without, candidate.humanIds.length - without, without),
      });
    }
    const sides = candidate.humanIds.map((id) => roomAround(busy.get(id) ?? [], candidate));
    factors.room_around = sides.reduce((sum, s) => sum + (s.before ? 0.5 : 0) + (s.after ? 0.5 : 0), 0) / sides.length;
    reasons.push({ code: 'room_around', message: roomMessage(sides) });
    const span = Math.max(1, input.window.end - input.window.start);
    factors.soon = 1 - Math.min(1, Math.max(0, (candidate.start - input.window.start) / span));
    reasons.push({ code: 'soon', message: `starts ${duration(candidate.start - input.window.start)} after the window opens` });
    return { ...candidate, score: suggestionScore(factors), reasons };
  });
  scored.sort((a, b) => b.score - a.score || a.start - b.start);

  const dayClock = clockOf(input.dayZone);
  const perDay = new Map<number, number>();
  const chosen: Suggestion[] = [];
  for (const suggestion of scored) {
    if (chosen.length >= input.limit) break;
    const day = dayClock.dayOf(suggestion.start);
    const count = (perDay.get(day) ?? 0) + 1;
    if (count > MAX_PER_DAY) continue;
    perDay.set(day, count);
    suggestion.reasons.push({
      code: 'spread',
      message: `${ordinal(count)} of at most ${MAX_PER_DAY} suggestions on ${weekdayName(day)} ${formatDay(day)} (${input.dayZone})`,
    });
    chosen.push(suggestion);
  }
  return chosen;
}

/** Local (day, minute of day) of an instant: the wall clock's, from the zone's offset at that instant (right on a day the clocks change). */
function localOf(zone: string, instant: number): { day: number; minute: number } {
  const local = instant + offsetReader(zone)(instant) * MINUTE_MS;
  const day = Math.floor(local / DAY_MS);
  return { day, minute: Math.floor((local - day * DAY_MS) / MINUTE_MS) };
}

/** The share of [start, end) inside ATTENDEE_HOURS on the attendee's local days. */
function attendeeShare(clock: ZoneClock, { start, end }: Interval): number {
  let inside = 0;
  for (let day = clock.dayOf(start); day <= clock.dayOf(end - 1); day++) {
    const from = Math.max(start, clock.toInstant(day, parseClock(ATTENDEE_HOURS.start)));
    const to = Math.min(end, clock.toInstant(day, parseClock(ATTENDEE_HOURS.end)));
    inside += Math.max(0, to - from);
  }
  return inside / (end - start);
}

function attendeeMessage(zone: string, candidate: Interval, share: number): string {
  const { day, minute } = localOf(zone, candidate.start);
  const where = share === 1 ? 'inside' : share === 0 ? 'outside' : 'partly inside';
  return `${clockText(minute)} ${weekdayName(day)} for the attendee in ${zone} (${where} ${ATTENDEE_HOURS.start}-${ATTENDEE_HOURS.end})`;
}

/**
 * True when the meeting lies wholly inside the human's preferred hours that day, or they have
 * none. Windows that touch or overlap are one stretch: 09:00-10:00 and 10:00-11:00 hold a
 * meeting at 09:30.
 */
function insidePreferred(human: SuggestionHuman | undefined, clockOf: (zone: string) => ZoneClock, { start, end }: Interval): boolean {
  if (!human?.preferredHours?.length) return true;
  const clock = clockOf(human.timezone);
  const day = clock.dayOf(start);
  const weekday = isoWeekday(day);
  const windows = human.preferredHours
    .filter((window) => window.weekdays.includes(weekday))
    .map((window) => ({ start: clock.toInstant(day, parseClock(window.start)), end: clock.toInstant(day, parseClock(window.end)) }));
  return unionOf(windows).some((window) => window.start <= start && end <= window.end);
}

/**
 * What the factor weighed: of the meeting's humans who have preferred hours, how many it
 * suits; those without any are named apart (content at any time), never counted as "inside".
 */
function preferredMessage(inside: number, withPreferences: number, without: number): string {
  if (withPreferences === 0)
    return without === 1 ? 'the human has no preferred hours: any time suits' : 'none of these humans has preferred hours';
  const none = without === 0 ? '' : `; ${without === 1 ? '1 human has' : `${without} humans have`} none`;
  if (withPreferences === 1 && without === 0)
    return inside === 1 ? "inside the human's preferred hours" : "outside the human's preferred hours";
  return `inside the preferred hours of ${inside} of ${withPreferences} ${withPreferences === 1 ? 'human who has them' : 'humans who have them'}${none}`;
}

/** One human's: the local time weighed and that weekday's preferred hours ("10:00 Thu for the human: inside their preferred 09:00-12:00"). */
function preferredMessageOne(human: SuggestionHuman, candidate: Interval, inside: boolean): string {
  const { day, minute } = localOf(human.timezone, candidate.start);
  const windows = human
    .preferredHours!.filter((w) => w.weekdays.includes(isoWeekday(day)))
    .map((w) => `${w.start}-${w.end}`)
    .join(', ');
  const when = `${clockText(minute)} ${weekdayName(day)} for the human in ${human.timezone}`;
  if (inside) return `${when} (inside their preferred ${windows})`;
  return windows ? `${when} (outside their preferred ${windows})` : `${when} (no preferred hours on ${weekdayName(day)})`;
}

/** Whether a human has ROOM_MINUTES free before the start and after the end. */
function roomAround(sorted: readonly Interval[], { start, end }: Interval): { before: boolean; after: boolean } {
  const room = ROOM_MINUTES * MINUTE_MS;
  let before = true;
  let after = true;
  for (const busy of sorted) {
    if (busy.start >= end + room) break;
    if (busy.end > start - room && busy.start < start) before = false;
    if (busy.start < end + room && busy.end > end) after = false;
  }
  return { before, after };
}

function roomMessage(sides: ReadonlyArray<{ before: boolean; after: boolean }>): string {
  const before = sides.some((s) => !s.before);
  const after = sides.some((s) => !s.after);
  if (!before && !after) return `at least ${ROOM_MINUTES} free minutes before and after`;
  const side = before && after ? 'on both sides' : before ? 'before it' : 'after it';
  return `within ${ROOM_MINUTES} minutes of a booking or busy time ${side}`;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const weekdayName = (day: number) => WEEKDAYS[isoWeekday(day) - 1]!;
const clockText = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const ordinal = (n: number) => `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;

/** "0 minutes", "45 minutes", "2 hours 30 minutes", "3 days 2 hours", "1 day 15 hours 30 minutes". */
function duration(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / MINUTE_MS));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const unit = (n: number, name: string) => `${n} ${name}${n === 1 ? '' : 's'}`;
  if (days > 0)
    return [unit(days, 'day'), hours > 0 ? unit(hours, 'hour') : '', rest > 0 ? unit(rest, 'minute') : ''].filter(Boolean).join(' ');
  if (hours > 0) return rest > 0 ? `${unit(hours, 'hour')} ${unit(rest, 'minute')}` : unit(hours, 'hour');
  return unit(rest, 'minute');
}
