/**
 * When an event's instances are: how its end follows from its start, the instants of one
 * instance, and a rule's UNTIL in the series' wall time.
 */
import ICAL from 'ical.js';
import { type DocumentZones, UTC_ZONE } from './event-zones.js';
import { EventProblem, firstProp, durationOf, timeValue, type JCalComponent, type TimeValue } from './jcal-values.js';
import { DAY_MS, type ZoneClock } from './zone-clock.js';

/** How an instance's end follows from its start. */
export type EndRule =
  | { kind: 'wall'; ms: number } // DTEND in the same zone: the same wall-clock length each time
  | { kind: 'exact'; ms: number } // DTEND in another zone: the same real length each time
  | { kind: 'days'; days: number; exactMs: number } // DURATION, or an all-day DTEND
  | { kind: 'none' }; // a timed DTSTART alone: zero length, not busy

export interface Timing {
  start: TimeValue;
  end: EndRule;
}

/** How an event's instances are timed: its DTSTART, and its DTEND, DURATION or neither. */
export function readTiming(event: { component: JCalComponent; zones: DocumentZones }): Timing {
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
export function spanOf(end: EndRule): number {
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
export function instanceAt(timing: Timing, wall: number): { start: number; end: number } | null {
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
export function untilWall(rule: ICAL.Recur, start: TimeValue, clock: ZoneClock): number | null {
  const until = rule.until;
  if (!until) return null;
  const wall = Date.UTC(until.year, until.month - 1, until.day, until.hour, until.minute, until.second);
  if (!Number.isFinite(wall)) throw new EventProblem('its RRULE has an invalid UNTIL');
  if (until.isDate) return start.isDate ? wall : wall + DAY_MS - 1;
  if (until.zone === ICAL.Timezone.utcTimezone) return start.zone.key === UTC_ZONE.key ? wall : clock.wallOf(wall);
  return wall;
}
