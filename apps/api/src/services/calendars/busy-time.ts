import ICAL from 'ical.js';
import { type DocumentZones, UTC_ZONE, ZoneBook, type EventZone } from './event-zones.js';
import { scanComponents, type IcsBlock } from './ics-components.js';
import type { BusyInterval } from './read-types.js';
import { BudgetExhausted, RecurrenceError, seriesStarts, type StepBudget } from './recurrence.js';
import { DAY_MS, type ZoneClock } from './zone-clock.js';

/** Reasons kept for skipped events: enough to tell a person what is wrong, not a log. */
const KEPT_REASONS = 5;
/**
 * Recurrence work allowed per instance allowed (recurrence.ts weighs it): 2,000,000 for
 * 100,000 instances, a second or two of ical.js steps at most, and far more than a calendar of
 * ordinary series uses.
 */
const STEPS_PER_INSTANCE = 20;

/** An event that cannot be read; it is skipped and counted, the rest of the calendar is read. */
class EventProblem extends Error {}
/** maxInstances reached or the step budget spent: the read stops where it is. */
class StopReading extends Error {}

/**
 * An ical.js-parsed component in jCal form (RFC 7265): [name, properties, subcomponents],
 * each property [name, parameters, type, ...values]. Events are read from it directly: the
 * values ical.js has already parsed and normalized ("2026-03-02T09:00:00Z") are cheap to
 * read, where ical.js's Time objects cost more than the rest of a read put together.
 */
type JCalProperty = [string, Record<string, unknown>, string, ...unknown[]];
type JCalComponent = [string, JCalProperty[], unknown[]];

/** The properties that make an event part of a series (its rule, or an instance of one). */
const SERIES_PROPERTIES = new Set(['rrule', 'rdate', 'recurrence-id']);
/** The properties busy time is read from. */
const KEPT_PROPERTIES = new Set(['uid', 'dtstart', 'dtend', 'duration', 'rrule', 'rdate', 'exdate', 'recurrence-id', 'status', 'transp']);

/** A date or date-time of a property, with the zone its wall time is read in. */
interface TimeValue {
  wall: number;
  isDate: boolean;
  zone: EventZone;
}

/** How an instance's end follows from its start. */
type EndRule =
  | { kind: 'wall'; ms: number } // DTEND in the same zone: the same wall-clock length each time
  | { kind: 'exact'; ms: number } // DTEND in another zone: the same real length each time
  | { kind: 'days'; days: number; exactMs: number } // DURATION, or an all-day DTEND
  | { kind: 'none' }; // a timed DTSTART alone: zero length, not busy

interface Timing {
  start: TimeValue;
  end: EndRule;
}

interface EventRecord {
  uid: string;
  component: JCalComponent;
  zones: DocumentZones;
}

export interface BusyReaderOptions {
  /** The person's IANA zone: floating times and all-day events are read in it. */
  zone: string;
  from: number;
  to: number;
  maxComponents: number;
  maxInstances: number;
}

/**
 * Reads iCalendar documents into busy intervals within [from, to], counting what it skips and
 * holding the limits across every document of one read (a feed is one document, a CalDAV
 * calendar one per resource). Only start, end and UID are read; titles, descriptions, places
 * and attendees are parsed by ical.js with the rest of an event and never looked at.
 */
export class BusyReader {
  readonly skipped = { count: 0, reasons: [] as string[] };
  truncated = false;
  private instances = 0;
  private components = 0;
  private readonly book: ZoneBook;
  private readonly budget: StepBudget;

  constructor(private readonly options: BusyReaderOptions) {
    this.book = new ZoneBook(options.zone, { lo: options.from - 2 * DAY_MS, hi: options.to + 2 * DAY_MS });
    this.budget = { left: options.maxInstances * STEPS_PER_INSTANCE };
  }

  /**
   * The busy intervals of one document, or why the whole document is unreadable (not
   * iCalendar, too many components). Once the read is truncated, later documents add nothing.
   */
  readDocument(text: string): { ok: true; busy: BusyInterval[] } | { ok: false; problem: 'not-icalendar' | 'too-many-components' } {
    const scan = scanComponents(text, this.options.maxComponents - this.components);
    if (!scan.ok) return scan;
    this.components += scan.components;
    const busy: BusyInterval[] = [];
    if (this.truncated) return { ok: true, busy };
    try {
      this.readBlocks(text, scan.blocks, busy);
    } catch (error) {
      if (!(error instanceof StopReading)) throw error;
      this.truncated = true;
    }
    return { ok: true, busy };
  }

  private skip(uid: string | null, reason: string): void {
    this.skipped.count++;
    if (this.skipped.reasons.length < KEPT_REASONS) {
      const shortUid = uid && uid.length > 60 ? `${uid.slice(0, 57)}...` : uid;
      this.skipped.reasons.push(shortUid ? `event ${shortUid}: ${reason}` : `an event: ${reason}`);
    }
  }

  private readBlocks(text: string, blocks: IcsBlock[], busy: BusyInterval[]): void {
    const vtimezones = new Map<string, ICAL.Component>();
    for (const block of blocks) {
      if (block.name !== 'VTIMEZONE' || block.broken) continue;
      const component = parseBlock(text, block);
      const tzid = component && textOf(component, 'tzid');
      // An unreadable VTIMEZONE: its events are read in the person's zone.
      if (component && tzid) vtimezones.set(tzid.trim(), new ICAL.Component(component));
    }
    const zones = this.book.forDocument(vtimezones);

    // Events grouped by UID: a series and the instances that override it belong together.
    const groups = new Map<string, { masters: EventRecord[]; overrides: EventRecord[] }>();
    let anonymous = 0;
    for (const block of blocks) {
      if (block.name === 'VFREEBUSY' && !block.broken) this.readFreeBusy(text, block, zones, busy);
      if (block.name !== 'VEVENT') continue;
      if (block.broken) {
        this.skip(null, 'not closed by END:VEVENT');
        continue;
      }
      const component = parseBlock(text, block);
      if (!component) {
        this.skip(null, 'not valid iCalendar');
        continue;
      }
      const uid = textOf(component, 'uid') ?? '';
      const recurring = component[1].some((prop) => SERIES_PROPERTIES.has(prop[0]));
      if (!recurring) {
        // One instance, nothing can override it: read now, so a large feed is not held parsed.
        this.guarded(uid, () => this.readSingle({ uid, component, zones }, busy));
        continue;
      }
      // Kept until the series is complete: only what is read, not titles or attendees.
      component[1] = component[1].filter((prop) => KEPT_PROPERTIES.has(prop[0]));
      component[2] = [];
      const key = uid === '' ? `\u0000${anonymous++}` : uid;
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { masters: [], overrides: [] }));
      (firstProp(component, 'recurrence-id') ? group.overrides : group.masters).push({ uid, component, zones });
    }

    for (const { masters, overrides } of groups.values()) {
      for (const master of masters) this.guarded(master.uid, () => this.readMaster(master, overrides, busy));
      // A cancelled series takes its moved instances with it; without a series in this
      // document (a CalDAV resource may hold only an invitation's instance) each stands alone.
      if (masters.length > 0 && masters.every((master) => upperText(master.component, 'status') === 'CANCELLED')) continue;
      for (const override of overrides) this.guarded(override.uid, () => this.readSingle(override, busy));
    }
  }

  private guarded(uid: string, read: () => void): void {
    try {
      read();
    } catch (error) {
      if (error instanceof BudgetExhausted || error instanceof StopReading) throw new StopReading();
      this.skip(uid, error instanceof EventProblem || error instanceof RecurrenceError ? error.message : 'not valid iCalendar');
    }
  }

  private emit(uid: string, start: number, end: number, busy: BusyInterval[]): void {
    const from = Math.max(start, this.options.from);
    const to = Math.min(end, this.options.to);
    if (!(to > from)) return;
    if (this.instances >= this.options.maxInstances) throw new StopReading();
    this.instances++;
    busy.push({ uid, start: from, end: to });
  }

  /** A busy event's one instance (an event without recurrence, or an overriding instance). */
  private readSingle(event: EventRecord, busy: BusyInterval[]): void {
    if (!isBusy(event.component)) return;
    const timing = readTiming(event);
    const interval = instanceAt(timing, timing.start.wall);
    if (interval) this.emit(event.uid, interval.start, interval.end, busy);
  }

  private readMaster(event: EventRecord, overrides: EventRecord[], busy: BusyInterval[]): void {
    const { component, zones } = event;
    const rruleProps = allProps(component, 'rrule');
    const rdateProps = allProps(component, 'rdate');
    if (rruleProps.length === 0 && rdateProps.length === 0) {
      this.readSingle(event, busy);
      return;
    }
    if (!isBusy(component)) return;
    const timing = readTiming(event);
    if (timing.end.kind === 'none') return;
    const start = timing.start;
    const clock = start.zone.clock;
    const lo = clock.wallOf(this.options.from) - spanOf(timing.end) - DAY_MS;
    const hi = clock.wallOf(this.options.to) + DAY_MS;
    const toSeriesWall = (value: TimeValue): number =>
      value.isDate || value.zone.key === start.zone.key ? value.wall : clock.wallOf(value.zone.clock.toInstant(value.wall));

    const rules = rruleProps.map((prop) => {
      try {
        return new ICAL.Property(prop).getFirstValue() as ICAL.Recur;
      } catch {
        throw new EventProblem('its RRULE cannot be read');
      }
    });
    const starts = seriesStarts({
      start: start.wall,
      isDate: start.isDate,
      rules,
      untilOf: (rule) => untilWall(rule, start, clock),
      lo,
      hi,
      budget: this.budget,
    });

    // RDATE: more starts (a PERIOD brings its own end). Without an RRULE, DTSTART is one too.
    const periodEnds = new Map<number, number>();
    if (rdateProps.length > 0) {
      if (rules.length === 0 && start.wall >= lo && start.wall <= hi) starts.push(start.wall);
      for (const prop of rdateProps) {
        for (const value of valuesOf(prop, zones)) {
          const wall = toSeriesWall(value.start);
          if (wall < lo || wall > hi) continue;
          starts.push(wall);
          if (value.end !== undefined) periodEnds.set(wall, value.end);
        }
      }
      starts.sort((a, b) => a - b);
    }

    // EXDATE and overridden instances (RECURRENCE-ID) are not generated here. A DATE among
    // date-times (Google writes EXDATE;VALUE=DATE) removes that whole local day.
    const removed = new Set<number>();
    const removedDays = new Set<number>();
    const remove = (value: TimeValue) => {
      const wall = toSeriesWall(value);
      if (value.isDate && !start.isDate) removedDays.add(Math.floor(wall / DAY_MS));
      else removed.add(start.isDate ? Math.floor(wall / DAY_MS) * DAY_MS : wall);
    };
    for (const prop of allProps(component, 'exdate')) for (const value of valuesOf(prop, zones)) remove(value.start);
    for (const override of overrides) {
      const prop = firstProp(override.component, 'recurrence-id');
      if (prop) for (const value of valuesOf(prop, override.zones)) remove(value.start);
    }

    let previous = Number.NaN;
    for (const wall of starts) {
      if (wall === previous) continue;
      previous = wall;
      if (removed.has(wall) || (removedDays.size > 0 && removedDays.has(Math.floor(wall / DAY_MS)))) continue;
      const periodEnd = periodEnds.get(wall);
      const interval = periodEnd === undefined ? instanceAt(timing, wall) : { start: clock.toInstant(wall), end: periodEnd };
      if (interval) this.emit(event.uid, interval.start, interval.end, busy);
    }
  }

  /** VFREEBUSY: each FREEBUSY period is busy unless its FBTYPE is FREE. */
  private readFreeBusy(text: string, block: IcsBlock, zones: DocumentZones, busy: BusyInterval[]): void {
    const component = parseBlock(text, block);
    if (!component) {
      this.skip(null, 'a VFREEBUSY is not valid iCalendar');
      return;
    }
    const uid = textOf(component, 'uid') ?? '';
    this.guarded(uid, () => {
      for (const prop of allProps(component, 'freebusy')) {
        const type = typeof prop[1].fbtype === 'string' ? prop[1].fbtype.toUpperCase() : 'BUSY';
        if (type === 'FREE') continue;
        for (const value of valuesOf(prop, zones)) {
          const start = value.start.zone.clock.toInstant(value.start.wall);
          if (value.end !== undefined && value.end > start) this.emit(uid, start, value.end, busy);
        }
      }
    });
  }
}

function parseBlock(text: string, block: IcsBlock): JCalComponent | null {
  try {
    const parsed: unknown = ICAL.parse(text.slice(block.start, block.end));
    if (Array.isArray(parsed) && typeof parsed[0] === 'string' && Array.isArray(parsed[1]) && Array.isArray(parsed[2]))
      return parsed as JCalComponent;
  } catch {
    // Not iCalendar: the caller counts it.
  }
  return null;
}

function firstProp(component: JCalComponent, name: string): JCalProperty | undefined {
  for (const prop of component[1]) if (prop[0] === name) return prop;
  return undefined;
}

function allProps(component: JCalComponent, name: string): JCalProperty[] {
  return component[1].filter((prop) => prop[0] === name);
}

function textOf(component: JCalComponent, name: string): string | undefined {
  const value = firstProp(component, name)?.[3];
  return typeof value === 'string' ? value : undefined;
}

function upperText(component: JCalComponent, name: string): string {
  return (textOf(component, name) ?? '').trim().toUpperCase();
}

/** Busy unless TRANSP:TRANSPARENT or STATUS:CANCELLED. */
function isBusy(component: JCalComponent): boolean {
  return upperText(component, 'transp') !== 'TRANSPARENT' && upperText(component, 'status') !== 'CANCELLED';
}

/** jCal's normalized date and date-time values, as ical.js writes them. */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(Z)?)?$/;

function timeValue(value: unknown, prop: JCalProperty, zones: DocumentZones): TimeValue {
  const match = typeof value === 'string' ? DATE_TIME.exec(value) : null;
  if (!match) throw new EventProblem(`its ${prop[0].toUpperCase()} is not a date or date-time`);
  const [, y, mo, d, h, mi, s, utc] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const isDate = h === undefined;
  const hour = isDate ? 0 : Number(h);
  const minute = isDate ? 0 : Number(mi);
  const second = isDate ? 0 : Math.min(Number(s), 59);
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  if (year < 1000 || hour > 23 || minute > 59 || new Date(wall).getUTCDate() !== day || new Date(wall).getUTCMonth() !== month - 1) {
    throw new EventProblem(`its ${prop[0].toUpperCase()} is not a valid date`);
  }
  if (isDate) return { wall, isDate, zone: zones.book.human };
  if (utc) return { wall, isDate, zone: UTC_ZONE };
  const tzid = prop[1].tzid;
  return { wall, isDate, zone: zones.resolve(typeof tzid === 'string' ? tzid : null) };
}

/** The values of a property that may hold several (EXDATE, RDATE, FREEBUSY): starts, and the ends of periods. */
function valuesOf(prop: JCalProperty, zones: DocumentZones): { start: TimeValue; end?: number }[] {
  return prop.slice(3).map((value) => {
    if (!Array.isArray(value)) return { start: timeValue(value, prop, zones) };
    // A PERIOD: [start, end] or [start, duration].
    const start = timeValue(value[0], prop, zones);
    const startInstant = start.zone.clock.toInstant(start.wall);
    const second: unknown = value[1];
    if (typeof second === 'string' && /^[+-]?P/.test(second)) {
      const duration = durationOf(second, prop);
      return { start, end: startInstant + duration.toSeconds() * 1000 };
    }
    const end = timeValue(second, prop, zones);
    return { start, end: end.zone.clock.toInstant(end.wall) };
  });
}

function durationOf(text: string, prop: JCalProperty): ICAL.Duration {
  let duration: ICAL.Duration;
  try {
    duration = ICAL.Duration.fromString(text);
  } catch {
    throw new EventProblem(`its ${prop[0].toUpperCase()} has an invalid duration`);
  }
  if (duration.isNegative) throw new EventProblem(`its ${prop[0].toUpperCase()} has a negative duration`);
  return duration;
}

function readTiming(event: EventRecord): Timing {
  const { component, zones } = event;
  const startProp = firstProp(component, 'dtstart');
  if (!startProp) throw new EventProblem('no DTSTART');
  const start = timeValue(startProp[3], startProp, zones);

  const endProp = firstProp(component, 'dtend');
  if (endProp) {
    const end = timeValue(endProp[3], endProp, zones);
    if (start.isDate) {
      // An all-day event ends at the start of its DTEND date (exclusive); a DTEND on the same
      // date, as some exporters write, still means that one day.
      const days = Math.ceil(end.wall / DAY_MS) - start.wall / DAY_MS;
      if (days < 0) throw new EventProblem('DTEND before DTSTART');
      return { start, end: { kind: 'days', days: Math.max(days, 1), exactMs: 0 } };
    }
    if (end.isDate || end.zone.key === start.zone.key) {
      const ms = end.wall - start.wall;
      if (ms < 0) throw new EventProblem('DTEND before DTSTART');
      return { start, end: { kind: 'wall', ms } };
    }
    const ms = end.zone.clock.toInstant(end.wall) - start.zone.clock.toInstant(start.wall);
    if (ms < 0) throw new EventProblem('DTEND before DTSTART');
    return { start, end: { kind: 'exact', ms } };
  }

  const durationProp = firstProp(component, 'duration');
  if (durationProp) {
    if (typeof durationProp[3] !== 'string') throw new EventProblem('its DURATION is not valid');
    const duration = durationOf(durationProp[3], durationProp);
    const days = duration.weeks * 7 + duration.days;
    const exactMs = ((duration.hours * 60 + duration.minutes) * 60 + duration.seconds) * 1000;
    return { start, end: { kind: 'days', days, exactMs } };
  }
  return { start, end: start.isDate ? { kind: 'days', days: 1, exactMs: 0 } : { kind: 'none' } };
}

/** An upper bound of an instance's length in wall ms, to skip early instances unconverted. */
function spanOf(end: EndRule): number {
  switch (end.kind) {
    case 'wall':
    case 'exact':
      return end.ms;
    case 'days':
      return end.days * DAY_MS + end.exactMs;
    case 'none':
      return 0;
  }
}

/** The instants of the instance starting at wall time `wall`, or null (zero length). */
function instanceAt(timing: Timing, wall: number): { start: number; end: number } | null {
  const clock = timing.start.zone.clock;
  const start = clock.toInstant(wall);
  let end: number;
  switch (timing.end.kind) {
    case 'wall':
      end = clock.toInstant(wall + timing.end.ms);
      break;
    case 'exact':
      end = start + timing.end.ms;
      break;
    case 'days':
      end = clock.toInstant(wall + timing.end.days * DAY_MS) + timing.end.exactMs;
      break;
    case 'none':
      return null;
  }
  return end > start ? { start, end } : null;
}

/**
 * A rule's UNTIL as wall ms in the series' zone. A UTC UNTIL is converted; a DATE UNTIL on a
 * timed series includes that whole day (the lenient reading of a form RFC 5545 forbids).
 */
function untilWall(rule: ICAL.Recur, start: TimeValue, clock: ZoneClock): number | null {
  const until = rule.until;
  if (!until) return null;
  const wall = Date.UTC(until.year, until.month - 1, until.day, until.hour, until.minute, until.second);
  if (!Number.isFinite(wall)) throw new EventProblem('its RRULE has an invalid UNTIL');
  if (until.isDate) return start.isDate ? wall : wall + DAY_MS - 1;
  if (until.zone === ICAL.Timezone.utcTimezone) return start.zone.key === UTC_ZONE.key ? wall : clock.wallOf(wall);
  return wall;
}
