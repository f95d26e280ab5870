import { createHmac } from 'node:crypto';
import { WEBHOOK_SIGNATURE_VECTOR as V } from '@humantime/contract';
import { describe, expect, it } from 'vitest';
import { WebhookSignatureError, type WebhookSignatureFailure } from '../errors/humantime-error.js';
import { booking } from '../test-support/mock-api.js';
import { signWebhook } from './sign-webhook.js';
import { verifyWebhook } from './verify-webhook.js';

// Fixtures are signed here with node:crypto, independently of the SDK's Web Crypto code.
const SECRET = 'whsec_dGVzdC1zZWNyZXQtMzItYnl0ZXMtbG9uZy1lbm91Z2g=';
const NOW = 1_796_133_600; // 2026-12-01T14:00:00Z
const payload = { event: 'booking.confirmed', created_at: '2026-12-01T14:00:00Z', data: booking({ metadata: { note: 'Grüße ✓' } }) };
// Deliberately not JSON.stringify's default spacing: verification must use the bytes as sent.
const RAW = JSON.stringify(payload, null, 2);

function hmac(body: string | Buffer, t: number, secret = SECRET): string {
  return createHmac('sha256', secret).update(`${t}.`).update(body).digest('hex');
}
const header = (t: number, ...signatures: string[]) => [`t=${t}`, ...signatures.map((s) => `v1=${s}`)].join(',');

async function failure(promise: Promise<unknown>): Promise<{ reason: WebhookSignatureFailure; message: string }> {
  const error = await promise.then(
    () => {
      throw new Error('expected verifyWebhook to throw');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WebhookSignatureError);
  expect(error).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID', status: null });
  return error as WebhookSignatureError;
}

describe('verifyWebhook', () => {
  it('accepts a valid delivery and returns the typed event', async () => {
    const event = await verifyWebhook(RAW, header(NOW, hmac(RAW, NOW)), SECRET, { now: NOW });
    expect(event).toEqual(payload);
    expect(event.data.metadata).toEqual({ note: 'Grüße ✓' });
  });

  it('accepts the body as a Buffer / Uint8Array / ArrayBuffer, and a Date for now', async () => {
    const bytes = Buffer.from(RAW, 'utf8');
    const signature = header(NOW, hmac(bytes, NOW));
    const now = new Date(NOW * 1000);
    await expect(verifyWebhook(bytes, signature, SECRET, { now })).resolves.toEqual(payload);
    await expect(verifyWebhook(new Uint8Array(bytes), signature, SECRET, { now })).resolves.toEqual(payload);
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    await expect(verifyWebhook(buffer, signature, SECRET, { now })).resolves.toEqual(payload);
  });

  it('keys the HMAC with the whole secret string, whsec_ prefix included', async () => {
    const withoutPrefix = hmac(RAW, NOW, SECRET.slice('whsec_'.length));
    const f = await failure(verifyWebhook(RAW, header(NOW, withoutPrefix), SECRET, { now: NOW }));
    expect(f.reason).toBe('no_matching_signature');
  });

  it('rejects a tampered body', async () => {
    const tampered = RAW.replace('Agent Smith', 'Agent Brown');
    const f = await failure(verifyWebhook(tampered, header(NOW, hmac(RAW, NOW)), SECRET, { now: NOW }));
    expect(f.reason).toBe('no_matching_signature');
    expect(f.message).toMatch(/secret is wrong .* or the body was altered/);
  });

  it('rejects re-serialized JSON (same data, other bytes)', async () => {
    const f = await failure(verifyWebhook(JSON.stringify(payload), header(NOW, hmac(RAW, NOW)), SECRET, { now: NOW }));
    expect(f.reason).toBe('no_matching_signature');
  });

  it('rejects a wrong secret', async () => {
    const f = await failure(verifyWebhook(RAW, header(NOW, hmac(RAW, NOW, 'whsec_other')), SECRET, { now: NOW }));
    expect(f.reason).toBe('no_matching_signature');
    expect(f.message).toMatch(/whsec_ prefix included/);
  });

  it('rejects a timestamp older than the tolerance, and accepts one at the edge', async () => {
    const t = NOW - 301;
    const f = await failure(verifyWebhook(RAW, header(t, hmac(RAW, t)), SECRET, { now: NOW }));
    expect(f.reason).toBe('timestamp_too_old');
    expect(f.message).toMatch(/301 s ago, beyond the 300 s tolerance/);
    const edge = NOW - 300;
    await expect(verifyWebhook(RAW, header(edge, hmac(RAW, edge)), SECRET, { now: NOW })).resolves.toEqual(payload);
  });

  it('rejects a timestamp in the future beyond the tolerance', async () => {
    const t = NOW + 400;
    const f = await failure(verifyWebhook(RAW, header(t, hmac(RAW, t)), SECRET, { now: NOW }));
    expect(f.reason).toBe('timestamp_in_future');
    expect(f.message).toMatch(/400 s in the future/);
  });

  it('honours a custom toleranceSeconds', async () => {
    const t = NOW - 1_000;
    await expect(verifyWebhook(RAW, header(t, hmac(RAW, t)), SECRET, { now: NOW, toleranceSeconds: 1_200 })).resolves.toEqual(payload);
    const f = await failure(verifyWebhook(RAW, header(t, hmac(RAW, t)), SECRET, { now: NOW, toleranceSeconds: 60 }));
    expect(f.reason).toBe('timestamp_too_old');
  });

  it('uses the real clock by default', async () => {
    const t = Math.floor(Date.now() / 1000);
    await expect(verifyWebhook(RAW, header(t, hmac(RAW, t)), SECRET)).resolves.toEqual(payload);
    const f = await failure(verifyWebhook(RAW, header(NOW - 10_000_000, hmac(RAW, NOW - 10_000_000)), SECRET));
    expect(f.reason).toBe('timestamp_too_old');
  });

  it('accepts several v1 values when one of them is valid (secret rotation)', async () => {
    const signatures = header(NOW, hmac(RAW, NOW, 'whsec_old'), hmac(RAW, NOW), 'f'.repeat(64));
    await expect(verifyWebhook(RAW, signatures, SECRET, { now: NOW })).resolves.toEqual(payload);
    const none = header(NOW, hmac(RAW, NOW, 'whsec_old'), 'f'.repeat(64));
    const f = await failure(verifyWebhook(RAW, none, SECRET, { now: NOW }));
    expect(f.message).toMatch(/2 checked/);
  });

  it('ignores unknown schemes and spaces, and accepts upper-case hex', async () => {
    const signature = ` t=${NOW}, v0=abc , v1=${hmac(RAW, NOW).toUpperCase()} `;
    await expect(verifyWebhook(RAW, signature, SECRET, { now: NOW })).resolves.toEqual(payload);
  });

  it.each([undefined, null, '', '   '])('rejects a missing header (%j)', async (value) => {
    const f = await failure(verifyWebhook(RAW, value, SECRET, { now: NOW }));
    expect(f.reason).toBe('missing_header');
    expect(f.message).toMatch(/x-service-signature header is missing/);
  });

  it.each([
    ['garbage', /no t= element/],
    [`v1=${'a'.repeat(64)}`, /no t= element/],
    [`t=${NOW}`, /no v1= signature/],
    [`t=abc,v1=${'a'.repeat(64)}`, /not Unix seconds/],
    [`t=${NOW},t=${NOW + 1},v1=${'a'.repeat(64)}`, /several different t= elements/],
    [`t=${NOW},v1=xyz`, /64-character hex/],
  ])('rejects a malformed header: %s', async (value, message) => {
    const f = await failure(verifyWebhook(RAW, value, SECRET, { now: NOW }));
    expect(f.reason).toBe('malformed_header');
    expect(f.message).toMatch(message);
  });

  it('explains a parsed object passed instead of the raw body', async () => {
    const f = await failure(verifyWebhook(payload as unknown as string, header(NOW, hmac(RAW, NOW)), SECRET, { now: NOW }));
    expect(f.reason).toBe('raw_body_expected');
    expect(f.message).toMatch(/raw request body as a string or Uint8Array\/Buffer, but got an object/);
    expect(f.message).toMatch(/already parsed by a JSON body parser/);
    expect(f.message).toMatch(/express\.raw/);
  });

  it('explains "[object Object]" and undefined bodies', async () => {
    const stringified = await failure(verifyWebhook('[object Object]', header(NOW, 'a'.repeat(64)), SECRET, { now: NOW }));
    expect(stringified.message).toMatch(/object was converted to a string/);
    const missing = await failure(verifyWebhook(undefined as unknown as string, header(NOW, 'a'.repeat(64)), SECRET));
    expect(missing.message).toMatch(/but got undefined/);
  });

  it('reports a correctly signed body that is not an event', async () => {
    const f = await failure(verifyWebhook('not json', header(NOW, hmac('not json', NOW)), SECRET, { now: NOW }));
    expect(f.reason).toBe('invalid_payload');
    const other = '{"hello":"world"}';
    expect((await failure(verifyWebhook(other, header(NOW, hmac(other, NOW)), SECRET, { now: NOW }))).reason).toBe('invalid_payload');
  });

  it('refuses a now in milliseconds instead of silently failing every delivery', async () => {
    await expect(verifyWebhook(RAW, header(NOW, hmac(RAW, NOW)), SECRET, { now: NOW * 1000 })).rejects.toThrow(/looks like milliseconds/);
  });
});

describe('signWebhook', () => {
  it('produces the header humantime sends, matching node:crypto', async () => {
    expect(await signWebhook(RAW, SECRET, { timestamp: NOW })).toBe(`t=${NOW},v1=${hmac(RAW, NOW)}`);
    expect(await signWebhook(RAW, SECRET, { timestamp: new Date(NOW * 1000 + 999) })).toBe(`t=${NOW},v1=${hmac(RAW, NOW)}`);
  });

  it('round-trips with verifyWebhook at the current time', async () => {
    const signature = await signWebhook(RAW, SECRET);
    await expect(verifyWebhook(RAW, signature, SECRET)).resolves.toEqual(payload);
  });

  it('signs bytes as given', async () => {
    const bytes = Buffer.from(RAW);
    expect(await signWebhook(bytes, SECRET, { timestamp: NOW })).toBe(`t=${NOW},v1=${hmac(bytes, NOW)}`);
  });

  it('refuses an object body', async () => {
    await expect(signWebhook(payload as unknown as string, SECRET)).rejects.toThrow(/JSON\.stringify/);
  });
});

describe('the golden webhook signature vector', () => {
  it('verifies, and signWebhook produces it', async () => {
    const event = await verifyWebhook(V.body, V.header, V.secret, { now: V.timestamp });
    expect(event.data.attendee_name).toBe('Zoë Agent');
    expect(await signWebhook(V.body, V.secret, { timestamp: V.timestamp })).toBe(V.header);
  });

  it('fails for one changed byte or another secret', async () => {
    await expect(verifyWebhook(V.body.replace('Zoë', 'Zoe'), V.header, V.secret, { now: V.timestamp })).rejects.toThrow(
      WebhookSignatureError,
    );
    await expect(verifyWebhook(V.body, V.header, `${V.secret}x`, { now: V.timestamp })).rejects.toThrow(WebhookSignatureError);
  });
});
