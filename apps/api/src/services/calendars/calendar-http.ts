import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { TextDecoder } from 'node:util';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { AddressResolver } from '../../lib/resolve-addresses.js';
import { BlockedAddressError, guardedLookup } from '../outbound/guarded-lookup.js';
import { bareHost } from '../webhooks/check-webhook-url.js';
import { internalAddressKind, isInternalHostName } from '../webhooks/internal-addresses.js';

const USER_AGENT = 'humantime-calendars/1 (+calendar reader of the humantime scheduling API)';
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface Credentials {
  username: string;
  password: string;
}

/** What one read may spend: the same deadline and caps for every request it makes. */
export interface HttpBudget {
  /** Epoch ms by which every answer of the read must be complete. */
  deadline: number;
  /** The timeout the deadline came from, for the message. */
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  allowPrivate: boolean;
  resolve?: AddressResolver;
}

export interface HttpRequest {
  method: 'GET' | 'PROPFIND' | 'REPORT' | 'PUT' | 'DELETE';
  url: URL;
  headers: Record<string, string>;
  body?: string;
  credentials?: Credentials;
  /** Which answers' bodies to read; others are discarded unread. */
  wantBody: (status: number) => boolean;
}

export type HttpAnswer = { ok: true; status: number; headers: IncomingHttpHeaders; body: string | null } | { ok: false; message: string };

/** The messages of a failed read: plain, and never the URL, its path or the credentials. */
export function seconds(ms: number): string {
  return ms >= 1000 ? `${Number((ms / 1000).toFixed(1))} s` : `${ms} ms`;
}

export function sizeText(bytes: number): string {
  const MiB = 1024 * 1024;
  if (bytes >= MiB && bytes % MiB === 0) return `${bytes / MiB} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/**
 * Whether a URL may be requested, without asking DNS: https (or http where private URLs
 * are allowed, as for webhooks) and no internal host or address. The addresses a name
 * resolves to are checked when connecting (the guarded lookup).
 */
export function urlProblem(url: URL, allowPrivate: boolean): string | null {
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    return allowPrivate ? 'the URL must use https or http' : 'the URL must use https';
  if (allowPrivate) return null;
  const host = bareHost(url);
  if (isInternalHostName(host) || (isIP(host) !== 0 && internalAddressKind(host))) return 'private address refused';
  return null;
}

function describe(error: NodeJS.ErrnoException): string {
  if (error instanceof BlockedAddressError) return 'private address refused';
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'the server refused the connection';
    case 'ECONNRESET':
    case 'EPIPE':
      return 'the server closed the connection';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return 'the host name does not resolve';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'the server cannot be reached';
    case 'HPE_INVALID_CONSTANT':
    case 'HPE_INVALID_HEADER_TOKEN':
    case 'HPE_HEADER_OVERFLOW':
      return 'the server did not answer in HTTP';
    case 'Z_DATA_ERROR':
    case 'Z_BUF_ERROR':
      return 'the answer could not be decompressed';
    case 'EPROTO':
      // OpenSSL's handshake failures (wrong version number: plain http on an https address).
      return 'the secure connection could not be set up (EPROTO): the server may not speak https on that address';
  }
  if (error.code && /CERT|TLS|SSL/.test(error.code)) return `the server's TLS certificate was not accepted (${error.code})`;
  return error.code ? `the request failed (${error.code})` : 'the request failed';
}

/** The charset of a Content-Type, if TextDecoder knows it; UTF-8 otherwise (iCalendar's default). */
function decoderFor(contentType: string | undefined): TextDecoder {
  const charset = /charset="?([^";\s]+)/i.exec(contentType ?? '')?.[1];
  if (charset) {
    try {
      return new TextDecoder(charset);
    } catch {
      // An unknown charset: read as UTF-8.
    }
  }
  return new TextDecoder('utf-8');
}

function originOf(url: URL): string {
  return `${url.protocol}//${url.host}`;
}

/**
 * One request with its redirects, held to the read's budget while it runs: the deadline
 * covers connecting, the headers and the whole body; the body is counted as it streams
 * (after decompression) and the request is aborted past maxBytes; every redirect target is
 * checked like the first URL, a loop or more than maxRedirects is refused, and credentials
 * go only to the origin they were given for.
 */
export async function send(request: HttpRequest, budget: HttpBudget): Promise<HttpAnswer> {
  const seen = new Set<string>();
  let url = request.url;
  let { method, body } = request;
  const origin = originOf(request.url);
  for (let redirects = 0; ; redirects++) {
    const problem = urlProblem(url, budget.allowPrivate);
    if (problem) return { ok: false, message: redirects > 0 ? `redirected to a refused address: ${problem}` : problem };
    seen.add(url.href);
    const credentials = originOf(url) === origin ? request.credentials : undefined;
    const answer = await exchange({ ...request, method, body, url, credentials }, budget);
    if (!answer.ok || !REDIRECTS.has(answer.status)) return answer.ok ? answer.answer : answer;
    const location = answer.answer.ok ? answer.answer.headers.location : undefined;
    if (!location) return { ok: false, message: `the server answered HTTP ${answer.status} without a Location` };
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      return { ok: false, message: `the server answered HTTP ${answer.status} with an invalid Location` };
    }
    next.username = '';
    next.password = '';
    next.hash = '';
    if (seen.has(next.href)) return { ok: false, message: 'the server redirected in a loop' };
    if (redirects + 1 > budget.maxRedirects) return { ok: false, message: `more than ${budget.maxRedirects} redirects` };
    if (answer.status === 303 && method !== 'GET') {
      method = 'GET';
      body = undefined;
    }
    url = next;
  }
}

type Exchanged = { ok: true; status: number; answer: HttpAnswer } | { ok: false; message: string };

function exchange(request: HttpRequest, budget: HttpBudget): Promise<Exchanged> {
  return new Promise<Exchanged>((settle) => {
    const remaining = budget.deadline - Date.now();
    const timeout = `no answer within ${seconds(budget.timeoutMs)}`;
    if (remaining <= 0) {
      settle({ ok: false, message: timeout });
      return;
    }
    let settled = false;
    const finish = (outcome: Exchanged) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      settle(outcome);
    };
    const headers: Record<string, string> = {
      'User-Agent': USER_AGENT,
      'Accept-Encoding': 'gzip, deflate, br',
      ...request.headers,
    };
    if (request.credentials) {
      const token = Buffer.from(`${request.credentials.username}:${request.credentials.password}`, 'utf8').toString('base64');
      headers.Authorization = `Basic ${token}`;
    }
    if (request.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(request.body));
    const client = request.url.protocol === 'https:' ? https : http;
    const req = client.request(request.url, {
      method: request.method,
      headers,
      // A fresh connection per request: every connect goes through the guarded lookup.
      agent: false,
      ...(budget.allowPrivate ? {} : { lookup: guardedLookup(budget.resolve) }),
    });
    const timer = setTimeout(() => {
      finish({ ok: false, message: timeout });
      req.destroy(new Error('deadline'));
    }, remaining);
    req.on('error', (error: NodeJS.ErrnoException) => finish({ ok: false, message: describe(error) }));
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      if (REDIRECTS.has(status) || !request.wantBody(status)) {
        finish({ ok: true, status, answer: { ok: true, status, headers: res.headers, body: null } });
        req.destroy();
        return;
      }
      readBody(res, budget).then(
        (read) => finish({ ok: true, status, answer: read.ok ? { ok: true, status, headers: res.headers, body: read.text } : read }),
        (error: NodeJS.ErrnoException) => finish({ ok: false, message: describe(error) }),
      );
    });
    req.end(request.body);
  });
}

/**
 * The body as a string, counted after decompression and decoded as it arrives, so at most
 * one copy of it (the string) is held. Past maxBytes the transfer is aborted.
 */
function readBody(res: IncomingMessage, budget: HttpBudget): Promise<{ ok: true; text: string } | { ok: false; message: string }> {
  return new Promise((settle, fail) => {
    const tooLarge = { ok: false as const, message: `larger than ${sizeText(budget.maxBytes)}` };
    const declared = Number(res.headers['content-length']);
    const encoding = String(res.headers['content-encoding'] ?? 'identity')
      .trim()
      .toLowerCase();
    if (encoding === 'identity' && Number.isFinite(declared) && declared > budget.maxBytes) {
      res.destroy();
      settle(tooLarge);
      return;
    }
    let stream: NodeJS.ReadableStream = res;
    if (encoding === 'gzip' || encoding === 'x-gzip') stream = res.pipe(createGunzip());
    else if (encoding === 'deflate') stream = res.pipe(createInflate());
    else if (encoding === 'br') stream = res.pipe(createBrotliDecompress());
    const decoder = decoderFor(res.headers['content-type']);
    let bytes = 0;
    let text = '';
    let done = false;
    stream.on('data', (chunk: Buffer) => {
      if (done) return;
      bytes += chunk.length;
      if (bytes > budget.maxBytes) {
        done = true;
        res.destroy();
        settle(tooLarge);
        return;
      }
      text += decoder.decode(chunk, { stream: true });
    });
    stream.on('end', () => {
      if (done) return;
      done = true;
      text += decoder.decode();
      settle({ ok: true, text });
    });
    const failed = (error: Error) => {
      if (done) return;
      done = true;
      res.destroy();
      fail(error);
    };
    stream.on('error', failed);
    if (stream !== res) res.on('error', failed);
    res.on('close', () => {
      if (done || res.complete) return;
      done = true;
      settle({ ok: false, message: 'the server closed the connection before the answer was complete' });
    });
  });
}
