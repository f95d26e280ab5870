import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startTestApp, useTestApp, type TestApp } from './test-app.js';

let app: TestApp;
let key: string;
useTestApp({}, (ctx) => {
  ({ app, key } = ctx);
});

function expectEnvelope(res: { status: number; body: any; headers: Headers }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.body).toEqual({ error: { code, message: expect.any(String), status } });
  expect(res.body.error.message.length).toBeGreaterThan(0);
}

describe('the error envelope on every path', () => {
  it('answers an unknown route with 404 NOT_FOUND', async () => {
    expectEnvelope(await app.call('GET', '/nope'), 404, 'NOT_FOUND');
    expectEnvelope(await app.call('GET', '/v1/nope', { key }), 404, 'NOT_FOUND');
  });

  it('checks authentication first on every /v1 route, known or not', async () => {
    const missing = await app.call('GET', '/v1/humans');
    expectEnvelope(missing, 401, 'UNAUTHORIZED');
    expect(missing.body.error.message).toMatch(/missing or invalid/);
    expectEnvelope(await app.call('GET', '/v1/nope'), 401, 'UNAUTHORIZED');
    expectEnvelope(await app.call('POST', '/v1/humans', { raw: '{bad json' }), 401, 'UNAUTHORIZED');
    expectEnvelope(await app.call('GET', '/v1/humans', { key: 'sk_live_doesnotexist0000000000000000000000' }), 401, 'UNAUTHORIZED');
    expectEnvelope(await app.call('GET', '/v1/humans', { headers: { authorization: `Basic ${key}` } }), 401, 'UNAUTHORIZED');
    expectEnvelope(await app.call('GET', '/v1/humans', { key: key.replace('sk_live_', 'sk_test_') }), 401, 'UNAUTHORIZED');
    // Two Authorization headers (Node would keep the first): ambiguous, refused.
    const { port } = new URL(app.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.end(
          `GET /v1/humans HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${key}\r\nAuthorization: Bearer sk_live_other\r\nConnection: close\r\n\r\n`,
        ),
      );
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      socket.on('end', () => resolve(text)).on('error', reject);
    });
    const twice = { status: Number(answer.split(' ')[1]), body: JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) };
    expect(twice.status).toBe(401);
    expect(twice.body.error).toEqual({ code: 'UNAUTHORIZED', message: 'Send one Authorization header, not several.', status: 401 });
  });

  it('answers a request whose body runs past its Content-Length, then closes the connection; and a client that half-closes after its request', async () => {
    const { port } = new URL(app.url);
    const head = `POST /v1/humans HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\n`;
    const exchange = (request: string, halfClose: boolean) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => (halfClose ? socket.end(request) : socket.write(request)));
        let text = '';
        socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        socket.on('end', () => resolve(text)).on('error', reject);
      });
    const answers = [
      // Two bytes past the body, on a connection the client asked to close.
      await exchange(`${head}Content-Length: 7\r\nConnection: close\r\n\r\n{"a":1}XY`, false),
      // The same, kept alive: the stray bytes are no request, so the connection closes after the answer.
      await exchange(`${head}Content-Length: 7\r\n\r\n{"a":1}XY`, false),
      // The request, then the client's FIN before the answer (the database is still being asked).
      await exchange(`${head}Content-Length: 7\r\nConnection: close\r\n\r\n{"a":1}`, true),
    ];
    for (const answer of answers) {
      expect(answer).toMatch(/^HTTP\/1\.1 422 /);
      expect(answer.match(/^HTTP\/1\.1 /gm)).toHaveLength(1);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)).error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('answers malformed JSON with 422 VALIDATION_ERROR', async () => {
    const res = await app.call('POST', '/v1/humans', { key, raw: '{"name": "Ada",' });
    expectEnvelope(res, 422, 'VALIDATION_ERROR');
    expect(res.body.error.message).toMatch(/JSON/);
  });

  it('answers a body that is JSON but no object (null, a number, a string) with 422 naming that', async () => {
    for (const raw of ['null', '42', '"Ada"']) {
      const res = await app.call('POST', '/v1/humans', { key, raw });
      expectEnvelope(res, 422, 'VALIDATION_ERROR');
      expect(res.body.error.message, raw).toBe('body: must be a JSON object.');
    }
  });

  it('answers a non-JSON content type with 422, not a silent empty body', async () => {
    const res = await app.call('POST', '/v1/humans', {
      key,
      raw: 'name=Ada',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectEnvelope(res, 422, 'VALIDATION_ERROR');
  });

  it('matches paths letter for letter: another case is an unknown route', async () => {
    for (const path of ['/V1/HUMANS', '/v1/Humans', '/v1/USAGE']) expectEnvelope(await app.call('GET', path, { key }), 404, 'NOT_FOUND');
    expect((await app.call('GET', '/v1/humans', { key })).status).toBe(200);
  });

  it('refuses a body that is not valid UTF-8 rather than storing U+FFFD', async () => {
    const bytes = Buffer.concat([Buffer.from('{"name":"bad'), Buffer.from([0xff, 0xfe]), Buffer.from('utf8","timezone":"UTC"}')]);
    const before = (await app.call('GET', '/v1/humans?limit=100', { key })).body.data.length;
    const res = await fetch(`${app.url}/v1/humans`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: bytes,
    });
    const body = (await res.json()) as { error: unknown };
    expect(res.status).toBe(422);
    expect(body.error).toEqual({ code: 'VALIDATION_ERROR', message: 'body: not valid UTF-8.', status: 422 });
    expect((await app.call('GET', '/v1/humans?limit=100', { key })).body.data.length).toBe(before);
  });

  it('answers an id that is not a UUID with 404 NOT_FOUND', async () => {
    expectEnvelope(await app.call('GET', '/v1/humans/not-a-uuid', { key }), 404, 'NOT_FOUND');
    expectEnvelope(await app.call('DELETE', '/v1/humans/123', { key }), 404, 'NOT_FOUND');
  });

  // Found by the fuzzer: both were 500 INTERNAL_ERROR.
  it('answers a Content-Encoding the body does not have with 422, not 500', async () => {
    for (const encoding of ['gzip', 'deflate']) {
      const res = await app.call('POST', '/v1/humans', {
        key,
        body: { name: 'Ada', timezone: 'UTC' },
        headers: { 'content-encoding': encoding },
      });
      expectEnvelope(res, 422, 'VALIDATION_ERROR');
      expect(res.body.error.message).toMatch(/^body: could not be read/);
    }
    expectEnvelope(
      await app.call('POST', '/v1/humans', { key, body: { name: 'Ada', timezone: 'UTC' }, headers: { 'content-encoding': 'br' } }),
      422,
      'VALIDATION_ERROR',
    );
  });

  it('answers a path that is not valid percent-encoding with 404, like any malformed id', async () => {
    for (const id of ['%E0%A4%A', '%ED%A0%80%', '%']) {
      expectEnvelope(await app.call('GET', `/v1/humans/${id}`, { key }), 404, 'NOT_FOUND');
      expectEnvelope(await app.call('DELETE', `/v1/bookings/${id}`, { key }), 404, 'NOT_FOUND');
    }
  });

  it('answers a body over 1 MiB with 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await app.call('POST', '/v1/humans', { key, body: { name: 'x'.repeat(1024 * 1024 + 10), timezone: 'UTC' } });
    expectEnvelope(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('names every offending field in VALIDATION_ERROR', async () => {
    const res = await app.call('POST', '/v1/humans', { key, body: { timezone: 'Mars/Olympus', email: 'nope' } });
    expectEnvelope(res, 422, 'VALIDATION_ERROR');
    for (const field of ['name', 'timezone', 'email']) expect(res.body.error.message).toContain(field);
  });

  it('gives every response an X-Request-Id, echoing a sane one from the client', async () => {
    const res = await app.call('GET', '/healthz', { headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    const fresh = await app.call('GET', '/v1/nope');
    expect(fresh.headers.get('x-request-id')).toMatch(/^req_/);
    const evil = await app.call('GET', '/healthz', { headers: { 'x-request-id': 'a b\tc' } });
    expect(evil.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('serves health, readiness, the OpenAPI document and the docs page without auth', async () => {
    expect((await app.call('GET', '/healthz')).body).toEqual({ status: 'ok' });
    expect((await app.call('GET', '/readyz')).body).toEqual({ status: 'ready' });
    const doc = await app.call('GET', '/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.body.paths)).toContain('/v1/humans/{human_id}/slots');
    const docs = await app.call('GET', '/docs');
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-type')).toMatch(/text\/html/);
    expect(docs.text).not.toMatch(/<script[^>]+src=["']https?:/);
    expect(docs.text).not.toMatch(/<link[^>]+href=["']https?:/);
  });

  it('answers a crash with 500 INTERNAL_ERROR, no stack trace, and nothing half-written', async () => {
    // A payment processor failing in an unexpected way, mid-transaction, at the quota boundary.
    const crashing = await startTestApp(
      {},
      {
        paymentProcessor: {
          name: 'ledger',
          needsPaymentMethod: false,
          charge: async () => {
            throw new TypeError('processor exploded');
          },
        },
      },
    );
    try {
      const org = await crashing.createOrg('growth', true);
      await crashing.database.store.db.usagePeriod.create({
        data: {
          organizationId: org.id,
          periodStart: new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1)),
          used: 10_000,
        },
      });
      const human = await crashing.call('POST', '/v1/humans', {
        key: org.key,
        body: {
          name: 'Ada',
          timezone: 'UTC',
          availability: { working_days: [1, 2, 3, 4, 5, 6, 7], work_start: '09:00', work_end: '17:00', meeting_durations: [30] },
        },
      });
      const res = await crashing.call('POST', '/v1/bookings', {
        key: org.key,
        body: { human_id: human.body.id, starts_at: '2030-01-07T09:00:00Z', duration: 30, attendee_name: 'A' },
      });
      expectEnvelope(res, 500, 'INTERNAL_ERROR');
      expect(res.text).not.toMatch(/processor exploded|TypeError|\.ts:\d+/);
      expect(await crashing.database.store.db.booking.count()).toBe(0);
      expect(await crashing.database.store.db.event.count()).toBe(0);
    } finally {
      await crashing.close();
    }
  });
});
