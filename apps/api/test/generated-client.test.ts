import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MONDAY } from './booking-fixtures.js';
import { API_DIR } from './process/spawn.js';
import { startTestApp, type TestApp } from './test-app.js';

// A client generated from the served /openapi.json by openapi-typescript, used through
// openapi-fetch: the generated types must compile a real booking flow (and refuse wrong
// calls), and that flow must work against the running app. The files are written under
// apps/api/test-results so `openapi-fetch` resolves from the workspace.

const CLIENT = `import createClient from 'openapi-fetch';
import type { paths } from './schema';

export async function bookFirstSlot(baseUrl: string, apiKey: string, date: string) {
  const client = createClient<paths>({ baseUrl, headers: { Authorization: \`Bearer \${apiKey}\` } });

  const created = await client.POST('/v1/humans', {
    body: {
      name: 'Ada Lovelace',
      timezone: 'Europe/Berlin',
      availability: { working_days: [1, 2, 3, 4, 5], work_start: '09:00', work_end: '17:00', meeting_durations: [30, 60] },
    },
  });
  if (!created.data) throw new Error(\`create human: \${created.response.status}\`);
  const humanId: string = created.data.id;

  const listed = await client.GET('/v1/humans/{human_id}/slots', {
    params: { path: { human_id: humanId }, query: { date_from: date, date_to: date, duration: 60 } },
  });
  if (!listed.data) throw new Error(\`slots: \${listed.response.status}\`);
  const first = listed.data.slots[0];
  if (!first) throw new Error('no slot');

  const body = { human_id: humanId, starts_at: first.starts_at, duration: 60, attendee_name: 'Agent Smith' };
  const booked = await client.POST('/v1/bookings', { params: { header: { 'Idempotency-Key': \`generated-\${humanId}\` } }, body });
  if (!booked.data) throw new Error(\`book: \${booked.response.status}\`);
  const status: 'confirmed' | 'cancelled' = booked.data.status;
  const cancelledAt: string | null = booked.data.cancelled_at;

  // The same start again: 409, and the error is typed as the envelope.
  const again = await client.POST('/v1/bookings', { body });
  const code: string | undefined = again.error?.error.code;

  // The types refuse what the API would refuse (compiled, never called: no request is sent).
  const refusedByTypes = () => [
    // @ts-expect-error attendee_name is required
    client.POST('/v1/bookings', { body: { human_id: humanId, starts_at: first.starts_at, duration: 60 } }),
    // @ts-expect-error there is no such path
    client.GET('/v1/humanz'),
  ];
  void refusedByTypes;

  return { humanId, booking: booked.data, status, cancelledAt, again: { status: again.response.status, code } };
}
`;

let app: TestApp;
let key: string;
let dir: string;

beforeAll(async () => {
  app = await startTestApp();
  key = (await app.createOrg('starter')).key;
  const results = path.join(API_DIR, 'test-results');
  await mkdir(results, { recursive: true });
  dir = await mkdtemp(path.join(results, 'generated-client-'));
});

afterAll(async () => {
  await app?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('generates a client from /openapi.json that type-checks and books end to end', async () => {
  const document = (await app.call('GET', '/openapi.json')).body;
  const types = astToString(await openapiTS(document));
  expect(types).toContain('"/v1/bookings"');
  await writeFile(path.join(dir, 'schema.ts'), types);
  const clientFile = path.join(dir, 'client.ts');
  await writeFile(clientFile, CLIENT);

  const program = ts.createProgram([clientFile], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
  });
  const problems = ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
  expect(problems).toEqual([]);

  const js = ts.transpileModule(CLIENT, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
  const jsFile = path.join(dir, 'client.mjs');
  await writeFile(jsFile, js);
  const { bookFirstSlot } = (await import(pathToFileURL(jsFile).href)) as {
    bookFirstSlot: (baseUrl: string, apiKey: string, date: string) => Promise<any>;
  };

  const result = await bookFirstSlot(app.url, key, MONDAY);
  expect(result.status).toBe('confirmed');
  expect(result.cancelledAt).toBeNull();
  expect(result.booking).toMatchObject({ human_id: result.humanId, starts_at: `${MONDAY}T08:00:00Z`, duration_minutes: 60 });
  expect(result.again).toEqual({ status: 409, code: 'SLOT_UNAVAILABLE' });
  const stored = await app.call('GET', `/v1/bookings/${result.booking.id}`, { key });
  expect(stored.body.status).toBe('confirmed');
});
