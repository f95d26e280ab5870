import http from 'node:http';
import https from 'node:https';
import { staticUrlProblem } from '../../services/webhooks/check-webhook-url.js';
import type { AddressResolver } from '../../lib/resolve-addresses.js';
import { BlockedAddressError, guardedLookup } from '../../services/outbound/guarded-lookup.js';

export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /** WEBHOOK_ALLOW_PRIVATE_URLS: skip the internal-address rules (local development). */
  allowPrivate: boolean;
}

/** What came back: an HTTP status, or an error saying why none did (or why it failed). */
export interface SendOutcome {
  statusCode: number | null;
  error: string | null;
}

/** The HTTP POST of one attempt. Injectable: unit tests of the worker pass a fake. */
export type WebhookSender = (request: WebhookRequest) => Promise<SendOutcome>;

const USER_AGENT = 'humantime-webhooks/1';

function describe(error: NodeJS.ErrnoException, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `timed out after ${timeoutMs} ms`;
  if (error instanceof BlockedAddressError) return error.message;
  if (error.code === 'ECONNREFUSED') return 'connection refused';
  if (error.code === 'ECONNRESET') return 'connection reset';
  if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') return `DNS lookup failed (${error.code})`;
  return error.code && !error.message.includes(error.code) ? `${error.message} (${error.code})` : error.message;
}

/**
 * POSTs with node:http(s). No redirect is followed (a 3xx is a failed attempt: following one
 * could lead anywhere, including inside our network). The whole exchange up to the status
 * line must finish within timeoutMs. Unless private URLs are allowed, every address the
 * host resolves to is checked at connect time by the guarded lookup.
 */
export function createHttpSender(resolve?: AddressResolver): WebhookSender {
  const lookup = guardedLookup(resolve);
  return (request) =>
    new Promise<SendOutcome>((settle) => {
      let url: URL;
      try {
        url = new URL(request.url);
      } catch {
        settle({ statusCode: null, error: 'refused: url is not a valid URL' });
        return;
      }
      const problem = staticUrlProblem(url, request.allowPrivate);
      if (problem) {
        settle({ statusCode: null, error: `refused: url ${problem}` });
        return;
      }
      let timedOut = false;
      let settled = false;
      const finish = (outcome: SendOutcome) => {
        if (settled) return;
        settled = true;
        settle(outcome);
      };
      const client = url.protocol === 'https:' ? https : http;
      const req = client.request(url, {
        method: 'POST',
        // A fresh connection per attempt: every connect goes through the guarded lookup.
        agent: false,
        headers: {
          ...request.headers,
          'User-Agent': USER_AGENT,
          'Content-Length': String(Buffer.byteLength(request.body)),
        },
        ...(request.allowPrivate ? {} : { lookup }),
      });
      const timer = setTimeout(() => {
        timedOut = true;
        req.destroy(new Error('timeout'));
      }, request.timeoutMs);
      req.on('response', (res) => {
        const status = res.statusCode ?? 0;
        const redirect = status >= 300 && status < 400;
        finish({ statusCode: status, error: redirect ? 'redirect not followed' : null });
        // Drain (and so free) the answer, within the same deadline.
        res.resume();
        res.on('end', () => clearTimeout(timer));
        res.on('error', () => clearTimeout(timer));
      });
      req.on('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        finish({ statusCode: null, error: describe(error, timedOut, request.timeoutMs) });
      });
      req.end(request.body);
    });
}
