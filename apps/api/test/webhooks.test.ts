import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test-app.js';

// Registration, listing and deletion with the production URL policy (private URLs NOT
// allowed). A name that does not resolve is accepted (delivery checks again), so the
// example.com hosts below work with and without internet access.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;
let n = 0;
const uniqueUrl = () => `https://hooks.example.com/h/${++n}`;
const register = (key: string, body: unknown) => app.call('POST', '/v1/webhooks', { key, body });
const registerUrl = (key: string, url = uniqueUrl(), events = ['booking.confirmed']) => register(key, { url, events });

describe('POST /v1/webhooks', () => {
  it('answers 201 with id, url, events, created_at and a whsec_ secret of 32 random bytes', async () => {
    const { key } = await app.createOrg('growth');
    const res = await registerUrl(key, 'https://hooks.example.com/in', ['booking.confirmed', 'booking.cancelled']);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID),
      url: 'https://hooks.example.com/in',
      events: ['booking.confirmed', 'booking.cancelled'],
      created_at: expect.stringMatching(TIMESTAMP),
      signing_secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    expect(Buffer.from(res.body.signing_secret.slice(6), 'base64')).toHaveLength(32);
    const other = await registerUrl(key);
    expect(other.body.signing_secret).not.toBe(res.body.signing_secret);
  });

  it('accepts a public IP literal', async () => {
    const { key } = await app.createOrg('growth');
    expect((await registerUrl(key, 'https://93.184.215.14/hook')).status).toBe(201);
  });

  it('refuses the same URL twice in one organization with 409 WEBHOOK_URL_TAKEN, not across organizations', async () => {
    const a = await app.createOrg('growth');
    const b = await app.createOrg('growth');
    expect((await registerUrl(a.key, 'https://hooks.example.com/same')).status).toBe(201);
    const again = await registerUrl(a.key, 'https://hooks.example.com/same', ['booking.cancelled']);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'WEBHOOK_URL_TAKEN', status: 409 });
    expect((await registerUrl(b.key, 'https://hooks.example.com/same')).status).toBe(201);
  });

  it('stores a URL as the one endpoint it names, so spellings of a registered endpoint are 409 too', async () => {
    const { key } = await app.createOrg('growth');
    const first = await registerUrl(key, 'https://hooks.example.com/g1#setup');
    expect(first.status).toBe(201);
    expect(first.body.url).toBe('https://hooks.example.com/g1');
    for (const same of [
      'https://hooks.example.com/g1',
      'https://hooks.example.com/g1?',
      'https://hooks.example.com/%671',
      'HTTPS://Hooks.Example.com:443/./g1#other',
    ]) {
      const res = await registerUrl(key, same);
      expect(res.status, same).toBe(409);
      expect(res.body.error.code).toBe('WEBHOOK_URL_TAKEN');
    }
    // Reserved escapes stay escaped (in upper case): %2F is not a path separator.
    expect((await registerUrl(key, 'https://hooks.example.com/a%2fb?x=%7e')).body.url).toBe('https://hooks.example.com/a%2Fb?x=~');
  });

  it.each([
    ['free', 2],
    ['starter', 10],
  ] as const)('stops the %s plan at %i webhooks with 402 LIMIT_REACHED, and frees a place on delete', async (plan, max) => {
    const { key } = await app.createOrg(plan);
    const ids: string[] = [];
    for (let i = 0; i < max; i++) {
      const res = await registerUrl(key);
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const over = await registerUrl(key);
    expect(over.status).toBe(402);
    expect(over.body.error).toMatchObject({ code: 'LIMIT_REACHED', status: 402 });
    expect(over.body.error.message).toContain(String(max));
    // A duplicate at the maximum is still reported as the duplicate it is.
    const list = await app.call('GET', '/v1/webhooks?limit=1', { key });
    expect((await registerUrl(key, list.body.data[0].url)).status).toBe(409);
    expect((await app.call('DELETE', `/v1/webhooks/${ids[0]}`, { key })).status).toBe(204);
    expect((await registerUrl(key)).status).toBe(201);
  });

  it('lets Growth register more than any other plan allows', async () => {
    const { key } = await app.createOrg('growth');
    for (let i = 0; i < 12; i++) expect((await registerUrl(key)).status).toBe(201);
  });

  it('holds the plan maximum when registrations race', async () => {
    const { key } = await app.createOrg('free');
    const results = await Promise.all(Array.from({ length: 8 }, () => registerUrl(key)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 402, 402, 402, 402, 402, 402]);
    const list = await app.call('GET', '/v1/webhooks', { key });
    expect(list.body.data).toHaveLength(2);
  });

  it.each([
    [{ url: 'https://hooks.example.com/e1', events: [] }, 'events'],
    [{ url: 'https://hooks.example.com/e2', events: ['booking.created'] }, 'events'],
    [{ url: 'https://hooks.example.com/e3', events: ['booking.confirmed', 'booking.confirmed'] }, 'events'],
    [{ url: 'https://hooks.example.com/e4' }, 'events'],
    [{ events: ['booking.confirmed'] }, 'url'],
    [{ url: 'not a url', events: ['booking.confirmed'] }, 'url'],
    [{ url: 'ftp://hooks.example.com/x', events: ['booking.confirmed'] }, 'url'],
    [{ url: 'http://hooks.example.com/x', events: ['booking.confirmed'] }, 'url'],
    [{ url: 'https://user:pw@hooks.example.com/x', events: ['booking.confirmed'] }, 'url'],
    [{ url: 'https://hooks.example.com/x', events: ['booking.confirmed'], secret: 'mine' }, 'secret'],
  ])('refuses %j with 422 VALIDATION_ERROR naming %s', async (body, field) => {
    const { key } = await app.createOrg('growth');
    const res = await register(key, body);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.message).toContain(field);
  });

  it.each([
    'https://127.0.0.1/x',
    'https://127.1.2.3:8443/x',
    'https://2130706433/x',
    'https://10.0.0.1/x',
    'https://172.16.5.4/x',
    'https://192.168.1.1/x',
    'https://100.64.0.1/x',
    'https://169.254.169.254/latest/meta-data',
    'https://0.0.0.0/x',
    'https://224.0.0.1/x',
    'https://[::1]/x',
    'https://[::]/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://[::ffff:a9fe:a9fe]/x',
    'https://[fd00:ec2::254]/x',
    'https://[fe80::1]/x',
    'https://localhost/x',
    'https://LOCALHOST./x',
    'https://api.localhost/x',
    'https://metadata.google.internal/computeMetadata/v1',
    'https://printer.local/x',
  ])('refuses the internal URL %s with 422 VALIDATION_ERROR on url', async (url) => {
    const { key } = await app.createOrg('growth');
    const res = await registerUrl(key, url);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.message).toMatch(/^url: /);
  });
});

describe('GET /v1/webhooks and DELETE /v1/webhooks/{id}', () => {
  it('lists newest first with cursor paging and never shows a secret', async () => {
    const { key } = await app.createOrg('growth');
    const created: string[] = [];
    for (let i = 0; i < 3; i++) created.push((await registerUrl(key)).body.id);
    const first = await app.call('GET', '/v1/webhooks?limit=2', { key });
    expect(first.status).toBe(200);
    expect(first.body.data.map((w: { id: string }) => w.id)).toEqual([created[2], created[1]]);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await app.call('GET', `/v1/webhooks?limit=2&cursor=${first.body.next_cursor}`, { key });
    expect(second.body).toEqual({ data: [expect.objectContaining({ id: created[0] })], next_cursor: null });
    for (const w of [...first.body.data, ...second.body.data]) {
      expect(Object.keys(w).sort()).toEqual(['created_at', 'events', 'id', 'url']);
    }
    expect(first.text + second.text).not.toContain('whsec_');
  });

  it('deletes with 204, then answers 404 for it everywhere', async () => {
    const { key } = await app.createOrg('growth');
    const id = (await registerUrl(key)).body.id;
    const del = await app.call('DELETE', `/v1/webhooks/${id}`, { key });
    expect([del.status, del.text]).toEqual([204, '']);
    expect((await app.call('DELETE', `/v1/webhooks/${id}`, { key })).body.error.code).toBe('NOT_FOUND');
    expect((await app.call('GET', `/v1/webhooks/${id}/deliveries`, { key })).status).toBe(404);
    expect((await app.call('GET', '/v1/webhooks', { key })).body.data).toEqual([]);
  });

  it("keeps organizations apart: another org's webhook is invisible and answers 404", async () => {
    const a = await app.createOrg('growth');
    const b = await app.createOrg('growth');
    const id = (await registerUrl(a.key)).body.id;
    expect((await app.call('GET', '/v1/webhooks', { key: b.key })).body.data).toEqual([]);
    expect((await app.call('GET', `/v1/webhooks/${id}/deliveries`, { key: b.key })).status).toBe(404);
    expect((await app.call('DELETE', `/v1/webhooks/${id}`, { key: b.key })).status).toBe(404);
    expect((await app.call('GET', '/v1/webhooks', { key: a.key })).body.data).toHaveLength(1);
    expect((await app.call('GET', '/v1/webhooks/not-a-uuid/deliveries', { key: a.key })).status).toBe(404);
  });

  it('requires an API key', async () => {
    expect((await app.call('GET', '/v1/webhooks')).status).toBe(401);
    expect((await app.call('POST', '/v1/webhooks', { body: { url: uniqueUrl(), events: ['booking.confirmed'] } })).status).toBe(401);
  });
});

// Found by the fuzzer: "\u0000" inside a URL was silently rewritten before it was stored.
describe('no silent rewrites of the URL', () => {
  it('refuses U+0000 and control characters with 422 naming url, and stores nothing', async () => {
    const { key } = await app.createOrg('growth');
    for (const url of ['https://hooks.example.com/a\u0000b', 'https://hooks.exa\tmple.com/in', 'https://hooks.example.com/a\r\nb']) {
      const res = await registerUrl(key, url);
      expect(res.status, res.text).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', status: 422 });
      expect(res.body.error.message).toMatch(/url: must not contain (U\+0000|control characters)/);
    }
    expect((await app.call('GET', '/v1/webhooks', { key })).body.data).toEqual([]);
  });

  it('stores the documented normalization: trimmed, host lower case, default port and empty path', async () => {
    const { key } = await app.createOrg('growth');
    const res = await registerUrl(key, '  https://HOOKS.Example.com:443  ');
    expect(res.status, res.text).toBe(201);
    expect(res.body.url).toBe('https://hooks.example.com/');
  });
});
