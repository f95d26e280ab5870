const utf8 = new TextEncoder();

/** The raw body as bytes, or null when it is not a raw body at all. */
export function rawBytes(body: unknown): Uint8Array | null {
  if (typeof body === 'string') return utf8.encode(body);
  if (body instanceof Uint8Array) return body; // Node's Buffer is one too
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  return null;
}

/**
 * Hex HMAC-SHA256 of `<t>.<raw body>`, keyed with the secret string as UTF-8, whole
 * `whsec_` prefix included. The body's bytes are used as received, never re-encoded.
 */
export async function signatureHex(secret: string, timestamp: number, body: Uint8Array): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('Web Crypto (globalThis.crypto.subtle) is not available in this runtime.');
  const key = await subtle.importKey('raw', utf8.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const prefix = utf8.encode(`${timestamp}.`);
  const message = new Uint8Array(prefix.length + body.length);
  message.set(prefix, 0);
  message.set(body, prefix.length);
  const digest = new Uint8Array(await subtle.sign('HMAC', key, message));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Compares two strings in time that depends only on their length, not on where they differ. */
export function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

// Unix seconds reach 1e11 in the year 5138; a bigger number is milliseconds by mistake.
const MAX_PLAUSIBLE_UNIX_SECONDS = 1e11;

/** Unix seconds from a Date or a number of seconds; rejects milliseconds passed by mistake. */
export function toUnixSeconds(value: Date | number, name: string): number {
  if (value instanceof Date) {
    const ms = value.getTime();
    if (Number.isNaN(ms)) throw new TypeError(`${name} is an invalid Date`);
    return Math.floor(ms / 1000);
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new TypeError(`${name} must be a Date or Unix seconds, got ${String(value)}`);
  }
  if (Math.abs(value) >= MAX_PLAUSIBLE_UNIX_SECONDS) {
    throw new TypeError(`${name} looks like milliseconds (${value}); pass Unix seconds or a Date`);
  }
  return Math.floor(value);
}
