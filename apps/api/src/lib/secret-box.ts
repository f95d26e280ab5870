import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where the embedded store keeps its generated key (mode 0600), beside the admin token. */
export const SECRETS_KEY_FILE = 'secrets-key';
const VERSION = 'v1';

/**
 * Secrets kept at rest (a calendar's address and credentials): sealed with AES-256-GCM under
 * one 32-byte key, each with a fresh 96-bit nonce, so a copy of the database alone reveals
 * nothing; `digest` is an HMAC-SHA256 under the same key, for finding a secret without
 * storing it in the clear.
 */
export interface SecretBox {
  seal(plain: string): string;
  /** Throws when the text was not sealed under this key (or was altered). */
  open(sealed: string): string;
  digest(text: string): string;
}

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secrets key must be 32 bytes');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
    },
    open(sealed) {
      const [version, payload] = sealed.split('.');
      if (version !== VERSION || !payload) throw new Error('not a sealed secret');
      const bytes = Buffer.from(payload, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString('utf8');
    },
    digest(text) {
      return createHmac('sha256', key).update(text, 'utf8').digest('hex');
    },
  };
}

/** SECRETS_KEY as given: 64 hex digits or 32 bytes in base64 / base64url. */
export function parseSecretsKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  return key.length === 32 ? key : undefined;
}

/**
 * SECRETS_KEY from the environment wins. On the embedded store without one, a key is generated
 * at first start and kept (mode 0600) in the data directory, like the admin token. On a server
 * store without one there is no key, and what needs one (calendars) is refused with a 422 that
 * says so.
 */
export async function resolveSecretsKey(options: {
  configured: Buffer | undefined;
  embedded: boolean;
  dataDir: string;
}): Promise<Buffer | undefined> {
  if (options.configured) return options.configured;
  if (!options.embedded) return undefined;
  const file = path.join(options.dataDir, SECRETS_KEY_FILE);
  try {
    const key = parseSecretsKey(await readFile(file, 'utf8'));
    if (key) return key;
    throw new Error(`${file} does not hold a 32-byte key`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(32);
  await writeFile(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}
