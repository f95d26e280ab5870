import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressResolver } from '../../lib/resolve-addresses.js';
import { createHttpSender, type WebhookRequest } from './send-webhook.js';

// The real sender against a real loopback server. Its answer is chosen by path.
let server: Server;
let port: number;
const seen: { path: string; headers: Record<string, unknown>; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (c: string) => (body += c));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', headers: req.headers, body });
      if (req.url === '/hang') return;
      if (req.url === '/redirect') return void res.writeHead(302, { location: '/ok' }).end();
      if (req.url === '/fail') return void res.writeHead(503).end('down');
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const request = (url: string, extra: Partial<WebhookRequest> = {}): WebhookRequest => ({
  url,
  body: '{"event":"booking.confirmed","x":"é"}',
  headers: { 'content-type': 'application/json', 'x-service-delivery-id': 'd-1' },
  timeoutMs: 2_000,
  allowPrivate: true,
  ...extra,
});

describe('createHttpSender', () => {
  const send = createHttpSender();

  it('POSTs the body bytes with the given headers and reports the status', async () => {
    expect(await send(request(`http://127.0.0.1:${port}/ok`))).toEqual({ statusCode: 204, error: null });
    const last = seen.at(-1)!;
    expect(last.body).toBe('{"event":"booking.confirmed","x":"é"}');
    expect(last.headers).toMatchObject({ 'content-type': 'application/json', 'x-service-delivery-id': 'd-1', 'content-length': '38' });
  });

  it('reports non-2xx answers, does not follow a redirect, and names refused connections and timeouts', async () => {
    expect(await send(request(`http://127.0.0.1:${port}/fail`))).toEqual({ statusCode: 503, error: null });
    const before = seen.length;
    expect(await send(request(`http://127.0.0.1:${port}/redirect`))).toEqual({ statusCode: 302, error: 'redirect not followed' });
    expect(seen.slice(before).map((s) => s.path)).toEqual(['/redirect']);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await send(request(`http://127.0.0.1:${closedPort}/x`))).toEqual({ statusCode: null, error: 'connection refused' });
    const started = Date.now();
    expect(await send(request(`http://127.0.0.1:${port}/hang`, { timeoutMs: 300 }))).toEqual({
      statusCode: null,
      error: 'timed out after 300 ms',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('without the private allowance refuses http and internal literals before connecting', async () => {
    const before = seen.length;
    expect((await send(request(`http://127.0.0.1:${port}/ok`, { allowPrivate: false }))).error).toBe('refused: url must use https');
    expect((await send(request(`https://127.0.0.1:${port}/ok`, { allowPrivate: false }))).error).toMatch(
      /^refused: url 127\.0\.0\.1 is an internal address \(loopback\)/,
    );
    expect(seen.length).toBe(before);
  });

  it('checks the addresses it connects to, so a name rebound to an internal address after registration is refused', async () => {
    // The first answer (what registration saw) is public; the one at delivery is loopback.
    const answers = [[{ address: '93.184.215.14', family: 4 }], [{ address: '127.0.0.1', family: 4 }]];
    const asked: string[] = [];
    const rebinding: AddressResolver = async (host) => {
      asked.push(host);
      return answers.shift() ?? [];
    };
    await rebinding('hooks.example.test'); // registration's look-up
    const before = seen.length;
    const outcome = await createHttpSender(rebinding)(request(`https://hooks.example.test:${port}/ok`, { allowPrivate: false }));
    expect(outcome).toEqual({
      statusCode: null,
      error: 'refused: hooks.example.test resolves to 127.0.0.1, an internal address (loopback)',
    });
    expect(asked).toEqual(['hooks.example.test', 'hooks.example.test']);
    expect(seen.length).toBe(before);
  });
});
