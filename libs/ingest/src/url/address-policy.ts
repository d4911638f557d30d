import { isIPv4, isIPv6 } from 'node:net';

/** Why an address may not be fetched; undefined for a public unicast address. */
export type BlockReason =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'shared (CGNAT)'
  | 'metadata'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'documentation'
  | 'benchmarking'
  | 'unique-local'
  | 'not global unicast'
  | 'invalid';

type V4Rule = [base: string, prefix: number, reason: BlockReason];

// Order matters: the first match names the reason.
const V4_RULES: V4Rule[] = [
  ['169.254.169.254', 32, 'metadata'],
  ['168.63.129.16', 32, 'metadata'], // Azure wire server: a public address that is the host's metadata service
  ['100.100.100.200', 32, 'metadata'], // Alibaba Cloud metadata
  ['0.0.0.0', 32, 'unspecified'],
  ['0.0.0.0', 8, 'reserved'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared (CGNAT)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['255.255.255.255', 32, 'broadcast'],
  ['240.0.0.0', 4, 'reserved'],
];

type V6Rule = [base: string, prefix: number, reason: BlockReason];

// Checked after the IPv4-embedding forms are unwrapped; anything outside 2000::/3 is refused at the end.
const V6_RULES: V6Rule[] = [
  ['fd00:ec2::254', 128, 'metadata'],
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['fc00::', 7, 'unique-local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'reserved'],
  ['ff00::', 8, 'multicast'],
  ['100::', 64, 'reserved'],
  ['64:ff9b:1::', 48, 'reserved'],
  ['2001::', 32, 'reserved'], // Teredo: tunnels to an obfuscated IPv4 address
  ['2001:2::', 48, 'benchmarking'],
  ['2001:10::', 28, 'reserved'],
  ['2001:20::', 28, 'reserved'],
  ['2001:db8::', 32, 'documentation'],
  ['3fff::', 20, 'documentation'],
  ['5f00::', 16, 'reserved'],
];

/**
 * Classifies an IP address literal for outbound fetches: undefined means public unicast (allowed); anything else
 * is refused. IPv6 forms that carry an IPv4 address (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64
 * 64:ff9b::/96, 6to4 2002::/16) are judged by the IPv4 address inside.
 */
export function classifyAddress(address: string): BlockReason | undefined {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(ip)) return classifyV4(parseV4(ip));
  if (isIPv6(ip)) return classifyV6(parseV6(ip));
  return 'invalid';
}

/** Whether the address is a loopback one (127/8, ::1, or either inside an IPv4-embedding IPv6 form). */
export function isLoopback(address: string): boolean {
  return classifyAddress(address) === 'loopback';
}

function classifyV4(value: number): BlockReason | undefined {
  for (const [base, prefix, reason] of V4_RULES) {
    const mask = prefix === 0 ? 0 : (~0 << (32 - prefix)) >>> 0;
    if ((value & mask) >>> 0 === (parseV4(base) & mask) >>> 0) return reason;
  }
  return undefined;
}

function classifyV6(groups: number[]): BlockReason | undefined {
  const embedded = embeddedV4(groups);
  if (embedded !== undefined) return classifyV4(embedded);
  for (const [base, prefix, reason] of V6_RULES) if (inPrefix(groups, parseV6(base), prefix)) return reason;
  // Only global unicast (2000::/3) is routable on the public internet.
  return (groups[0] & 0xe000) === 0x2000 ? undefined : 'not global unicast';
}

/** The IPv4 address inside an IPv4-embedding IPv6 form, if it is one. */
function embeddedV4(g: number[]): number | undefined {
  const v4 = (hi: number, lo: number) => ((hi << 16) | lo) >>> 0;
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zero(0, 5) && g[5] === 0xffff) return v4(g[6], g[7]); // ::ffff:a.b.c.d (mapped)
  if (zero(0, 4) && g[4] === 0xffff && g[5] === 0) return v4(g[6], g[7]); // ::ffff:0:a.b.c.d (SIIT translated)
  if (zero(0, 6) && (g[6] !== 0 || g[7] > 1)) return v4(g[6], g[7]); // ::a.b.c.d (compatible); not :: or ::1
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return v4(g[6], g[7]); // NAT64 well-known prefix
  if (g[0] === 0x2002) return v4(g[1], g[2]); // 6to4
  return undefined;
}

function inPrefix(groups: number[], base: number[], prefix: number): boolean {
  for (let i = 0; i < 8 && prefix > 0; i++, prefix -= 16) {
    const bits = Math.min(16, prefix);
    const mask = (0xffff << (16 - bits)) & 0xffff;
    if ((groups[i] & mask) !== (base[i] & mask)) return false;
  }
  return true;
}

function parseV4(ip: string): number {
  return ip.split('.').reduce((acc, part) => ((acc << 8) | Number(part)) >>> 0, 0);
}

/** Eight 16-bit groups of a valid IPv6 literal (a dotted IPv4 tail is folded into the last two). */
function parseV6(ip: string): number[] {
  let text = ip.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v = parseV4(dotted[1]);
    text = text.slice(0, -dotted[1].length) + `${(v >>> 16).toString(16)}:${(v & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail ? tail.split(':') : [];
  const missing = tail !== undefined ? 8 - left.length - right.length : 0;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((h) => parseInt(h, 16));
}
