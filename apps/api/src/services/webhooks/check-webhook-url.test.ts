import { describe, expect, it } from 'vitest';
import type { AddressResolver } from '../../lib/resolve-addresses.js';
import { checkWebhookUrl } from './check-webhook-url.js';
import { internalAddressKind, isInternalHostName } from './internal-addresses.js';

const resolver =
  (table: Record<string, string[] | Error>): AddressResolver =>
  async (host) => {
    const answer = table[host];
    if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    if (answer instanceof Error) throw answer;
    return answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

const strict = (resolve: AddressResolver) => ({ allowPrivate: false, resolve });

async function refusal(url: string, resolve: AddressResolver = resolver({})) {
  try {
    await checkWebhookUrl(url, strict(resolve));
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error(`${url} was accepted`);
}

describe('internalAddressKind', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.20.30.40', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['100.100.100.200', 'carrier-grade NAT'],
    ['169.254.169.254', 'link-local'],
    ['0.0.0.0', 'this network'],
    ['255.255.255.255', 'reserved'],
    ['239.1.2.3', 'multicast'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['0:0:0:0:0:ffff:0a00:0001', 'private'],
    ['fd00:ec2::254', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['64:ff9b::7f00:1', 'NAT64'],
  ])('%s is internal (%s)', (address, kind) => {
    expect(internalAddressKind(address)).toBe(kind);
  });

  it.each(['8.8.8.8', '93.184.215.14', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => {
      expect(internalAddressKind(address)).toBeUndefined();
    },
  );

  it('treats names by convention', () => {
    expect(
      ['localhost', 'LocalHost.', 'a.localhost', 'metadata.google.internal', 'nas.local', 'router.home.arpa'].every(isInternalHostName),
    ).toBe(true);
    expect(['example.com', 'localhost.example.com', 'internal.example.com'].some(isInternalHostName)).toBe(false);
  });
});

describe('checkWebhookUrl after DNS resolution', () => {
  it('refuses a public-looking name that resolves to an internal address', async () => {
    const resolve = resolver({ 'hooks.evil.test': ['127.0.0.1'], 'mixed.evil.test': ['93.184.215.14', '10.0.0.7'] });
    const loop = await refusal('https://hooks.evil.test/x', resolve);
    expect(loop).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(loop.message).toBe(
      'url: host hooks.evil.test resolves to 127.0.0.1, an internal address (loopback); webhooks must point at a public host.',
    );
    expect((await refusal('https://mixed.evil.test/x', resolve)).message).toContain('10.0.0.7');
  });

  it('accepts a name resolving only to public addresses, and one that does not resolve (delivery checks again)', async () => {
    const resolve = resolver({ 'hooks.example.test': ['93.184.215.14', '2606:4700::6810:84e5'] });
    expect((await checkWebhookUrl('https://hooks.example.test/x', strict(resolve))).href).toBe('https://hooks.example.test/x');
    expect((await checkWebhookUrl('https://nowhere.example.test/x', strict(resolve))).hostname).toBe('nowhere.example.test');
  });

  it('does not ask DNS about IP literals or names refused by convention', async () => {
    const asked: string[] = [];
    const spy: AddressResolver = async (host) => {
      asked.push(host);
      return [{ address: '93.184.215.14', family: 4 }];
    };
    await checkWebhookUrl('https://93.184.215.14/x', strict(spy));
    await refusal('https://svc.internal/x', spy);
    expect(asked).toEqual([]);
  });

  it('with private URLs allowed, accepts http and internal hosts without asking DNS', async () => {
    const resolve = resolver({ 'hooks.evil.test': ['127.0.0.1'] });
    for (const url of ['http://127.0.0.1:8080/x', 'http://localhost/x', 'https://hooks.evil.test/x']) {
      await expect(checkWebhookUrl(url, { allowPrivate: true, resolve })).resolves.toBeInstanceOf(URL);
    }
    await expect(checkWebhookUrl('ftp://127.0.0.1/x', { allowPrivate: true, resolve })).rejects.toThrow('url: must use http or https');
  });
});
