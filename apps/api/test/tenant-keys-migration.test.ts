import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { databaseBefore, insertWebhookAndEvent } from './migration-fixture.js';

// The tenant-keys migration over a database made before it: overrides, deliveries and delivery
// attempts get their organization from their parents, every row keeps its links, and the new
// keys hold (a link across organizations is refused, a cleared reschedule link keeps the
// organization). On both stores.

const TENANT_KEYS = '20261128000000_tenant_keys';

const database = databaseBefore(TENANT_KEYS);
const sql = database.sql;

it('backfills organization_id from the parents and keeps every row and link', async () => {
  const [org, other] = [randomUUID(), randomUUID()];
  const [ann, bob] = [randomUUID(), randomUUID()];
  const [first, second, delivery] = [randomUUID(), randomUUID(), randomUUID()];
  await sql(`INSERT INTO organizations (id, name) VALUES ($1::uuid, 'Old Co'), ($2::uuid, 'Other Co')`, [org, other]);
  await sql(
    `INSERT INTO humans (id, organization_id, name, timezone, working_days, work_start, work_end, meeting_durations)
     VALUES ($1::uuid, $3::uuid, 'Ann', 'UTC', '{1,2,3,4,5}', '09:00', '17:00', '{30}'),
            ($2::uuid, $4::uuid, 'Bob', 'UTC', '{1,2,3,4,5}', '09:00', '17:00', '{30}')`,
    [ann, bob, org, other],
  );
  await sql(
    `INSERT INTO overrides (human_id, kind, start_date, end_date, weekdays) VALUES ($1::uuid, 'block', '2026-12-01', '2026-12-02', '{}'),
            ($2::uuid, 'block', '2026-12-03', '2026-12-03', '{}')`,
    [ann, bob],
  );
  await sql(
    `INSERT INTO bookings (id, organization_id, human_id, starts_at, ends_at, duration_minutes, attendee_name, local_date, ical_uid, status, rescheduled_to)
     VALUES ($1::uuid, $3::uuid, $4::uuid, '2026-12-07T10:00Z', '2026-12-07T10:30Z', 30, 'Cy', '2026-12-07', 'u@humantime', 'cancelled', NULL),
            ($2::uuid, $3::uuid, $4::uuid, '2026-12-08T10:00Z', '2026-12-08T10:30Z', 30, 'Cy', '2026-12-08', 'u@humantime', 'confirmed', NULL)`,
    [first, second, org, ann],
  );
  await sql(`UPDATE bookings SET rescheduled_to = $2::uuid WHERE id = $1::uuid`, [first, second]);
  await sql(`UPDATE bookings SET rescheduled_from = $1::uuid WHERE id = $2::uuid`, [first, second]);
  const { webhook, event } = await insertWebhookAndEvent(sql, org, second);
  await sql(`INSERT INTO deliveries (id, event_id, webhook_id) VALUES ($1::uuid, $2::uuid, $3::uuid)`, [delivery, event, webhook]);
  await sql(
    `INSERT INTO delivery_attempts (delivery_id, attempt, attempted_at, status_code, duration_ms) VALUES ($1::uuid, 1, now(), 500, 12)`,
    [delivery],
  );

  await database.migrateRest();

  const overrides = await sql<{ human_id: string; organization_id: string }>(
    `SELECT human_id::text AS human_id, organization_id::text AS organization_id FROM overrides ORDER BY start_date`,
  );
  expect(overrides).toEqual([
    { human_id: ann, organization_id: org },
    { human_id: bob, organization_id: other },
  ]);
  const [d] = await sql<{ organization_id: string }>(
    `SELECT organization_id::text AS organization_id FROM deliveries WHERE id = $1::uuid`,
    [delivery],
  );
  expect(d).toEqual({ organization_id: org });
  const [a] = await sql<{ organization_id: string }>(`SELECT organization_id::text AS organization_id FROM delivery_attempts`);
  expect(a).toEqual({ organization_id: org });

  // A row of one organization cannot point at another organization's row any more.
  await expect(
    sql(
      `INSERT INTO overrides (organization_id, human_id, kind, start_date, end_date, weekdays) VALUES ($1::uuid, $2::uuid, 'block', '2026-12-01', '2026-12-01', '{}')`,
      [org, bob],
    ),
  ).rejects.toMatchObject({ code: '23503' });

  // Deleting a booking clears the links to it and leaves the organization of the linking row.
  await sql(`DELETE FROM bookings WHERE id = $1::uuid`, [first]);
  const [kept] = await sql<{ organization_id: string; rescheduled_from: string | null }>(
    `SELECT organization_id::text AS organization_id, rescheduled_from::text AS rescheduled_from FROM bookings WHERE id = $1::uuid`,
    [second],
  );
  expect(kept).toEqual({ organization_id: org, rescheduled_from: null });
});
