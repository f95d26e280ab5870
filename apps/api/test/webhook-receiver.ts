import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

/** One request as the receiver saw it: raw body bytes as text, never re-serialized. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  deliveryId: string;
  /** Wall clock (Date.now) and monotonic (performance.now) arrival times. */
  at: number;
  mono: number;
}

/** How to answer: a status (after an optional delay), or never ('hang'). */
export type Answer = number | { status: number; delayMs?: number; headers?: Record<string, string> } | 'hang';
export type Handler = (request: Received, sameDeliveryCount: number) => Answer;

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** Requests per X-Service-Delivery-Id that got a 2xx answer. */
  answered2xx: Map<string, number>;
  /** The most requests of one delivery id that were ever open at the same moment. */
  maxConcurrentPerDelivery: number;
  handler: Handler;
  byPath(path: string): Received[];
  waitFor(what: string, check: () => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** A real HTTP receiver on 127.0.0.1 (optionally on a fixed port, to come back after a stop). */
export async function startReceiver(handler: Handler = () => 200, port = 0): Promise<Receiver> {
  const open = new Map<string, number>();
  const receiver: Receiver = {
    url: '',
    port: 0,
    received: [],
    answered2xx: new Map(),
    maxConcurrentPerDelivery: 0,
    handler,
    byPath: (path) => receiver.received.filter((r) => r.path === path),
    async waitFor(what, check, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (!check()) {
        if (Date.now() > deadline) throw new Error(`receiver: timed out waiting for ${what} (got ${receiver.received.length} requests)`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const answer = (res: ServerResponse, status: number, headers: Record<string, string>, id: string) => {
    if (status >= 200 && status < 300) receiver.answered2xx.set(id, (receiver.answered2xx.get(id) ?? 0) + 1);
    res.writeHead(status, headers).end('ok');
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const deliveryId = String(req.headers['x-service-delivery-id'] ?? '');
      const entry: Received = {
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        deliveryId,
        at: Date.now(),
        mono: performance.now(),
      };
      receiver.received.push(entry);
      const concurrent = (open.get(deliveryId) ?? 0) + 1;
      open.set(deliveryId, concurrent);
      receiver.maxConcurrentPerDelivery = Math.max(receiver.maxConcurrentPerDelivery, concurrent);
      res.on('close', () => open.set(deliveryId, (open.get(deliveryId) ?? 1) - 1));
      const same = receiver.received.filter((r) => r.deliveryId === deliveryId).length;
      const a = receiver.handler(entry, same);
      if (a === 'hang') return;
      const spec = typeof a === 'number' ? { status: a } : a;
      if (spec.delayMs) setTimeout(() => answer(res, spec.status, spec.headers ?? {}, deliveryId), spec.delayMs);
      else answer(res, spec.status, spec.headers ?? {}, deliveryId);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}`;
  return receiver;
}

/**
 * The signature scheme, checked independently of the server's code with node:crypto: the header's
 * form, the HMAC over "<t>.<raw body>" keyed with the whole secret, and |now - t| <= 300 s.
 * Returns t.
 */
export function verifySignature(header: string | string[] | undefined, body: string, secret: string, nowMs = Date.now()): number {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(header));
  if (!match) throw new Error(`malformed X-Service-Signature: ${String(header)}`);
  const t = Number(match[1]);
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  if (!timingSafeEqual(expected, Buffer.from(match[2]!, 'hex'))) throw new Error('signature does not verify');
  if (Math.abs(nowMs / 1000 - t) > 300) throw new Error(`timestamp ${t} is outside the 300 s tolerance`);
  return t;
}
