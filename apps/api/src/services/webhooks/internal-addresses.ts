import { BlockList, isIP } from 'node:net';

// Addresses a webhook must never reach: a customer-supplied URL pointing at them would let
// any API key probe our own network (SSRF). Drawn from the IANA special-purpose registries.
const IPV4_RANGES: [string, number, string][] = [
  ['0.0.0.0', 8, 'this network'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relay'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

const IPV6_RANGES: [string, number, string][] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  // IPv4-compatible and NAT64 forms can carry an internal IPv4 address inside them.
  ['::', 96, 'IPv4-compatible'],
  ['64:ff9b::', 96, 'NAT64'],
  ['64:ff9b:1::', 48, 'NAT64 (local use)'],
  ['100::', 64, 'discard'],
  ['2001::', 23, 'IETF protocol assignments'],
  ['2001:db8::', 32, 'documentation'],
  ['2002::', 16, '6to4'],
  ['3fff::', 20, 'documentation'],
  ['5f00::', 16, 'segment routing'],
  ['fc00::', 7, 'unique-local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
];

type Family = 'ipv4' | 'ipv6';

// One BlockList per range, most specific first, so ::1 reads "loopback", not "IPv4-compatible".
const RULES = ([...IPV4_RANGES.map((r) => [...r, 'ipv4'] as const), ...IPV6_RANGES.map((r) => [...r, 'ipv6'] as const)] as const)
  .map(([net, prefix, kind, family]) => {
    const list = new BlockList();
    list.addSubnet(net, prefix, family);
    return { prefix, kind, family: family, list };
  })
  .sort((a, b) => b.prefix - a.prefix);

const MAPPED_V4 = /^::ffff:(?:0:)?(\d+\.\d+\.\d+\.\d+)$/i;
const MAPPED_V4_HEX = /^::ffff:(?:0:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i;

/** "::ffff:7f00:1" → "127.0.0.1": an IPv4-mapped IPv6 address is judged as its IPv4 address. */
function unmapIpv4(address: string): string | undefined {
  const dotted = MAPPED_V4.exec(address);
  if (dotted) return dotted[1];
  const hex = MAPPED_V4_HEX.exec(address);
  if (!hex) return undefined;
  const value = (parseInt(hex[1]!, 16) << 16) | parseInt(hex[2]!, 16);
  return [24, 16, 8, 0].map((shift) => (value >>> shift) & 0xff).join('.');
}

/**
 * Why an IP address is internal ("loopback", "private", ...), or undefined when it is a
 * public unicast address. Anything that is not an IP address at all counts as internal.
 */
export function internalAddressKind(address: string): string | undefined {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 0) return 'not an IP address';
  if (family === 6) {
    // The URL parser writes IPv6 canonically (0:0:0:0:0:ffff:7f00:1 → ::ffff:7f00:1).
    const v4 = unmapIpv4(new URL(`http://[${bare}]/`).hostname.slice(1, -1));
    if (v4) return internalAddressKind(v4);
  }
  const type: Family = family === 4 ? 'ipv4' : 'ipv6';
  return RULES.find((rule) => rule.family === type && rule.list.check(bare, type))?.kind;
}

// Names that resolve inside the host or its network by convention (RFC 6761, RFC 8375,
// mDNS and the cloud providers' .internal zones), refused without asking DNS.
const INTERNAL_SUFFIXES = ['.localhost', '.internal', '.local', '.home.arpa'];

/** True for host names that are internal by name alone. */
export function isInternalHostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, '');
  return name === 'localhost' || INTERNAL_SUFFIXES.some((suffix) => name.endsWith(suffix));
}
