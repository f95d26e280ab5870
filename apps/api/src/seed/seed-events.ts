// The seed's events (booking.confirmed when a booking was made, booking.cancelled when it was
// cancelled), placed in their organization's feed in the order they happened, with one delivery
// per subscribed webhook and its attempts; and the months' usage.
import { Params } from '../db/params.js';
import { bookingJson, SeedSql, ts } from './seed-sql.js';

const rndOf = (text: string, salt: number) => `((hashtextextended((${text}) || ':${salt}', $1::bigint) & 2147483647)::float8 / 2147483648)`;

/** The longest a seeded booking waits between being made and being cancelled (see bookingsInsert). */
const LONGEST_CANCEL_WAIT = '60 days';

export interface EventSpan {
  organizationId: string;
  /** Events that happened in [from, to). */
  from: Date;
  to: Date;
  /** The organization's feed places given so far: this span's events take the next ones. */
  placesBefore: number;
}

/**
 * The span's events with the body the API writes (eventOf: the same bytes), their feed places,
 * deliveries (delivered; about one in thirty after a failed first attempt) and attempts.
 */
export function eventsInsert(s: SeedSql, e: EventSpan) {
  const p = s.params();
  const org = p.ref(e.organizationId, 'uuid');
  const from = p.ref(e.from.toISOString(), 'timestamptz');
  const to = p.ref(e.to.toISOString(), 'timestamptz');
  const body = (type: string, status: 'confirmed' | 'cancelled') =>
    `'{"event":"${type}","created_at":"' || ${ts('placed.at')} || '","data":' || ${bookingJson('placed', status)} || '}'`;
  const text = `WITH src AS (
      SELECT b.id, b.human_id, b.starts_at, b.ends_at, b.duration_minutes, b.attendee_name, b.attendee_email, b.created_at,
             b.cancelled_at, b.created_at AS at, 0 AS kind
        FROM bookings b WHERE b.organization_id = ${org} AND b.created_at >= ${from} AND b.created_at < ${to}
      UNION ALL
      SELECT b.id, b.human_id, b.starts_at, b.ends_at, b.duration_minutes, b.attendee_name, b.attendee_email, b.created_at,
             b.cancelled_at, b.cancelled_at, 1
        FROM bookings b
       WHERE b.organization_id = ${org} AND b.created_at >= ${from}::timestamptz - interval '${LONGEST_CANCEL_WAIT}' AND b.created_at < ${to}
         AND b.status = 'cancelled' AND b.cancelled_at >= ${from} AND b.cancelled_at < ${to}
    ), placed AS (
      SELECT src.*, ${p.ref(e.placesBefore, 'bigint')} + row_number() OVER (ORDER BY at, id, kind) AS place FROM src
    ), ev AS (
      INSERT INTO events (id, organization_id, type, booking_id, body, created_at, feed_seq, placed_at)
      SELECT ${SeedSql.uuid('e', "placed.id::text || ':' || placed.kind", 'placed.at')}, ${org},
             CASE kind WHEN 0 THEN 'booking.confirmed' ELSE 'booking.cancelled' END, placed.id,
             CASE kind WHEN 0 THEN ${body('booking.confirmed', 'confirmed')} ELSE ${body('booking.cancelled', 'cancelled')} END,
             at, place, at
        FROM placed
      RETURNING id, type, booking_id, created_at
    ), dl AS (
      INSERT INTO deliveries (id, organization_id, event_id, webhook_id, event_type, booking_id, status, attempt_count, next_attempt_at,
                              created_at, updated_at)
      SELECT ${SeedSql.uuid('d', 'ev.id::text || w.id::text', 'ev.created_at')}, ${org}, ev.id, w.id, ev.type, ev.booking_id, 'delivered', t.tries, NULL, ev.created_at,
             ev.created_at + (t.tries - 1) * interval '1 minute' + interval '300 milliseconds'
        FROM ev JOIN webhooks w ON w.organization_id = ${org} AND ev.type = ANY (w.events),
             LATERAL (SELECT CASE WHEN ${rndOf('ev.id::text || w.id::text', 1)} < 0.03 THEN 2 ELSE 1 END AS tries) t
      RETURNING id, created_at, attempt_count
    ), tries AS (
      INSERT INTO delivery_attempts (id, organization_id, delivery_id, attempt, attempted_at, status_code, error, duration_ms)
      SELECT ${SeedSql.uuid('a', "dl.id::text || ':' || k", "dl.created_at + (k - 1) * interval '1 minute' + interval '100 milliseconds'")}, ${org}, dl.id, k,
             dl.created_at + (k - 1) * interval '1 minute' + interval '100 milliseconds',
             CASE WHEN k < dl.attempt_count THEN 503 ELSE 200 END,
             CASE WHEN k < dl.attempt_count THEN 'HTTP 503' END,
             40 + floor(${rndOf("dl.id::text || ':' || k", 2)} * 400)::int
        FROM dl, generate_series(1, dl.attempt_count) k
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM ev)::int AS events, (SELECT count(*) FROM dl)::int AS deliveries,
           (SELECT count(*) FROM tries)::int AS delivery_attempts`;
  return { text, values: p.values };
}

/** Each UTC month's bookings of the organization, counted in usage_periods. */
export function usageInsert(organizationId: string) {
  const p = new Params();
  const text = `WITH ins AS (
      INSERT INTO usage_periods (organization_id, period_start, used)
      SELECT organization_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, count(*)
        FROM bookings WHERE organization_id = ${p.ref(organizationId, 'uuid')}
       GROUP BY 1, 2
      RETURNING 1)
    SELECT count(*)::int AS usage_periods FROM ins`;
  return { text, values: p.values };
}
