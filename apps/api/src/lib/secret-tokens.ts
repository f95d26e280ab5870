import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: a session or invite token (256 bits; guessing is hopeless). */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: a lookup by digest needs no salt at 256 bits. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
