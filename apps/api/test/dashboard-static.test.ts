import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope } from './expectations.js';
import { startTestApp, type TestApp } from './test-app.js';

// Until apps/web lands, a stand-in build in a temporary directory: what `vite build`
// writes (index.html and hashed files under assets/).
let dist: string;
let app: TestApp;
let unbuilt: TestApp;
let closed: TestApp;

const INDEX =
  '<!doctype html><html><head><script type="module" src="/dashboard/assets/index-3f9a1c2b.js"></script></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'ht-web-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'assets', 'index-3f9a1c2b.js'), 'console.log("dashboard")');
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(path.dirname(dist), `${path.basename(dist)}-secret.txt`), 'outside');
  app = await startTestApp({ dashboard: { signup: 'open', distDir: dist } });
  unbuilt = await startTestApp({ dashboard: { signup: 'open', distDir: path.join(dist, 'missing') } });
  closed = await startTestApp({ dashboard: { signup: 'closed', distDir: dist } });
});
afterAll(async () => {
  await app?.close();
  await unbuilt?.close();
  await closed?.close();
  await rm(dist, { recursive: true, force: true });
  await rm(path.join(path.dirname(dist), `${path.basename(dist)}-secret.txt`), { force: true });
});

describe('the built dashboard at /dashboard', () => {
  it('serves index.html with no-cache at /dashboard and at any client route, for deep links', async () => {
    for (const page of [
      '/dashboard',
      '/dashboard/',
      '/dashboard/bookings',
      '/dashboard/humans/6f1c2d4e-0000-4000-8000-000000000000',
      '/dashboard/accept-invite',
    ]) {
      const res = await app.call('GET', page);
      expect(res.status, page).toBe(200);
      expect(res.text, page).toBe(INDEX);
      expect(res.headers.get('content-type'), page).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control'), page).toBe('no-cache');
      expect(res.headers.get('content-security-policy'), page).toMatch(/default-src 'self'.*frame-ancestors 'none'/);
    }
  });

  it('with sign-up closed, marks every page so, and serves /signup as the closed page with no form', async () => {
    const signup = await closed.call('GET', '/dashboard/signup');
    expect(signup.status).toBe(200);
    expect(signup.headers.get('cache-control')).toBe('no-cache');
    expect(signup.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(signup.text).toContain('<meta name="humantime-signup" content="closed" />');
    expect(signup.text).toContain('<h1>Sign-up is closed</h1>');
    expect(signup.text).toContain('invitation link');
    expect(signup.text).not.toMatch(/<form/i);
    const signin = await closed.call('GET', '/dashboard/signin');
    expect(signin.text).toContain('<meta name="humantime-signup" content="closed" />');
    expect(signin.text).not.toContain('Sign-up is closed');
    // Open: index.html as built, byte for byte.
    expect((await app.call('GET', '/dashboard/signup')).text).toBe(INDEX);
  });

  it('serves hashed assets as immutable for a year, other files revalidated', async () => {
    const asset = await app.call('GET', '/dashboard/assets/index-3f9a1c2b.js');
    expect(asset.status).toBe(200);
    expect(asset.text).toBe('console.log("dashboard")');
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await app.call('GET', '/dashboard/favicon.svg');
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers 404 for a missing asset instead of index.html, and never leaves the build directory', async () => {
    expectEnvelope(await app.call('GET', '/dashboard/assets/gone-12345678.js'), 404, 'NOT_FOUND');
    const escape = await app.call('GET', `/dashboard/..%2F${path.basename(dist)}-secret.txt`);
    expect(escape.text).not.toContain('outside');
  });

  it('leaves /dashboard/api to the API: an unknown API path is the JSON envelope', async () => {
    const res = await app.call('GET', '/dashboard/api/nope', { headers: { 'sec-fetch-site': 'same-origin' } });
    expectEnvelope(res, 401, 'UNAUTHORIZED');
    const post = await app.call('POST', '/dashboard/bookings', { body: {} });
    expectEnvelope(post, 404, 'NOT_FOUND');
  });

  it('explains a missing build with a clear 503 page instead of crashing', async () => {
    const res = await unbuilt.call('GET', '/dashboard');
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.text).toContain('pnpm --filter @humantime/web build');
    expect((await unbuilt.call('GET', '/healthz')).status).toBe(200);
  });
});
