import { send, type Credentials, type HttpBudget } from './calendar-http.js';
import { CALDAV, DAV, key, parseMultistatus, xmlText, type DavResource } from './multistatus.js';

/** Hrefs per calendar-multiget, so that no one answer nears the byte cap on ordinary events. */
const MULTIGET_BATCH = 100;

const XML_HEAD = '<?xml version="1.0" encoding="utf-8"?>';
const NAMESPACES = `xmlns:d="${DAV}" xmlns:c="${CALDAV}"`;

export interface DavTarget {
  url: URL;
  credentials?: Credentials;
  budget: HttpBudget;
}

export type DavOutcome<T> = { ok: true; value: T } | { ok: false; status: number | null; message: string };

/**
 * The message for an HTTP status that is not the one wanted; `withCredentials`: whether the
 * request carried a username and password (a 401 or 403 then speaks of them).
 */
export function statusMessage(status: number, withCredentials = false): string {
  if (status === 401) {
    return withCredentials
      ? 'the server refused the credentials (HTTP 401)'
      : 'the server asks for credentials (HTTP 401): give username and password, or a URL that includes them';
  }
  if (status === 403) {
    return withCredentials
      ? 'the server refused access with these credentials (HTTP 403): check that the URL is the calendar itself, not the account'
      : 'the server refused access (HTTP 403)';
  }
  return `the server answered HTTP ${status}`;
}

async function davRequest(
  target: DavTarget,
  request: { method: 'PROPFIND' | 'REPORT'; depth: '0' | '1'; body: string },
): Promise<DavOutcome<DavResource[]>> {
  const answer = await send(
    {
      method: request.method,
      url: target.url,
      headers: { Depth: request.depth, 'Content-Type': 'application/xml; charset=utf-8', Accept: 'application/xml, text/xml' },
      body: request.body,
      ...(target.credentials ? { credentials: target.credentials } : {}),
      wantBody: (status) => status === 207,
    },
    target.budget,
  );
  if (!answer.ok) return { ok: false, status: null, message: answer.message };
  if (answer.status !== 207 || answer.body === null) {
    return { ok: false, status: answer.status, message: statusMessage(answer.status, target.credentials !== undefined) };
  }
  const resources = parseMultistatus(answer.body);
  if (!resources) return { ok: false, status: 207, message: 'the server did not answer as a CalDAV server (no multistatus)' };
  // 507 on a response: the server returned fewer results than match (RFC 5323's
  // number-of-matches-within-limits); what it left out would be free time that is not.
  if (resources.some((r) => r.status === 507)) {
    return { ok: false, status: 507, message: 'the server cut its answer short (507: more events than it returns at once)' };
  }
  return { ok: true, value: resources };
}

/** PROPFIND Depth 0 for resourcetype: whether the URL is a CalDAV calendar collection. */
export async function isCalendarCollection(target: DavTarget): Promise<DavOutcome<boolean>> {
  const answer = await davRequest(target, {
    method: 'PROPFIND',
    depth: '0',
    body: `${XML_HEAD}<d:propfind ${NAMESPACES}><d:prop><d:resourcetype/></d:prop></d:propfind>`,
  });
  if (!answer.ok) return answer;
  const calendar = key(CALDAV, 'calendar');
  return { ok: true, value: answer.value.some((resource) => resource.props.get(key(DAV, 'resourcetype'))?.children.includes(calendar)) };
}

const icalUtc = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function calendarQuery(range: { start?: number; end: number }, options: { recurringOnly: boolean; withData: boolean }): string {
  const start = range.start === undefined ? '' : ` start="${icalUtc(range.start)}"`;
  const { recurringOnly, withData } = options;
  return (
    `${XML_HEAD}<c:calendar-query ${NAMESPACES}><d:prop><d:getetag/>${withData ? '<c:calendar-data/>' : ''}</d:prop>` +
    `<c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT">` +
    `<c:time-range${start} end="${icalUtc(range.end)}"/>${recurringOnly ? '<c:prop-filter name="RRULE"/>' : ''}` +
    `</c:comp-filter></c:comp-filter></c:filter></c:calendar-query>`
  );
}

/** A listed event resource: its ETag, and its calendar data when it was asked for. */
export interface ListedResource {
  etag: string;
  data?: string;
}

function collect(resources: DavResource[], into: Map<string, ListedResource>): void {
  for (const resource of resources) {
    const etag = resource.props.get(key(DAV, 'getetag'))?.text.trim();
    const data = resource.props.get(key(CALDAV, 'calendar-data'))?.text;
    if (resource.href && etag) into.set(resource.href, data === undefined ? { etag } : { etag, data });
  }
}

/**
 * The event resources that may have busy time in [from, to], with their ETags (and their
 * calendar data, `withData`, when nothing is kept from a previous read): a calendar-query for
 * VEVENTs in the range, and one for every recurring VEVENT that starts before its end. The
 * second is there because some servers (Xandikos 0.2.8) test a recurring event's time-range
 * against its first instance only and would leave out a weekly meeting begun last year; the
 * expansion here reads it either way.
 */
export async function listEventResources(
  target: DavTarget,
  query: { from: number; to: number; withData: boolean },
): Promise<DavOutcome<Map<string, ListedResource>>> {
  const { withData } = query;
  const inRange = await davRequest(target, {
    method: 'REPORT',
    depth: '1',
    body: calendarQuery({ start: query.from, end: query.to }, { recurringOnly: false, withData }),
  });
  if (!inRange.ok) return inRange;
  const listed = new Map<string, ListedResource>();
  collect(inRange.value, listed);
  const recurring = await davRequest(target, {
    method: 'REPORT',
    depth: '1',
    body: calendarQuery({ end: query.to }, { recurringOnly: true, withData }),
  });
  // A server that cannot filter by property still answered the first query: read with that.
  if (recurring.ok) collect(recurring.value, listed);
  else if (recurring.status === null) return recurring;
  return { ok: true, value: listed };
}

/** calendar-multiget: the calendar data and ETag of each href (batched); an href gone since is left out. */
export async function fetchEventResources(
  target: DavTarget,
  hrefs: string[],
): Promise<DavOutcome<Map<string, { etag: string; data: string }>>> {
  const found = new Map<string, { etag: string; data: string }>();
  for (let i = 0; i < hrefs.length; i += MULTIGET_BATCH) {
    const batch = hrefs.slice(i, i + MULTIGET_BATCH);
    const body =
      `${XML_HEAD}<c:calendar-multiget ${NAMESPACES}><d:prop><d:getetag/><c:calendar-data/></d:prop>` +
      batch.map((href) => `<d:href>${xmlText(href)}</d:href>`).join('') +
      `</c:calendar-multiget>`;
    const answer = await davRequest(target, { method: 'REPORT', depth: '1', body });
    if (!answer.ok) return answer;
    for (const resource of answer.value) {
      const data = resource.props.get(key(CALDAV, 'calendar-data'))?.text;
      const etag = resource.props.get(key(DAV, 'getetag'))?.text.trim() ?? '';
      if (resource.href && data !== undefined) found.set(resource.href, { etag, data });
    }
  }
  return { ok: true, value: found };
}
