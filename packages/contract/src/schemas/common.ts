import { z } from 'zod';
import { IANA_TIMEZONE_NAMES } from './iana-timezone-names.js';

// Building blocks shared by the resource schemas. Messages are phrased to follow the field
// name ("work_end: must be ..."), because the server builds VALIDATION_ERROR messages from
// zod's issue paths.

export const Uuid = z.string().uuid({ message: 'must be a UUID' });

/**
 * The dates and instants a request may name: PostgreSQL has no year 0, and a day's end in a
 * zone west of UTC must still be a four-digit year (9999-12-31 in Etc/GMT+12 ends in 10000).
 */
export const FIRST_DATE = '1900-01-01';
export const LAST_DATE = '9999-12-30';

/**
 * A calendar date, "YYYY-MM-DD". zod's date check knows month lengths and leap years, so
 * 2026-02-30 and 2026-02-29 are rejected, not rolled over into March.
 */
export const LocalDate = z
  .string()
  .date('must be a real calendar date in YYYY-MM-DD format, e.g. 2026-03-08')
  .refine((date) => date >= FIRST_DATE && date <= LAST_DATE, `must be a date from ${FIRST_DATE} to ${LAST_DATE}`)
  .describe('Calendar date, YYYY-MM-DD');

const LOCAL_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A wall-clock time, "HH:MM" from 00:00 to 23:59. Zero-padded, so strings compare like times. */
export const LocalTime = z
  .string()
  .regex(LOCAL_TIME, 'must be a time in HH:MM format between 00:00 and 23:59')
  .describe('Wall-clock time, HH:MM, 00:00-23:59');

export function isLocalTime(value: unknown): value is string {
  return typeof value === 'string' && LOCAL_TIME.test(value);
}

/**
 * A number read from a query string: one that is missing or not a number is refused as "must
 * be a number" (zod's own words would be "Expected number, received nan").
 */
export const A_NUMBER = { invalid_type_error: 'must be a number' } as const;

const DECIMAL = /^-?\d+(?:\.\d+)?$/;

/**
 * A number from the query string, written in decimal digits: `duration=30`, not `0x1e`,
 * ` 30` or `duration[]=30`, which Number() (and so z.coerce) would all read as 30. Anything
 * else reaches `schema` as it came and is refused there ("must be a number"); a missing
 * value stays missing (Required, or the schema's default).
 */
// Typed by what a client sends, a number (the URL carries its digits), not the `unknown` zod
// gives any preprocess input: the SDK's parameters, inferred from here, then require a number.
export function queryNumber<T extends z.ZodTypeAny>(schema: T): z.ZodEffects<T, z.output<T>, z.input<T>> {
  return z.preprocess((value) => (typeof value === 'string' && DECIMAL.test(value) ? Number(value) : value), schema);
}

/** zod's own datetime check, to tell whether it has refused a value already. */
const ISO_DATETIME = z.string().datetime({ offset: true });

const instant = (exact: boolean) =>
  z
    .string()
    .datetime({
      offset: true,
      message: 'must be an ISO 8601 timestamp with Z or an offset, e.g. 2026-12-01T14:00:00Z',
    })
    .superRefine((value, ctx) => {
      const problem = instantProblem(value, exact);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .describe('ISO 8601 timestamp with Z or an offset');

/**
 * A point in time sent by a client: ISO 8601 with `Z` or an explicit offset, never a bare
 * local time (which would be ambiguous). The server normalizes it to UTC, to the millisecond:
 * a bound of a range may carry more digits (Python's isoformat writes microseconds), which
 * are dropped.
 */
export const Instant = instant(false);

/**
 * A start to book, hold or judge: an Instant whose digits past the millisecond are zero, since
 * dropping them would book a start other than the one sent (`…00.000001Z` is not the listed
 * `…00Z`).
 */
export const StartInstant = instant(true);

/** Whether `value` is an instant Instant accepts: cross-field checks compare only those. */
export function isInstant(value: unknown): value is string {
  return Instant.safeParse(value).success;
}

/**
 * What zod's datetime check lets through but no instant is: an offset past ±23:59 (`+25:00`,
 * `+00:60`), a year outside FIRST_DATE..LAST_DATE, or (`exact`) digits past the millisecond,
 * which Date would drop without a word.
 */
function instantProblem(value: string, exact: boolean): string | undefined {
  const offset = /([+-])(\d\d):?(\d\d)$/.exec(value);
  if (offset && (Number(offset[2]) > 23 || Number(offset[3]) > 59)) return 'must have a UTC offset from -23:59 to +23:59';
  const fraction = /\.(\d+)/.exec(value);
  if (exact && fraction && /[1-9]/.test(fraction[1]!.slice(3))) return 'must be precise to the millisecond at most';
  const ms = Date.parse(value);
  // Not an instant at all: zod's datetime check has said so already (one message, not two).
  if (!Number.isFinite(ms)) return ISO_DATETIME.safeParse(value).success ? 'must be an ISO 8601 timestamp with Z or an offset' : undefined;
  const date = new Date(ms).toISOString().slice(0, 10);
  if (date < FIRST_DATE || date > LAST_DATE) return `must be between ${FIRST_DATE} and ${LAST_DATE} (UTC)`;
  return undefined;
}

/** A point in time sent by the server: ISO 8601 UTC with `Z`, second precision. */
export const UtcTimestamp = z.string().describe('ISO 8601 UTC timestamp, e.g. 2026-12-01T14:00:00Z');

// Intl accepts offsets like "+01:00" as time zones on newer runtimes; those are not IANA
// names and would not follow DST, so the name must start with a letter.
const TZ_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

function runtimeKnows(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

let spellings: Map<string, string> | undefined;

/** Lower-cased name -> canonical spelling: the IANA list, then any newer runtime names. */
function canonicalSpellings(): Map<string, string> {
  if (!spellings) {
    spellings = new Map(IANA_TIMEZONE_NAMES.map((name) => [name.toLowerCase(), name]));
    for (const name of Intl.supportedValuesOf('timeZone')) {
      if (!spellings.has(name.toLowerCase())) spellings.set(name.toLowerCase(), name);
    }
  }
  return spellings;
}

/**
 * The canonical spelling of a time zone the runtime knows, or undefined. Names are matched
 * without regard to case ("europe/berlin" -> "Europe/Berlin"), and the client's choice of
 * name is kept: a link stays a link ("US/Eastern", "Asia/Kolkata"), because the runtime's own
 * canonical id for it is ICU's, not IANA's (Node 20 turns Asia/Kolkata into Asia/Calcutta).
 * A name the runtime accepts but the bundled list does not spell becomes the runtime's id.
 */
export function canonicalTimezone(value: string): string | undefined {
  if (!TZ_NAME.test(value) || !runtimeKnows(value)) return undefined;
  const spelled = canonicalSpellings().get(value.toLowerCase());
  if (spelled && runtimeKnows(spelled)) return spelled;
  return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
}

/**
 * An IANA time zone name known to the runtime's time zone database, e.g. "Europe/Berlin",
 * in any case; the parsed value is its canonical spelling, which is what gets stored.
 */
export const IanaTimezone = z
  .string()
  .transform((value, ctx) => {
    const canonical = canonicalTimezone(value);
    if (canonical) return canonical;
    ctx.addIssue({ code: 'custom', message: 'must be an IANA timezone name, e.g. Europe/Berlin' });
    return z.NEVER;
  })
  .describe('IANA timezone name, e.g. Europe/Berlin (any case; stored in its canonical spelling)');

/** ISO weekday: 1 = Monday through 7 = Sunday. */
export const Weekday = z
  .number()
  .int('must be an integer weekday from 1 (Monday) to 7 (Sunday)')
  .min(1, 'must be a weekday from 1 (Monday) to 7 (Sunday)')
  .max(7, 'must be a weekday from 1 (Monday) to 7 (Sunday)')
  .describe('1 = Monday through 7 = Sunday');

export const Email = z.string().trim().email('must be a valid e-mail address').max(254);

export function hasNoDuplicates(values: readonly unknown[]): boolean {
  return new Set(values).size === values.length;
}

/** Query of every list endpoint: newest first, cursor pagination. */
export const ListQuery = z.object({
  limit: queryNumber(
    z.number(A_NUMBER).int('must be an integer from 1 to 100').min(1, 'must be from 1 to 100').max(100, 'must be from 1 to 100'),
  ).default(50),
  cursor: z.string().optional().describe('next_cursor of the previous page of this list (a cursor of another list is refused)'),
});

export type ListQuery = z.infer<typeof ListQuery>;

/** Envelope of every list response; next_cursor is null on the last page. */
export function listOf<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    data: z.array(item),
    next_cursor: z.string().nullable(),
  });
}

export type Page<T> = { data: T[]; next_cursor: string | null };

/**
 * `schema` with a cross-field check that runs even when one of its fields is wrong, so one
 * answer names every mistake: zod skips an object's own refinements once a field's value has
 * the wrong type. The check reads the raw input (when it is a plain object) and must look only
 * at fields that are themselves well formed, so a malformed field is reported once, by its own
 * schema. Typed as the refinement it replaces: the same input and output.
 */
export function checkedTogether<T extends z.ZodTypeAny>(schema: T, check: (raw: Record<string, unknown>, ctx: z.RefinementCtx) => void) {
  return z.preprocess((raw, ctx) => {
    if (isPlainObject(raw)) check(raw, ctx);
    return raw;
  }, schema) as unknown as z.ZodEffects<T, z.output<T>, z.input<T>>;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
