import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import * as source from '../src/index.js';

// The built package as a consumer gets it: dist/ through package.json "exports", loaded as
// ESM and as CJS. The sdk's own `test` must work from a fresh clone, so this builds dist/
// first when it is missing or older than the sources.

type Sdk = typeof source;

const root = path.resolve(import.meta.dirname, '..');
const outputs = ['index.js', 'index.cjs', 'index.d.ts', 'index.d.cts'].map((f) => path.join(root, 'dist', f));
const inputs = [
  path.join(root, 'src'),
  path.join(root, '../contract/src'),
  path.join(root, 'tsup.config.ts'),
  path.join(root, 'package.json'),
];

function newestMtime(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((entry) => newestMtime(path.join(target, entry))));
}

function buildIfStale(): void {
  const missing = outputs.some((file) => !existsSync(file));
  const stale = !missing && Math.max(...inputs.map(newestMtime)) > Math.min(...outputs.map((f) => statSync(f).mtimeMs));
  if (!missing && !stale) return;
  const tsup = path.join(path.dirname(createRequire(import.meta.url).resolve('tsup/package.json')), 'dist/cli-default.js');
  execFileSync(process.execPath, [tsup], { cwd: root, stdio: 'pipe' });
}

let esm: Sdk;
let cjs: Sdk;

beforeAll(async () => {
  buildIfStale();
  esm = (await import(pathToFileURL(path.join(root, 'dist/index.js')).href)) as Sdk;
  cjs = createRequire(import.meta.url)('../dist/index.cjs') as Sdk;
}, 180_000);

const runtimeExports = Object.keys(source).sort();

/** A fetch that answers every call with one JSON response, so no server is needed. */
const answer =
  (status: number, body: unknown): typeof fetch =>
  async () =>
    Response.json(body, { status, headers: { 'x-request-id': 'req_built' } });

describe.each([
  ['ESM (import dist/index.js)', () => esm],
  ['CJS (require dist/index.cjs)', () => cjs],
])('the built package as %s', (_name, load) => {
  it('has exactly the runtime exports of src/index.ts', () => {
    expect(
      Object.keys(load())
        .filter((k) => k !== 'default' && k !== '__esModule')
        .sort(),
    ).toEqual(runtimeExports);
  });

  it('constructs a client that makes typed calls and throws its own error classes', async () => {
    const sdk = load();
    const usage = { plan: 'free', quota: 100, used: 1 };
    const client = new sdk.Humantime({ apiKey: 'sk_live_x', baseUrl: 'https://api.test', fetch: answer(200, usage) });
    expect(Object.keys(client)).toEqual([
      'humans',
      'calendars',
      'overrides',
      'slots',
      'suggestions',
      'bookings',
      'holds',
      'webhooks',
      'usage',
      'events',
      'calendarFeed',
    ]);
    await expect(client.usage.get()).resolves.toEqual(usage);

    const failing = new sdk.Humantime({
      apiKey: 'sk_live_x',
      baseUrl: 'https://api.test',
      fetch: answer(409, { error: { code: 'SLOT_UNAVAILABLE', message: 'taken', status: 409 } }),
    });
    const error = await failing.bookings
      .create({ human_id: 'h', starts_at: '2026-12-01T09:00:00Z', duration: 30, attendee_name: 'A' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(sdk.SlotUnavailableError);
    expect(error).toBeInstanceOf(sdk.HumantimeError);
    expect(error).toMatchObject({ code: 'SLOT_UNAVAILABLE', status: 409, requestId: 'req_built' });
    // The guard works across copies of the SDK, where instanceof cannot.
    expect(source.isHumantimeError(error, 'SLOT_UNAVAILABLE')).toBe(true);
  });

  it('signs and verifies webhooks', async () => {
    const sdk = load();
    const body = JSON.stringify({ event: 'booking.cancelled', created_at: '2026-12-01T14:00:00Z', data: { id: 'b' } });
    const header = await sdk.signWebhook(body, 'whsec_built');
    await expect(sdk.verifyWebhook(body, header, 'whsec_built')).resolves.toMatchObject({ event: 'booking.cancelled' });
    await expect(sdk.verifyWebhook(body, header, 'whsec_other')).rejects.toBeInstanceOf(sdk.WebhookSignatureError);
  });
});

describe('the package files', () => {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    exports: { '.': { import: Record<string, string>; require: Record<string, string> } };
    dependencies: Record<string, string>;
  };

  it('points every exports condition at a built file', () => {
    const targets = [...Object.values(pkg.exports['.'].import), ...Object.values(pkg.exports['.'].require)];
    for (const target of targets) expect(existsSync(path.join(root, target)), target).toBe(true);
  });

  it('bundles the contract: only @ts-rest/core and zod are imported, and no Node built-in', () => {
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['@ts-rest/core', 'zod']);
    for (const file of outputs) {
      // Comments hold JSDoc examples (import ... from '@humantime/sdk'); only code counts.
      const code = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      const imported = new Set([...code.matchAll(/(?:from\s+|require\()\s*["']([^"'./][^"']*)["']/g)].map((m) => m[1]));
      expect(
        [...imported].filter((name) => name !== '@ts-rest/core' && name !== 'zod'),
        file,
      ).toEqual([]);
    }
  });

  it('leaves the admin contract out of the public bundle', () => {
    for (const file of outputs) expect(readFileSync(file, 'utf8'), file).not.toMatch(/adminContract|createOrganization/);
  });
});

// A consumer's code, type-checked against dist/*.d.ts through the package's own "exports"
// (a package may import itself by name), once as ESM (.mts) and once as CJS (.cts).
const consumer = `
import { Humantime, isHumantimeError, verifyWebhook, type Booking, type Human, type WebhookEvent } from '@humantime/sdk';

const client = new Humantime({ apiKey: 'sk_live_x', baseUrl: 'https://api.example.com', maxRetries: 1 });

export async function main(raw: string, header: string | undefined): Promise<Booking | WebhookEvent> {
  const human: Human = await client.humans.create({ name: 'Ada', timezone: 'Europe/London' });
  // @ts-expect-error wire names stay snake_case
  await client.humans.slots(human.id, { dateFrom: '2026-12-01', date_to: '2026-12-01', duration: 30 });
  for await (const h of client.humans.list({ limit: 10 })) {
    const durations: number[] = h.availability_rules.meeting_durations;
    void durations;
  }
  const page = await client.bookings.list({ status: 'confirmed' });
  const next: string | null = page.next_cursor;
  void next;
  // @ts-expect-error a status the contract does not know
  await client.bookings.list({ status: 'pending' });
  const nothing: void = await client.humans.delete(human.id);
  void nothing;
  try {
    return await client.bookings.bookFirstAvailable({
      human_id: human.id, date_from: '2026-12-01', date_to: '2026-12-05', duration: 30, attendee_name: 'A', maxAttempts: 3,
    });
  } catch (err) {
    if (isHumantimeError(err, 'SLOT_UNAVAILABLE')) {
      const status: number = err.status;
      void status;
    }
    return verifyWebhook(raw, header, 'whsec_x');
  }
}
`;

describe('the built type declarations', () => {
  it('type-check a consumer as ESM and as CJS', () => {
    const dir = path.join(root, 'test-results/consumer');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'consumer.mts'), consumer);
    writeFileSync(path.join(dir, 'consumer.cts'), consumer);
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: 'node16',
          moduleResolution: 'node16',
          target: 'es2022',
          lib: ['es2022', 'dom', 'dom.iterable', 'esnext.asynciterable'],
          types: [],
          skipLibCheck: false,
        },
        files: ['consumer.mts', 'consumer.cts'],
      }),
    );
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    try {
      execFileSync(process.execPath, [tsc, '-p', dir], { cwd: dir, stdio: 'pipe' });
    } catch (error) {
      throw new Error(`tsc failed:\n${String((error as { stdout?: Buffer }).stdout ?? error)}`, { cause: error });
    }
  }, 60_000);
});
