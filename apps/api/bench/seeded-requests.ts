// The requests of the `seeded` section, spread over the seeded organizations' keys and humans:
// each endpoint is a list of requests that the load generator takes in turn.
import { call } from './api-client.js';
import type { ListedRequest } from './processes.js';
import type { SeedResult } from '../src/seed/index.js';

/** One measured endpoint: its label, the requests (cycled) and how a run of it must answer. */
export interface Endpoint {
  name: string;
  requests: ListedRequest[];
  status: number;
  /** Stop after this many requests (each a different booking to cancel) rather than at the duration. */
  amount?: number;
}

/** Deep cursors of the seeded database, reused verbatim on the empty one (where they give an empty page). */
export interface DeepCursors {
  /** By list name: for each chain (organization, or organization and human), the cursor and how deep it is. */
  chains: Map<string, Array<{ org: number; human?: number; cursor: string; depth: number }>>;
}

/** What a run needs beyond the seed's answer: found through the API of the running server. */
export interface Fixture {
  seed: SeedResult;
  /** One webhook of each organization (the seeder subscribes every webhook to both events). */
  webhookIds: string[];
  /** A duration each organization's humans take (the seeder gives every human the same list). */
  durations: number[];
}

const DEPTH = 1_000;
/** The page size a client gets by default: the walk down stops at the last page, a human's 100 bookings included. */
export const PAGE = 50;
/** Humans per organization whose own lists are read (first page and deep). */
const LISTED_HUMANS = 5;

/** The attendee of the bench's own bookings: what the cancel run looks for. */
const BOOKED_BY = 'Bench seeded';

const get = (path: string, token: string): ListedRequest => ({ method: 'GET', path, token });

/** The list queries of the section: their query strings, by name, for one organization and one human. */
export function listQueries(window: { from: string; to: string }) {
  return {
    'GET /v1/bookings by human': (human: string) => `human_id=${human}`,
    'GET /v1/bookings by status (cancelled)': () => 'status=cancelled',
    'GET /v1/bookings by date range (30 days)': () => `starts_after=${window.from}&starts_before=${window.to}`,
    'GET /v1/bookings by a range open at its start (before today)': () => `starts_before=${window.to}`,
    'GET /v1/bookings by human and status (confirmed)': (human: string) => `human_id=${human}&status=confirmed`,
  } as const;
}

const perHuman = (name: string) => name.includes('by human');

/** Finds each organization's webhook and its humans' meeting duration, through the API. */
export async function fixtureOf(url: string, seed: SeedResult): Promise<Fixture> {
  const webhookIds: string[] = [];
  const durations: number[] = [];
  for (const org of seed.organizations) {
    const hooks = await call(url, 'GET', '/v1/webhooks?limit=1', org.apiKey);
    webhookIds.push(hooks.data[0]?.id);
    const human = await call(url, 'GET', `/v1/humans/${org.humanIds[0]}`, org.apiKey);
    durations.push((human.availability ?? human.availability_rules).meeting_durations[0]);
  }
  if (webhookIds.some((id) => !id)) throw new Error('seeded: an organization has no webhook (webhooksPerOrganization must be at least 1)');
  return { seed, webhookIds, durations };
}

/**
 * Follows next_cursor 1,000 bookings deep for every list and chain; where a list is shorter
 * (a human's own bookings), the deepest cursor that still has a page behind it.
 */
export async function deepCursors(url: string, seed: SeedResult, window: { from: string; to: string }): Promise<DeepCursors> {
  const chains: DeepCursors['chains'] = new Map();
  for (const [name, query] of Object.entries(listQueries(window))) {
    const found = [];
    for (const [o, org] of seed.organizations.entries()) {
      for (const h of perHuman(name) ? [...Array(LISTED_HUMANS).keys()] : [undefined]) {
        const base = `/v1/bookings?${query(h === undefined ? '' : org.humanIds[h]!)}&limit=${PAGE}`;
        let cursor: string | undefined;
        let depth = 0;
        for (let page = await call(url, 'GET', base, org.apiKey); depth < DEPTH;) {
          if (!page.next_cursor) break;
          const next = await call(url, 'GET', `${base}&cursor=${page.next_cursor}`, org.apiKey);
          if (next.data.length === 0) break;
          cursor = page.next_cursor;
          depth += page.data.length;
          page = next;
        }
        if (cursor) found.push({ org: o, ...(h === undefined ? {} : { human: h }), cursor, depth });
      }
    }
    chains.set(name, found);
  }
  return { chains };
}

/** The reads: the events feed, the five booking lists (first page and deep), the delivery log. */
export function readEndpoints(f: Fixture, deep: DeepCursors, window: { from: string; to: string }): Endpoint[] {
  const orgs = f.seed.organizations;
  const endpoints: Endpoint[] = [
    { name: 'GET /v1/events (first page)', status: 200, requests: orgs.map((o) => get('/v1/events', o.apiKey)) },
  ];
  for (const [name, query] of Object.entries(listQueries(window))) {
    const first = orgs.flatMap((o) =>
      (perHuman(name) ? o.humanIds.slice(0, LISTED_HUMANS) : ['']).map((h) => get(`/v1/bookings?${query(h)}`, o.apiKey)),
    );
    endpoints.push({ name: `${name} (first page)`, status: 200, requests: first });
    const chains = deep.chains.get(name) ?? [];
    if (chains.length === 0) continue;
    const depths = chains.map((c) => c.depth).sort((a, b) => a - b);
    const depth = depths[0] === depths[depths.length - 1] ? `${depths[0]}` : `${depths[0]}-${depths[depths.length - 1]}`;
    endpoints.push({
      name: `${name} (${depth} deep)`,
      status: 200,
      requests: chains.map((c) => {
        const org = orgs[c.org]!;
        const human = c.human === undefined ? '' : org.humanIds[c.human]!;
        return get(`/v1/bookings?${query(human)}&cursor=${c.cursor}`, org.apiKey);
      }),
    });
  }
  endpoints.push({
    name: 'GET /v1/webhooks/{id}/deliveries (first page)',
    status: 200,
    requests: orgs.map((o, i) => get(`/v1/webhooks/${f.webhookIds[i]}/deliveries`, o.apiKey)),
  });
  return endpoints;
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

/** Requests in turn over the organizations: the i-th of every organization before the (i+1)-th of any. */
function interleave<T>(lists: T[][]): T[] {
  const out: T[] = [];
  for (let i = 0; lists.some((l) => i < l.length); i++) for (const l of lists) if (i < l.length) out.push(l[i]!);
  return out;
}

/**
 * Slots that no cache answers: a week view of a different (human, first day) at every request,
 * more of them than the server keeps (2,000 snapshots, 500 parsed URLs), the first days over the
 * two weeks from `firstDay` (the seeded bookings reach three weeks ahead). Several humans: five
 * of one organization at once, mode=all.
 */
export function slotEndpoints(f: Fixture, firstDay: Date): Endpoint[] {
  const orgs = f.seed.organizations;
  const humansPerOrg = Math.min(...orgs.map((o) => o.humanIds.length));
  const starts = 14;
  const week = (d: number) => `date_from=${isoDate(addDays(firstDay, d))}&date_to=${isoDate(addDays(firstDay, d + 6))}`;
  const one = interleave(
    orgs.map((o, i) =>
      Array.from({ length: starts * humansPerOrg }, (_, k) =>
        get(`/v1/humans/${o.humanIds[k % humansPerOrg]}/slots?${week(Math.floor(k / humansPerOrg))}&duration=${f.durations[i]}`, o.apiKey),
      ),
    ),
  );
  const groups = Math.max(1, Math.floor(humansPerOrg / 5));
  const several = interleave(
    orgs.map((o, i) =>
      Array.from({ length: starts * groups }, (_, k) => {
        const g = k % groups;
        const ids = o.humanIds.slice(g * 5, g * 5 + 5).join(',');
        return get(`/v1/slots?human_ids=${ids}&mode=all&${week(Math.floor(k / groups))}&duration=${f.durations[i]}`, o.apiKey);
      }),
    ),
  );
  return [
    { name: 'GET slots, one human, a week, uncached', status: 200, requests: one },
    { name: 'GET slots, 5 humans (human_ids, mode=all), a week, uncached', status: 200, requests: several },
  ];
}

/** Where the bench books: the last `humans` humans of every organization, `days` days from `firstDay`. */
export interface BookedWindow {
  firstDay: Date;
  days: number;
  humans: number;
}

/**
 * Bookings no two of which collide: the listed starts of `humans` humans of every
 * organization over `days` days from `firstDay` (what the slots endpoint offers now, so a
 * kept database's earlier runs are stepped around), taken one human after another.
 */
export async function bookingRequests(url: string, f: Fixture, opts: BookedWindow): Promise<ListedRequest[]> {
  const perOrg: ListedRequest[][] = [];
  for (const [i, org] of f.seed.organizations.entries()) {
    const lists = [];
    for (const human of org.humanIds.slice(-opts.humans)) {
      const q = `date_from=${isoDate(opts.firstDay)}&date_to=${isoDate(addDays(opts.firstDay, opts.days - 1))}&duration=${f.durations[i]}`;
      const { slots } = await call(url, 'GET', `/v1/humans/${human}/slots?${q}`, org.apiKey);
      lists.push(
        slots.map((s: { starts_at: string }) => ({
          method: 'POST' as const,
          path: '/v1/bookings',
          token: org.apiKey,
          body: JSON.stringify({ human_id: human, starts_at: s.starts_at, duration: f.durations[i], attendee_name: BOOKED_BY }),
        })),
      );
    }
    perOrg.push(interleave(lists));
  }
  return interleave(perOrg);
}

/**
 * Cancels of the bookings the POST runs made (the confirmed ones named 'Bench seeded' of the
 * booked humans in the window): each booking once, with its organization's key.
 */
export async function cancelRequests(url: string, f: Fixture, opts: BookedWindow): Promise<ListedRequest[]> {
  const perOrg: ListedRequest[][] = [];
  for (const org of f.seed.organizations) {
    const cancels: ListedRequest[] = [];
    for (const human of org.humanIds.slice(-opts.humans)) {
      const q = `human_id=${human}&status=confirmed&starts_after=${opts.firstDay.toISOString()}&starts_before=${addDays(opts.firstDay, opts.days).toISOString()}&limit=100`;
      for (let cursor = ''; ;) {
        const page = await call(url, 'GET', `/v1/bookings?${q}${cursor}`, org.apiKey);
        for (const b of page.data)
          if (b.attendee_name === BOOKED_BY) cancels.push({ method: 'DELETE', path: `/v1/bookings/${b.id}`, token: org.apiKey });
        if (!page.next_cursor) break;
        cursor = `&cursor=${page.next_cursor}`;
      }
    }
    perOrg.push(cancels);
  }
  return interleave(perOrg);
}
