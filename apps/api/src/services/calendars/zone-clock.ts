import { nextOffsetChange, wallTimeOf } from '@humantime/slot-engine';

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;
/** Offsets lie within ±14 h, so the instants of one wall time lie within this of it. */
const REACH_MS = 36 * 3_600_000;

/**
 * A zone's clock: wall times are "wall ms", the local date and time read as if it were UTC
 * (Date.UTC of the fields), so wall-clock arithmetic (a day later, the same time next week)
 * is plain addition and the zone is consulted only to turn a wall time into an instant.
 */
export interface ZoneClock {
  /**
   * The first instant at which the local clock reads `wall` or later, as the slot engine
   * reads local times: a time skipped by a spring-forward gap (02:30 in Berlin on the last
   * Sunday of March) is the instant of the change (03:00 CEST); a time that occurs twice at
   * fall-back is its first occurrence (still on summer time).
   */
  toInstant(wall: number): number;
  /** The wall time shown at an instant. */
  wallOf(instant: number): number;
}

/** One change of offset: from `at` on (epoch ms), the zone is `to` minutes east of UTC. */
interface Change {
  at: number;
  to: number;
}

/**
 * A clock from a sorted list of changes, exact inside [lo, hi] and asking `outside` (or
 * clamping) beyond it. Offsets are looked up, never computed per instant, so expanding tens
 * of thousands of instances costs a few array reads each.
 */
class TableClock implements ZoneClock {
  constructor(
    private readonly changes: readonly Change[],
    private readonly first: number,
    private readonly outside?: {
      lo: number;
      hi: number;
      offsetAt: (instant: number) => number;
      changeIn: (after: number, until: number) => number | null;
    },
  ) {}

  offsetAt(instant: number): number {
    const outside = this.outside;
    if (outside && (instant < outside.lo || instant > outside.hi)) return outside.offsetAt(instant);
    const changes = this.changes;
    let lo = 0;
    let hi = changes.length;
    // The number of changes at or before the instant.
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (changes[mid]!.at <= instant) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? this.first : changes[lo - 1]!.to;
  }

  /** The instant of a change in (after, until], if any. */
  private changeIn(after: number, until: number): number | null {
    const outside = this.outside;
    if (outside && (after < outside.lo || until > outside.hi)) return outside.changeIn(after, until);
    for (const change of this.changes) if (change.at > after && change.at <= until) return change.at;
    return null;
  }

  wallOf(instant: number): number {
    return instant + this.offsetAt(instant) * MINUTE_MS;
  }

  toInstant(wall: number): number {
    const before = this.offsetAt(wall - REACH_MS);
    const after = this.offsetAt(wall + REACH_MS);
    const early = wall - before * MINUTE_MS;
    if (before === after) return early;
    const late = wall - after * MINUTE_MS;
    const earlyValid = this.offsetAt(early) === before;
    const lateValid = this.offsetAt(late) === after;
    if (earlyValid && lateValid) return Math.min(early, late);
    if (lateValid) return late;
    if (earlyValid) return early;
    // Neither offset fits: the wall time lies in a gap; the clock jumps past it at the change.
    if (!(late < early)) return early;
    return this.changeIn(late, early) ?? early;
  }
}

/** A fixed offset (UTC, or a VTIMEZONE without changes). */
export function fixedClock(offsetMinutes: number): ZoneClock {
  return new TableClock([], offsetMinutes);
}

export const UTC_CLOCK = fixedClock(0);

/**
 * The clock of an IANA zone, exact over [lo, hi] from a table of its changes (found with the
 * slot engine's offsets, so a busy time and a slot agree on every instant), and read from the
 * zone directly outside it (an EXDATE years back, say).
 */
export function ianaClock(zone: string, lo: number, hi: number): ZoneClock {
  const offsetAt = (instant: number) => wallTimeOf(zone, instant).offsetMinutes;
  const changes: Change[] = [];
  for (let cursor = lo; cursor < hi;) {
    const change = nextOffsetChange(zone, cursor, hi - cursor);
    if (!change) break;
    changes.push({ at: change.at, to: change.to });
    cursor = change.at;
  }
  const changeIn = (after: number, until: number) => nextOffsetChange(zone, after, until - after)?.at ?? null;
  return new TableClock(changes, offsetAt(lo), { lo, hi, offsetAt, changeIn });
}

/** The clock of a VTIMEZONE: its changes, as UTC instants with the offset after each. */
export function changesClock(changes: Change[], initialOffset: number): ZoneClock {
  const sorted = [...changes].sort((a, b) => a.at - b.at);
  return new TableClock(sorted, initialOffset);
}

/** Wall ms of a calendar date and time. */
export function wallMs(parts: { year: number; month: number; day: number; hour?: number; minute?: number; second?: number }): number {
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
}
