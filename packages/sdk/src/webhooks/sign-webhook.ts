import { rawBytes, signatureHex, toUnixSeconds } from './hmac.js';

/**
 * Options of {@link signWebhook}.
 *
 * @example
 * const options: SignWebhookOptions = { timestamp: new Date('2026-12-01T14:00:00Z') };
 */
export interface SignWebhookOptions {
  /** Signing time, a Date or Unix seconds. Default: now. */
  timestamp?: Date | number;
}

/**
 * Signs a body the way humantime signs deliveries and returns the `X-Service-Signature`
 * header value, `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed with the
 * whole signing secret string (`whsec_` prefix included). For tests of your webhook
 * receiver; async because it uses Web Crypto.
 *
 * @example
 * import { signWebhook, verifyWebhook } from '@humantime/sdk';
 * const body = JSON.stringify({ event: 'booking.confirmed', created_at: '2026-12-01T14:00:00Z', data: booking });
 * const header = await signWebhook(body, 'whsec_test');
 * const event = await verifyWebhook(body, header, 'whsec_test');
 */
export async function signWebhook(
  rawBody: string | Uint8Array | ArrayBuffer,
  secret: string,
  options: SignWebhookOptions = {},
): Promise<string> {
  const bytes = rawBytes(rawBody);
  if (bytes === null) {
    throw new TypeError('signWebhook: rawBody must be the body string or bytes (JSON.stringify an object first)');
  }
  if (typeof secret !== 'string' || secret === '') throw new TypeError('signWebhook: secret must be a non-empty string');
  const t = options.timestamp === undefined ? Math.floor(Date.now() / 1000) : toUnixSeconds(options.timestamp, 'timestamp');
  return `t=${t},v1=${await signatureHex(secret, t, bytes)}`;
}
