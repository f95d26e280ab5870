const DAY_MS = 86_400_000;
const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
/** The "YYYY-MM-DDT" of recent UTC days, by day number: a slots answer formats hundreds of instants on a few days. */
const dayPrefixes = new Map<number, string>();

/** Response timestamps: ISO 8601 UTC with Z at second precision, as every answer gives them. */
export function toTimestamp(date: Date): string {
  return timestampOf(date.getTime());
}

/**
 * toTimestamp of epoch milliseconds. Built from a cached day prefix and the time of day,
 * which is much cheaper than toISOString plus a regex on every timestamp of every answer;
 * outside years 1970-9999 it falls back to that.
 */
export function timestampOf(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    const iso = new Date(ms).toISOString();
    if (ms < 0 || iso.length !== 24) return iso.replace(/\.\d{3}Z$/, 'Z');
    if (dayPrefixes.size >= 4_096) dayPrefixes.clear();
    dayPrefixes.set(day, (prefix = iso.slice(0, 11)));
  }
  const seconds = Math.floor((ms - day * DAY_MS) / 1000);
  return `${prefix}${TWO_DIGITS[Math.floor(seconds / 3600)]}:${TWO_DIGITS[Math.floor(seconds / 60) % 60]}:${TWO_DIGITS[seconds % 60]}Z`;
}

export function toTimestampOrNull(date: Date | null): string | null {
  return date ? toTimestamp(date) : null;
}

/** A DATE column (midnight UTC in JS) as "YYYY-MM-DD". */
export function toLocalDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** "YYYY-MM-DD" as the Date Prisma expects for a DATE column. */
export function fromLocalDate(text: string): Date {
  return new Date(`${text}T00:00:00.000Z`);
}

const FIRST_STORABLE = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_STORABLE = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * `ms` held to years 1-9999: a read widened around an instant near either end (found by the
 * fuzzer: a check of 9999-12-31T23:59:59Z) must still name dates both JavaScript's ISO form
 * and PostgreSQL read as dates.
 */
export const withinStorableYears = (ms: number): number => Math.min(LAST_STORABLE, Math.max(FIRST_STORABLE, ms));
