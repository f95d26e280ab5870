import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { BOOKING_COLUMNS, type BookingRow } from '../src/db/tables/bookings.js';
import { selectDeliveriesJson, selectDeliveryRecords } from '../src/db/tables/deliveries.js';
import { bookingView } from '../src/services/bookings/booking-view.js';
import { deliveryView } from '../src/services/webhooks/list-deliveries.js';
import { databaseBefore, insertWebhookAndEvent } from './migration-fixture.js';

// The migrations that keep answers' JSON with their rows, over rows stored before them: each
// booking gets the JSON that GET /v1/bookings/{id} sends for it, byte for byte, including one
// whose metadata kept jsonb's spaced text; each delivery of the log, with its attempts, what
// deliveryView gives; and a write after them keeps the JSON current. On both stores.

const ANSWER_JSON = '20261206000000_booking_answer_json';

const database = databaseBefore(ANSWER_JSON);
const sql = database.sql;

async function expectAnswers(ids: string[]) {
  for (const id of ids) {
    const [row] = await sql<BookingRow & { answer: string }>(
      `SELECT ${BOOKING_COLUMNS}, answer_json AS answer FROM bookings WHERE id = $1::uuid`,
      [id],
    );
    const { answer, ...booking } = row!;
    expect(answer).toBe(JSON.stringify(bookingView(booking)));
  }
}

it('writes the answer of every booking stored before it, and keeps it current', async () => {
  const [org, ann, first, second] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  await sql(`INSERT INTO organizations (id, name) VALUES ($1::uuid, 'Old Co')`, [org]);
  await sql(
    `INSERT INTO humans (id, organization_id, name, timezone, working_days, work_start, work_end, meeting_durations)
     VALUES ($1::uuid, $2::uuid, 'Ann', 'UTC', '{1,2,3,4,5}', '09:00', '17:00', '{30}')`,
    [ann, org],
  );
  // The second as a row stored while metadata was jsonb: its text spaced, keys in jsonb's order.
  await sql(
    `INSERT INTO bookings (id, organization_id, human_id, starts_at, ends_at, duration_minutes, attendee_name, attendee_email,
                           local_date, ical_uid, status, cancelled_at, metadata, created_at)
     VALUES ($1::uuid, $3::uuid, $4::uuid, '2026-12-07T10:00Z', '2026-12-07T10:30Z', 30, 'Cy "C" Ng', NULL, '2026-12-07', 'u1@humantime',
             'cancelled', '2026-12-01T08:00:00.250Z', '{"zz":1,"a":"x y"}', '2026-11-30T09:15:42.999Z'),
            ($2::uuid, $3::uuid, $4::uuid, '2026-12-08T10:00Z', '2026-12-08T11:00Z', 60, 'Zoë', 'zoe@example.com', '2026-12-08', 'u2@humantime',
             'confirmed', NULL, '{"a": [1, 2.5, {"k": null}], "s": "two  spaces, \\"quoted\\": [x]"}', '2026-11-30T09:16:00Z')`,
    [first, second, org, ann],
  );
  const { webhook, event } = await insertWebhookAndEvent(sql, org, second);
  const delivery = randomUUID();
  await sql(
    `INSERT INTO deliveries (id, organization_id, event_id, webhook_id, event_type, booking_id, status, attempt_count, next_attempt_at, created_at)
     VALUES ($1::uuid, $2::uuid, $3::uuid, $4::uuid, 'booking.confirmed', $5::uuid, 'pending', 1, '2026-12-01T09:05:00.5Z', '2026-12-01T09:00:00Z')`,
    [delivery, org, event, webhook, second],
  );
  await sql(
    `INSERT INTO delivery_attempts (organization_id, delivery_id, attempt, attempted_at, status_code, error, duration_ms)
     VALUES ($1::uuid, $2::uuid, 1, '2026-12-01T09:00:00.75Z', NULL, 'connect ECONNREFUSED "1.2.3.4"', 17)`,
    [org, delivery],
  );

  await database.migrateRest();
  await expectAnswers([first, second]);
  const expectLog = async () => {
    const scope = { organizationId: org, webhookId: webhook };
    const page = { page: { after: undefined, take: 10 } };
    const [sent] = (await selectDeliveriesJson(database.store.sql, scope, page))!;
    const [record] = (await selectDeliveryRecords(database.store.sql, scope, page))!;
    expect(sent!.json).toBe(JSON.stringify(deliveryView(record!)));
    return JSON.parse(sent!.json) as { status: string; attempts: unknown[]; next_attempt_at: string | null };
  };
  expect(await expectLog()).toMatchObject({ status: 'pending', next_attempt_at: '2026-12-01T09:05:00Z' });
  await sql(`UPDATE deliveries SET status = 'delivered', attempt_count = 2 WHERE id = $1::uuid`, [delivery]);
  await sql(
    `INSERT INTO delivery_attempts (organization_id, delivery_id, attempt, attempted_at, status_code, error, duration_ms)
     VALUES ($1::uuid, $2::uuid, 2, '2026-12-01T09:05:01Z', 200, NULL, 9)`,
    [org, delivery],
  );
  expect(await expectLog()).toMatchObject({ status: 'delivered', next_attempt_at: null });
  expect((await expectLog()).attempts).toHaveLength(2);
  // Attempts go only with their delivery (retention); the delivery's JSON follows them anyway.
  await sql(`DELETE FROM delivery_attempts WHERE delivery_id = $1::uuid AND attempt = 1`, [delivery]);
  expect((await expectLog()).attempts).toMatchObject([{ attempt: 2, status_code: 200 }]);

  await sql(`UPDATE bookings SET status = 'cancelled', cancelled_at = '2026-12-02T07:00:00Z' WHERE id = $1::uuid`, [second]);
  await expectAnswers([second]);
  const [cancelled] = await sql<{ answer: string }>(`SELECT answer_json AS answer FROM bookings WHERE id = $1::uuid`, [second]);
  expect(JSON.parse(cancelled!.answer)).toMatchObject({ status: 'cancelled', cancelled_at: '2026-12-02T07:00:00Z' });
});
