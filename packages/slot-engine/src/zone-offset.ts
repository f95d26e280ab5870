import { IANAZone } from 'luxon';

/**
 * One formatter per zone name, kept for the process: building an Intl.DateTimeFormat is far
 * dearer than using one, and a formatter is a pure function of its zone (luxon keeps the same
 * cache internally), so nothing can leak from one query into another.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
/**
 * Offsets already read, per zone and instant. An offset is a pure function of zone and instant
 * for the life of the process (the tz data is fixed when it starts), and the engine asks for
 * the same instants (midnights, transition searches) on every query of a zone, so a hit saves
 * a format call. Bounded: a zone's map is dropped whole past MEMO_LIMIT entries.
 */
const memos = new Map<string, Map<number, number>>();
const MEMO_LIMIT = 20_000;

const OFFSET = /GMT(?:([+\-\u2212])(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?)?$/;

/**
 * The zone's UTC offset in minutes at an instant, like luxon's `IANAZone#offset`.
 *
 * Why not luxon's: it formats the full date and time to parts and rebuilds a timestamp, which
 * alone took a 62-day query past its 1 ms target; asking Intl for just the offset
 * ("GMT-05:00") is several times cheaper (docs/decisions/0011-local-time-across-dst.md).
 * zone-clock.test.ts checks the two agree.
 */
export function offsetReader(timezone: string): (instant: number) => number {
  let formatter = formatters.get(timezone);
  if (formatter === undefined) {
    if (!IANAZone.isValidZone(timezone)) throw new RangeError(`Unknown time zone: ${timezone}`);
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: timezone, timeZoneName: 'longOffset' });
    formatters.set(timezone, formatter);
  }
  const f = formatter;
  let memo = memos.get(timezone);
  if (memo === undefined) memos.set(timezone, (memo = new Map<number, number>()));
  const read = (instant: number) => {
    const m = OFFSET.exec(f.format(instant));
    if (m === null) return Number.NaN;
    if (m[1] === undefined) return 0;
    const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0) + Number(m[4] ?? 0) / 60;
    return m[1] === '+' ? minutes : -minutes;
  };
  return (instant) => {
    if (!Number.isFinite(instant)) return Number.NaN;
    let offset = memo.get(instant);
    if (offset === undefined) {
      offset = read(instant);
      if (memo.size >= MEMO_LIMIT) memo.clear();
      memo.set(instant, offset);
    }
    return offset;
  };
}
