import { isIP } from 'node:net';
import { urlInvalid, urlNotAllowed } from '../errors';
import { INGEST_LIMITS } from '../limits';
import { classifyAddress, isLoopback } from './address-policy';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Lookup = (host: string) => Promise<ResolvedAddress[]>;

/**
 * Parses with the WHATWG URL parser, which also folds numeric IPv4 tricks (2130706433, 0x7f.1, 0177.0.0.1) into
 * dotted form, and refuses anything but https without credentials.
 */
export function parseImportUrl(raw: string, redirected = false): URL {
  if (typeof raw !== 'string' || !raw.trim() || raw.length > INGEST_LIMITS.urlChars) throw urlInvalid();
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw urlInvalid();
  }
  if (url.protocol !== 'https:') {
    throw urlNotAllowed(
      redirected
        ? 'The URL redirected to an address that is not https, which cannot be imported.'
        : 'Only https:// URLs can be imported.',
      'scheme',
    );
  }
  if (url.username || url.password) {
    throw urlNotAllowed('URLs with a user name or password cannot be imported.', 'credentials');
  }
  if (!url.hostname) throw urlInvalid();
  return url;
}

/** The host name as the resolver and TLS want it (IPv6 literals without brackets, no trailing dot). */
export function bareHost(url: URL): string {
  return url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

export function blockedAddressError(category: string) {
  return urlNotAllowed(
    `This URL points to a ${category} network address, which cannot be imported.`,
    `address:${category}`,
  );
}

/**
 * Resolves the host once and judges every address: one refused address refuses the host (a name that answers
 * both public and private addresses is a rebinding trick). `allowLoopbackHosts` (tests only) lets the named hosts
 * resolve to loopback, and nothing else.
 */
export async function resolveAllowed(url: URL, lookup: Lookup, allowLoopbackHosts: readonly string[] = []) {
  const host = bareHost(url);
  const allowLoopback = allowLoopbackHosts.map((h) => h.toLowerCase()).includes(host);
  let addresses: ResolvedAddress[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) as 4 | 6 }];
  } else {
    if ((host === 'localhost' || host.endsWith('.localhost')) && !allowLoopback) throw blockedAddressError('loopback');
    addresses = await lookup(host);
  }
  if (addresses.length === 0) return undefined;
  for (const { address } of addresses) {
    const reason = classifyAddress(address);
    if (reason && !(allowLoopback && !isIP(host) && isLoopback(address))) throw blockedAddressError(reason);
  }
  return addresses[0];
}
