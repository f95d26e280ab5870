import { describe, expect, it } from 'vitest';
import { hashPassword, verifyDummyPassword, verifyPassword } from './passwords.js';

describe('passwords', () => {
  it('verifies the password it hashed and nothing else', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
  });

  it('salts each hash, so one password gives two different hashes', async () => {
    expect(await hashPassword('same password 123')).not.toBe(await hashPassword('same password 123'));
  });

  it('never matches a malformed stored hash, and the dummy check always fails', async () => {
    expect(await verifyPassword('x', 'md5$abc')).toBe(false);
    expect(await verifyDummyPassword('anything at all')).toBe(false);
  });
});
