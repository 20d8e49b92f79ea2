import dns from 'node:dns/promises';
import net from 'node:net';

/**
 * The server-side request forgery guard of outbound webhooks. A URL is parsed with the WHATWG
 * parser (which already turns `http://2130706433/`, `0x7f.1` and `0177.0.0.1` into `127.0.0.1`), must be
 * https (http only with WEBHOOK_ALLOW_HTTP), carry no user name or password, and its host must resolve
 * only to public unicast addresses (unless WEBHOOK_ALLOW_PRIVATE_ADDRESSES; link-local and cloud metadata
 * addresses are refused even then, ALWAYS_REFUSED). The answer names the
 * vetted addresses: a delivery connects to exactly those (`pinnedLookup`), so a DNS answer that changes
 * between the check and the connection (DNS rebinding) cannot move it to an internal address.
 */
export interface UrlGuardOptions {
  allowHttp: boolean;
  allowPrivateAddresses: boolean;
  /** DNS resolution; every address of the host (tests substitute one). */
  lookup?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** How long DNS may take before the host counts as not resolving (default 5 s). */
  lookupTimeoutMs?: number;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface VettedUrl {
  url: URL;
  /** The host name as it appears in the URL (brackets removed from an IPv6 literal). */
  hostname: string;
  /** Every address the host resolved to, all allowed; a delivery connects to the first. */
  addresses: ResolvedAddress[];
}

/** A refusal; `message` is safe to show to the tenant (it names the rule, never internal details). */
export class UnsafeUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafeUrlError';
  }
}

export const MAX_URL_LENGTH = 2048;

const DEFAULT_LOOKUP_TIMEOUT_MS = 5000;

class LookupTimeout extends Error {}

/** The promise's value, or LookupTimeout after `ms` (getaddrinfo has no timeout of its own). */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LookupTimeout()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function systemLookup(hostname: string): Promise<ResolvedAddress[]> {
  const answers = await dns.lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

const v4 = (ranges: [string, number][]) => {
  const list = new net.BlockList();
  for (const [address, prefix] of ranges) list.addSubnet(address, prefix, 'ipv4');
  return list;
};
const v6 = (ranges: [string, number][]) => {
  const list = new net.BlockList();
  for (const [address, prefix] of ranges) list.addSubnet(address, prefix, 'ipv6');
  return list;
};

/**
 * Refused whatever WEBHOOK_ALLOW_PRIVATE_ADDRESSES says: the cloud metadata services (AWS, GCP, Azure and
 * Oracle at 169.254.169.254, AWS's IPv6 fd00:ec2::254, Alibaba's 100.100.100.200) hand out instance
 * credentials, and nothing a developer runs locally listens on a link-local address.
 */
export const ALWAYS_REFUSED = new Set(['metadata', 'link-local']);

/** Why each kind of address is refused, checked in this order. */
const IPV4_RULES: [string, net.BlockList][] = [
  ['metadata', v4([['100.100.100.200', 32]])],
  ['unspecified', v4([['0.0.0.0', 8]])],
  ['loopback', v4([['127.0.0.0', 8]])],
  [
    'private',
    v4([
      ['10.0.0.0', 8],
      ['172.16.0.0', 12],
      ['192.168.0.0', 16],
      ['192.0.0.0', 24],
      ['198.18.0.0', 15],
    ]),
  ],
  ['link-local', v4([['169.254.0.0', 16]])],
  ['shared (CGNAT)', v4([['100.64.0.0', 10]])],
  ['multicast', v4([['224.0.0.0', 4]])],
  ['reserved', v4([['240.0.0.0', 4]])],
];

const IPV6_RULES: [string, net.BlockList][] = [
  ['metadata', v6([['fd00:ec2::254', 128]])],
  ['unspecified', v6([['::', 128]])],
  ['loopback', v6([['::1', 128]])],
  [
    'private',
    v6([
      ['fc00::', 7],
      ['fec0::', 10],
    ]),
  ],
  ['link-local', v6([['fe80::', 10]])],
  ['multicast', v6([['ff00::', 8]])],
  // Discard-only and documentation prefixes never reach a real receiver.
  [
    'reserved',
    v6([
      ['100::', 64],
      ['2001:db8::', 32],
    ]),
  ],
];

/** The 16 bytes of an IPv6 address (net.isIPv6 must hold). */
function ipv6Bytes(address: string): Buffer {
  let text = address.split('%')[0]!.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(zeros).fill('0'), ...tailGroups];
  const bytes = Buffer.alloc(16);
  groups.forEach((g, i) => bytes.writeUInt16BE(parseInt(g, 16), i * 2));
  return bytes;
}

/** The IPv4 address at byte `at` of `b`, dotted, optionally with every bit inverted (Teredo's client). */
function dottedAt(b: Buffer, at: number, invert = false): string {
  const x = (i: number) => (invert ? ~b[at + i]! & 0xff : b[at + i]!);
  return `${x(0)}.${x(1)}.${x(2)}.${x(3)}`;
}

/**
 * The IPv4 address an IPv6 one carries: mapped ::ffff:0:0/96, translated ::ffff:0:0:0/96 (SIIT),
 * compatible ::/96, well-known NAT64 64:ff9b::/96 and 6to4 2002::/16; or null.
 */
function embeddedIpv4(b: Buffer): string | null {
  const zero = (from: number, to: number) => b.subarray(from, to).every((x) => x === 0);
  if (zero(0, 10) && b[10] === 0xff && b[11] === 0xff) return dottedAt(b, 12);
  if (zero(0, 8) && b[8] === 0xff && b[9] === 0xff && zero(10, 12)) return dottedAt(b, 12);
  if (zero(0, 12) && !(zero(12, 16) || b.readUInt32BE(12) === 1)) return dottedAt(b, 12);
  if (b.readUInt32BE(0) === 0x0064ff9b && zero(4, 12)) return dottedAt(b, 12);
  if (b.readUInt16BE(0) === 0x2002) return dottedAt(b, 2);
  return null;
}

/**
 * Prefixes that tunnel to IPv4 addresses we cannot vet as a whole: local-use NAT64 64:ff9b:1::/48 (its
 * translator is inside the network, and RFC 6052 lets the IPv4 sit at several offsets) and Teredo
 * 2001::/32 (server at bytes 4-7, client inverted at 12-15). They are refused outright; the IPv4
 * addresses they may carry are still checked so that a metadata or link-local one is refused even where
 * private addresses are allowed.
 */
function tunnelProblem(b: Buffer): { problem: string; inner: string[] } | null {
  if (b.readUInt32BE(0) === 0x0064ff9b && b.readUInt16BE(4) === 1) {
    const rfc6052 = [`${b[6]}.${b[7]}.${b[9]}.${b[10]}`, `${b[7]}.${b[9]}.${b[10]}.${b[11]}`, dottedAt(b, 9)];
    return { problem: 'NAT64 (local-use)', inner: [...rfc6052, dottedAt(b, 12)] };
  }
  if (b.readUInt32BE(0) === 0x20010000) {
    return { problem: 'Teredo tunnel', inner: [dottedAt(b, 4), dottedAt(b, 12, true)] };
  }
  return null;
}

/** Why an IP address may not receive webhooks (e.g. "loopback"), or null for a public unicast address. */
export function addressProblem(address: string): string | null {
  if (net.isIPv4(address)) {
    return IPV4_RULES.find(([, list]) => list.check(address, 'ipv4'))?.[0] ?? null;
  }
  if (net.isIPv6(address)) {
    const plain = address.split('%')[0]!;
    const bytes = ipv6Bytes(plain);
    const inner = embeddedIpv4(bytes);
    if (inner !== null) return addressProblem(inner);
    const tunnel = tunnelProblem(bytes);
    if (tunnel) {
      const always = tunnel.inner.map(addressProblem).find((p) => p !== null && ALWAYS_REFUSED.has(p));
      return always ?? tunnel.problem;
    }
    return IPV6_RULES.find(([, list]) => list.check(plain, 'ipv6'))?.[0] ?? null;
  }
  return 'not an IP address';
}

/** Parses and checks a URL without DNS: scheme, user info, host. Throws UnsafeUrlError. */
export function parseWebhookUrl(raw: string, options: Pick<UrlGuardOptions, 'allowHttp'>): URL {
  if (raw.length > MAX_URL_LENGTH) throw new UnsafeUrlError(`must be at most ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrlError('must be an absolute URL, e.g. https://example.com/webhooks');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UnsafeUrlError('must be an https URL');
  }
  if (url.protocol === 'http:' && !options.allowHttp) {
    throw new UnsafeUrlError('must use https (plain http is not allowed)');
  }
  if (url.username !== '' || url.password !== '') {
    throw new UnsafeUrlError('must not contain a user name or password');
  }
  if (url.hostname === '') throw new UnsafeUrlError('must name a host');
  return url;
}

/**
 * The whole check, at registration and before each delivery: the URL's rules, then DNS, then every
 * resolved address. Throws UnsafeUrlError; answers the vetted addresses to connect to.
 */
export async function vetWebhookUrl(raw: string, options: UrlGuardOptions): Promise<VettedUrl> {
  const url = parseWebhookUrl(raw, options);
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: ResolvedAddress[];
  if (net.isIP(hostname)) {
    addresses = [{ address: hostname, family: net.isIPv6(hostname) ? 6 : 4 }];
  } else {
    try {
      addresses = await withTimeout(
        (options.lookup ?? systemLookup)(hostname),
        options.lookupTimeoutMs ?? DEFAULT_LOOKUP_TIMEOUT_MS,
      );
    } catch (err) {
      if (err instanceof LookupTimeout) throw new UnsafeUrlError(`host ${hostname} did not resolve in time`);
      throw new UnsafeUrlError(`host ${hostname} does not resolve`);
    }
    if (addresses.length === 0) throw new UnsafeUrlError(`host ${hostname} does not resolve`);
  }
  for (const { address } of addresses) {
    const problem = addressProblem(address);
    if (problem && (!options.allowPrivateAddresses || ALWAYS_REFUSED.has(problem))) {
      throw new UnsafeUrlError(`must not point at a ${problem} address (${hostname} is ${address})`);
    }
  }
  return { url, hostname, addresses };
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | ResolvedAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http(s).request / net.connect that answers the vetted address instead of asking DNS
 * again, so the connection goes exactly where the guard looked (TLS still checks the certificate
 * against the URL's host name).
 */
export function pinnedLookup(vetted: VettedUrl) {
  const first = vetted.addresses[0]!;
  return (
    _hostname: string,
    options: { all?: boolean } | number | undefined,
    callback: LookupCallback,
  ): void => {
    if (typeof options === 'object' && options?.all) callback(null, vetted.addresses);
    else callback(null, first.address, first.family);
  };
}
