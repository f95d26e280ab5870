// Rate limits: a token bucket per API key; every /v1 answer carries RateLimit-Limit,
// -Remaining and -Reset (a 401, charged to no bucket, a full one's); past the bucket, 429 RATE_LIMITED with Retry-After.
// On both stores (the PostgreSQL store's bucket is shared by processes: test/multiprocess).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHumanIn, EVERY_DAY, slotsPath } from './schedule-fixtures.js';
import { startTestApp, type TestApp } from './test-app.js';

const BURST = 5;
let app: TestApp;
let key: string;
let human: string;

beforeAll(async () => {
  // One token a second: the burst is spent long before the bucket refills a second one.
  app = await startTestApp({ rateLimit: { perSecond: 1, burst: BURST } });
  key = (await app.createOrg('growth')).key;
  human = await createHumanIn(app, key, 'UTC', {
    working_days: EVERY_DAY,
    work_start: '09:00',
    work_end: '17:00',
    meeting_durations: [30],
  });
});
afterAll(() => app?.close());

const limitHeaders = (headers: Headers) => ({
  limit: headers.get('ratelimit-limit'),
  remaining: headers.get('ratelimit-remaining'),
  reset: headers.get('ratelimit-reset'),
});

describe('rate limits per API key', () => {
  it('a burst over the limit gets 429 RATE_LIMITED with Retry-After and the RateLimit headers', async () => {
    const other = (await app.createOrg('growth')).key;
    const answers = [];
    for (let i = 0; i < BURST + 2; i++) answers.push(await app.call('GET', '/v1/usage', { key: other }));
    const ok = answers.slice(0, BURST);
    expect(ok.map((r) => r.status)).toEqual(Array(BURST).fill(200));
    expect(ok.map((r) => limitHeaders(r.headers).remaining)).toEqual(['4', '3', '2', '1', '0']);
    for (const r of ok) expect(limitHeaders(r.headers).limit).toBe(String(BURST));
    // Empty at the 5th: a full bucket is 5 tokens at 1/s away.
    expect(Number(limitHeaders(ok[BURST - 1]!.headers).reset)).toBeGreaterThanOrEqual(4);

    for (const refused of answers.slice(BURST)) {
      expect(refused.status, refused.text).toBe(429);
      expect(refused.body).toEqual({ error: { code: 'RATE_LIMITED', message: expect.stringMatching(/Retry after \d+ s/), status: 429 } });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(limitHeaders(refused.headers)).toEqual({ limit: String(BURST), remaining: '0', reset: expect.stringMatching(/^\d+$/) });
    }
  });

  it('refuses the slots routes too, before reading anything', async () => {
    const answers = [];
    for (let i = 0; i < BURST + 1; i++) answers.push(await app.call('GET', slotsPath(human, '2031-03-03', '2031-03-04', 30), { key }));
    expect(answers.filter((r) => r.status === 200).length).toBeLessThanOrEqual(BURST);
    const last = answers.at(-1)!;
    expect(last.status, last.text).toBe(429);
    expect(last.body.error.code).toBe('RATE_LIMITED');
  });

  it('every authenticated answer carries the headers, refusals of the request included; one key does not spend another', async () => {
    const fresh = (await app.createOrg('growth')).key;
    const answers = [
      await app.call('GET', '/v1/humans/00000000-0000-4000-8000-000000000000', { key: fresh }),
      await app.call('POST', '/v1/humans', { key: fresh, body: { name: '' } }),
      await app.call('GET', '/v1/usage', { key: fresh }),
    ];
    expect(answers.map((r) => r.status)).toEqual([404, 422, 200]);
    expect(answers.map((r) => limitHeaders(r.headers).remaining)).toEqual(['4', '3', '2']);
    // Every /v1 answer carries the headers: a request without a valid key names no bucket and
    // is charged to none, so a 401 shows a full one.
    const refused = [
      await app.call('GET', '/v1/usage', { key: 'sk_live_unknown0000000000000000000000000000000' }),
      await app.call('GET', '/v1/usage'),
      await app.call('GET', '/v1/usage', { headers: { authorization: 'Basic Zm9vOmJhcg==' } }),
    ];
    for (const unknown of refused) {
      expect(unknown.status).toBe(401);
      expect(limitHeaders(unknown.headers)).toEqual({ limit: String(BURST), remaining: String(BURST), reset: '0' });
    }
    // And it spent nothing of the key's bucket.
    expect(limitHeaders((await app.call('GET', '/v1/usage', { key: fresh })).headers).remaining).toBe('1');
  });

  it('the bucket refills at the configured rate', async () => {
    const k = (await app.createOrg('growth')).key;
    for (let i = 0; i < BURST; i++) expect((await app.call('GET', '/v1/usage', { key: k })).status).toBe(200);
    expect((await app.call('GET', '/v1/usage', { key: k })).status).toBe(429);
    await new Promise((r) => setTimeout(r, 1_100));
    const again = await app.call('GET', '/v1/usage', { key: k });
    expect(again.status, again.text).toBe(200);
    expect(limitHeaders(again.headers).remaining).toBe('0');
  });
});

describe('rate limits off', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await startTestApp({ rateLimit: { perSecond: 0, burst: 0 } });
  });
  afterAll(() => off?.close());

  it('RATE_LIMIT_PER_SECOND=0: no refusals and no headers', async () => {
    const k = (await off.createOrg('growth')).key;
    for (let i = 0; i < 20; i++) {
      const res = await off.call('GET', '/v1/usage', { key: k });
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-limit')).toBeNull();
    }
  });
});
