// A large customer's data, generated straight in SQL for benchmarks and plan tests: organizations
// with real API keys, humans, months of bookings (some cancelled) with their time claims and day
// counts, the events they wrote in the feed, webhook deliveries and attempts, Idempotency-Keys
// and usage. Every constraint and trigger stays on: the rows are laid out so that they hold.
import { randomInt } from 'node:crypto';
import { API_KEY_PREFIX, hashApiKey, keyHint } from '../lib/api-keys.js';
import type { Sql } from '../db/sql.js';
import { eventsInsert, usageInsert } from './seed-events.js';
import { bookingsInsert, CELLS_PER_DAY, humansInsert, organizationInsert, SeedSql } from './seed-sql.js';

export interface SeedOptions {
  organizations: number;
  /** Humans in all, shared out evenly over the organizations. */
  humans: number;
  /** Bookings in all, cancelled ones included, shared out evenly over the humans. */
  bookings: number;
  /** How far back the bookings go; they also reach three weeks ahead. */
  months: number;
  /** Default 0.166. */
  cancelledShare?: number;
  /** Default 1; each is subscribed to both event types. */
  webhooksPerOrganization?: number;
  /** Same seed, same rows, ids and API keys (at the same `now`). Default: random. */
  randomSeed?: number;
  /** The instant the data leads up to. Default: the clock. */
  now?: Date;
}

export interface SeedResult {
  organizations: Array<{ id: string; apiKey: string; humanIds: string[] }>;
  /** Rows written per table. */
  counts: Record<string, number>;
}

const DAY_MS = 86_400_000;
const WEEKS_AHEAD = 3;
/** Bookings per INSERT: big enough to be set-based, small enough to keep each transaction short. */
const BOOKINGS_PER_STATEMENT = 40_000;
const KEYED_SHARE = 0.3;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** mulberry32: a small seeded generator, for keys that one seed reproduces. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A key in the format the API issues (generateApiKey), drawn from the seeded generator. */
function seededApiKey(random: () => number): string {
  let key = API_KEY_PREFIX;
  for (let i = 0; i < 40; i++) key += BASE62[Math.floor(random() * 62)];
  return key;
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The grid's first day (the Monday on or before `months` ago) and how many weekdays it spans. */
function grid(now: Date, months: number) {
  const start = new Date(now);
  start.setUTCMonth(start.getUTCMonth() - months);
  const startDay = Math.floor(start.getTime() / DAY_MS) * DAY_MS;
  const mondayMs = startDay - ((new Date(startDay).getUTCDay() + 6) % 7) * DAY_MS;
  const span = Math.ceil((now.getTime() + WEEKS_AHEAD * 7 * DAY_MS - mondayMs) / DAY_MS);
  return { mondayMs, days: Math.floor(span / 7) * 5 + Math.min(span % 7, 5) };
}

/** UTC month starts covering [from, to]. */
function monthSpans(from: number, to: number): Array<[Date, Date]> {
  const spans: Array<[Date, Date]> = [];
  const first = new Date(from);
  let at = Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1);
  while (at <= to) {
    const d = new Date(at);
    const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
    spans.push([d, new Date(next)]);
    at = next;
  }
  return spans;
}

function add(counts: Record<string, number>, row: Record<string, unknown> | undefined) {
  for (const [table, n] of Object.entries(row ?? {})) counts[table] = (counts[table] ?? 0) + Number(n);
}

function validate(o: SeedOptions, cells: number) {
  const whole = (n: number, min: number) => Number.isInteger(n) && n >= min;
  if (!whole(o.organizations, 1) || !whole(o.humans, o.organizations) || !whole(o.bookings, 0) || !whole(o.months, 1)) {
    throw new Error('seed: organizations ≥ 1, humans ≥ organizations, bookings ≥ 0 and months ≥ 1, all whole numbers');
  }
  if (Math.ceil(o.bookings / o.humans) > cells / 2) {
    throw new Error(`seed: at most ${Math.floor(cells / 2)} bookings per human fit ${o.months} months of working hours`);
  }
}

/**
 * Fills an empty (migrated) database like a large customer's. Set-based statements in batches,
 * each its own transaction; run ANALYZE afterwards (the CLI does).
 */
export async function seedDatabase(query: Sql, options: SeedOptions): Promise<SeedResult> {
  const now = options.now ?? new Date();
  const seed = options.randomSeed ?? randomInt(2 ** 31);
  const { mondayMs, days } = grid(now, options.months);
  validate(options, days * CELLS_PER_DAY);
  const s = new SeedSql(seed);
  const random = seededRandom(seed);
  const counts: Record<string, number> = {};
  const run = async (statement: { text: string; values: unknown[] }) => add(counts, (await query(statement.text, statement.values))[0]);
  const { organizations: orgCount, humans, bookings } = options;
  const perHuman = Math.floor(bookings / humans);
  const humansPerStatement = Math.max(1, Math.floor(BOOKINGS_PER_STATEMENT / Math.max(1, perHuman + 1)));
  const result: SeedResult['organizations'] = [];
  for (let index = 0; index < orgCount; index++) {
    const apiKey = seededApiKey(random);
    const [{ id } = { id: '' }] = await query<{ id: string }>(`SELECT ${SeedSql.uuid('o', '$2::text')}::text AS id`, [seed, index]);
    const createdAt = new Date(mondayMs - 60 * DAY_MS + index * 1000);
    await run(
      organizationInsert(s, {
        index,
        id,
        name: `Seeded organization ${index + 1}`,
        keyHash: hashApiKey(apiKey),
        keyHint: keyHint(apiKey),
        createdAt,
        webhooks: options.webhooksPerOrganization ?? 1,
      }),
    );
    const [g0, g1] = [Math.floor((index * humans) / orgCount), Math.floor(((index + 1) * humans) / orgCount)];
    await run(humansInsert(s, { organizationId: id, g0, g1, createdAt: new Date(mondayMs - 45 * DAY_MS) }));
    for (let from = g0; from < g1; from += humansPerStatement) {
      await run(
        bookingsInsert(s, {
          organizationId: id,
          g0: from,
          g1: Math.min(g1, from + humansPerStatement),
          perHuman,
          extra: bookings % humans,
          firstMonday: isoDate(mondayMs),
          days,
          now,
          cancelledShare: options.cancelledShare ?? 0.166,
          keyedShare: KEYED_SHARE,
        }),
      );
    }
    let placesBefore = 0;
    for (const [from, to] of monthSpans(mondayMs - 15 * DAY_MS, now.getTime())) {
      const before = counts.events ?? 0;
      await run(eventsInsert(s, { organizationId: id, from, to, placesBefore }));
      placesBefore += (counts.events ?? 0) - before;
    }
    await run(usageInsert(id));
    const humanIds = await query<{ id: string }>(
      `SELECT id::text AS id FROM humans WHERE organization_id = $1::uuid ORDER BY created_at, id`,
      [id],
    );
    result.push({ id, apiKey, humanIds: humanIds.map((h) => h.id) });
  }
  return { organizations: result, counts };
}
