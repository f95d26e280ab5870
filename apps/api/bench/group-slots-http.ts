import path from 'node:path';
import { BENCH_ADMIN_TOKEN, BENCH_RATE_LIMIT, call, createOrg } from './api-client.js';
import { runLoad, startProcess } from './processes.js';
import type { Figure } from './report.js';

const SECTION = 'HTTP slots of 5 humans, mode=all, 14 days, embedded store';
const SUGGESTIONS = 'HTTP suggestions for the same 5 humans, 14 days, embedded store (side by side with the slots above)';
// Zones whose 08:00-18:00 days overlap (13:00-17:00 UTC), so the intersection is not empty.
const ZONES = ['Europe/Berlin', 'UTC', 'America/New_York', 'Europe/London', 'Europe/Paris'];

/**
 * GET /v1/slots for five humans in five zones (each with bookings and a weekly block) over
 * 14 local dates: one statement reads all five, the slot engine runs five times, the lists
 * are intersected. Reported as milliseconds per request over HTTP.
 */
export async function benchGroupSlotsHttp(work: string, load: { duration: number; connections: number }): Promise<Figure[]> {
  const api = await startProcess('src/server.ts', {
    DATA_DIR: path.join(work, 'embedded-group'),
    ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
    ...BENCH_RATE_LIMIT,
    LOG_LEVEL: 'info',
  });
  try {
    const key = await createOrg(api.url);
    const ids: string[] = [];
    for (const timezone of ZONES) {
      const human = await call(api.url, 'POST', '/v1/humans', key, {
        name: `Bench ${timezone}`,
        timezone,
        availability: { working_days: [1, 2, 3, 4, 5], work_start: '08:00', work_end: '18:00', meeting_durations: [30] },
      });
      ids.push(human.id);
      await call(api.url, 'POST', `/v1/humans/${human.id}/overrides`, key, {
        kind: 'block',
        start_date: '2031-03-03',
        end_date: '2031-12-31',
        weekdays: [3],
        start_time: '12:00',
        end_time: '13:00',
      });
      const listed = await call(api.url, 'GET', `/v1/humans/${human.id}/slots?date_from=2031-03-03&date_to=2031-03-16&duration=30`, key);
      for (const slot of listed.slots.filter((_: unknown, i: number) => i % 9 === 0)) {
        await call(api.url, 'POST', '/v1/bookings', key, {
          human_id: human.id,
          starts_at: slot.starts_at,
          duration: 30,
          attendee_name: 'Bench',
        });
      }
    }
    const query = `/v1/slots?human_ids=${ids.join(',')}&mode=all&date_from=2031-03-03&date_to=2031-03-16&duration=30`;
    const answer = await call(api.url, 'GET', query, key);
    const headers = { authorization: `Bearer ${key}` };
    await runLoad({ url: api.url, path: query, headers, method: 'GET', connections: load.connections, durationSeconds: 2 });
    // One connection: the time one request takes; then the usual concurrency for throughput.
    const single = await runLoad({ url: api.url, path: query, headers, method: 'GET', connections: 1, durationSeconds: load.duration });
    const real = await runLoad({
      url: api.url,
      path: query,
      headers,
      method: 'GET',
      connections: load.connections,
      durationSeconds: load.duration,
    });
    // The same humans and dates, ranked: the group's listed starts, then the score and the spread filter.
    const suggest = `/v1/suggestions?human_ids=${ids.join(',')}&mode=all&date_from=2031-03-03&date_to=2031-03-16&duration=30&attendee_timezone=Asia/Tokyo`;
    const suggested = await call(api.url, 'GET', suggest, key);
    await runLoad({ url: api.url, path: suggest, headers, method: 'GET', connections: load.connections, durationSeconds: 2 });
    const suggestSingle = await runLoad({
      url: api.url,
      path: suggest,
      headers,
      method: 'GET',
      connections: 1,
      durationSeconds: load.duration,
    });
    const suggestReal = await runLoad({
      url: api.url,
      path: suggest,
      headers,
      method: 'GET',
      connections: load.connections,
      durationSeconds: load.duration,
    });
    for (const run of [single, real, suggestSingle, suggestReal]) {
      if ((run.statuses['200'] ?? 0) !== run.requests)
        throw new Error(`group slots run had non-200 answers: ${JSON.stringify(run.statuses)}`);
    }
    return [
      { section: SECTION, name: 'common starts listed', value: answer.slots.length, unit: 'slots', key: 'http_group_slots_count' },
      {
        section: SECTION,
        name: 'ms per request, 1 connection (p50)',
        value: single.p50,
        unit: 'ms',
        key: 'http_group_slots_single_p50_ms',
      },
      {
        section: SECTION,
        name: 'ms per request, 1 connection (p99)',
        value: single.p99,
        unit: 'ms',
        key: 'http_group_slots_single_p99_ms',
      },
      { section: SECTION, name: `req/s, ${load.connections} connections`, value: real.rps, unit: 'req/s', key: 'http_group_slots_rps' },
      { section: SECTION, name: `p50, ${load.connections} connections`, value: real.p50, unit: 'ms', key: 'http_group_slots_p50_ms' },
      {
        section: SUGGESTIONS,
        name: 'suggestions returned (limit 10)',
        value: suggested.data.length,
        unit: 'suggestions',
        key: 'http_suggestions_count',
      },
      {
        section: SUGGESTIONS,
        name: 'ms per request, 1 connection (p50)',
        value: suggestSingle.p50,
        unit: 'ms',
        key: 'http_suggestions_single_p50_ms',
      },
      {
        section: SUGGESTIONS,
        name: `req/s, ${load.connections} connections`,
        value: suggestReal.rps,
        unit: 'req/s',
        key: 'http_suggestions_rps',
      },
      {
        section: SUGGESTIONS,
        name: 'cost relative to the slots request (slots req/s ÷ suggestions req/s; at most 2)',
        value: Math.round((real.rps / suggestReal.rps) * 100) / 100,
        unit: '×',
        key: 'http_suggestions_cost_ratio',
      },
    ];
  } finally {
    await api.stop();
  }
}
