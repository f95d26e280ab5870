import type { TestApp } from './test-app.js';

/** A Monday far enough ahead that "now" never catches up with the fixtures. */
export const MONDAY = '2030-01-07';

export const at = (date: string, time: string) => `${date}T${time}:00Z`;

/** A human in UTC working every day 09:00-17:00 with 30/60/90-minute meetings. */
export async function createUtcHuman(app: TestApp, key: string, durations = [30, 60, 90]) {
  const res = await app.call('POST', '/v1/humans', {
    key,
    body: {
      name: 'Grace Hopper',
      timezone: 'UTC',
      availability: { working_days: [1, 2, 3, 4, 5, 6, 7], work_start: '09:00', work_end: '17:00', meeting_durations: durations },
    },
  });
  if (res.status !== 201) throw new Error(`create human: ${res.status} ${res.text}`);
  return res.body.id as string;
}

/** The n-th 30-minute slot from 2030-01-16 09:00 UTC onwards (16 a day, up to 256): for a clock mid-January 2030. */
export function januarySlot(n: number): string {
  const day = 16 + Math.floor(n / 16);
  const minutes = 9 * 60 + (n % 16) * 30;
  return `2030-01-${String(day).padStart(2, '0')}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00Z`;
}

export function bookingBody(humanId: string, startsAt: string, duration = 30, extra: Record<string, unknown> = {}) {
  return { human_id: humanId, starts_at: startsAt, duration, attendee_name: 'Agent Smith', ...extra };
}

export async function countRows(
  app: Pick<TestApp, 'database'>,
  table: 'events' | 'bookings' | 'idempotency_keys' | 'holds' | 'time_claims',
  where = 'true',
) {
  const rows = await app.database.store.db.$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM ${table} WHERE ${where}`);
  return Number(rows[0]!.n);
}

/** Fires all requests at once and tallies the statuses. */
export async function race<T>(requests: (() => Promise<{ status: number } & T>)[]) {
  const results = await Promise.all(requests.map((r) => r()));
  const tally: Record<number, number> = {};
  for (const r of results) tally[r.status] = (tally[r.status] ?? 0) + 1;
  return { results, tally };
}

/** True when some two confirmed bookings of the human overlap (must never happen). */
export async function anyOverlap(app: Pick<TestApp, 'database'>, humanId: string): Promise<boolean> {
  const rows = await app.database.store.db.$queryRawUnsafe<{ n: bigint }[]>(
    `SELECT count(*) AS n FROM bookings a JOIN bookings b
       ON a.human_id = b.human_id AND a.id < b.id
      AND a.status = 'confirmed' AND b.status = 'confirmed'
      AND a.starts_at < b.ends_at AND b.starts_at < a.ends_at
      WHERE a.human_id = $1::uuid`,
    humanId,
  );
  return Number(rows[0]!.n) > 0;
}
