// The hot reads' plans on a year of a large customer's data (scaled down): each statement the
// service runs, EXPLAIN ANALYZE'd as it is sent, must read about the rows it answers. A node
// that throws away more than ten times the rows the query returns (Rows Removed by Filter or
// by Join Filter, over all its loops), or a Seq Scan of a big table, fails it: that is a list
// whose cost grows with the table or with the depth of the page, not with the page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlLiteral } from '../src/db/embedded-statements.js';
import { feedPageQuery } from '../src/db/tables/events.js';
import {
  BOOKING_JSON_COLUMNS,
  bookingPageQuery,
  idPageQuery,
  keysetSelect,
  RANGE_WEEKS_WALKED,
  type BookingFilter,
  type Keyset,
} from '../src/db/tables/list-pages.js';
import { deliveryRecordsQuery, selectDeliveriesJson, selectDeliveryRecords } from '../src/db/tables/deliveries.js';
import { deliveryView } from '../src/services/webhooks/list-deliveries.js';
import { Params } from '../src/db/params.js';
import { snapshotsQuery } from '../src/db/tables/schedule-snapshots.js';
import { selectBooking } from '../src/db/tables/bookings.js';
import { hashApiKey } from '../src/lib/api-keys.js';
import { seedDatabase, type SeedResult } from '../src/seed/index.js';
import { bookingView } from '../src/services/bookings/booking-view.js';
import { eventOf } from '../src/services/events/record-event.js';
import { createTestDatabase, TEST_STORE, type TestDatabase } from './test-store.js';

const BIG_TABLES = ['bookings', 'events', 'deliveries', 'delivery_attempts', 'time_claims', 'idempotency_keys', 'booking_day_counts'];
const NOW = new Date('2026-11-20T12:00:00Z');
const PAGE = 51;
const DEEP = 1000;
/** PGlite writes the seed about three times slower than the server: fewer there, to keep the run short. */
const BOOKINGS = TEST_STORE === 'embedded' ? 30_000 : 50_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Loops'?: number;
  'Actual Rows'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Join Filter'?: number;
  'Sort Key'?: string[];
  Plans?: PlanNode[];
}

let db: TestDatabase;
let seeded: SeedResult;
let org: { id: string; humanIds: string[] };

beforeAll(async () => {
  db = await createTestDatabase();
  seeded = await seedDatabase(db.store.sql, { organizations: 2, humans: 200, bookings: BOOKINGS, months: 12, randomSeed: 11, now: NOW });
  await db.store.sql('ANALYZE');
  org = seeded.organizations[0]!;
}, 240_000);

afterAll(async () => {
  await db?.drop();
});

const planOf = (row: { 'QUERY PLAN': unknown } | undefined): PlanNode => {
  const json = row!['QUERY PLAN'];
  const [plan] = (typeof json === 'string' ? JSON.parse(json) : json) as Array<{ Plan: PlanNode }>;
  return plan!.Plan;
};

/** The plan made for the statement's values, as PostgreSQL makes it for a statement run once. */
async function explain(q: { text: string; values: unknown[] }) {
  return planOf((await db.store.sql<{ 'QUERY PLAN': unknown }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${q.text}`, q.values))[0]);
}

/** A value as an SQL literal of no type, which takes its parameter's (as the embedded store runs its statements). */
const literal = (v: unknown) => {
  const written = sqlLiteral(v);
  if (written === undefined) throw new Error(`no literal for ${typeof v}`);
  return written;
};

/**
 * The plan made once for the statement whatever its values (a generic plan), run with them: the
 * plan the server's connections keep for a named statement (db/server-store.ts). It must be as
 * lean as the plan made for the values.
 */
async function explainGeneric(q: { text: string; values: unknown[] }) {
  return db.store.withSession(async (s) => {
    await s.exec(`PREPARE lean_check AS ${q.text}`);
    try {
      await s.exec('SET plan_cache_mode = force_generic_plan');
      const args = q.values.length ? `(${q.values.map(literal).join(', ')})` : '';
      return planOf((await s.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE lean_check${args}`))[0]);
    } finally {
      await s.exec('DEALLOCATE lean_check; RESET plan_cache_mode');
    }
  });
}

/** Every node of the plan that reads far more than the query answers. */
function wasteful(node: PlanNode, returned: number, found: string[] = []): string[] {
  const loops = node['Actual Loops'] ?? 1;
  const removed = ((node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Join Filter'] ?? 0)) * loops;
  if (removed > 10 * Math.max(returned, 1)) found.push(`${node['Node Type']} on ${node['Relation Name'] ?? '?'} removed ${removed} rows`);
  if (node['Node Type'] === 'Seq Scan' && BIG_TABLES.includes(node['Relation Name'] ?? ''))
    found.push(`Seq Scan on ${node['Relation Name']}`);
  for (const child of node.Plans ?? []) wasteful(child, returned, found);
  return found;
}

/** Every sort in the plan. */
function sorts(node: PlanNode, found: string[] = []): string[] {
  if (node['Node Type'].endsWith('Sort')) found.push(`${node['Node Type']} by ${(node['Sort Key'] ?? []).join(', ')}`);
  for (const child of node.Plans ?? []) sorts(child, found);
  return found;
}

/** The rows all the plan's scans gave, over all their loops. */
function scanned(node: PlanNode): number {
  const own = node['Node Type'].endsWith('Scan') ? (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1) : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + scanned(child), 0);
}

/**
 * Runs the statement (for its rows) and its EXPLAIN ANALYZE, and checks the plan, both the one
 * made for its values and the generic one. `reads`:
 * the rows it may read for what it answers, when that is more than the page (a date range's).
 * `inIndexOrder`: the page is read in its index's order, so nothing sorts it again.
 * `scans`: the most rows its scans may give in all (what a sort would read).
 */
async function expectLean(q: { text: string; values: unknown[] }, { reads = 0, inIndexOrder = false, scans = Infinity } = {}) {
  const rows = await db.store.sql<Record<string, unknown>>(q.text, q.values);
  for (const [kind, plan] of [
    ['for its values', await explain(q)],
    ['generic', await explainGeneric(q)],
  ] as const) {
    const found = [...wasteful(plan, Math.max(rows.length, reads / 10)), ...(inIndexOrder ? sorts(plan) : [])];
    if (scanned(plan) > scans) found.push(`its scans gave ${scanned(plan)} rows`);
    expect(found, `${kind}: ${q.text.replace(/\s+/g, ' ').slice(0, 160)}`).toEqual([]);
  }
  return rows;
}

/** The keyset of the page that starts `DEEP` rows in. */
async function deepKeyset(build: (page: Keyset) => { text: string; values: unknown[] }): Promise<Keyset> {
  const rows = await db.store.sql<{ id: string; createdAt?: Date; created_at?: Date }>(
    build({ after: undefined, take: DEEP }).text.replace(/^SELECT .*? FROM/s, 'SELECT id::text AS id, created_at AS "createdAt" FROM'),
    build({ after: undefined, take: DEEP }).values,
  );
  const last = rows[rows.length - 1]!;
  return { after: { id: last.id, createdAt: new Date(last.createdAt!) }, take: PAGE };
}

describe('the seeded data', () => {
  it('is what the API writes: event bodies byte for byte, keys stored as their digest', async () => {
    const events = await db.store.sql<{
      type: 'booking.confirmed' | 'booking.cancelled';
      booking_id: string;
      body: string;
      created_at: Date;
    }>(
      `SELECT type, booking_id::text AS booking_id, body, created_at FROM events WHERE organization_id = $1::uuid AND type = 'booking.cancelled' LIMIT 3`,
      [org.id],
    );
    expect(events.length).toBe(3);
    for (const e of events) {
      const booking = await selectBooking(db.store.sql, org.id, e.booking_id);
      const written = eventOf({ organizationId: org.id, type: e.type, booking: bookingView(booking!), at: new Date(e.created_at) });
      expect(e.body).toBe(written.body);
    }
    // Each delivery's JSON, attempts included, is what the log's view of its rows gives.
    const deliveries = await db.store.sql<{ id: string; webhook_id: string }>(
      `(SELECT id::text AS id, webhook_id::text AS webhook_id FROM deliveries WHERE organization_id = $1::uuid AND attempt_count = 2 LIMIT 2)
       UNION ALL (SELECT id::text, webhook_id::text FROM deliveries WHERE organization_id = $1::uuid AND attempt_count = 1 LIMIT 1)`,
      [org.id],
    );
    expect(deliveries.length).toBe(3);
    for (const d of deliveries) {
      const scope = { organizationId: org.id, webhookId: d.webhook_id };
      const [sent] = (await selectDeliveriesJson(db.store.sql, scope, { deliveryId: d.id }))!;
      const [record] = (await selectDeliveryRecords(db.store.sql, scope, { deliveryId: d.id }))!;
      expect(record!.attempts.length).toBeGreaterThan(0);
      expect(sent!.json).toBe(JSON.stringify(deliveryView(record!)));
    }
    const [key] = await db.store.sql<{ key_hash: string }>('SELECT key_hash FROM api_keys WHERE organization_id = $1::uuid', [org.id]);
    expect(key!.key_hash).toBe(hashApiKey(seeded.organizations[0]!.apiKey));
  });
});

describe('the lists read their page, not the table', () => {
  const filters: Array<[string, () => BookingFilter]> = [
    ['all bookings', () => ({ organizationId: org.id })],
    ['a human', () => ({ organizationId: org.id, humanId: org.humanIds[3] })],
    ['cancelled', () => ({ organizationId: org.id, status: 'cancelled' })],
    ['confirmed', () => ({ organizationId: org.id, status: 'confirmed' })],
    ['a human, cancelled', () => ({ organizationId: org.id, humanId: org.humanIds[5], status: 'cancelled' })],
  ];
  const week = { startsFrom: new Date('2026-10-05T00:00:00Z'), startsBefore: new Date('2026-10-12T00:00:00Z') };
  const inIndexOrder = true;
  for (const [name, filter] of filters) {
    it(`GET /v1/bookings (${name}), first page and ${DEEP} rows deep`, async () => {
      // The API's statement writes each booking's JSON (BOOKING_JSON_COLUMNS); the same plan.
      const first = await expectLean(bookingPageQuery(filter(), { after: undefined, take: PAGE }, BOOKING_JSON_COLUMNS), { inIndexOrder });
      expect(first.length).toBeGreaterThan(0);
      const deep = await deepKeyset((page) => bookingPageQuery(filter(), page));
      await expectLean(bookingPageQuery(filter(), deep, BOOKING_JSON_COLUMNS), { inIndexOrder });
      await expectLean(bookingPageQuery(filter(), deep), { inIndexOrder });
    });
  }

  // An organization's range of starts is read week by week, each week's walk stopped at a page
  // (see bookingPageQuery): a page reads about a page, however long the range and however
  // deep. A human's range is read whole through (human_id, starts_at) and sorted: it may read
  // the range, never more.
  const month = { startsFrom: new Date(NOW.getTime() - 30 * 86_400_000), startsBefore: NOW };
  /** Long enough to hold more than DEEP cancelled bookings. */
  const halfYear = { startsFrom: new Date(NOW.getTime() - 180 * 86_400_000), startsBefore: NOW };
  it('GET /v1/bookings by a range of starts (alone, cancelled, and of a human), first page and deep', async () => {
    for (const [filter, range] of [
      [{ organizationId: org.id, ...week }, week],
      [{ organizationId: org.id, ...month }, month],
      [{ organizationId: org.id, status: 'cancelled', ...halfYear }, halfYear],
      [{ organizationId: org.id, humanId: org.humanIds[2], ...week }, week],
    ] as Array<[BookingFilter, typeof week]>) {
      const all = await db.store.sql<{ n: number }>(
        'SELECT count(*)::int AS n FROM bookings WHERE organization_id = $1::uuid AND starts_at >= $2 AND starts_at < $3',
        [org.id, range.startsFrom.toISOString(), range.startsBefore.toISOString()],
      );
      const inRange = all[0]!.n;
      expect(inRange).toBeGreaterThan(2 * PAGE);
      // An organization's week walks give about the page (a page, and each week's first row).
      const lean = filter.humanId ? { reads: inRange } : { scans: 3 * PAGE };
      const first = await expectLean(bookingPageQuery(filter, { after: undefined, take: PAGE }, BOOKING_JSON_COLUMNS), lean);
      if (!filter.humanId) expect(first.length).toBe(PAGE);
      const deep = await deepKeyset((page) => bookingPageQuery(filter, page));
      await expectLean(bookingPageQuery(filter, deep, BOOKING_JSON_COLUMNS), lean);
    }
  });

  // A range open at either end, or too long to be written as a walk per week, is walked week by
  // week by one statement over the organization's own weeks, each week's walk bounded by the
  // page the range's last four weeks give: about a few pages, never the whole range (which it
  // read and sorted before) nor a page from every week.
  it('GET /v1/bookings by an open or very long range of starts reads a few pages, not the range', async () => {
    for (const range of [
      { startsBefore: NOW },
      { startsFrom: new Date(NOW.getTime() - 14 * 86_400_000) },
      { startsFrom: new Date('2020-01-01T00:00:00Z'), startsBefore: new Date('2030-01-01T00:00:00Z') },
    ] as Array<Pick<BookingFilter, 'startsFrom' | 'startsBefore'>>) {
      const [counts] = await db.store.sql<{ n: number; weeks: number }>(
        `SELECT count(*)::int AS n, count(DISTINCT date_trunc('week', timezone('UTC', starts_at)))::int AS weeks FROM bookings
          WHERE organization_id = $1::uuid AND starts_at >= coalesce($2::timestamptz, '-infinity') AND starts_at < coalesce($3::timestamptz, 'infinity')`,
        [org.id, range.startsFrom?.toISOString() ?? null, range.startsBefore?.toISOString() ?? null],
      );
      const { n: inRange, weeks } = counts!;
      expect(inRange).toBeGreaterThan(2 * PAGE);
      // The walks of the range's last four weeks, a page at most from each week, the
      // organization's first and last week, and the page's rows.
      const lean = { scans: 10 * PAGE };
      const filter = { organizationId: org.id, ...range };
      const first = await expectLean(bookingPageQuery(filter, { after: undefined, take: PAGE }, BOOKING_JSON_COLUMNS), lean);
      expect(first.length).toBe(PAGE);
      const deep = await deepKeyset((page) => bookingPageQuery(filter, page));
      await expectLean(bookingPageQuery(filter, deep, BOOKING_JSON_COLUMNS), lean);
      // Far less than a page a week (which reading every week whole would approach).
      if (range.startsFrom === undefined) expect(lean.scans * 4).toBeLessThan(Math.min(inRange, weeks * PAGE));
    }
  });

  it('GET /v1/bookings by a range of starts pages as the obvious statement does', async () => {
    // Followed a few pages down, for a recent range, one long past, a longer one, an empty one,
    // ranges open at one end, one too long to be written as a walk per week, one not on a
    // week's bounds with a status, an open one with a status, one open after every booking and
    // one that ends before it starts.
    const ranges: BookingFilter[] = [
      { organizationId: org.id, ...month },
      { organizationId: org.id, startsFrom: new Date('2026-03-02T00:00:00Z'), startsBefore: new Date('2026-03-09T00:00:00Z') },
      { organizationId: org.id, startsFrom: new Date(NOW.getTime() - 120 * 86_400_000), startsBefore: NOW },
      { organizationId: org.id, startsFrom: new Date('2020-01-01T00:00:00Z'), startsBefore: new Date('2020-02-01T00:00:00Z') },
      { organizationId: org.id, startsFrom: new Date(NOW.getTime() - 10 * 86_400_000) },
      { organizationId: org.id, startsBefore: new Date('2026-01-01T00:00:00Z') },
      { organizationId: org.id, startsFrom: new Date('2025-06-01T00:00:00Z'), startsBefore: new Date('2026-12-01T00:00:00Z') },
      {
        organizationId: org.id,
        status: 'confirmed',
        startsFrom: new Date('2026-09-03T17:30:00Z'),
        startsBefore: new Date('2026-09-29T06:15:00Z'),
      },
      { organizationId: org.id, status: 'cancelled', startsBefore: new Date('2026-06-01T00:00:00Z') },
      { organizationId: org.id, startsFrom: new Date('2030-01-01T00:00:00Z') },
      { organizationId: org.id, startsFrom: new Date('2026-05-01T00:00:00Z'), startsBefore: new Date('2026-04-01T00:00:00Z') },
    ];
    expect(Math.ceil((ranges[6]!.startsBefore!.getTime() - ranges[6]!.startsFrom!.getTime()) / (7 * 86_400_000))).toBeGreaterThan(
      RANGE_WEEKS_WALKED,
    );
    for (const range of ranges) {
      const name = `${range.startsFrom?.toISOString()} to ${range.startsBefore?.toISOString()}`;
      const expected = await db.store.sql<{ id: string }>(
        `SELECT id::text AS id FROM bookings
          WHERE organization_id = $1::uuid AND starts_at >= coalesce($2::timestamptz, '-infinity') AND starts_at < coalesce($3::timestamptz, 'infinity')
            AND ($4::text IS NULL OR status::text = $4::text)
          ORDER BY created_at DESC, id DESC LIMIT 1000`,
        [org.id, range.startsFrom?.toISOString() ?? null, range.startsBefore?.toISOString() ?? null, range.status ?? null],
      );
      const got: string[] = [];
      let after: Keyset['after'];
      for (let i = 0; i < 8; i++) {
        const q = bookingPageQuery(range, { after, take: PAGE });
        const page = await db.store.sql<{ id: string; createdAt: Date }>(q.text, q.values);
        got.push(...page.map((r) => r.id));
        if (page.length < PAGE) break;
        const last = page[page.length - 1]!;
        after = { id: last.id, createdAt: new Date(last.createdAt) };
      }
      expect(got, name).toEqual(expected.map((r) => r.id).slice(0, got.length));
      expect(got.length, name).toBe(Math.min(expected.length, 8 * PAGE));
    }
  });

  // The dashboard's humans search (a substring of name, email or role) is a filter by nature:
  // no b-tree bounds it. It reads the organization's humans, a table of people, not of history.
  it('humans, webhooks and the delivery log, first page and deep', async () => {
    // An organization's few hundred humans, or few webhooks, may be read whole and sorted: the
    // planner's choice, and cheap.
    await expectLean(idPageQuery('humans', { organizationId: org.id }, { after: undefined, take: PAGE }));
    await expectLean(idPageQuery('webhooks', { organizationId: org.id }, { after: undefined, take: PAGE }));
    const [hook] = await db.store.sql<{ id: string }>('SELECT id::text AS id FROM webhooks WHERE organization_id = $1::uuid', [org.id]);
    // The delivery log: the page of deliveries (their events' type and booking on them) and attempts, one statement,
    // as the API's JSON (and as records, for a retry's one delivery).
    const scope = { organizationId: org.id, webhookId: hook!.id };
    await expectLean(deliveryRecordsQuery(scope, { page: { after: undefined, take: PAGE } }));
    const first = await expectLean(deliveryRecordsQuery(scope, { page: { after: undefined, take: PAGE } }, 'json'));
    expect(first.length).toBe(PAGE);
    // The log's page of deliveries, which the statement then joins with their attempts.
    const logPage = (page: Keyset) => {
      const p = new Params();
      const where = [`organization_id = ${p.ref(org.id, 'uuid')}`, `webhook_id = ${p.ref(hook!.id, 'uuid')}`];
      return { text: keysetSelect(p, { columns: 'id', table: 'deliveries', where, page }), values: p.values };
    };
    await expectLean(logPage({ after: undefined, take: PAGE }), { inIndexOrder: true });
    const deep = await deepKeyset(logPage);
    await expectLean(logPage(deep), { inIndexOrder: true });
    expect((await expectLean(deliveryRecordsQuery(scope, { page: deep }, 'json'))).length).toBe(PAGE);
  });

  it('GET /v1/events: the first page starts in the 30-day window, and after a cursor', async () => {
    const since = new Date(NOW.getTime() - 30 * 86_400_000);
    const first = await expectLean(feedPageQuery({ organizationId: org.id, afterPlace: null, since, limit: PAGE }));
    expect(first.filter((row) => row.kind === 'event').length).toBe(PAGE);
    const [mid] = await db.store.sql<{ place: string }>(
      `SELECT feed_seq::text AS place FROM events WHERE organization_id = $1::uuid AND created_at >= $2::timestamptz ORDER BY feed_seq OFFSET ${DEEP} LIMIT 1`,
      [org.id, since.toISOString()],
    );
    await expectLean(feedPageQuery({ organizationId: org.id, afterPlace: mid!.place, since, limit: PAGE }));
  });

  it("the slots read (a human's week)", async () => {
    // Not knowing how many ids it is given, the generic plan reads a table of a few hundred
    // humans whole rather than look each up (at 10,000 humans it looks them up): as with the
    // humans list above, the planner's choice, and cheap. Their bookings are read by index.
    const [humans] = await db.store.sql<{ n: number }>('SELECT count(*)::int AS n FROM humans');
    await expectLean(snapshotsQuery(org.id, { humanIds: [org.humanIds[7]!], dateFrom: '2026-11-23', dateTo: '2026-11-29' }), {
      reads: humans!.n,
    });
  });
});
