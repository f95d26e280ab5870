/**
 * Reading an event's values from its jCal form: parsing a component's block, its properties,
 * and the dates, date-times, periods and durations they hold.
 */
import ICAL from 'ical.js';
import { type DocumentZones, UTC_ZONE, type EventZone } from './event-zones.js';
import type { IcsBlock } from './ics-components.js';

/** An event that cannot be read; it is skipped and counted, the rest of the calendar is read. */
export class EventProblem extends Error {}

/**
 * An ical.js-parsed component in jCal form (RFC 7265): [name, properties, subcomponents],
 * each property [name, parameters, type, ...values]. Events are read from it directly: the
 * values ical.js has already parsed and normalized ("2026-03-02T09:00:00Z") are cheap to
 * read, where ical.js's Time objects cost more than the rest of a read put together.
 */
export type JCalProperty = [string, Record<string, unknown>, string, ...unknown[]];
export type JCalComponent = [string, JCalProperty[], unknown[]];

/** A date or date-time of a property, with the zone its wall time is read in. */
export interface TimeValue {
  wall: number;
  isDate: boolean;
  zone: EventZone;
}

export function parseBlock(text: string, block: IcsBlock): JCalComponent | null {
  try {
    const parsed: unknown = ICAL.parse(text.slice(block.start, block.end));
    if (Array.isArray(parsed) && typeof parsed[0] === 'string' && Array.isArray(parsed[1]) && Array.isArray(parsed[2]))
      return parsed as JCalComponent;
  } catch {
    // Not iCalendar: the caller counts it.
  }
  return null;
}

/**
 * parseBlock on the block's BEGIN/END lines and the properties named in `keep` (lower case)
 * alone, its lines unfolded first: for an event one bad line makes unreadable (a fold without
 * its leading space, a line without a colon, an unterminated quote in a parameter), whose
 * times are readable. Only what busy time needs is kept anyway.
 */
export function parseEssentials(text: string, block: IcsBlock, keep: ReadonlySet<string>): JCalComponent | null {
  const unfolded = text.slice(block.start, block.end).replace(/\r?\n[ \t]/g, '');
  const lines = unfolded.split(/\r?\n/).filter((line) => {
    const name = /^[A-Za-z0-9-]+/.exec(line)?.[0]?.toLowerCase();
    if (name === undefined) return false;
    if (name === 'begin' || name === 'end') return line.charAt(name.length) === ':';
    return keep.has(name) && /^[A-Za-z0-9-]+(?:;[^:"]*(?:"[^"]*"[^:"]*)*)?:/.test(line);
  });
  return parseBlock(`${lines.join('\r\n')}\r\n`, { name: block.name, start: 0, end: Number.MAX_SAFE_INTEGER, broken: false });
}

export function firstProp(component: JCalComponent, name: string): JCalProperty | undefined {
  for (const prop of component[1]) if (prop[0] === name) return prop;
  return undefined;
}

export function allProps(component: JCalComponent, name: string): JCalProperty[] {
  return component[1].filter((prop) => prop[0] === name);
}

export function textOf(component: JCalComponent, name: string): string | undefined {
  const value = firstProp(component, name)?.[3];
  return typeof value === 'string' ? value : undefined;
}

export function upperText(component: JCalComponent, name: string): string {
  return (textOf(component, name) ?? '').trim().toUpperCase();
}

/** Busy unless TRANSP:TRANSPARENT or STATUS:CANCELLED. */
export function isBusy(component: JCalComponent): boolean {
  return upperText(component, 'transp') !== 'TRANSPARENT' && upperText(component, 'status') !== 'CANCELLED';
}

/** jCal's normalized date and date-time values, as ical.js writes them. */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(Z)?)?$/;

export function timeValue(value: unknown, prop: JCalProperty, zones: DocumentZones): TimeValue {
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
export function valuesOf(prop: JCalProperty, zones: DocumentZones): { start: TimeValue; end?: number }[] {
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

export function durationOf(text: string, prop: JCalProperty): ICAL.Duration {
  let duration: ICAL.Duration;
  try {
    duration = ICAL.Duration.fromString(text);
  } catch {
    throw new EventProblem(`its ${prop[0].toUpperCase()} has an invalid duration`);
  }
  if (duration.isNegative) throw new EventProblem(`its ${prop[0].toUpperCase()} has a negative duration`);
  return duration;
}
