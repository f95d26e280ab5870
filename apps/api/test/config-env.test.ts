import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_NAMES, loadConfig } from '../src/config.js';

// `pnpm start` and `pnpm worker` run through turbo, which hands a task only the variables
// turbo.json names: one missing there is silently dropped (RETENTION_DAYS=banana started).
const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

describe('the service’s environment', () => {
  it('reaches the service through turbo, and is documented in the README, every variable of it', () => {
    const turbo = JSON.parse(readFileSync(path.join(ROOT, 'turbo.json'), 'utf8')) as { globalPassThroughEnv: string[] };
    const passed = (name: string) =>
      turbo.globalPassThroughEnv.some((p) => (p.endsWith('*') ? name.startsWith(p.slice(0, -1)) : p === name));
    expect(ENV_NAMES.filter((name) => !passed(name))).toEqual([]);
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(ENV_NAMES.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });

  it('TRUST_PROXY: unset trusts no proxy; hops, or addresses and subnets; never `true`', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8 ,fd00::/8' }).trustProxy).toEqual(['loopback', '10.0.0.0/8', 'fd00::/8']);
    for (const bad of ['true', '999.1.1.1', 'proxy.example.com', ',', '10.0.0.0/99']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: must be a number of proxies/);
    }
  });
});
