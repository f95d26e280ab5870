import ICAL from 'ical.js';
import { WINDOWS_TO_IANA_MAP } from 'windows-iana';
import { changesClock, fixedClock, ianaClock, UTC_CLOCK, type ZoneClock } from './zone-clock.js';

/** A zone an event's times are read in; `key` tells two zones apart (same key, same clock). */
export interface EventZone {
  key: string;
  clock: ZoneClock;
}

/**
 * Windows zone names, as Outlook and Exchange write them in TZID ("W. Europe Standard
 * Time"), to the IANA zone CLDR's windowsZones table gives for the territory "001" (its
 * default), from the windows-iana package. Matched without regard to case.
 */
const WINDOWS_ZONES = new Map<string, string>();
for (const entry of WINDOWS_TO_IANA_MAP) {
  const iana = entry.iana[0];
  if (entry.territory === '001' && iana) WINDOWS_ZONES.set(entry.windowsName.toLowerCase(), iana);
}

/** Zone names already checked against the runtime's tz database: the canonical name, or null. */
const canonicalNames = new Map<string, string | null>();

/** The runtime's own name for an IANA zone (any case, aliases kept), or null if it knows none. */
export function canonicalZone(name: string): string | null {
  let known = canonicalNames.get(name);
  if (known === undefined) {
    try {
      known = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    } catch {
      known = null;
    }
    if (canonicalNames.size > 2_000) canonicalNames.clear();
    canonicalNames.set(name, known);
  }
  return known;
}

/**
 * The IANA zone a TZID names, if any: an IANA name itself; a Windows name; or a path ending
 * in one, as older Mozilla and libical exports write ("/mozilla.org/20050126_1/Europe/Berlin").
 */
export function ianaZoneOf(tzid: string): string | null {
  const name = tzid
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();
  if (name === '') return null;
  // Intl also accepts offsets like "+01:00" as zones; a TZID is a name, so those are not taken.
  if (/^[A-Za-z]/.test(name)) {
    const direct = canonicalZone(name);
    if (direct) return direct;
  }
  const windows = WINDOWS_ZONES.get(name.toLowerCase());
  if (windows) return canonicalZone(windows);
  const parts = name.split('/').filter((part) => part !== '');
  for (const take of [3, 2]) {
    if (parts.length > take && /^[A-Za-z]/.test(parts[parts.length - take]!)) {
      const tail = canonicalZone(parts.slice(-take).join('/'));
      if (tail) return tail;
    }
  }
  return null;
}

/**
 * The zones of one read: the person's zone (floating times and all-day events are read in
 * it) and every IANA zone events name, each a clock exact over the read's range.
 */
export class ZoneBook {
  readonly human: EventZone;
  private readonly iana = new Map<string, EventZone>();

  constructor(
    humanZone: string,
    readonly range: { lo: number; hi: number },
  ) {
    this.human = this.ianaZone(canonicalZone(humanZone) ?? 'UTC');
  }

  ianaZone(name: string): EventZone {
    let zone = this.iana.get(name);
    if (!zone) {
      zone = { key: name, clock: name === 'UTC' || name === 'Etc/UTC' ? UTC_CLOCK : ianaClock(name, this.range.lo, this.range.hi) };
      this.iana.set(name, zone);
    }
    return zone;
  }

  /** The zones of one document, which may define its own VTIMEZONEs. */
  forDocument(vtimezones: Map<string, ICAL.Component>): DocumentZones {
    return new DocumentZones(this, vtimezones);
  }
}

export const UTC_ZONE: EventZone = { key: 'UTC', clock: UTC_CLOCK };

export class DocumentZones {
  private readonly custom = new Map<string, EventZone | null>();
  private readonly resolved = new Map<string, EventZone>();

  constructor(
    readonly book: ZoneBook,
    private readonly vtimezones: Map<string, ICAL.Component>,
  ) {}

  /**
   * The zone of a TZID. A name the tz database knows (IANA, Windows, or a path ending in an
   * IANA name) is read with the runtime's tz data, even when the document carries a VTIMEZONE
   * for it: those blocks are often partial (Outlook writes only the current rule). Any other
   * TZID is read with its VTIMEZONE; one with neither is read in the person's zone, like a
   * floating time.
   */
  resolve(tzid: string | null): EventZone {
    if (tzid === null) return this.book.human;
    let zone = this.resolved.get(tzid);
    if (!zone) {
      const iana = ianaZoneOf(tzid);
      zone = iana ? this.book.ianaZone(iana) : (this.customZone(tzid) ?? this.book.human);
      this.resolved.set(tzid, zone);
    }
    return zone;
  }

  private customZone(tzid: string): EventZone | null {
    const name = tzid.trim().replace(/^"(.*)"$/, '$1');
    if (this.custom.has(name)) return this.custom.get(name) ?? null;
    let zone: EventZone | null = null;
    const component = this.vtimezones.get(name);
    if (component !== undefined) {
      try {
        zone = { key: `VTIMEZONE:${name}`, clock: vtimezoneClock(component, this.book) };
      } catch {
        zone = null;
      }
    }
    this.custom.set(name, zone);
    return zone;
  }
}

/** ical.js expands a VTIMEZONE's STANDARD and DAYLIGHT rules into changes at UTC instants. */
function vtimezoneClock(component: ICAL.Component, book: ZoneBook): ZoneClock {
  const timezone = new ICAL.Timezone(component);
  timezone._ensureCoverage(new Date(book.range.hi).getUTCFullYear() + 1);
  const raw = timezone.changes as {
    year: number;
    month: number;
    day: number;
    hour: number;
    minute: number;
    second: number;
    utcOffset: number;
    prevUtcOffset: number;
  }[];
  if (raw.length === 0) throw new Error('VTIMEZONE without observances');
  const changes = raw.map((change) => ({
    at: Date.UTC(change.year, change.month - 1, change.day, change.hour, change.minute, change.second),
    to: change.utcOffset / 60,
  }));
  const first = raw[0]!;
  return raw.length === 1 && first.prevUtcOffset === first.utcOffset
    ? fixedClock(first.utcOffset / 60)
    : changesClock(changes, first.prevUtcOffset / 60);
}
