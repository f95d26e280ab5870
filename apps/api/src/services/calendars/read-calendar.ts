import type { AddressResolver } from '../../lib/resolve-addresses.js';
import { BusyReader } from './busy-time.js';
import { isCalendarCollection, statusMessage, type DavTarget } from './caldav-requests.js';
import { send, type Credentials, type HttpAnswer, type HttpBudget } from './calendar-http.js';
import { looksLikeICalendar } from './ics-components.js';
import { readCalDav, sourceId } from './read-caldav.js';
import type { ReadRequest, ReadResult } from './read-types.js';

export type { BusyInterval, CalendarKind, CalendarSource, ReadLimits, ReadRequest, ReadResult } from './read-types.js';

/**
 * The state a feed read hands back: the window its busy list covers, and the zone floating
 * times and all-day events were read in. A later read whose window reaches past it, or whose
 * human now lives in another zone, asks unconditionally, since a 304 would keep a list that
 * stops short or that sits in the old zone's hours.
 */
interface FeedSyncState {
  v: 1;
  kind: 'ics';
  from: number;
  to: number;
  /** Absent in states written before it was kept: such a state is read again in full once. */
  zone?: string;
}

/** Seams for tests: DNS (the guarded lookup's resolver). */
export interface ReadSeams {
  resolve?: AddressResolver;
}

/**
 * Reads a person's calendar (an iCalendar feed or a CalDAV calendar collection) into busy
 * intervals over [from, to]. Never throws for anything the source does: a failure is
 * `unreadable` with a plain message that names neither the URL nor the credentials. What
 * counts as busy, the limits and the libraries are described in docs/calendars.md.
 */
export async function readCalendar(request: ReadRequest, seams: ReadSeams = {}): Promise<ReadResult> {
  const { limits } = request;
  const address = calendarAddress(request.source.url);
  if (!address) return { outcome: 'unreadable', message: 'not a valid http, https or webcal URL' };
  const username = request.source.username ?? address.credentials?.username;
  const password = request.source.password ?? address.credentials?.password;
  const credentials: Credentials | undefined = username !== undefined ? { username, password: password ?? '' } : undefined;
  const budget: HttpBudget = {
    deadline: Date.now() + limits.timeoutMs,
    timeoutMs: limits.timeoutMs,
    maxBytes: limits.maxBytes,
    maxRedirects: limits.maxRedirects,
    allowPrivate: limits.allowPrivate,
    ...(seams.resolve ? { resolve: seams.resolve } : {}),
  };
  const target: DavTarget = { url: address.url, budget, ...(credentials ? { credentials } : {}) };
  const source = sourceId(address.url, username);
  if (request.source.kind === 'caldav') return readCalDav(target, request, source);

  const conditional = conditionalHeaders(request);
  const answer = await send(
    {
      method: 'GET',
      url: address.url,
      headers: { Accept: 'text/calendar, */*;q=0.1', ...conditional },
      ...(credentials ? { credentials } : {}),
      wantBody: (status) => status >= 200 && status < 300,
    },
    budget,
  );
  if (!answer.ok) return { outcome: 'unreadable', message: answer.message };
  if (answer.status === 304 && Object.keys(conditional).length > 0) return { outcome: 'unchanged' };
  if (answer.status === 401 || answer.status === 403) {
    return { outcome: 'unreadable', message: statusMessage(answer.status, credentials !== undefined) };
  }
  if (isICalendarAnswer(answer)) {
    // Some CalDAV servers (Radicale) answer a GET on a calendar collection with the whole
    // calendar: on first contact a short PROPFIND tells the two apart, and CalDAV wins (it can
    // take bookings, and skips unchanged events).
    if (request.source.kind === undefined) {
      const probe = await isCalendarCollection(target);
      if (probe.ok && probe.value) return readCalDav(target, request, source);
    }
    return readFeed(request, answer);
  }
  if (request.source.kind === 'ics') return { outcome: 'unreadable', message: notICalendar(answer.status, credentials !== undefined) };

  // Not a feed: a CalDAV calendar collection?
  const probe = await isCalendarCollection(target);
  if (probe.ok && probe.value) return readCalDav(target, request, source);
  if (!probe.ok && (probe.status === 401 || probe.status === 403)) return { outcome: 'unreadable', message: probe.message };
  return { outcome: 'unreadable', message: notICalendar(answer.status, credentials !== undefined) };
}

function notICalendar(status: number, withCredentials: boolean): string {
  return status >= 200 && status < 300 ? 'not an iCalendar document' : statusMessage(status, withCredentials);
}

function isICalendarAnswer(answer: Extract<HttpAnswer, { ok: true }>): answer is Extract<HttpAnswer, { ok: true }> & { body: string } {
  if (answer.status < 200 || answer.status >= 300 || answer.body === null) return false;
  const type = String(answer.headers['content-type'] ?? '').toLowerCase();
  return type.startsWith('text/calendar') || looksLikeICalendar(answer.body);
}

/** If-None-Match / If-Modified-Since from the previous read, unless its window stops short of this one. */
function conditionalHeaders(request: ReadRequest): Record<string, string> {
  const state = request.syncState as Partial<FeedSyncState> | null | undefined;
  if (state && typeof state === 'object' && state.kind === 'ics') {
    if (!(state.from! <= request.from && state.to! >= request.to) || state.zone !== request.zone) return {};
  }
  const headers: Record<string, string> = {};
  if (request.etag) headers['If-None-Match'] = request.etag;
  if (request.lastModified) headers['If-Modified-Since'] = request.lastModified;
  return headers;
}

function readFeed(request: ReadRequest, answer: Extract<HttpAnswer, { ok: true }> & { body: string }): ReadResult {
  const { limits } = request;
  const reader = new BusyReader({
    zone: request.zone,
    from: request.from,
    to: request.to,
    maxComponents: limits.maxComponents,
    maxInstances: limits.maxInstances,
  });
  const read = reader.readDocument(answer.body);
  if (!read.ok) {
    return {
      outcome: 'unreadable',
      message:
        read.problem === 'too-many-components'
          ? `more than ${limits.maxComponents.toLocaleString('en-US')} components`
          : read.problem === 'cut-short'
            ? 'the calendar was cut short: it ends before END:VCALENDAR'
            : 'not an iCalendar document',
    };
  }
  const busy = read.busy.sort((a, b) => a.start - b.start || a.end - b.end || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
  const etag = answer.headers.etag;
  const lastModified = answer.headers['last-modified'];
  const syncState: FeedSyncState = { v: 1, kind: 'ics', from: request.from, to: request.to, zone: request.zone };
  return {
    outcome: 'read',
    kind: 'ics',
    busy,
    skipped: { count: reader.skipped.count, reasons: [...reader.skipped.reasons] },
    truncated: reader.truncated,
    etag: typeof etag === 'string' ? etag : null,
    lastModified: typeof lastModified === 'string' ? lastModified : null,
    syncState,
  };
}

/**
 * The URL to request: webcal(s):// read as https://, and credentials in the URL
 * (https://user:pass@host/...) taken out of it to be sent as HTTP Basic instead.
 */
export function calendarAddress(text: string): { url: URL; credentials?: Credentials } | null {
  let url: URL;
  try {
    url = new URL(text.trim().replace(/^webcals?:\/\//i, 'https://'));
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  url.hash = '';
  if (!url.username && !url.password) return { url };
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  };
  const credentials = { username: decode(url.username), password: decode(url.password) };
  url.username = '';
  url.password = '';
  return { url, credentials };
}
