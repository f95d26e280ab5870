import { hash, randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const API_KEY_PREFIX = 'sk_live_';

/** Uniform base62 characters from rejection sampling (no modulo bias). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

/** sk_live_ + 40 base62 characters (~238 bits). */
export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBase62(40);
}

/** Only this digest is stored; a key is looked up by it. (crypto.hash: one call, no Hash object per request.) */
export function hashApiKey(key: string): string {
  return hash('sha256', key, 'hex');
}

/** What may be shown or logged about a key: its prefix and last four characters. */
export function keyHint(key: string): string {
  return `${API_KEY_PREFIX}…${key.slice(-4)}`;
}
