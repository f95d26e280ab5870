import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { runSweep } from '../src/jobs/retention/retention-job.js';
import { retentionSweeps } from '../src/jobs/retention/sweeps.js';
import { bookingBody, createUtcHuman } from './booking-fixtures.js';
import { retentionDeps, sql } from './retention-fixtures.js';
import { startTestApp, type TestApp } from './test-app.js';
import { TEST_STORE } from './test-store.js';

// A measurement, not part of the suite (docs/retention.md): the bytes a booking keeps after
// the window, on a PostgreSQL database seeded through the API with a few thousand bookings,
// their events, deliveries, attempts and idempotency keys. Run with
//   HT_MEASURE_RETENTION=1 TEST_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres \
//     npx vitest run --project postgres test/retention-footprint.test.ts

const MEASURE = process.env.HT_MEASURE_RETENTION === '1' && TEST_STORE === 'postgres';
const HUMANS = 10;
const DAYS = 19;
const SLOTS = 16;

let app: TestApp;

beforeAll(async () => {
  if (!MEASURE) return;
  const base = loadConfig({ LOG_LEVEL: 'silent' });
  app = await startTestApp({ webhooks: { ...base.webhooks, inProcessWorker: false } });
});
afterAll(async () => app?.close());

async function footprint(): Promise<Map<string, number>> {
  const rows = await sql<{ name: string; bytes: string }>(
    app,
    `SELECT c.relname AS name, pg_total_relation_size(c.oid)::text AS bytes
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r'`,
  );
  return new Map(rows.map((r) => [r.name, Number(r.bytes)]));
}

it.runIf(MEASURE)('bytes kept per booking, before and after a sweep', { timeout: 1_800_000 }, async () => {
  app.clock.now = new Date('2029-12-01T08:00:00Z');
  const { key } = await app.createOrg('growth');
  await app.call('POST', '/v1/webhooks', {
    key,
    body: { url: 'https://agent.example.com/hooks', events: ['booking.confirmed', 'booking.cancelled'] },
  });
  const humans: string[] = [];
  for (let h = 0; h < HUMANS; h++) humans.push(await createUtcHuman(app, key));
  const starts: string[] = [];
  for (let d = 0; d < DAYS; d++) {
    for (let s = 0; s < SLOTS; s++) {
      const day = new Date(Date.UTC(2030, 0, 7 + d, 9, s * 30));
      starts.push(day.toISOString().replace('.000Z', 'Z'));
    }
  }
  const cancel: string[] = [];
  const jobs = humans.flatMap((human) => starts.map((start, i) => ({ human, start, i })));
  for (let i = 0; i < jobs.length; i += 8) {
    await Promise.all(
      jobs.slice(i, i + 8).map(async ({ human, start, i: n }) => {
        const res = await app.call('POST', '/v1/bookings', {
          key,
          body: bookingBody(human, start, 30, { attendee_email: 'ada@example.com', metadata: { ticket: `T-${n}` } }),
          headers: { 'idempotency-key': `${human}-${start}` },
        });
        expect(res.status, res.text).toBe(201);
        if (n % 10 === 0) cancel.push(res.body.id as string);
      }),
    );
  }
  // One booking in ten is cancelled: a second event, a second delivery.
  for (const id of cancel) {
    const res = await app.call('DELETE', `/v1/bookings/${id}`, { key });
    expect(res.status, res.text).toBe(200);
  }
  // Every delivery was made once, a while ago.
  await sql(app, `UPDATE deliveries SET status = 'delivered', next_attempt_at = NULL`);
  await sql(
    app,
    `INSERT INTO delivery_attempts (organization_id, delivery_id, attempt, attempted_at, status_code, duration_ms)
     SELECT organization_id, id, 1, created_at, 200, 84 FROM deliveries`,
  );
  await app.call('GET', '/v1/events?limit=1', { key });
  await sql(app, 'VACUUM ANALYZE');
  const [{ n: bookings }] = (await sql<{ n: number }>(app, 'SELECT count(*)::int AS n FROM bookings')) as [{ n: number }];
  const before = await footprint();

  const deps = retentionDeps(app, 2_000, () => new Date('2030-03-15T00:00:00Z'));
  const started = Date.now();
  for (const sweep of retentionSweeps(deps.config, deps.clock)) await runSweep(deps, sweep, deps.clock().getTime() + 3_600_000);
  const sweepMs = Date.now() - started;
  await sql(app, 'VACUUM ANALYZE');
  const afterSweep = await footprint();
  await sql(app, 'VACUUM FULL');
  const afterFull = await footprint();

  const perBooking = (sizes: Map<string, number>, name?: string) =>
    (name ? (sizes.get(name) ?? 0) : [...sizes.values()].reduce((a, b) => a + b, 0)) / bookings;
  const tables = [...before.keys()].filter((t) => before.get(t)! > 16_384).sort((a, b) => before.get(b)! - before.get(a)!);
  const lines = [
    `bookings: ${bookings}; sweep took ${sweepMs} ms`,
    'table | before | after sweep + VACUUM | after VACUUM FULL (bytes per booking)',
  ];
  for (const t of tables)
    lines.push(
      `${t} | ${perBooking(before, t).toFixed(0)} | ${perBooking(afterSweep, t).toFixed(0)} | ${perBooking(afterFull, t).toFixed(0)}`,
    );
  lines.push(`all tables | ${perBooking(before).toFixed(0)} | ${perBooking(afterSweep).toFixed(0)} | ${perBooking(afterFull).toFixed(0)}`);
  process.stdout.write(`${lines.join('\n')}\n`);
  expect(perBooking(afterFull)).toBeLessThan(perBooking(before));
});
