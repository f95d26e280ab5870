// Agents get time zones wrong when they convert themselves, so every instant a tool returns
// is paired with the wall time the human sees. Pure functions over Intl; no clock.

const UTC_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timezone: string): Intl.DateTimeFormat {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    });
    formatters.set(timezone, f);
  }
  return f;
}

/** The parts of an instant's wall time in a zone: date YYYY-MM-DD, time HH:MM, weekday 1-7, offset ±HH:MM. */
export interface WallTime {
  date: string;
  time: string;
  weekday: number;
  weekdayName: string;
  offset: string;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

export function wallTime(instant: string | number, timezone: string): WallTime {
  const parts = Object.fromEntries(
    formatter(timezone)
      .formatToParts(typeof instant === 'number' ? instant : Date.parse(instant))
      .map((p) => [p.type, p.value]),
  );
  // "GMT" alone is the zero offset; otherwise "GMT+09:00" / "GMT-03:30".
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : String(parts.timeZoneName).replace('GMT', '');
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
    weekday: WEEKDAYS.indexOf(String(parts.weekday)) + 1,
    weekdayName: String(parts.weekday),
    offset,
  };
}

/**
 * "Mon 2027-03-01 15:00 Europe/Berlin (+01:00)": the human's wall time of an instant, with
 * weekday, zone and offset, so nothing is left to convert.
 *
 * @example
 * formatLocal('2027-03-01T14:00:00Z', 'Europe/Berlin'); // 'Mon 2027-03-01 15:00 Europe/Berlin (+01:00)'
 */
export function formatLocal(instant: string | number, timezone: string): string {
  const w = wallTime(instant, timezone);
  return `${w.weekdayName} ${w.date} ${w.time} ${timezone} (${w.offset})`;
}

/**
 * A copy of `value` where every UTC instant field `x` gains a sibling `x_local` with its
 * wall time in `timezone` (nested objects and arrays too). Null instants stay null and get
 * a null `_local`, so the shape does not depend on the data.
 */
export function withLocalTimes<T>(value: T, timezone: string): T {
  if (Array.isArray(value)) return (value as unknown[]).map((v) => withLocalTimes(v, timezone)) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    // metadata is the caller's own JSON: returned unchanged, never annotated.
    out[key] = key === 'metadata' ? v : withLocalTimes(v, timezone);
    if (typeof v === 'string' && UTC_INSTANT.test(v) && isInstantKey(key)) out[`${key}_local`] = formatLocal(v, timezone);
    else if (v === null && isInstantKey(key)) out[`${key}_local`] = null;
  }
  return out as T;
}

function isInstantKey(key: string): boolean {
  return key.endsWith('_at');
}
