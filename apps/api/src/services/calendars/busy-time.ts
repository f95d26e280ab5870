import ICAL from 'ical.js';
import { type DocumentZones, ZoneBook } from './event-zones.js';
import { instanceAt, readTiming, spanOf, untilWall } from './event-timing.js';
import { scanComponents, type IcsBlock, type IcsProblem } from './ics-components.js';
import {
  allProps,
  EventProblem,
  firstProp,
  isBusy,
  parseBlock,
  parseEssentials,
  textOf,
  upperText,
  valuesOf,
  type JCalComponent,
  type JCalProperty,
  type TimeValue,
} from './jcal-values.js';
import type { BusyInterval } from './read-types.js';
import { arithmeticRule, BudgetExhausted, RecurrenceError, seriesStarts, type StepBudget } from './recurrence.js';
import { DAY_MS } from './zone-clock.js';

/** Reasons kept for skipped events: enough to tell a person what is wrong, not a log. */
const KEPT_REASONS = 5;
/**
 * Recurrence work allowed per instance allowed (recurrence.ts weighs it): 2,000,000 for
 * 100,000 instances, a second or two of ical.js steps at most, and far more than a calendar of
 * ordinary series uses.
 */
const STEPS_PER_INSTANCE = 20;
/**
 * One series may spend at most this share of the read's budget (a third), and keep at most this
 * share of the instances left: a rule that repeats every minute keeps its first occurrences,
 * and the calendar's other series are still read.
 * A third is more than a rule that never matches may take before it is skipped (50,000 ical.js
 * steps, recurrence.ts), so such a rule is still skipped whole.
 */
const SERIES_SHARE = 3;

/** maxInstances reached or the step budget spent: the read stops where it is. */
class StopReading extends Error {}

/** An RRULE property's FREQ, upper case ('' when it has none). */
function freqOf(prop: JCalProperty): string {
  const freq = (prop[3] as { freq?: unknown } | undefined)?.freq;
  return typeof freq === 'string' ? freq.toUpperCase() : '';
}

/** RDATE values a VTIMEZONE may list in all: real zones list a handful of past changes. */
const MAX_ZONE_DATES = 1_000;

/**
 * Whether a VTIMEZONE is one ical.js can expand within bounds: its observances repeat yearly
 * (as every real zone's do) and list at most MAX_ZONE_DATES dates. ical.js expands a zone's
 * changes from its first observance and keeps them all, so a 363-byte zone that changes every
 * minute since 1600 ran the API out of memory. Such a zone is unreadable, and its events are
 * read in the person's zone, as any unreadable VTIMEZONE's.
 */
function plausibleZone(component: JCalComponent): boolean {
  let dates = 0;
  for (const observance of component[2] as JCalComponent[]) {
    for (const prop of observance[1] ?? []) {
      if (prop[0] === 'rrule' && freqOf(prop) !== 'YEARLY') return false;
      if (prop[0] === 'rdate') dates += prop.length - 3;
    }
  }
  return dates <= MAX_ZONE_DATES;
}

/**
 * RDATE and EXDATE dates one event may list. Each becomes several objects when parsed, and one
 * event of 300,000 (5 MiB, inside the read's limits) ran the API out of memory; a real series
 * lists a few hundred exceptions at most. Counted on the text of events over LARGE_EVENT_CHARS.
 */
const MAX_EVENT_DATES = 10_000;
const LARGE_EVENT_CHARS = 64 * 1024;

/** The dates an event's RDATE and EXDATE lines list, counted on its unfolded text. */
function listedDates(text: string, block: IcsBlock): number {
  let dates = 0;
  for (const line of text
    .slice(block.start, block.end)
    .replace(/\r?\n[ \t]/g, '')
    .split(/\r?\n/)) {
    // Values are comma-separated (a comma in a parameter would count one more: no matter here).
    if (/^(?:RDATE|EXDATE)[;:]/i.test(line)) dates += line.split(',').length;
  }
  return dates;
}

/** Rule parts that are not BY parts (a rule's arithmetic reads every one of them). */
const NOT_BY_PARTS = new Set(['freq', 'interval', 'count', 'until', 'wkst']);

function cheapSeries(component: JCalComponent): boolean {
  return allProps(component, 'rrule').every((prop) => {
    const parts = Object.keys(prop[3] ?? {}).filter((part) => !NOT_BY_PARTS.has(part.toLowerCase()));
    return arithmeticRule(freqOf(prop), parts);
  });
}

/** An unparsed event's UID, for the reason it was skipped. */
function uidOf(text: string, block: IcsBlock): string | null {
  return /(?:^|\n)UID:([^\r\n]*)/i.exec(text.slice(block.start, block.end))?.[1]?.trim() ?? null;
}

/** The properties that make an event part of a series (its rule, or an instance of one). */
const SERIES_PROPERTIES = new Set(['rrule', 'rdate', 'recurrence-id']);
/** The properties busy time is read from. */
const KEPT_PROPERTIES = new Set(['uid', 'dtstart', 'dtend', 'duration', 'rrule', 'rdate', 'exdate', 'recurrence-id', 'status', 'transp']);

interface EventRecord {
  uid: string;
  component: JCalComponent;
  zones: DocumentZones;
}

/**
 * A VEVENT of a series, waiting until every event of its UID is known: only where it is in the
 * text, parsed again when its series is read, so a feed of 45,000 series is not held parsed
 * (about 2 KB of heap each) beside the text.
 */
interface PendingEvent {
  block: IcsBlock;
  /** Its rules are plain daily or weekly ones, expanded by arithmetic (recurrence.ts): cheap. */
  cheap: boolean;
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
  /** Not every instance was kept: maxInstances reached, or a series' share of the budget spent. */
  truncated = false;
  /** The read stopped (maxInstances, or the whole budget): later documents add nothing. */
  private stopped = false;
  private instances = 0;
  private components = 0;
  private readonly book: ZoneBook;
  private readonly budget: StepBudget;
  private readonly seriesSteps: number;

  constructor(private readonly options: BusyReaderOptions) {
    this.book = new ZoneBook(options.zone, { lo: options.from - 2 * DAY_MS, hi: options.to + 2 * DAY_MS });
    this.budget = { left: options.maxInstances * STEPS_PER_INSTANCE };
    this.seriesSteps = Math.ceil(this.budget.left / SERIES_SHARE);
  }

  /**
   * The busy intervals of one document, or why the whole document is unreadable (not
   * iCalendar, too many components, cut short). Once the read is truncated, later documents add nothing.
   */
  readDocument(text: string): { ok: true; busy: BusyInterval[] } | { ok: false; problem: IcsProblem } {
    const scan = scanComponents(text, this.options.maxComponents - this.components);
    if (!scan.ok) return scan;
    this.components += scan.components;
    const busy: BusyInterval[] = [];
    if (this.stopped) return { ok: true, busy };
    try {
      this.readBlocks(text, scan.blocks, busy);
    } catch (error) {
      if (!(error instanceof StopReading)) throw error;
      this.stopped = this.truncated = true;
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
      if (component && tzid && plausibleZone(component)) vtimezones.set(tzid.trim(), new ICAL.Component(component));
    }
    const zones = this.book.forDocument(vtimezones);

    // Events grouped by UID: a series and the instances that override it belong together.
    const groups = new Map<string, { masters: PendingEvent[]; overrides: PendingEvent[] }>();
    let anonymous = 0;
    for (const block of blocks) {
      if (block.name === 'VFREEBUSY' && !block.broken) this.readFreeBusy(text, block, zones, busy);
      if (block.name !== 'VEVENT') continue;
      if (block.broken) {
        this.skip(null, 'not closed by END:VEVENT');
        continue;
      }
      if (block.end - block.start > LARGE_EVENT_CHARS && listedDates(text, block) > MAX_EVENT_DATES) {
        this.skip(uidOf(text, block), `lists more than ${MAX_EVENT_DATES.toLocaleString('en-US')} RDATE and EXDATE dates`);
        continue;
      }
      // One bad line (a broken fold, say) need not cost the event: its times may be readable.
      const component = parseBlock(text, block) ?? parseEssentials(text, block, KEPT_PROPERTIES);
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
      const key = uid === '' ? `\u0000${anonymous++}` : uid;
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { masters: [], overrides: [] }));
      (firstProp(component, 'recurrence-id') ? group.overrides : group.masters).push({ block, cheap: cheapSeries(component) });
    }

    // The cheap series first: rules that spend the budget (some never match) come after the
    // plain daily and weekly meetings, so they cannot leave those unread.
    const ordered = [...groups.values()];
    const cheap = (group: { masters: PendingEvent[] }) => group.masters.every((master) => master.cheap);
    for (const group of [...ordered.filter(cheap), ...ordered.filter((g) => !cheap(g))]) {
      const masters = group.masters.map((pending) => this.parsedAgain(text, pending, zones));
      const overrides = group.overrides.map((pending) => this.parsedAgain(text, pending, zones));
      for (const master of masters) this.guarded(master.uid, () => this.readMaster(master, overrides, busy));
      // A cancelled series takes its moved instances with it; without a series in this
      // document (a CalDAV resource may hold only an invitation's instance) each stands alone.
      if (masters.length > 0 && masters.every((master) => upperText(master.component, 'status') === 'CANCELLED')) continue;
      for (const override of overrides) this.guarded(override.uid, () => this.readSingle(override, busy));
    }
  }

  /** A series' event, parsed as it was the first time (that parse succeeded), with only what is read kept. */
  private parsedAgain(text: string, { block }: PendingEvent, zones: DocumentZones): EventRecord {
    const component = (parseBlock(text, block) ?? parseEssentials(text, block, KEPT_PROPERTIES))!;
    component[1] = component[1].filter((prop) => KEPT_PROPERTIES.has(prop[0]));
    component[2] = [];
    return { uid: textOf(component, 'uid') ?? '', component, zones };
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
    const share = { left: Math.min(this.budget.left, this.seriesSteps) };
    const given = share.left;
    let series: ReturnType<typeof seriesStarts>;
    try {
      series = seriesStarts({
        start: start.wall,
        isDate: start.isDate,
        rules,
        untilOf: (rule) => untilWall(rule, start, clock),
        lo,
        hi,
        budget: share,
        // A third of the instances left to keep, like the steps: a rule as cheap as a
        // minutely one by arithmetic would otherwise fill the read by itself.
        maxStarts: Math.max(1, Math.ceil((this.options.maxInstances - this.instances) / SERIES_SHARE)),
      });
    } finally {
      // Charged to the read however the series ended: a rule that never matches spends it too.
      this.budget.left -= given - Math.max(0, share.left);
    }
    const { starts, exhausted } = series;
    // Its first occurrences are kept (below); the read goes on while budget is left.
    if (exhausted) this.truncated = true;

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
    if (exhausted && this.budget.left <= 0) throw new StopReading();
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
