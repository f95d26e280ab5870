// The types of readCalendar (read-calendar.ts re-exports them), kept apart so that the feed
// and CalDAV readers can use them without importing read-calendar.ts back.

export type CalendarKind = 'ics' | 'caldav';

export interface CalendarSource {
  url: string;
  /** undefined: detect (a GET answering iCalendar is a feed; otherwise a CalDAV calendar collection). */
  kind?: CalendarKind;
  username?: string;
  password?: string;
}

/** Busy time: epoch ms, half-open [start, end). */
export interface BusyInterval {
  uid: string;
  start: number;
  end: number;
}

export interface ReadLimits {
  /** For the whole read: every request, its headers and body. */
  timeoutMs: number;
  /** Per answer, counted as it streams (after decompression). */
  maxBytes: number;
  /** Components (every BEGIN but VCALENDAR's) in the whole read. */
  maxComponents: number;
  /** Busy instances returned; past it the read is truncated. */
  maxInstances: number;
  maxRedirects: number;
  /** Private and internal addresses, and plain http, allowed (local development and tests). */
  allowPrivate: boolean;
}

export interface ReadRequest {
  source: CalendarSource;
  /** The person's IANA zone: floating times and all-day events are read in it. */
  zone: string;
  /** The expansion window, epoch ms. */
  from: number;
  to: number;
  /** From the previous good read of a feed: sent as If-None-Match / If-Modified-Since. */
  etag?: string | null;
  lastModified?: string | null;
  /** The syncState of the previous good read, as it was returned (see docs/calendars.md). */
  syncState?: unknown;
  limits: ReadLimits;
}

export type ReadResult =
  | { outcome: 'unchanged' }
  | {
      outcome: 'read';
      kind: CalendarKind;
      busy: BusyInterval[];
      skipped: { count: number; reasons: string[] };
      /** maxInstances was reached: `busy` holds the first ones found. */
      truncated: boolean;
      etag: string | null;
      lastModified: string | null;
      syncState?: unknown;
    }
  | { outcome: 'unreadable'; message: string };
