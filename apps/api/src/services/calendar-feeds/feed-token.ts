import { newSecretToken, sha256Hex } from '../../lib/secret-tokens.js';

/** Where feeds are served, outside /v1: `${FEEDS_PATH}/<token>.ics` (app.ts mounts it). */
export const FEEDS_PATH = '/feeds';

/**
 * A feed's secret: 32 random bytes, base64url (256 bits, so guessing is hopeless and a digest
 * without salt is enough to find it by), behind a prefix that says what it is when it turns
 * up in a log or a pasted link.
 */
export function newFeedToken(): string {
  return `feed_${newSecretToken()}`;
}

/** What calendar_feeds keeps of a token. */
export function feedTokenHash(token: string): string {
  return sha256Hex(token);
}

/** The subscription URL of `token` under the API's public base URL (no trailing slash). */
export function feedUrl(baseUrl: string, token: string): string {
  return `${baseUrl}${FEEDS_PATH}/${token}.ics`;
}
