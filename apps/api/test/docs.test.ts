import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { startTestApp, type TestApp } from './test-app.js';

// /openapi.json, the API reference at /docs, its files and the guides, through real HTTP:
// no key needed, nothing from another origin, files cached for a year.

let app: TestApp;
let elsewhere: TestApp;

beforeAll(async () => {
  [app, elsewhere] = await Promise.all([startTestApp(), startTestApp({ publicUrl: 'https://api.example.org' })]);
});

afterAll(async () => {
  await Promise.all([app?.close(), elsewhere?.close()]);
});

describe('/openapi.json', () => {
  it('is OpenAPI 3.1 whose server is PUBLIC_URL, by default 127.0.0.1 and the port, whatever the Host', async () => {
    const res = await app.call('GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.servers).toEqual([{ url: app.url, description: 'This server' }]);
    expect(res.body.info.description).toContain(`(${app.url}/docs/guides/quickstart)`);

    const proxied = await app.call('GET', '/openapi.json', {
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'api.humantime.example', host: 'evil.example' },
    });
    expect(proxied.body.servers).toEqual([{ url: app.url, description: 'This server' }]);
    expect((await app.call('GET', '/openapi.json')).body.servers[0].url).toBe(app.url);
  });

  it('names PUBLIC_URL as its server when it is set, whatever the request', async () => {
    const res = await elsewhere.call('GET', '/openapi.json', { headers: { 'x-forwarded-host': 'other.example' } });
    expect(res.body.servers).toEqual([{ url: 'https://api.example.org', description: 'This server' }]);
  });
});

describe('/docs', () => {
  it('is the reference page under a policy of this origin only', async () => {
    const res = await app.call('GET', '/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("connect-src 'self';");
    expect(res.text).toContain('<div id="reference"></div>');
    expect(res.text).toContain('<noscript>');
    expect(res.text).not.toMatch(/(src|href)="(https?:)?\/\//);
  });

  it('lets the console reach PUBLIC_URL when the API lives at another origin', async () => {
    const res = await elsewhere.call('GET', '/docs');
    expect(res.headers.get('content-security-policy')).toContain("connect-src 'self' https://api.example.org;");
  });

  it('serves its files from here, gzipped, cached for a year', async () => {
    const page = (await app.call('GET', '/docs')).text;
    const urls = [...page.matchAll(/(?:src|href)="(\/docs\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(urls.map((u) => u.split('?')[0])).toEqual(['/docs/assets/docs.css', '/docs/assets/reference.js', '/docs/assets/scalar.js']);
    for (const url of urls) {
      const res = await fetch(app.url + url, { headers: { 'accept-encoding': 'gzip' } });
      expect(res.status, url).toBe(200);
      expect(res.headers.get('cache-control'), url).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('content-encoding'), url).toBe('gzip');
      expect(res.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect((await res.text()).length, url).toBeGreaterThan(100);
    }
    const plain = await fetch(`${app.url}/docs/assets/reference.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('content-type')).toMatch(/^text\/javascript/);
  });

  it('serves the guides as plain pages, and 404 for a guide that is not there', async () => {
    const index = await app.call('GET', '/docs/guides');
    expect(index.status).toBe(200);
    expect(index.text).toContain('href="/docs/guides/agents-over-mcp"');
    for (const slug of ['quickstart', 'webhooks', 'idempotency-and-retries', 'agents-over-mcp']) {
      const res = await app.call('GET', `/docs/guides/${slug}`);
      expect(res.status, slug).toBe(200);
      expect(res.headers.get('content-security-policy'), slug).toMatch(/^default-src 'none'; style-src 'self';/);
      expect(res.text, slug).not.toMatch(/<script/i);
    }
    const missing = await app.call('GET', '/docs/guides/nope');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('NOT_FOUND');
  });
});

describe('PUBLIC_URL', () => {
  it('is an http(s) URL, kept without a trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://api.example.org/' }).publicUrl).toBe('https://api.example.org');
    expect(loadConfig({ PUBLIC_URL: 'https://example.org/humantime/' }).publicUrl).toBe('https://example.org/humantime');
    expect(loadConfig({}).publicUrl).toBeUndefined();
    for (const bad of ['api.example.org', 'ftp://example.org', 'https://user:pw@example.org', 'https://example.org/?a=1']) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
    }
  });
});
