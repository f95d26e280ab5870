import { DAY_MS, MINUTE_MS } from './calendar-day.js';
import { offsetReader } from './zone-offset.js';

/**
 * Converts between local wall time and instants in one IANA zone.
 *
 * Why not `DateTime.fromObject` per conversion: it is slow, and a 62-day query needs hundreds
 * (docs/decisions/0011-local-time-across-dst.md),
 * and its answer for an ambiguous fall-back time depends on the offset in force at the
 * *current wall clock* (luxon guesses the offset from `Settings.now()`), which would make this
 * engine's output depend on the season it runs in. So we ask the zone only for offsets at
 * instants (zone-offset.ts), sample those once per day and memoize them for one query.
 *
 * Resolution of local times: each local time L maps to the first instant at which the local
 * clock reads L or later. So the mapping never reverses order (local a ≤ b ⇒ instant a ≤
 * instant b), and a local range [a, b) becomes exactly the real time during which the clock
 * shows a time in [a, b):
 * - nonexistent (spring-forward gap): the instant of the change itself, when the clock jumps
 *   past them (New York 02:00-02:59 on 2026-03-08 → 07:00Z = 03:00 EDT). A block 02:30-03:30
 *   is therefore [07:00Z, 07:30Z), and a range lying wholly inside the gap is empty. This is
 *   NOT luxon's (or Temporal 'compatible') reading, which shifts the time forward by the gap
 *   (02:30 → 07:30Z): that maps 02:30 and 03:30 to the same instant, so a block 02:30-03:30
 *   would cover nothing and a block 02:00-02:59 would cover 03:00-03:59 EDT;
 * - ambiguous (fall-back overlap): the EARLIER instant, i.e. the first occurrence, still on the
 *   summer offset (New York 01:30 on 2026-11-01 → 01:30 EDT = 05:30Z), as Temporal's
 *   'compatible' does. A window 01:00-02:00 on that day therefore lasts two real hours, which
 *   is what a human working "from one to two" experiences.
 *
 * Assumption: a zone never changes offset and changes back within three days. True for every
 * zone in the tz database in the era this service books.
 */
export interface ZoneClock {
  /** The instant of local `minute` (may be 1440) on local `day`. */
  toInstant(day: number, minute: number): number;
  /** The instant at which local `day` begins. */
  dayStart(day: number): number;
  /**
   * The local day an instant belongs to: the day whose [dayStart(day), dayStart(day + 1)) holds
   * it. That is the calendar date shown on a local clock, except inside a fall-back overlap
   * that straddles midnight (none in current tz data); defining it this way makes days a
   * partition of time, so a slot always belongs to exactly one day.
   */
  dayOf(instant: number): number;
}

export function createZoneClock(timezone: string): ZoneClock {
  const offsetAt = offsetReader(timezone);
  // Offsets (minutes) at the instants day * DAY_MS, memoized per query only.
  const samples = new Map<number, number>();
  const sampleAt = (day: number): number => {
    let offset = samples.get(day);
    if (offset === undefined) {
      offset = offsetAt(day * DAY_MS);
      samples.set(day, offset);
    }
    return offset;
  };

  // The instant of the change inside (late, early], found once per naive local day (the
  // three-day assumption allows at most one change near it).
  const gapEnds = new Map<number, number>();
  const changeBetween = (k: number, late: number, early: number, after: number): number => {
    let instant = gapEnds.get(k);
    if (instant === undefined) {
      // Invariant: offsetAt(lo) !== after, offsetAt(hi) === after; ~22 steps for an hour.
      let lo = late;
      let hi = early;
      for (let i = 0; i < 64 && hi - lo > 1; i++) {
        const mid = Math.floor((lo + hi) / 2);
        if (offsetAt(mid) === after) hi = mid;
        else lo = mid;
      }
      instant = hi;
      gapEnds.set(k, instant);
    }
    return instant;
  };

  const fromLocal = (localMs: number): number => {
    // Local times on naive day k map to instants within k*DAY - 14 h .. (k+1)*DAY + 12 h, so
    // offsets sampled a day before and two days after bracket every offset they could take.
    const k = Math.floor(localMs / DAY_MS);
    const before = sampleAt(k - 1);
    const after = sampleAt(k + 2);
    const early = localMs - before * MINUTE_MS;
    if (before === after) return early;
    const late = localMs - after * MINUTE_MS;
    const earlyValid = offsetAt(early) === before;
    const lateValid = offsetAt(late) === after;
    if (earlyValid && lateValid) return Math.min(early, late);
    if (lateValid) return late;
    if (earlyValid) return early;
    // Neither offset fits: a gap. The clock jumps from before the local time (at `late`, still
    // on the old offset) to past it (at `early`, on the new one); the change lies in between.
    // Anything else (NaN offsets, a zone breaking the three-day assumption) keeps `early`.
    if (!(late < early) || offsetAt(late) !== before || offsetAt(early) !== after) return early;
    return changeBetween(k, late, early, after);
  };

  const toInstant = (day: number, minute: number): number => fromLocal(day * DAY_MS + minute * MINUTE_MS);
  const dayStart = (day: number): number => fromLocal(day * DAY_MS);

  const dayOf = (instant: number): number => {
    let day = Math.floor((instant + offsetAt(instant) * MINUTE_MS) / DAY_MS);
    // At most one step either way; the bound keeps NaN or absurd input from looping.
    for (let i = 0; i < 3 && instant < dayStart(day); i++) day--;
    for (let i = 0; i < 3 && instant >= dayStart(day + 1); i++) day++;
    return day;
  };

  return { toInstant, dayStart, dayOf };
}
