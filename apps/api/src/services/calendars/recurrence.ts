import ICAL from 'ical.js';
import { DAY_MS, wallMs } from './zone-clock.js';

/** Steps an ical.js iterator may take without finding an occurrence before its rule is given up. */
const STEPS_PER_OCCURRENCE = 50_000;
/**
 * What one ical.js iterator step costs against the budget, where a step of the weekly and
 * daily arithmetic below costs 1: about what each takes in time.
 */
const ICAL_STEP_COST = 10;

/** Recurrence work left in one read, shared by every series, so that no feed can keep a process busy. */
export interface StepBudget {
  left: number;
}

export class RecurrenceError extends Error {}
export class BudgetExhausted extends Error {}

export interface SeriesStarts {
  /** Wall ms of DTSTART in the event's zone (midnight for an all-day event). */
  start: number;
  isDate: boolean;
  rules: ICAL.Recur[];
  /** UNTIL of a rule as wall ms in the event's zone (the caller converts a UTC UNTIL). */
  untilOf: (rule: ICAL.Recur) => number | null;
  /** Occurrence starts wanted: [lo, hi] in wall ms. */
  lo: number;
  hi: number;
  budget: StepBudget;
  /** At most this many starts (each rule's first ones): a rule cheap per step can still be one of many. */
  maxStarts?: number;
  /** Every rule through ical.js (tests compare the two paths). */
  icalOnly?: boolean;
}

const WEEKDAYS: Record<string, number> = { SU: 0, MO: 1, TU: 2, WE: 3, TH: 4, FR: 5, SA: 6 };
/** 1970-01-01, day 0, was a Thursday. */
const weekdayOf = (day: number) => (((day + 4) % 7) + 7) % 7;

const PERIOD_MS: Record<string, number> = {
  SECONDLY: 1_000,
  MINUTELY: 60_000,
  HOURLY: 3_600_000,
  DAILY: DAY_MS,
  WEEKLY: 7 * DAY_MS,
};

/** Adds a start within the window, unless the series has maxStarts already (then it stops, cut short). */
function keep(series: SeriesStarts, out: number[], t: number): void {
  if (series.maxStarts !== undefined && out.length >= series.maxStarts) throw new BudgetExhausted('series start limit reached');
  out.push(t);
}

function spend(budget: StepBudget, cost = 1): void {
  budget.left -= cost;
  if (budget.left < 0) throw new BudgetExhausted('recurrence budget spent');
}

/**
 * The starts (wall ms, ascending) a series' RRULEs generate within [lo, hi]. EXDATE,
 * RDATE and overridden instances are the caller's. `exhausted`: the budget ran out first,
 * and `starts` holds the series' first ones, up to where it stopped.
 *
 * The plain weekly and daily rules that make up nearly every real calendar (any INTERVAL,
 * BYDAY of plain weekdays, WKST, COUNT, UNTIL) are generated here, by arithmetic on days, and
 * so are hourly, minutely and secondly rules with no BY part (a fixed step of wall time);
 * everything else goes through ical.js's iterator. The two agree on every rule the first
 * accepts (test/calendars/recurrence.test.ts checks them against each other); the reason for
 * two paths is speed: ical.js allocates several objects per step, about 7 µs an occurrence,
 * which alone would take a thousand weekly series over a year past the read's budget.
 *
 * A series starts near `lo` rather than at DTSTART when its period is fixed: moved by whole
 * periods, a rule generates the same occurrences there. The arithmetic here also counts the
 * occurrences it skips, so COUNT still holds; ical.js is moved only for rules without COUNT
 * (SECONDLY to WEEKLY).
 */
export function seriesStarts(series: SeriesStarts): { starts: number[]; exhausted: boolean } {
  const out: number[] = [];
  // When the budget runs out, the starts up to the last one generated are all there: each
  // rule generates its starts in order, so what the interrupted rule found is a first part.
  let cutoff = Number.POSITIVE_INFINITY;
  for (const rule of series.rules) {
    const until = series.untilOf(rule);
    const before = out.length;
    try {
      if (series.icalOnly || !fastRule(rule, series, until, out)) icalRule(rule, series, until, out);
    } catch (error) {
      if (!(error instanceof BudgetExhausted)) throw error;
      cutoff = out.length > before ? out[out.length - 1]! : Number.NEGATIVE_INFINITY;
      break;
    }
  }
  out.sort((a, b) => a - b);
  let kept = 0;
  for (let i = 0; i < out.length; i++) if (out[i]! <= cutoff && (i === 0 || out[i] !== out[kept - 1])) out[kept++] = out[i]!;
  out.length = kept;
  return { starts: out, exhausted: cutoff !== Number.POSITIVE_INFINITY };
}

/** Whole periods to skip so that the series starts just before `lo`, or 0. */
function skippedPeriods(start: number, lo: number, periodMs: number): number {
  return Math.max(0, Math.floor((lo - start) / periodMs) - 1);
}

function plainWeekdays(rule: ICAL.Recur): number[] | null | undefined {
  const byday = rule.parts.BYDAY;
  if (byday === undefined) return undefined;
  const days: number[] = [];
  for (const name of byday) {
    const day = WEEKDAYS[name];
    if (day === undefined) return null;
    days.push(day);
  }
  return days;
}

/** The frequencies under a day: with no BY part, one occurrence every INTERVAL periods. */
const SUB_DAILY = new Set(['SECONDLY', 'MINUTELY', 'HOURLY']);

/**
 * Whether a rule is one `fastRule` expands by arithmetic: FREQ DAILY or WEEKLY with no BY part
 * but BYDAY, or SECONDLY, MINUTELY or HOURLY with none (`parts` names the BY parts it uses, in
 * any case). The reader orders series by it.
 */
export function arithmeticRule(freq: string, parts: readonly string[]): boolean {
  if (SUB_DAILY.has(freq)) return parts.length === 0;
  return (freq === 'DAILY' || freq === 'WEEKLY') && parts.every((part) => part.toUpperCase() === 'BYDAY');
}

/**
 * A sub-daily rule with no BY part: DTSTART and then every INTERVAL periods of wall time, as
 * ical.js steps it. The occurrences before `lo` are counted, not generated, so a series that
 * began long ago with a COUNT costs only its window.
 */
function fixedPeriodRule(rule: ICAL.Recur, series: SeriesStarts, until: number | null, out: number[]): void {
  const period = (rule.interval > 0 ? rule.interval : 1) * PERIOD_MS[rule.freq]!;
  const count = rule.count ?? Number.POSITIVE_INFINITY;
  const { start, lo, hi, budget } = series;
  const last = Math.min(hi, until ?? Number.POSITIVE_INFINITY);
  for (let k = Math.max(0, Math.ceil((lo - start) / period)); k < count; k++) {
    const t = start + k * period;
    if (t > last) return;
    spend(budget);
    keep(series, out, t);
  }
}

function fastRule(rule: ICAL.Recur, series: SeriesStarts, until: number | null, out: number[]): boolean {
  const parts = rule.parts as Record<string, unknown[] | undefined>;
  const used = Object.keys(parts).filter((part) => parts[part]?.length);
  if (!arithmeticRule(rule.freq, used)) return false;
  if (SUB_DAILY.has(rule.freq)) {
    // An all-day DTSTART with an hourly rule is ical.js's to read.
    if (series.isDate) return false;
    fixedPeriodRule(rule, series, until, out);
    return true;
  }
  const weekdays = plainWeekdays(rule);
  if (weekdays === null || (weekdays !== undefined && weekdays.length === 0)) return false;
  const startDay = Math.floor(series.start / DAY_MS);
  const timeOfDay = series.start - startDay * DAY_MS;
  // A DTSTART on a day BYDAY does not list: ical.js leaves it out of a weekly series (as
  // below) but keeps it in a daily one, which is left to it.
  if (rule.freq === 'DAILY' && weekdays && !weekdays.includes(weekdayOf(startDay))) return false;
  const interval = rule.interval > 0 ? rule.interval : 1;
  const count = rule.count ?? null;
  const { lo, hi, budget } = series;

  let emitted = 0;
  // Returns false once the series is over.
  const take = (day: number): boolean => {
    const t = day * DAY_MS + timeOfDay;
    if ((until !== null && t > until) || (count !== null && emitted >= count) || t > hi) return false;
    emitted++;
    spend(budget);
    if (t >= lo) keep(series, out, t);
    return true;
  };

  if (rule.freq === 'DAILY') {
    const allowed = weekdays ? new Set(weekdays) : null;
    // Without BYDAY every period is one occurrence, so the skipped ones are counted exactly.
    const first = count === null || !allowed ? skippedPeriods(series.start, lo, interval * DAY_MS) : 0;
    if (!allowed) emitted = first;
    for (let k = first; ; k++) {
      const day = startDay + k * interval;
      if (allowed && !allowed.has(weekdayOf(day))) {
        if (day * DAY_MS > hi) return true;
        continue;
      }
      if (!take(day)) return true;
    }
  }

  // WEEKLY: the weeks (begun on WKST) every INTERVAL from DTSTART's, the listed days of each.
  const weekStartDay = (rule.wkst ?? ICAL.Time.MONDAY) - 1;
  const firstWeek = startDay - ((weekdayOf(startDay) - weekStartDay + 7) % 7);
  const offsets = [...new Set((weekdays ?? [weekdayOf(startDay)]).map((day) => (day - weekStartDay + 7) % 7))].sort((a, b) => a - b);
  const first = skippedPeriods(firstWeek * DAY_MS, lo, interval * 7 * DAY_MS);
  // Occurrences in the skipped weeks: those of the first week on or after DTSTART, then all.
  if (first > 0) emitted = offsets.filter((offset) => firstWeek + offset >= startDay).length + (first - 1) * offsets.length;
  for (let k = first; ; k++) {
    const week = firstWeek + k * interval * 7;
    for (const offset of offsets) {
      const day = week + offset;
      if (day < startDay) continue;
      if (!take(day)) return true;
    }
  }
}

function icalRule(rule: ICAL.Recur, series: SeriesStarts, until: number | null, out: number[]): void {
  const { lo, hi, budget } = series;
  // ical.js compares UNTIL with the occurrences as they are; both are given as floating
  // wall times, so it compares wall clocks.
  if (until !== null) rule.until = floatingTime(until, false);
  const period = PERIOD_MS[rule.freq];
  const shift =
    period !== undefined && !rule.count
      ? skippedPeriods(series.start, lo, (rule.interval > 0 ? rule.interval : 1) * period) *
        (rule.interval > 0 ? rule.interval : 1) *
        period
      : 0;
  let iterator: ICAL.RecurIterator;
  try {
    iterator = rule.iterator(floatingTime(series.start + shift, series.isDate));
  } catch {
    throw new RecurrenceError('its recurrence rule cannot be read');
  }
  // Some rules can never match (FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30); ical.js then steps
  // forever inside one next(). Its step check is wrapped here to count the steps.
  let steps = 0;
  const iteratorSteps = iterator as unknown as { check_contracting_rules: () => boolean };
  const check = iteratorSteps.check_contracting_rules.bind(iterator);
  iteratorSteps.check_contracting_rules = () => {
    if (++steps > STEPS_PER_OCCURRENCE) throw new RecurrenceError('its recurrence rule finds no occurrences');
    spend(budget, ICAL_STEP_COST);
    return check();
  };
  for (;;) {
    let next: ICAL.Time | null;
    try {
      next = iterator.next();
    } catch (error) {
      if (error instanceof BudgetExhausted || error instanceof RecurrenceError) throw error;
      throw new RecurrenceError('its recurrence rule cannot be expanded');
    }
    if (!next) return;
    steps = 0;
    spend(budget);
    const wall = wallMs(next);
    if (wall > hi) return;
    if (wall >= lo) keep(series, out, wall);
  }
}

/** An ical.js time with no zone (floating): what the iterator works in here. */
export function floatingTime(wall: number, isDate: boolean): ICAL.Time {
  const date = new Date(wall);
  return new ICAL.Time(
    isDate
      ? { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), isDate: true }
      : {
          year: date.getUTCFullYear(),
          month: date.getUTCMonth() + 1,
          day: date.getUTCDate(),
          hour: date.getUTCHours(),
          minute: date.getUTCMinutes(),
          second: date.getUTCSeconds(),
          isDate: false,
        },
    ICAL.Timezone.localTimezone,
  );
}
