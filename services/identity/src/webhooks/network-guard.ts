import { Resolver } from 'node:dns/promises';
import { readFile } from 'node:fs/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may be sent (SSRF protection): never to the machine itself, the private
 * networks behind it or link-local addresses (cloud metadata at 169.254.169.254), in IPv4 and
 * IPv6, unless the operator allows a range (WEBHOOK_ALLOWED_NETWORKS). Checked on the
 * resolved addresses, at registration and again at every delivery, and the connection goes to
 * the address that was checked, so a DNS answer that changes in between cannot redirect it.
 * Names are resolved with c-ares (never getaddrinfo on libuv's four threads, which password
 * hashing shares) within the caller's deadline.
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
  '::/96', // unspecified, loopback and IPv4-compatible (deprecated: an IPv4 address inside)
  '::ffff:0:0:0/96', // IPv4-translated (SIIT): an IPv4 address inside
  '64:ff9b::/96', // NAT64: an IPv4 address inside
  '64:ff9b:1::/48', // NAT64 for local use (RFC 8215): the network's own IPv4 hosts, private ones too
  '2001::/32', // Teredo: an IPv4 address inside
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

/**
 * What a tenant is told of a refused address: never the address a name resolved to, which would
 * map the network behind the service for them (`detail`, for the operator's log, has it).
 */
export class RefusedAddressError extends Error {
  override name = 'RefusedAddressError';

  constructor(
    message: string,
    readonly detail: string = message,
  ) {
    super(message);
  }
}

export const PRIVATE_NETWORK =
  'it points to a private or local network, which webhooks may not reach';

/** The refusal's sentence, as registration answers it and the delivery log shows it. */
export const refusalText = (error: RefusedAddressError) =>
  `This address cannot receive webhooks: ${error.message}.`;

export interface ResolvedTarget {
  address: string;
  family: 4 | 6;
  /** Whether the address is in a range refused by default that the operator allows. */
  local: boolean;
}

/** Where names are looked up; the defaults are the system's. */
export interface NameSources {
  /** DNS servers (`address[:port]`) instead of those of /etc/resolv.conf. */
  dnsServers?: readonly string[];
  hostsFile?: string;
  /** Where the resolver's `search` domains are read (/etc/resolv.conf). */
  resolvConf?: string;
}

/** RFC 6761: these names are the machine itself, whatever DNS or the hosts file say. */
const LOOPBACK = ['127.0.0.1', '::1'];
const isLocalhost = (name: string) => name === 'localhost' || name.endsWith('.localhost');

/**
 * The hosts file's addresses by name. c-ares reads only DNS: without this a name the operator
 * set there (a receiver on an internal network) would stop resolving.
 */
async function hostsEntries(path: string): Promise<Map<string, string[]>> {
  const text = await readFile(path, 'utf8').catch(() => '');
  const entries = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const [address, ...names] = line.replace(/#.*/, '').trim().split(/\s+/);
    if (!address || isIP(address) === 0) continue;
    for (const name of names.map((named) => named.toLowerCase())) {
      entries.set(name, [...(entries.get(name) ?? []), address]);
    }
  }
  return entries;
}

/**
 * The resolver's search domains (`search`, else `domain`, of resolv.conf), which getaddrinfo
 * tried after a name of its own and c-ares's resolve4/resolve6 do not: a receiver named
 * `hooks.tools` inside a cluster is `hooks.tools.svc.cluster.local`.
 */
async function searchDomains(path: string): Promise<string[]> {
  const text = await readFile(path, 'utf8').catch(() => '');
  let domains: string[] = [];
  for (const line of text.split('\n')) {
    const [keyword, ...values] = line
      .replace(/[#;].*/, '')
      .trim()
      .split(/\s+/);
    if (keyword === 'search') domains = values;
    else if (keyword === 'domain' && !domains.length) domains = values.slice(0, 1);
  }
  return domains.map((domain) => domain.replace(/\.$/, '').toLowerCase()).filter(Boolean);
}

/** A family the name has no record of is no error: the other one may have some. */
const noRecords = (error: NodeJS.ErrnoException): string[] => {
  if (error.code === 'ENODATA' || error.code === 'ENOTFOUND') return [];
  throw error;
};

function unresolved(host: string, timeoutMs: number, error: unknown): RefusedAddressError {
  const code = (error as NodeJS.ErrnoException).code;
  const detail = `${host} does not resolve (${String(error)})`;
  if (code === 'ECANCELLED' || code === 'ETIMEOUT') {
    const seconds = Math.round(timeoutMs / 100) / 10;
    return new RefusedAddressError(`its host name did not resolve within ${seconds} s`, detail);
  }
  return new RefusedAddressError('its host name does not resolve', detail);
}

/** How long the hosts file and resolv.conf read once serve every lookup. */
const NAME_FILES_FRESH_MS = 30_000;

export class NetworkGuard {
  private readonly allowed: BlockList;
  /** Each name file as read last, so a burst of deliveries reads it once, not once each. */
  private readonly nameFiles = new Map<string, { at: number; read: Promise<unknown> }>();

  /** `allowedRanges`: CIDR ranges the operator allows although they are refused by default. */
  constructor(
    readonly allowedRanges: readonly string[] = [],
    private readonly names: NameSources = {},
  ) {
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

  private fresh<T>(path: string, read: (path: string) => Promise<T>): Promise<T> {
    // By reader too: the two readers may be given one path.
    const key = `${read.name} ${path}`;
    const kept = this.nameFiles.get(key);
    if (kept && Date.now() - kept.at < NAME_FILES_FRESH_MS) return kept.read as Promise<T>;
    const reading = read(path);
    this.nameFiles.set(key, { at: Date.now(), read: reading });
    return reading;
  }

  /** A name's addresses, IPv4 first: the hosts file's, the machine's own, or DNS's. */
  private async addressesOf(host: string, timeoutMs: number): Promise<string[]> {
    const name = host.toLowerCase().replace(/\.$/, '');
    const hosts = this.names.hostsFile ?? '/etc/hosts';
    const listed = (await this.fresh(hosts, hostsEntries)).get(name);
    if (listed) return listed;
    if (isLocalhost(name)) return LOOPBACK;
    // A name written with its final dot is whole; any other may take a search domain.
    const domains = host.endsWith('.')
      ? []
      : await this.fresh(this.names.resolvConf ?? '/etc/resolv.conf', searchDomains);
    const candidates = [name, ...domains.map((domain) => `${name}.${domain}`)];
    const addresses = await this.fromDns(candidates, timeoutMs).catch((error: unknown) => {
      throw unresolved(host, timeoutMs, error);
    });
    if (addresses.length === 0) {
      throw new RefusedAddressError('its host name does not resolve', `${host} has no address`);
    }
    return addresses;
  }

  /** The first of `names` (the name, then with each search domain) that has an address. */
  private async fromDns(names: string[], timeoutMs: number): Promise<string[]> {
    // Two tries, c-ares doubling the wait for the second: both fit in the deadline...
    const resolver = new Resolver({ timeout: Math.max(1, Math.floor(timeoutMs / 3)), tries: 2 });
    if (this.names.dnsServers) resolver.setServers(this.names.dnsServers);
    // ...which still holds with several servers or names to try, each taking its turn.
    const deadline = setTimeout(() => resolver.cancel(), timeoutMs);
    try {
      for (const name of names) {
        const [v4, v6] = await Promise.all([
          resolver.resolve4(name).catch(noRecords),
          resolver.resolve6(name).catch(noRecords),
        ]);
        if (v4.length + v6.length > 0) return [...v4, ...v6];
      }
      return [];
    } finally {
      clearTimeout(deadline);
    }
  }

  /**
   * The address to connect to for `url`, found within `timeoutMs`: every address its host
   * resolves to must be allowed (an answer mixing a public and a private address is refused),
   * the first one is used. A literal address is taken as it is.
   */
  async resolve(url: URL, timeoutMs: number): Promise<ResolvedTarget> {
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const addresses = isIP(host) ? [host] : await this.addressesOf(host, timeoutMs);
    let local = false;
    for (const address of addresses) {
      const verdict = this.check(address);
      if (!verdict.ok) {
        const detail = `${host} resolves to ${address}, a private, loopback or link-local address`;
        throw new RefusedAddressError(PRIVATE_NETWORK, detail);
      }
      local ||= verdict.local;
    }
    const first = addresses[0]!;
    return { address: first, family: isIP(first) === 6 ? 6 : 4, local };
  }

  /**
   * Checks an endpoint's address as it would be sent to: https only, except a plain http
   * address of a range the operator allows (a receiver on the same machine or network).
   */
  async target(url: URL, timeoutMs: number): Promise<ResolvedTarget> {
    const resolved = await this.resolve(url, timeoutMs);
    if (url.protocol !== 'https:' && !resolved.local) {
      throw new RefusedAddressError('only https:// addresses receive webhooks');
    }
    return resolved;
  }
}
