import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrate, readMigrations } from '../src/db/migrate.js';
import { BOOKING_COLUMNS, type BookingRow } from '../src/db/tables/bookings.js';
import { bookingView } from '../src/services/bookings/booking-view.js';
import { createTestDatabase, type TestDatabase } from './test-store.js';

// The answer_json migration over bookings stored before it: each gets the JSON that GET
// /v1/bookings/{id} sends for it, byte for byte, including one whose metadata kept jsonb's
// spaced text, and a write after it keeps the JSON current. On both stores.

const ANSWER_JSON = '20261206000000_booking_answer_json';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase(undefined, { migrated: false });
});
afterAll(() => database?.drop());

const sql = <T>(text: string, params: unknown[] = []) => database.store.withSession((s) => s.query<T>(text, params));

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
  const all = await readMigrations();
  expect(all.map((m) => m.name)).toContain(ANSWER_JSON);
  await database.store.withSession((s) =>
    migrate(
      s,
      all.filter((m) => m.name < ANSWER_JSON),
    ),
  );

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
  await database.store.withSession((s) => migrate(s, all));
  await expectAnswers([first, second]);

  await sql(`UPDATE bookings SET status = 'cancelled', cancelled_at = '2026-12-02T07:00:00Z' WHERE id = $1::uuid`, [second]);
  await expectAnswers([second]);
  const [cancelled] = await sql<{ answer: string }>(`SELECT answer_json AS answer FROM bookings WHERE id = $1::uuid`, [second]);
  expect(JSON.parse(cancelled!.answer)).toMatchObject({ status: 'cancelled', cancelled_at: '2026-12-02T07:00:00Z' });
});
