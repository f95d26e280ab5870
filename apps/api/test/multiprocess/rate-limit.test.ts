import { describe, expect, it } from 'vitest';
import { ADMIN, useTwoApiProcesses } from './two-processes.js';

// Two API processes on one PostgreSQL database share each key's bucket (the rate limit is per
// key, not per process): the bucket lives in the database and is charged by the key-lookup statement.
const BURST = 10;
const { urls } = useTwoApiProcesses({ RATE_LIMIT_PER_SECOND: '0.5', RATE_LIMIT_BURST: String(BURST) });

describe('rate limits across two API processes on PostgreSQL', () => {
  it('one bucket per key whichever process answers: 3 × burst requests at once, exactly burst pass', async () => {
    const created = await fetch(`${urls[0]}/admin/v1/organizations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Limited', plan: 'growth' }),
    });
    const key = ((await created.json()) as { api_key: string }).api_key;
    const answers = await Promise.all(
      Array.from({ length: 3 * BURST }, (_, i) => fetch(`${urls[i % 2]}/v1/usage`, { headers: { authorization: `Bearer ${key}` } })),
    );
    const statuses = answers.map((r) => r.status);
    const tally = statuses.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});
    console.info('[postgres, 2 processes] 30 requests, burst 10:', JSON.stringify(tally));
    // Half a token a second: at most one more may refill while the requests are in flight.
    expect(tally[200]).toBeGreaterThanOrEqual(BURST);
    expect(tally[200]).toBeLessThanOrEqual(BURST + 1);
    expect(tally[429]).toBe(3 * BURST - tally[200]!);
    // Both processes refused some: the bucket is not per process.
    const refusedBy = new Set(answers.map((r, i) => (r.status === 429 ? i % 2 : -1)).filter((p) => p >= 0));
    expect(refusedBy.size).toBe(2);
    for (const r of answers.filter((a) => a.status === 429)) expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});
