import { Agent } from 'node:http';
import { contract } from '@humantime/contract';
import { adminContract } from '@humantime/contract/admin';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { at, bookingBody, createUtcHuman, MONDAY } from './booking-fixtures.js';
import { responseProblem } from './fuzz/check-response.js';
import { describeRequest, fuzzRequest, routesOf, type FuzzRequest, type FuzzTarget } from './fuzz/fuzz-requests.js';
import { sendRequest, type RawResponse } from './fuzz/send-request.js';
import { ADMIN_TOKEN, startTestApp, type TestApp } from './test-app.js';

// Requests generated from the contract's own schemas, valid and mutated, over
// real HTTP; every answer must be below 500, an error must be the error envelope, a success
// must match the contract, and the server must still be healthy at the end.
//
// Replay a failure with the seed and path it prints:
//   FUZZ_SEED=<seed> FUZZ_PATH=<path> pnpm --filter @humantime/api exec vitest run test/fuzz.test.ts
// FUZZ_RUNS overrides the number of requests.

const store = process.env.HT_TEST_STORE ?? 'embedded';
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const runs = Number(process.env.FUZZ_RUNS ?? (store === 'postgres' ? 2_000 : 10_000));
const replayPath = process.env.FUZZ_PATH;

let app: TestApp;
let target: FuzzTarget;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

async function created(res: Promise<{ status: number; body: any; text: string }>): Promise<string> {
  const r = await res;
  if (r.status !== 201) throw new Error(`fixture: ${r.status} ${r.text}`);
  return r.body.id ?? r.body.organization_id;
}

beforeAll(async () => {
  // No deliveries (the worker is off) and no DNS (private URLs allowed): the fuzzer talks
  // to 127.0.0.1 only, whatever URLs it registers.
  const webhooks = loadConfig({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', DELIVERY_WORKER: 'off' }).webhooks;
  app = await startTestApp({ webhooks });
  const { key } = await app.createOrg('growth');
  const victim = await app.createOrg('free');
  const call = (method: string, path: string, body?: unknown) => app.call(method, path, { key, body });

  const humans = [
    await createUtcHuman(app, key),
    await createUtcHuman(app, key, [30, 60]),
    await created(call('POST', '/v1/humans', { name: 'Ada', timezone: 'Europe/Berlin' })),
  ];
  const spare = [];
  for (let i = 0; i < 8; i += 1) spare.push(await createUtcHuman(app, key));
  const bookings = [];
  for (const [i, time] of ['09:00', '10:00', '11:30'].entries()) {
    bookings.push(await created(call('POST', '/v1/bookings', bookingBody(humans[i % 2]!, at(MONDAY, time), 30, { metadata: { n: i } }))));
  }
  const overrides = [
    await created(call('POST', `/v1/humans/${humans[0]}/overrides`, { kind: 'block', start_date: '2030-01-09' })),
    await created(
      call('POST', `/v1/humans/${humans[1]}/overrides`, { kind: 'open', start_date: '2030-01-12', start_time: '10:00', end_time: '12:00' }),
    ),
  ];
  const webhooks_ = [];
  for (let i = 0; i < 3; i += 1) {
    webhooks_.push(await created(call('POST', '/v1/webhooks', { url: `http://127.0.0.1:9/fuzz/${i}`, events: ['booking.confirmed'] })));
  }
  const cursors = [
    (await call('GET', '/v1/humans?limit=1')).body.next_cursor as string,
    (await call('GET', '/v1/bookings?limit=1')).body.next_cursor as string,
  ];

  target = {
    routes: [...routesOf(contract), ...routesOf(adminContract, 'admin.')],
    tokens: [
      { prefix: '/v1', token: key },
      { prefix: '/admin/v1', token: ADMIN_TOKEN },
    ],
    pools: {
      human_id: humans,
      'human_id:deletable': spare,
      booking_id: bookings,
      'booking_id:deletable': bookings,
      override_id: overrides,
      'override_id:deletable': overrides,
      webhook_id: webhooks_,
      'webhook_id:deletable': webhooks_,
      // Only the victim: rotating the fuzzer's own key would end the run in 401s.
      organization_id: [victim.id],
      'organization_id:deletable': [victim.id],
      cursor: cursors,
    },
  };
});

afterAll(async () => {
  agent.destroy();
  await app?.close();
});

function show(req: FuzzRequest, res: RawResponse): string {
  return `request ${describeRequest(req)}\nresponse ${res.status} ${res.text.slice(0, 400)}`;
}

describe(`fuzzing every route of the contract (${store} store)`, () => {
  it(`answers ${runs} generated requests without a 5xx, every error in the envelope`, async () => {
    const routesByName = new Map(target.routes);
    const statuses = new Map<number, number>();
    console.log(`fuzz: ${store} store, seed ${seed}, ${runs} requests${replayPath ? `, replaying path ${replayPath}` : ''}`);

    const property = fc.asyncProperty(fuzzRequest(target), async (req) => {
      const res = await sendRequest(agent, new URL(app.url), req);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const problem = responseProblem(res, routesByName.get(req.route), req.method);
      if (problem) throw new Error(`${problem}\n${show(req, res)}`);
    });
    try {
      await fc.assert(property, { seed, numRuns: runs, ...(replayPath ? { path: replayPath } : {}) });
    } finally {
      console.log(`fuzz: statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`);
    }

    // Still standing, and still reaching its database.
    expect((await app.call('GET', '/healthz')).status).toBe(200);
    expect((await app.call('GET', '/readyz')).status).toBe(200);
  }, 600_000);
});
