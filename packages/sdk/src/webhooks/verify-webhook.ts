import { WEBHOOK_HEADERS, WEBHOOK_TOLERANCE_SECONDS } from '@humantime/contract';
import { WebhookSignatureError } from '../errors/humantime-error.js';
import type { WebhookEvent } from '../types.js';
import { rawBytes, signatureHex, timingSafeEqual, toUnixSeconds } from './hmac.js';

/**
 * The header that carries a delivery's signature (lower case, as Node reports headers).
 *
 * @example
 * import { WEBHOOK_SIGNATURE_HEADER } from '@humantime/sdk';
 * const header = req.headers[WEBHOOK_SIGNATURE_HEADER]; // Node / Express
 * const header2 = request.headers.get(WEBHOOK_SIGNATURE_HEADER); // fetch Request
 */
export const WEBHOOK_SIGNATURE_HEADER = WEBHOOK_HEADERS.signature.toLowerCase() as 'x-service-signature';

/** A receiver rejects timestamps more than 300 s from its clock. */
export const DEFAULT_TOLERANCE_SECONDS = WEBHOOK_TOLERANCE_SECONDS;

/**
 * Options of {@link verifyWebhook}.
 *
 * @example
 * const options: VerifyWebhookOptions = { toleranceSeconds: 600, now: new Date() };
 */
export interface VerifyWebhookOptions {
  /** Largest accepted distance between the signature's `t` and now, either way. Default 300. */
  toleranceSeconds?: number;
  /** The current time, a Date or Unix seconds (not milliseconds). Default: the clock. */
  now?: Date | number;
}

const HEX_SIGNATURE = /^[0-9a-f]{64}$/i;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : typeof value;
}

function requireRawBody(rawBody: unknown): Uint8Array {
  const advice =
    'Pass the body exactly as received: re-serialized JSON has different bytes, so its ' +
    "signature cannot match. In Express use express.raw({ type: 'application/json' }) on the " +
    'webhook route (req.body is then a Buffer); with fetch Requests use await request.text().';
  if (rawBody === '[object Object]') {
    throw new WebhookSignatureError(
      'raw_body_expected',
      `verifyWebhook got the string "[object Object]": an object was converted to a string. ${advice}`,
    );
  }
  const bytes = rawBytes(rawBody);
  if (bytes !== null) return bytes;
  const parsed = typeof rawBody === 'object' && rawBody !== null;
  throw new WebhookSignatureError(
    'raw_body_expected',
    `verifyWebhook needs the raw request body as a string or Uint8Array/Buffer, but got ${describe(rawBody)}` +
      `${parsed ? ', which looks like a body already parsed by a JSON body parser' : ''}. ${advice}`,
  );
}

function parseHeader(header: string | readonly string[] | null | undefined): { t: number; v1: string[] } {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (typeof value !== 'string' || value.trim() === '') {
    throw new WebhookSignatureError(
      'missing_header',
      `The ${WEBHOOK_SIGNATURE_HEADER} header is missing or empty; every humantime delivery carries ` +
        "one. Pass its value, e.g. req.get('X-Service-Signature') or request.headers.get('x-service-signature').",
    );
  }
  const timestamps = new Set<string>();
  const signatures: string[] = [];
  for (const part of value.split(',')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    const key = part.slice(0, index).trim();
    const item = part.slice(index + 1).trim();
    if (key === 't') timestamps.add(item);
    else if (key === 'v1') signatures.push(item);
  }
  const shape = 'expected "t=<unix seconds>,v1=<hex>"';
  if (timestamps.size !== 1) {
    throw new WebhookSignatureError(
      'malformed_header',
      `The signature header ${timestamps.size === 0 ? 'has no t= element' : 'has several different t= elements'} (${shape}).`,
    );
  }
  const [t] = [...timestamps] as [string];
  if (!/^\d{1,11}$/.test(t)) {
    throw new WebhookSignatureError('malformed_header', `The signature header's t= is not Unix seconds: "${t}" (${shape}).`);
  }
  const v1 = signatures.filter((s) => HEX_SIGNATURE.test(s)).map((s) => s.toLowerCase());
  if (v1.length === 0) {
    throw new WebhookSignatureError(
      'malformed_header',
      signatures.length === 0
        ? `The signature header has no v1= signature (${shape}).`
        : `No v1= value in the signature header is a 64-character hex HMAC-SHA256 (${shape}).`,
    );
  }
  return { t: Number(t), v1 };
}

function parseEvent(bytes: Uint8Array): WebhookEvent {
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new WebhookSignatureError('invalid_payload', 'The signature is valid but the body is not JSON.');
  }
  const event = payload as Partial<WebhookEvent> | null;
  // A light shape check rather than a zod parse, which would strip fields a newer server adds.
  if (
    typeof event !== 'object' ||
    event === null ||
    typeof event.event !== 'string' ||
    typeof event.created_at !== 'string' ||
    typeof event.data !== 'object' ||
    event.data === null
  ) {
    throw new WebhookSignatureError(
      'invalid_payload',
      'The signature is valid but the body is not a humantime event ({ event, created_at, data }).',
    );
  }
  return event as WebhookEvent;
}

/**
 * Checks a webhook delivery and returns its typed event, or throws a WebhookSignatureError
 * saying what is wrong. The signature header is `t=<unix seconds>,v1=<hex>`, where v1 is the
 * HMAC-SHA256 of `<t>.<raw body>` keyed with the webhook's **whole** `signing_secret` string,
 * `whsec_` prefix included (it is not base64-decoded). Several v1 values are accepted (one
 * must match), signatures are compared in constant time, and a `t` further than
 * `toleranceSeconds` (default 300) from now is refused, in either direction, to stop
 * replays. Async because it uses Web Crypto, so it runs in Node, Deno, Bun and edge runtimes.
 *
 * A delivery may arrive more than once (retries); de-duplicate on `event` + `data.id`.
 *
 * @example
 * import express from 'express';
 * import { verifyWebhook, WebhookSignatureError } from '@humantime/sdk';
 *
 * app.post('/hooks/humantime', express.raw({ type: 'application/json' }), async (req, res) => {
 *   try {
 *     const event = await verifyWebhook(req.body, req.get('X-Service-Signature'), process.env.HUMANTIME_WEBHOOK_SECRET!);
 *     if (event.event === 'booking.confirmed') console.log('booked', event.data.id, event.data.starts_at);
 *     res.sendStatus(204);
 *   } catch (err) {
 *     if (err instanceof WebhookSignatureError) return res.status(400).send(err.message);
 *     throw err;
 *   }
 * });
 */
export async function verifyWebhook(
  rawBody: string | Uint8Array | ArrayBuffer,
  signatureHeader: string | readonly string[] | null | undefined,
  secret: string,
  options: VerifyWebhookOptions = {},
): Promise<WebhookEvent> {
  const bytes = requireRawBody(rawBody);
  if (typeof secret !== 'string' || secret === '') {
    throw new TypeError("verifyWebhook: secret must be the webhook's signing_secret (whsec_...)");
  }
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (typeof tolerance !== 'number' || Number.isNaN(tolerance) || tolerance < 0) {
    throw new TypeError(`verifyWebhook: toleranceSeconds must be a non-negative number, got ${String(tolerance)}`);
  }
  const now = options.now === undefined ? Math.floor(Date.now() / 1000) : toUnixSeconds(options.now, 'now');
  const { t, v1 } = parseHeader(signatureHeader);

  // Signature before timestamp: t is part of what is signed, so a forged or altered t is
  // reported as a bad signature, and "too old" is only said of a genuine delivery.
  const expected = await signatureHex(secret, t, bytes);
  let matched = false;
  for (const candidate of v1) matched = timingSafeEqual(candidate, expected) || matched;
  if (!matched) {
    throw new WebhookSignatureError(
      'no_matching_signature',
      `No v1 signature in the header matches the body (${v1.length} checked). Either the secret ` +
        "is wrong (use this webhook's whole signing_secret, whsec_ prefix included) or the body " +
        'was altered (verify the raw bytes as received, not re-serialized JSON).',
    );
  }

  const age = now - t;
  if (age > tolerance) {
    throw new WebhookSignatureError(
      'timestamp_too_old',
      `The signature was made ${age} s ago, beyond the ${tolerance} s tolerance: a replayed or ` +
        "long-delayed delivery, or this machine's clock is wrong.",
    );
  }
  if (-age > tolerance) {
    throw new WebhookSignatureError(
      'timestamp_in_future',
      `The signature's timestamp is ${-age} s in the future, beyond the ${tolerance} s tolerance; ` + "check this machine's clock.",
    );
  }
  return parseEvent(bytes);
}
