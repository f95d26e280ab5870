// The seed's statements: set-based INSERT … SELECT FROM generate_series, every value derived
// from the seed by hashing a row's numbers (hashint8extended, the stable hash that hash
// partitioning relies on), so one seed gives the same rows and ids on either store.
import { Params } from '../db/params.js';
import { PAST_CLAIM_MS, PAST_LOCAL_DATE_MS } from '../jobs/retention/sweeps.js';

/** Zones the seeded humans work in; DST-observing ones included, so local days shift in UTC. */
const ZONES = ['Europe/Berlin', 'America/New_York', 'Europe/London', 'Asia/Tokyo', 'America/Los_Angeles', 'Australia/Sydney', 'UTC'];
const FIRST = [
  'Ada',
  'Grace',
  'Alan',
  'Edsger',
  'Barbara',
  'Donald',
  'Frances',
  'Ken',
  'Margaret',
  'Dennis',
  'Radia',
  'Linus',
  'Sophie',
  'Tim',
];
const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Dijkstra',
  'Liskov',
  'Knuth',
  'Allen',
  'Thompson',
  'Hamilton',
  'Ritchie',
  'Perlman',
  'Wilson',
];

/** Hours a working day has on each human's grid (09:00-17:00 local): one booking per cell at most. */
export const CELLS_PER_DAY = 8;

const sqlArray = (values: string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(', ')}]`;

/** The statement builder of one seeding run: its seed is the first parameter of every statement. */
export class SeedSql {
  constructor(private readonly seed: number) {}

  /** A fresh Params whose $1 is the seed. */
  params(): Params {
    const p = new Params();
    p.ref(this.seed, 'bigint');
    return p;
  }

  /** A uniform [0, 1) from a row's number (a bigint expression) and a salt telling draws apart. */
  static rnd(key: string, salt: number): string {
    return `((hashint8extended((${key})::bigint * 16 + ${salt}, $1::bigint) & 2147483647)::float8 / 2147483648)`;
  }

  /**
   * A UUID from the seed and a text expression naming the row: version 4's shape, or, given
   * `at` (a timestamptz expression, the row's creation), version 7's as the API makes ids
   * (lib/ids.ts): the time in milliseconds first, so the seeded indexes are shaped as a year
   * of the service's own writes would shape them.
   */
  static uuid(kind: string, key: string, at?: string): string {
    const hex = `md5($1::bigint::text || ':${kind}:' || (${key}))`;
    if (at === undefined) return `overlay(overlay(${hex} placing '4' from 13) placing '8' from 17)::uuid`;
    const ms = `lpad(to_hex(floor(extract(epoch FROM ${at}) * 1000)::bigint), 12, '0')`;
    return `overlay(overlay(${ms} || substr(${hex}, 13) placing '7' from 13) placing '8' from 17)::uuid`;
  }

  static zoneOf(g: string): string {
    return `(${sqlArray(ZONES)})[1 + (${g}) % ${ZONES.length}]`;
  }
}

/** A timestamptz expression as the API's timestamps are written (UTC, seconds, Z). */
export const ts = (expr: string) => `to_char((${expr}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const jsonString = (expr: string) => `to_json((${expr})::text)::text`;
const jsonOrNull = (expr: string) => `coalesce(to_json((${expr})::text)::text, 'null')`;

/**
 * The booking as the API's answers and event bodies serialize it (bookingView, then
 * JSON.stringify: same keys, same order, same bytes), from a row with the booking's columns.
 */
export function bookingJson(r: string, status: 'confirmed' | 'cancelled'): string {
  const cancelledAt = status === 'cancelled' ? `'"' || ${ts(`${r}.cancelled_at`)} || '"'` : `'null'`;
  return `'{"id":"' || ${r}.id || '","human_id":"' || ${r}.human_id || '","starts_at":"' || ${ts(`${r}.starts_at`)}
    || '","ends_at":"' || ${ts(`${r}.ends_at`)} || '","duration_minutes":' || ${r}.duration_minutes
    || ',"attendee_name":' || ${jsonString(`${r}.attendee_name`)} || ',"attendee_email":' || ${jsonOrNull(`${r}.attendee_email`)}
    || ',"status":"${status}","metadata":{},"created_at":"' || ${ts(`${r}.created_at`)} || '","cancelled_at":' || ${cancelledAt}
    || ',"rescheduled_from":null,"rescheduled_to":null,"group_id":null}'`;
}

export interface OrgRows {
  index: number;
  id: string;
  name: string;
  keyHash: string;
  keyHint: string;
  createdAt: Date;
  webhooks: number;
}

/** The organization, its API key and its webhooks (subscribed to both event types). */
export function organizationInsert(s: SeedSql, o: OrgRows) {
  const p = s.params();
  const id = p.ref(o.id, 'uuid');
  const at = p.ref(o.createdAt.toISOString(), 'timestamptz');
  const text = `WITH org AS (
      INSERT INTO organizations (id, name, plan, created_at, updated_at) VALUES (${id}, ${p.ref(o.name, 'text')}, 'growth', ${at}, ${at}) RETURNING id
    ), key AS (
      INSERT INTO api_keys (id, organization_id, key_hash, key_hint, created_at)
      SELECT ${SeedSql.uuid('k', `${id}::text`)}, org.id, ${p.ref(o.keyHash, 'text')}, ${p.ref(o.keyHint, 'text')}, ${at} FROM org RETURNING 1
    ), hooks AS (
      INSERT INTO webhooks (id, organization_id, url, events, signing_secret, created_at)
      SELECT ${SeedSql.uuid('w', `${id}::text || ':' || k`)}, org.id, 'https://hooks.example.com/humantime/${o.index}/' || k,
             ARRAY['booking.confirmed', 'booking.cancelled'], 'whsec_' || encode(sha256(convert_to(md5($1::bigint::text || ${id}::text || k), 'UTF8')), 'base64'),
             ${at} + k * interval '1 second'
        FROM org, generate_series(1, ${p.ref(o.webhooks, 'int')}) k RETURNING 1
    )
    SELECT (SELECT count(*) FROM org)::int AS organizations, (SELECT count(*) FROM key)::int AS api_keys,
           (SELECT count(*) FROM hooks)::int AS webhooks`;
  return { text, values: p.values };
}

/** Humans g0 … g1 − 1 (global numbers) of the organization, Monday to Friday 09:00-17:00 in their zone. */
export function humansInsert(s: SeedSql, h: { organizationId: string; g0: number; g1: number; createdAt: Date }) {
  const p = s.params();
  const first = `(${sqlArray(FIRST)})[1 + g % ${FIRST.length}]`;
  const last = `(${sqlArray(LAST)})[1 + (g / ${FIRST.length}) % ${LAST.length}]`;
  const text = `WITH ins AS (
      INSERT INTO humans (id, organization_id, name, email, role, timezone, working_days, work_start, work_end,
                          meeting_durations, created_at, updated_at)
      SELECT ${SeedSql.uuid('h', 'g::text')}, ${p.ref(h.organizationId, 'uuid')}, ${first} || ' ' || ${last} || ' ' || g,
             lower(${first} || '.' || ${last} || '.' || g) || '@staff.example.com', 'Consultant', ${SeedSql.zoneOf('g')},
             '{1,2,3,4,5}', '09:00', '17:00', '{30,60}',
             ${p.ref(h.createdAt.toISOString(), 'timestamptz')} + g * interval '1 second',
             ${p.ref(h.createdAt.toISOString(), 'timestamptz')} + g * interval '1 second'
        FROM generate_series(${p.ref(h.g0, 'bigint')}, ${p.ref(h.g1, 'bigint')} - 1) g
      RETURNING 1)
    SELECT count(*)::int AS humans FROM ins`;
  return { text, values: p.values };
}

export interface BookingBatch {
  organizationId: string;
  /** Humans g0 … g1 − 1 (global numbers); the first `extra` humans of all get one booking more than `perHuman`. */
  g0: number;
  g1: number;
  perHuman: number;
  extra: number;
  /** The grid: `days` working days from `firstMonday` (local dates), CELLS_PER_DAY cells each. */
  firstMonday: string;
  days: number;
  now: Date;
  cancelledShare: number;
  /** The share of bookings made with an Idempotency-Key (kept 24 h: most have expired). */
  keyedShare: number;
}

/**
 * The bookings of a batch of humans, with the claims of the confirmed ones and their day
 * counts as the retention sweeps leave them (a claim until a day after it ends, a day count
 * until two days after its date: jobs/retention/sweeps.ts), and the Idempotency-Keys some
 * were made with. Booking i of a human of n takes one cell of the
 * human's grid in the i-th n-th of it (so no two of a human's bookings overlap, and they spread
 * evenly over the months); made 1 h to 14 days ahead, never after `now`; some cancelled later.
 */
export function bookingsInsert(s: SeedSql, b: BookingBatch) {
  const p = s.params();
  const org = p.ref(b.organizationId, 'uuid');
  const now = p.ref(b.now.toISOString(), 'timestamptz');
  const cells = p.ref(b.days * CELLS_PER_DAY, 'bigint');
  const r = (salt: number) => SeedSql.rnd('n', salt);
  const first = `(${sqlArray(FIRST)})[1 + floor(${r(5)} * ${FIRST.length})::int]`;
  const last = `(${sqlArray(LAST)})[1 + floor(${r(6)} * ${LAST.length})::int]`;
  const text = `WITH hs AS (
      SELECT g, ${SeedSql.uuid('h', 'g::text')} AS human_id, ${SeedSql.zoneOf('g')} AS zone,
             ${p.ref(b.perHuman, 'bigint')} + (g < ${p.ref(b.extra, 'bigint')})::int AS cnt
        FROM generate_series(${p.ref(b.g0, 'bigint')}, ${p.ref(b.g1, 'bigint')} - 1) g
    ), cell AS (
      SELECT hs.*, g * 1000000 + i AS n_key, i,
             floor(i * ${cells}::float8 / cnt)::bigint + floor(${SeedSql.rnd('g * 1000000 + i', 1)} * floor(${cells}::float8 / cnt))::bigint AS pos
        FROM hs, generate_series(0, hs.cnt - 1) i
    ), day AS (
      SELECT cell.*, ${p.ref(b.firstMonday, 'date')} + ((pos / ${CELLS_PER_DAY}) / 5 * 7 + (pos / ${CELLS_PER_DAY}) % 5)::int AS local_date
        FROM cell
    ), timed AS (
      SELECT day.*, (local_date + time '09:00' + (pos % ${CELLS_PER_DAY}) * interval '1 hour')::timestamp AT TIME ZONE zone AS starts_at,
             CASE WHEN ${SeedSql.rnd('n_key', 2)} < 0.6 THEN 30 ELSE 60 END AS duration_minutes
        FROM day
    ), made AS (
      SELECT timed.*, n_key AS n, date_trunc('milliseconds', least(starts_at - interval '1 hour' - ${SeedSql.rnd('n_key', 3)} * interval '14 days',
                                            ${now} - ${SeedSql.rnd('n_key', 4)} * interval '2 days')) AS created_at
        FROM timed
    ), rows AS (
      SELECT ${SeedSql.uuid('b', 'made.n::text', 'made.created_at')} AS id, human_id, starts_at, starts_at + duration_minutes * interval '1 minute' AS ends_at,
             duration_minutes, ${first} || ' ' || ${last} AS attendee_name,
             CASE WHEN ${r(7)} < 0.9 THEN lower(${first} || '.' || ${last}) || '@client.example.org' END AS attendee_email,
             created_at, local_date, n,
             CASE WHEN ${r(8)} < ${p.ref(b.cancelledShare, 'float8')}
                  THEN date_trunc('milliseconds', created_at + ${r(9)} * (least(starts_at, ${now}) - created_at)) END AS cancelled_at
        FROM made
    ), ins AS (
      INSERT INTO bookings (id, organization_id, human_id, starts_at, ends_at, duration_minutes, attendee_name, attendee_email,
                            status, metadata, created_at, cancelled_at, local_date, ical_uid, ical_sequence)
      SELECT id, ${org}, human_id, starts_at, ends_at, duration_minutes, attendee_name, attendee_email,
             CASE WHEN cancelled_at IS NULL THEN 'confirmed' ELSE 'cancelled' END::"BookingStatus", '{}', created_at, cancelled_at,
             local_date, id::text || '@humantime', (cancelled_at IS NOT NULL)::int
        FROM rows
      RETURNING 1
    ), claims AS (
      INSERT INTO time_claims (id, organization_id, human_id, booking_id, starts_at, ends_at)
      SELECT ${SeedSql.uuid('c', 'rows.n::text', 'rows.created_at')}, ${org}, human_id, id, starts_at, ends_at FROM rows
       WHERE cancelled_at IS NULL AND ends_at >= ${p.ref(new Date(b.now.getTime() - PAST_CLAIM_MS).toISOString(), 'timestamptz')}
      RETURNING 1
    ), days AS (
      INSERT INTO booking_day_counts (organization_id, human_id, local_date, confirmed)
      SELECT ${org}, human_id, local_date, count(*) FROM rows
       WHERE cancelled_at IS NULL AND local_date >= ${p.ref(new Date(b.now.getTime() - PAST_LOCAL_DATE_MS).toISOString().slice(0, 10), 'date')}
       GROUP BY human_id, local_date
      RETURNING 1
    ), keys AS (
      INSERT INTO idempotency_keys (id, organization_id, key, request_hash, response_status, response_body, created_at, expires_at)
      SELECT ${SeedSql.uuid('i', 'rows.n::text', 'rows.created_at')}, ${org}, 'order-' || rows.n, encode(sha256(convert_to(md5($1::bigint::text || rows.n), 'UTF8')), 'hex'),
             201, (${bookingJson('rows', 'confirmed')})::json, created_at, created_at + interval '24 hours'
        FROM rows WHERE ${SeedSql.rnd('rows.n', 10)} < ${p.ref(b.keyedShare, 'float8')}
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM ins)::int AS bookings, (SELECT count(*) FROM claims)::int AS time_claims,
           (SELECT count(*) FROM days)::int AS booking_day_counts, (SELECT count(*) FROM keys)::int AS idempotency_keys`;
  return { text, values: p.values };
}
