import { DAY_MS, MINUTE_MS } from './calendar-day.js';
import { offsetReader } from './zone-offset.js';

/**
 * Converts between local wall time and instants in one IANA zone.
 *
 * Why not `DateTime.fromObject` per conversion: it costs ~13 µs (a 62-day query needs hundreds),
 * and its answer for an ambiguous fall-back time depends on the offset in force at the
 * *current wall clock* (luxon guesses the offset from `Settings.now()`), which would make this
 * engine's output depend on the season it runs in. So we ask the zone only for offsets at
 * instants (zone-offset.ts), sample those once per day and memoize them for one query.
 *
 * Resolution of local times (the same as Temporal's `disambiguation: 'compatible'`):
 * - nonexistent (spring-forward gap): shifted forward by the length of the gap, exactly as
 *   luxon does (New York 02:30 on 2026-03-08 → 03:30 EDT = 07:30Z);
 * - ambiguous (fall-back overlap): the EARLIER instant, i.e. the first occurrence, still on the
 *   summer offset (New York 01:30 on 2026-11-01 → 01:30 EDT = 05:30Z). A window 01:00-02:00
 *   on that day therefore lasts two real hours, which is what a human working "from one to
 *   two" experiences.
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
    // Either only the first offset fits, or neither does (a gap): reading the local time with
    // the offset in force before the change is what shifts a gap time forward.
    return early;
  };

  const toInstant = (day: number, minute: number): number =>
    fromLocal(day * DAY_MS + minute * MINUTE_MS);
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
