import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may be sent (SSRF protection): never to the machine itself, the private
 * networks behind it or link-local addresses (cloud metadata at 169.254.169.254), in IPv4 and
 * IPv6, unless the operator allows a range (WEBHOOK_ALLOWED_NETWORKS). Checked on the
 * resolved addresses, at registration and again at every delivery, and the connection goes to
 * the address that was checked, so a DNS answer that changes in between cannot redirect it.
 */
const REFUSED_V4 = [
  '0.0.0.0/8', // "this network"
  '10.0.0.0/8', // private
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation
  '192.168.0.0/16', // private
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation
  '203.0.113.0/24', // documentation
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, broadcast
];
const REFUSED_V6 = [
  '::/128', // unspecified
  '::1/128', // loopback
  '64:ff9b::/96', // NAT64: an IPv4 address inside
  '100::/64', // discard
  '2001:db8::/32', // documentation
  '2002::/16', // 6to4: an IPv4 address inside
  'fc00::/7', // unique local (private)
  'fe80::/10', // link-local
  'fec0::/10', // site-local (deprecated, still private)
  'ff00::/8', // multicast
];

function blockList(ranges: readonly string[]): BlockList {
  const list = new BlockList();
  for (const range of ranges) {
    const [network, bits] = range.split('/');
    const type = isIP(network!) === 6 ? 'ipv6' : 'ipv4';
    list.addSubnet(network!, Number(bits), type);
  }
  return list;
}

const refused = blockList([...REFUSED_V4, ...REFUSED_V6]);

/** `::ffff:a.b.c.d` / `::ffff:7f00:1` (IPv4-mapped IPv6) as the IPv4 address it carries. */
function unmapped(address: string): string {
  const lower = address.toLowerCase();
  if (!lower.startsWith('::ffff:')) return address;
  const rest = lower.slice('::ffff:'.length);
  if (isIP(rest) === 4) return rest;
  const groups = rest.split(':');
  if (groups.length !== 2 || !groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) {
    return address;
  }
  const [high, low] = groups.map((group) => parseInt(group, 16)) as [number, number];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

export class RefusedAddressError extends Error {
  override name = 'RefusedAddressError';
}

export interface ResolvedTarget {
  address: string;
  family: 4 | 6;
  /** Whether the address is in a range refused by default that the operator allows. */
  local: boolean;
}

export class NetworkGuard {
  private readonly allowed: BlockList;

  /** `allowedRanges`: CIDR ranges the operator allows although they are refused by default. */
  constructor(readonly allowedRanges: readonly string[] = []) {
    this.allowed = blockList(allowedRanges);
  }

  /** Parses a comma-separated list of CIDR ranges; bare addresses are one address wide. */
  static parseRanges(text: string | undefined): string[] {
    return (text ?? '')
      .split(',')
      .map((range) => range.trim())
      .filter(Boolean)
      .map((range) => (range.includes('/') ? range : `${range}/${isIP(range) === 6 ? 128 : 32}`));
  }

  /** Whether `address` may be connected to, and whether it is one of the allowed local ones. */
  check(rawAddress: string): { ok: boolean; local: boolean } {
    const address = unmapped(rawAddress);
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (this.allowed.check(address, type)) return { ok: true, local: true };
    return { ok: !refused.check(address, type), local: false };
  }

  /**
   * The address to connect to for `url`: every address its host resolves to must be allowed
   * (an answer mixing a public and a private address is refused), the first one is used.
   */
  async resolve(url: URL): Promise<ResolvedTarget> {
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const answers = isIP(host)
      ? [{ address: host, family: isIP(host) }]
      : await lookup(host, { all: true, verbatim: true }).catch((error: unknown) => {
          throw new RefusedAddressError(`${host} does not resolve (${String(error)})`);
        });
    if (answers.length === 0) throw new RefusedAddressError(`${host} does not resolve`);
    let local = false;
    for (const answer of answers) {
      const verdict = this.check(answer.address);
      if (!verdict.ok) {
        throw new RefusedAddressError(
          `${host} resolves to ${answer.address}, a private, loopback or link-local address`,
        );
      }
      local ||= verdict.local;
    }
    const first = answers[0]!;
    return { address: first.address, family: first.family === 6 ? 6 : 4, local };
  }

  /**
   * Checks an endpoint's address as it would be sent to: https only, except a plain http
   * address of a range the operator allows (a receiver on the same machine or network).
   */
  async target(url: URL): Promise<ResolvedTarget> {
    const resolved = await this.resolve(url);
    if (url.protocol !== 'https:' && !resolved.local) {
      throw new RefusedAddressError('only https:// addresses receive webhooks');
    }
    return resolved;
  }
}
