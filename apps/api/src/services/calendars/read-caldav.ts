import { createHash } from 'node:crypto';
import { BusyReader } from './busy-time.js';
import { fetchEventResources, listEventResources, type DavTarget } from './caldav-requests.js';
import type { BusyInterval, ReadRequest, ReadResult } from './read-types.js';
import { DAY_MS } from './zone-clock.js';

/**
 * Each resource is expanded this far past `to`, and kept so in syncState: a later read whose
 * window has moved by less reuses it without fetching the resource again.
 */
const AHEAD_MS = 7 * DAY_MS;

/** One resource's reading, as kept in syncState. */
interface KeptResource {
  etag: string;
  /** The window its busy intervals were expanded over (clipped to it). */
  from: number;
  to: number;
  uids: string[];
  /** [start, end, index into uids], flat. */
  busy: number[];
  skipped: number;
  reasons: string[];
}

/**
 * The opaque state a CalDAV read hands back: which source and zone it was read for, the
 * window of the busy list it returned, and per resource (by a hash of its href: no paths are
 * kept) its ETag and expansion.
 */
interface DavSyncState {
  v: 1;
  kind: 'caldav';
  source: string;
  zone: string;
  from: number;
  to: number;
  resources: Record<string, KeptResource>;
}

/** Which source a state belongs to, without keeping its URL or credentials in it. */
export function sourceId(url: URL, username: string | undefined): string {
  return createHash('sha256')
    .update(`${url.href}\n${username ?? ''}`)
    .digest('hex')
    .slice(0, 32);
}

const hrefKey = (href: string) => createHash('sha256').update(href).digest('hex').slice(0, 32);

function keptState(value: unknown, source: string, zone: string): DavSyncState | null {
  if (typeof value !== 'object' || value === null) return null;
  const state = value as Partial<DavSyncState>;
  if (state.v !== 1 || state.kind !== 'caldav' || state.source !== source || state.zone !== zone) return null;
  if (typeof state.from !== 'number' || typeof state.to !== 'number' || typeof state.resources !== 'object' || state.resources === null)
    return null;
  return state as DavSyncState;
}

function validKept(kept: KeptResource | undefined): kept is KeptResource {
  return (
    kept !== undefined &&
    typeof kept.etag === 'string' &&
    typeof kept.from === 'number' &&
    typeof kept.to === 'number' &&
    Array.isArray(kept.uids) &&
    Array.isArray(kept.busy) &&
    kept.busy.length % 3 === 0
  );
}

/**
 * Reads a CalDAV calendar collection: lists the event resources with busy time in the window
 * (with their data on a first read; ETags only when syncState is given), reuses from
 * syncState every resource whose ETag is unchanged and whose expansion covers the window,
 * fetches the rest with calendar-multiget, and expands them here (never with the server's
 * <expand>). Answers `unchanged` when no resource changed and the window lies within the one
 * the previous read returned.
 */
export async function readCalDav(target: DavTarget, request: ReadRequest, source: string): Promise<ReadResult> {
  const { from, to, zone, limits } = request;
  const state = keptState(request.syncState, source, zone);
  const listed = await listEventResources(target, { from, to, withData: state === null });
  if (!listed.ok) return { outcome: 'unreadable', message: listed.message };

  const kept = new Map<string, KeptResource>();
  const wanted: string[] = [];
  const fresh = new Map<string, { etag: string; data: string }>();
  for (const [href, { etag, data }] of listed.value) {
    const previous = state?.resources[hrefKey(href)];
    if (validKept(previous) && previous.etag === etag && previous.from <= from && previous.to >= to) kept.set(hrefKey(href), previous);
    else if (data !== undefined) fresh.set(href, { etag, data });
    else wanted.push(href);
  }
  if (state && wanted.length === 0 && kept.size === Object.keys(state.resources).length && from >= state.from && to <= state.to) {
    return { outcome: 'unchanged' };
  }

  const fetched = await fetchEventResources(target, wanted);
  if (!fetched.ok) return { outcome: 'unreadable', message: fetched.message };
  for (const [href, resource] of fetched.value) fresh.set(href, resource);

  const reader = new BusyReader({ zone, from, to: to + AHEAD_MS, maxComponents: limits.maxComponents, maxInstances: limits.maxInstances });
  let notCalendar = 0;
  for (const [href, { etag, data }] of fresh) {
    const skippedBefore = reader.skipped.count;
    const reasonsBefore = reader.skipped.reasons.length;
    const read = reader.readDocument(data);
    if (!read.ok) {
      if (read.problem === 'too-many-components')
        return { outcome: 'unreadable', message: `more than ${limits.maxComponents.toLocaleString('en-US')} components` };
      notCalendar++;
      continue;
    }
    kept.set(
      hrefKey(href),
      keep(read.busy, {
        etag,
        from,
        to: to + AHEAD_MS,
        skipped: reader.skipped.count - skippedBefore,
        reasons: reader.skipped.reasons.slice(reasonsBefore),
      }),
    );
  }

  const busy: BusyInterval[] = [];
  let skipped = 0;
  const reasons: string[] = [];
  if (notCalendar > 0) {
    skipped += notCalendar;
    reasons.push(notCalendar === 1 ? 'a resource is not iCalendar' : `${notCalendar} resources are not iCalendar`);
  }
  for (const resource of kept.values()) {
    for (let i = 0; i < resource.busy.length; i += 3) {
      const start = Math.max(resource.busy[i]!, from);
      const end = Math.min(resource.busy[i + 1]!, to);
      if (end > start) busy.push({ uid: resource.uids[resource.busy[i + 2]!] ?? '', start, end });
    }
    skipped += resource.skipped;
    for (const reason of resource.reasons) if (reasons.length < 5) reasons.push(reason);
  }
  busy.sort((a, b) => a.start - b.start || a.end - b.end || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
  const truncated = reader.truncated || busy.length > limits.maxInstances;
  if (busy.length > limits.maxInstances) busy.length = limits.maxInstances;

  const syncState: DavSyncState = { v: 1, kind: 'caldav', source, zone, from, to, resources: Object.fromEntries(kept) };
  return {
    outcome: 'read',
    kind: 'caldav',
    busy,
    skipped: { count: skipped, reasons },
    truncated,
    etag: null,
    lastModified: null,
    // A truncated read is not kept: the next read starts afresh.
    ...(truncated ? {} : { syncState }),
  };
}

function keep(busy: BusyInterval[], rest: Omit<KeptResource, 'uids' | 'busy'>): KeptResource {
  const uids: string[] = [];
  const index = new Map<string, number>();
  const flat: number[] = [];
  for (const interval of busy) {
    let i = index.get(interval.uid);
    if (i === undefined) {
      i = uids.length;
      uids.push(interval.uid);
      index.set(interval.uid, i);
    }
    flat.push(interval.start, interval.end, i);
  }
  return { ...rest, uids, busy: flat };
}
