// The lists' pages, newest first: keyset paging over (created_at DESC, id DESC) written as a
// row comparison, `(created_at, id) < (cursor)`, which PostgreSQL turns into a bound of an
// index on (…, created_at DESC, id DESC); the same condition as `created_at < X OR
// (created_at = X AND id < Y)` is only a filter, so every page would cost as much as all the
// pages before it. Prisma cannot write a row comparison, hence these statements; the
// migration 20261128100000_list_indexes has the index each one walks.
import type { CursorKey, CursorKeyText } from '../../lib/cursor.js';
import { Params } from '../params.js';
import type { Sql } from '../sql.js';
import { BOOKING_COLUMNS, type BookingRow } from './bookings.js';
import { HUMAN_VIEW_COLUMNS, type HumanViewRow } from './humans.js';

export interface Keyset {
  /** The decoded cursor: rows strictly after it, in newest-first order. */
  after: CursorKey | undefined;
  /** Rows to read: the page and one more, which only tells whether another page exists. */
  take: number;
}

/**
 * `SELECT columns FROM table WHERE conditions [AND the cursor's bound] ORDER BY created_at
 * DESC, id DESC LIMIT take`. `where` are conditions written with `p`'s placeholders.
 */
export function keysetSelect(p: Params, q: { columns: string; table: string; where: string[]; page: Keyset; sorted?: boolean }): string {
  const where = [...q.where];
  if (q.page.after) {
    where.push(`(created_at, id) < (${p.ref(q.page.after.createdAt.toISOString(), 'timestamptz')}, ${p.ref(q.page.after.id, 'uuid')})`);
  }
  // The order names the table's columns: a bare `id` would be the selected `id::text AS id`,
  // which no index provides, and every page would be sorted again (by text, not uuid).
  // `sorted`: the same order, written so that no index provides it, for a filter whose own
  // index bounds the rows better (see bookingPageQuery).
  const [createdAt, id] = [`${q.table}.created_at`, `${q.table}.id`];
  const order = q.sorted ? `${createdAt} + interval '0 seconds' DESC, ${id} DESC` : `${createdAt} DESC, ${id} DESC`;
  return `SELECT ${q.columns} FROM ${q.table} WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ${p.ref(q.page.take, 'int')}`;
}

export interface BookingFilter {
  organizationId: string;
  humanId?: string | undefined;
  status?: 'confirmed' | 'cancelled' | undefined;
  /** starts_at ≥ startsFrom and < startsBefore. */
  startsFrom?: Date | undefined;
  startsBefore?: Date | undefined;
}

/** The cursor's key of a row of `table` (its alias, or none), as CursorKeyText. */
export const keysetKeyColumns = (table = '') => {
  const t = table ? `${table}.` : '';
  return `floor(extract(epoch FROM ${t}created_at) * 1000)::bigint::text AS ms, ${t}id::text AS "id"`;
};

/**
 * A booking as its answer's JSON, as the row keeps it (`answer_json`, written by a trigger on
 * every write: migration 20261206000000_booking_answer_json), and the cursor's key.
 */
export const BOOKING_JSON_COLUMNS = `answer_json AS json, ${keysetKeyColumns()}`;

export interface BookingJsonRow extends CursorKeyText {
  json: string;
}

/**
 * GET /v1/bookings' statement (exported for the query-plan test, which runs the same text);
 * `columns` are BOOKING_COLUMNS (rows for bookingView) or BOOKING_JSON_COLUMNS (the answer's
 * JSON), the same plan.
 */
export function bookingPageQuery(
  filter: BookingFilter,
  page: Keyset,
  columns: string = BOOKING_COLUMNS,
): { text: string; values: unknown[] } {
  const p = new Params();
  const org = p.ref(filter.organizationId, 'uuid');
  const where = [`organization_id = ${org}`];
  if (filter.humanId) where.push(`human_id = ${p.ref(filter.humanId, 'uuid')}`);
  if (filter.status) where.push(`status = ${p.ref(filter.status, 'text')}::"BookingStatus"`);
  // A range of starts cannot be read by walking created_at: that would pass every booking
  // made since the range, which the planner cannot tell from the statistics (bookings are
  // made shortly before they start). A human's range is read through (human_id, starts_at)
  // and sorted, as it is small; an organization's week by week (rangeRead).
  if (filter.startsFrom === undefined && filter.startsBefore === undefined) {
    return { text: keysetSelect(p, { columns, table: 'bookings', where, page }), values: p.values };
  }
  let ids: string;
  if (filter.humanId) {
    if (filter.startsFrom) where.push(`starts_at >= ${p.ref(filter.startsFrom.toISOString(), 'timestamptz')}`);
    if (filter.startsBefore) where.push(`starts_at < ${p.ref(filter.startsBefore.toISOString(), 'timestamptz')}`);
    ids = keysetSelect(p, { columns: 'id', table: 'bookings', where, page, sorted: true });
  } else {
    const range = rangeRead(p, { org, where }, filter, page);
    if ('walks' in range) {
      // The walks read the page's rows themselves (about a page of them): choosing the ids
      // from the index alone and reading them again by key cost 1.4 times as much.
      const text = `SELECT ${columns} FROM (${range.walks}) AS bookings ORDER BY bookings.created_at DESC, bookings.id DESC LIMIT ${range.take}`;
      return { text, values: p.values };
    }
    ids = range.ids;
  }
  // The page's ids are chosen from an index alone, and only the page's rows are read.
  const text = `SELECT ${columns} FROM bookings
                 WHERE organization_id = ${p.ref(filter.organizationId, 'uuid')} AND id IN (${ids})
                 ORDER BY bookings.created_at DESC, bookings.id DESC`;
  return { text, values: p.values };
}

/**
 * The week (UTC, from Monday) a booking starts in, as the index
 * bookings_organization_id_start_week_idx has it (migration 20261209000000_booking_range_by_week).
 */
const START_WEEK = `date_trunc('week', timezone('UTC', starts_at))`;
/** The most weeks a range is written as one walk each; a longer one, or an open one, is read by rangeWeeks. */
export const RANGE_WEEKS_WALKED = 60;
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/** The Monday (UTC) of the week `at` falls in, at midnight. */
function weekOf(at: Date): number {
  return Math.floor(at.getTime() / DAY_MS) * DAY_MS - ((at.getUTCDay() + 6) % 7) * DAY_MS;
}

/** An instant as a UTC `timestamp` (without time zone) parameter. */
const utc = (p: Params, at: number) => p.ref(new Date(at).toISOString().slice(0, 23), 'timestamp');

/**
 * How a page of an organization's bookings (`org`, its placeholder) that start in a range is
 * read (`where` holds the other conditions): as `walks`, the page's rows whole, to be merged
 * and cut to `take`; or, for an open or very long range, as the page's `ids`. Ordered by
 * created_at but chosen by starts_at, such a page cannot be one walk of one index; but within
 * one week of starts, an index on (organization_id, start week, created_at DESC, id DESC)
 * gives the bookings newest first. A bounded range is read as one such walk per week, each
 * stopped at a page, merged by PostgreSQL's Merge Append: about a page of rows however long
 * the range (its newest bookings mostly start in its last weeks, as bookings are made shortly
 * before they start), where reading and sorting the range read all of it (3,200 entries for a
 * month of a large organization's bookings). An open or very long range is walked week by
 * week too, by one statement whatever its length (rangeWeeks).
 *
 * The bounds are written on `timezone('UTC', starts_at)`, which only this index's walk can
 * test (from the starts_at it carries): on starts_at itself the planner, which takes the week
 * and the range as independent and so expects a handful of rows, could combine this index with
 * the one on (human_id, starts_at) and read every human's range. And only the weeks the range
 * cuts test them: a whole week is the index's own condition, estimated right.
 */
function rangeRead(
  p: Params,
  { org, where }: { org: string; where: string[] },
  filter: BookingFilter,
  page: Keyset,
): { walks: string; take: string } | { ids: string } {
  const from = filter.startsFrom?.getTime();
  const before = filter.startsBefore?.getTime();
  const weeks: number[] = [];
  if (from !== undefined && before !== undefined) {
    for (let week = weekOf(new Date(from)); week < before && weeks.length <= RANGE_WEEKS_WALKED; week += WEEK_MS) weeks.push(week);
  }
  // Each bound's placeholder is made where it is first written: one never written would have no type.
  let fromRef: string | undefined;
  let beforeRef: string | undefined;
  const inRange = (cut: { from: boolean; before: boolean }) => [
    ...(cut.from && from !== undefined ? [`timezone('UTC', starts_at) >= ${(fromRef ??= utc(p, from))}`] : []),
    ...(cut.before && before !== undefined ? [`timezone('UTC', starts_at) < ${(beforeRef ??= utc(p, before))}`] : []),
  ];
  if (weeks.length === 0 || weeks.length > RANGE_WEEKS_WALKED) {
    const walk = (floor: string[]) =>
      keysetSelect(p, {
        columns: 'created_at, id',
        table: 'bookings',
        where: [...where, `${START_WEEK} = weeks.week`, ...inRange({ from: true, before: true }), ...floor],
        page,
      });
    const first = from === undefined ? 'span.first' : `greatest(span.first, ${utc(p, weekOf(new Date(from)))})`;
    const last = before === undefined ? 'span.last' : `least(span.last, ${utc(p, weekOf(new Date(before - 1)))})`;
    const take = p.ref(page.take, 'int');
    const floored = walk([`created_at >= coalesce((SELECT created_at FROM recent), '-infinity'::timestamptz)`]);
    return { ids: rangeWeeks({ org, first, last, walks: { recent: walk([]), floored }, take }) };
  }
  if (page.after) {
    where.push(`(created_at, id) < (${p.ref(page.after.createdAt.toISOString(), 'timestamptz')}, ${p.ref(page.after.id, 'uuid')})`);
  }
  const take = p.ref(page.take, 'int');
  const walks = weeks.map((week) => {
    const conditions = [...where, `${START_WEEK} = ${utc(p, week)}`, ...inRange({ from: week < from!, before: week + WEEK_MS > before! })];
    return `(SELECT * FROM bookings WHERE ${conditions.join(' AND ')}
             ORDER BY bookings.created_at DESC, bookings.id DESC LIMIT ${take})`;
  });
  return { walks: walks.join(' UNION ALL '), take };
}

/**
 * The page's ids of an open or very long range, in order: one week's walk (newest first,
 * stopped at a page; its week is `weeks.week`) for every week from `first` to `last`, these
 * being SQL on the organization's first and last week of starts (`span.first`, `span.last`).
 * The organization's own weeks bound the walks, so a range open at either end, or reaching
 * years past any booking, walks only the weeks that have bookings in it; and the statement's
 * text does not depend on the range's length.
 *
 * Bookings are made shortly before they start, so the page's bookings mostly start in the
 * range's last weeks. The walks of the last four weeks (`walks.recent`) come first: the page's
 * last booking is at least as new as the page-th newest of theirs, so every week's walk
 * (`walks.floored`) reads only bookings made since then, an index bound (created_at follows the
 * week in the index). A week whose bookings are all older costs one descent of the index. A
 * range whose last four weeks hold less than a page has no floor and reads up to a page from
 * every week. The walks are index-only: the week index carries every column they test.
 *
 * The weeks are unnested from an array rather than read from generate_series directly: the
 * planner cannot count a series between two subqueries' values and takes it for 1,000 weeks,
 * and a thousand walks priced that high made PostgreSQL compile the statement with JIT (15 ms
 * a page) each time it ran.
 */
function rangeWeeks(q: { org: string; first: string; last: string; walks: { recent: string; floored: string }; take: string }): string {
  const weeks = (from: string) =>
    `unnest(ARRAY(SELECT generate_series(${from}, bounds.last, interval '1 week') FROM bounds)) AS weeks(week)`;
  return `WITH bounds AS (SELECT ${q.first} AS first, ${q.last} AS last
                            FROM (SELECT min(${START_WEEK}) AS first, max(${START_WEEK}) AS last FROM bookings
                                   WHERE organization_id = ${q.org} HAVING min(${START_WEEK}) IS NOT NULL) AS span),
               recent AS (SELECT walk.created_at
                            FROM ${weeks(`greatest(bounds.first, bounds.last - interval '3 weeks')`)}
                            CROSS JOIN LATERAL (${q.walks.recent}) AS walk
                           ORDER BY walk.created_at DESC, walk.id DESC OFFSET ${q.take} - 1 LIMIT 1)
          SELECT walk.id
            FROM ${weeks('bounds.first')}
            CROSS JOIN LATERAL (${q.walks.floored}) AS walk
           ORDER BY walk.created_at DESC, walk.id DESC LIMIT ${q.take}`;
}

export async function selectBookingPage(sql: Sql, filter: BookingFilter, page: Keyset): Promise<BookingRow[]> {
  const { text, values } = bookingPageQuery(filter, page);
  return sql<BookingRow>(text, values);
}

/** The page of selectBookingPage as each booking's JSON (see BOOKING_JSON_COLUMNS). */
export async function selectBookingPageJson(sql: Sql, filter: BookingFilter, page: Keyset): Promise<BookingJsonRow[]> {
  const { text, values } = bookingPageQuery(filter, page, BOOKING_JSON_COLUMNS);
  return sql<BookingJsonRow>(text, values);
}

/**
 * A colder list: the keyset statement gives the page's ids, whose rows Prisma then reads, or,
 * for humans, the page's rows themselves (selectHumanPage).
 */
export type IdList = 'humans' | 'webhooks' | 'overrides' | 'pack_charges';

/**
 * The page's ids (or `columns`) of one of the colder lists, in order: the organization's rows,
 * within one human when `humanId` names one (its overrides); humans also skip the deleted ones
 * and may be searched.
 */
export function idPageQuery(
  list: IdList,
  scope: { organizationId: string; humanId?: string; search?: string | undefined },
  page: Keyset,
  columns = 'id::text AS id',
): { text: string; values: unknown[] } {
  const p = new Params();
  const where = [`organization_id = ${p.ref(scope.organizationId, 'uuid')}`];
  if (scope.humanId) where.push(`human_id = ${p.ref(scope.humanId, 'uuid')}`);
  if (list === 'humans') {
    where.push('deleted_at IS NULL');
    if (scope.search) {
      // Substring, case-insensitive, with no LIKE pattern characters to escape.
      const s = p.ref(scope.search.toLowerCase(), 'text');
      where.push(`(strpos(lower(name), ${s}) > 0 OR strpos(lower(email), ${s}) > 0 OR strpos(lower(role), ${s}) > 0)`);
    }
  }
  return { text: keysetSelect(p, { columns, table: list, where, page }), values: p.values };
}

export async function selectIdPage(sql: Sql, ...args: Parameters<typeof idPageQuery>): Promise<string[]> {
  const { text, values } = idPageQuery(...args);
  return (await sql<{ id: string }>(text, values)).map((r) => r.id);
}

/**
 * A page of the organization's humans as their answers read them, in one statement: through
 * Prisma (the page's ids, then findMany by id) a page of 100 humans cost the API about 9 ms of
 * CPU, most of it the client's work on the rows and the garbage it left.
 */
export async function selectHumanPage(
  sql: Sql,
  scope: { organizationId: string; search?: string | undefined },
  page: Keyset,
): Promise<HumanViewRow[]> {
  const { text, values } = idPageQuery('humans', scope, page, HUMAN_VIEW_COLUMNS);
  return sql<HumanViewRow>(text, values);
}
