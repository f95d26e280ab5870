import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSecretsKey, resolveSecretsKey, secretBox } from './secret-box.js';

describe('secretBox', () => {
  const box = secretBox(Buffer.alloc(32, 7));

  it('seals with a fresh nonce and opens only under the same key, unaltered', () => {
    const a = box.seal('https://calendar.example/private-abc/basic.ics');
    expect(a).not.toContain('calendar.example');
    expect(box.seal('https://calendar.example/private-abc/basic.ics')).not.toBe(a);
    expect(box.open(a)).toBe('https://calendar.example/private-abc/basic.ics');
    expect(() => secretBox(Buffer.alloc(32, 8)).open(a)).toThrow();
    const flipped = `${a.slice(0, -3)}${a.at(-3) === 'A' ? 'B' : 'A'}${a.slice(-2)}`;
    expect(() => box.open(flipped)).toThrow();
  });

  it('digests deterministically under the key', () => {
    expect(box.digest('x')).toBe(box.digest('x'));
    expect(box.digest('x')).not.toBe(secretBox(Buffer.alloc(32, 8)).digest('x'));
  });

  it('reads SECRETS_KEY as hex or base64, and generates one into the embedded data directory', async () => {
    expect(parseSecretsKey('00'.repeat(32))).toEqual(Buffer.alloc(32));
    expect(parseSecretsKey(Buffer.alloc(32, 1).toString('base64'))).toEqual(Buffer.alloc(32, 1));
    expect(parseSecretsKey('short')).toBeUndefined();
    const dir = mkdtempSync(path.join(tmpdir(), 'humantime-secrets-'));
    try {
      const first = await resolveSecretsKey({ configured: undefined, embedded: true, dataDir: dir });
      expect(first).toHaveLength(32);
      expect(statSync(path.join(dir, 'secrets-key')).mode & 0o777).toBe(0o600);
      expect(await resolveSecretsKey({ configured: undefined, embedded: true, dataDir: dir })).toEqual(first);
      expect(await resolveSecretsKey({ configured: undefined, embedded: false, dataDir: dir })).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
