import type { TestApp } from './test-app.js';

export { RULES_OFF } from './expectations.js';

/** A human in UTC working every day with the given hours, durations and scheduling rules. */
export async function createRuledHuman(
  app: TestApp,
  key: string,
  rules: Record<string, number | null>,
  { start = '09:00', end = '17:00', durations = [30, 60], email = null as string | null } = {},
) {
  const res = await app.call('POST', '/v1/humans', {
    key,
    body: {
      name: 'Ada Lovelace',
      timezone: 'UTC',
      ...(email ? { email } : {}),
      availability: { working_days: [1, 2, 3, 4, 5, 6, 7], work_start: start, work_end: end, meeting_durations: durations, ...rules },
    },
  });
  if (res.status !== 201) throw new Error(`create human: ${res.status} ${res.text}`);
  return res.body.id as string;
}

/** The starts listed for one UTC date, as "HH:MM". */
export async function listedTimes(app: TestApp, key: string, humanId: string, date: string, duration = 30) {
  const res = await app.call('GET', `/v1/humans/${humanId}/slots?date_from=${date}&date_to=${date}&duration=${duration}`, { key });
  if (res.status !== 200) throw new Error(`slots: ${res.status} ${res.text}`);
  return (res.body.slots as { starts_at: string }[]).map((s) => s.starts_at.slice(11, 16));
}
