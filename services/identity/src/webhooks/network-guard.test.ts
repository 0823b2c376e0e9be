import { createSocket, type Socket } from 'node:dgram';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type NameSources,
  NetworkGuard,
  PRIVATE_NETWORK,
  RefusedAddressError,
  refusalText,
} from './network-guard.js';

const TIMEOUT_MS = 2_000;

describe('NetworkGuard', () => {
  const guard = new NetworkGuard();

  it.each([
    '127.0.0.1',
    '127.9.9.9',
    '10.0.0.1',
    '172.31.255.255',
    '192.168.0.10',
    '169.254.169.254',
    '100.64.1.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd12:3456::1',
    'fc00::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a00:1',
    '64:ff9b::a00:1',
    // NAT64's local-use prefix (RFC 8215): an IPv6-only cluster's way to its private IPv4 hosts.
    '64:ff9b:1::a9fe:a9fe',
    // IPv4-compatible (deprecated) and IPv4-translated (SIIT) forms of 127.0.0.1 and 10.0.0.1.
    '::7f00:1',
    '::ffff:0:a00:1',
    // Teredo: an IPv4 address inside.
    '2001:0:a00:1::1',
  ])('refuses %s', (address) => {
    expect(guard.check(address).ok).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])(
    'accepts the public %s',
    (address) => {
      expect(guard.check(address)).toEqual({ ok: true, local: false });
    },
  );

  it('accepts the ranges the operator allows, as local ones', () => {
    const loopback = new NetworkGuard(NetworkGuard.parseRanges('127.0.0.0/8, ::1'));
    expect(loopback.check('127.0.0.1')).toEqual({ ok: true, local: true });
    expect(loopback.check('::1')).toEqual({ ok: true, local: true });
    expect(loopback.check('::ffff:127.0.0.1')).toEqual({ ok: true, local: true });
    expect(loopback.check('10.0.0.1').ok).toBe(false);
  });

  it('refuses plain http to a public address, and a literal private address', async () => {
    await expect(guard.target(new URL('http://8.8.8.8/hook'), TIMEOUT_MS)).rejects.toThrow(
      /only https/,
    );
    await expect(guard.target(new URL('https://[::1]/hook'), TIMEOUT_MS)).rejects.toBeInstanceOf(
      RefusedAddressError,
    );
    await expect(guard.target(new URL('https://8.8.8.8/hook'), TIMEOUT_MS)).resolves.toEqual({
      address: '8.8.8.8',
      family: 4,
      local: false,
    });
  });
});

describe('NetworkGuard resolving names', () => {
  let dns: FakeDns;
  let folder: string;
  beforeAll(async () => {
    dns = await FakeDns.start({
      'hooks.example.com': '93.184.215.14',
      'mixed.example.com': ['93.184.215.14', '10.0.0.5'],
      'inside.example.com': '10.0.0.5',
    });
    folder = mkdtempSync(join(tmpdir(), 'network-guard-'));
  });
  afterAll(async () => {
    await dns.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  const guardOf = (names: NameSources = {}, ranges: string[] = []) =>
    new NetworkGuard(ranges, {
      dnsServers: [dns.server],
      hostsFile: '/nonexistent',
      resolvConf: '/nonexistent',
      ...names,
    });

  it('resolves a name through DNS, and checks every address it resolves to', async () => {
    await expect(
      guardOf().target(new URL('https://hooks.example.com/hook'), TIMEOUT_MS),
    ).resolves.toEqual({ address: '93.184.215.14', family: 4, local: false });
    await expect(
      guardOf().target(new URL('https://mixed.example.com/hook'), TIMEOUT_MS),
    ).rejects.toThrow(PRIVATE_NETWORK);
  });

  it('names no private address to the tenant, only to the log', async () => {
    const refusal = await guardOf()
      .target(new URL('https://inside.example.com/hook'), TIMEOUT_MS)
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RefusedAddressError);
    const { message, detail } = refusal as RefusedAddressError;
    expect(refusalText(refusal as RefusedAddressError)).toBe(
      'This address cannot receive webhooks: it points to a private or local network, which webhooks may not reach.',
    );
    expect(message).not.toContain('10.0.0.5');
    expect(detail).toContain('inside.example.com resolves to 10.0.0.5');
  });

  it('gives up on a DNS server that never answers within the timeout', async () => {
    const silent = await FakeDns.start({}, { silent: true });
    try {
      const started = performance.now();
      await expect(
        guardOf({ dnsServers: [silent.server] }).target(new URL('https://slow.example.com/'), 300),
      ).rejects.toThrow(/did not resolve within 0.3 s/);
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(silent.queries).toBeGreaterThan(0);
    } finally {
      await silent.stop();
    }
  });

  it("tries the resolver's search domains after a name of its own, as getaddrinfo did", async () => {
    const resolvConf = join(folder, 'resolv.conf');
    writeFileSync(resolvConf, 'nameserver 10.0.0.1\nsearch svc.example.com example.com\n');
    await expect(
      guardOf({ resolvConf }).target(new URL('https://hooks/hook'), TIMEOUT_MS),
    ).resolves.toMatchObject({ address: '93.184.215.14' });
    // A name written whole (its final dot) takes none.
    await expect(
      guardOf({ resolvConf }).target(new URL('https://hooks./hook'), TIMEOUT_MS),
    ).rejects.toThrow(/does not resolve/);
  });

  it('refuses a name without an address', async () => {
    await expect(
      guardOf().target(new URL('https://nowhere.example.com/'), TIMEOUT_MS),
    ).rejects.toThrow(/does not resolve/);
  });

  it('resolves localhost and the hosts file without DNS', async () => {
    const hostsFile = join(folder, 'hosts');
    writeFileSync(hostsFile, '# comment\n10.1.2.3   receiver.internal  receiver # ours\n');
    const silent = await FakeDns.start({}, { silent: true });
    try {
      const offline = guardOf({ dnsServers: [silent.server], hostsFile }, ['10.1.2.3/32']);
      await expect(
        offline.target(new URL('http://Receiver.Internal:8080/hook'), TIMEOUT_MS),
      ).resolves.toEqual({ address: '10.1.2.3', family: 4, local: true });
      await expect(offline.target(new URL('https://localhost/hook'), TIMEOUT_MS)).rejects.toThrow(
        PRIVATE_NETWORK,
      );
      expect(silent.queries).toBe(0);
    } finally {
      await silent.stop();
    }
  });
});

/**
 * A DNS server on a loopback UDP port answering A queries from its table (AAAA with no record),
 * or, silent, answering nothing at all.
 */
class FakeDns {
  queries = 0;

  private constructor(
    private readonly socket: Socket,
    private readonly table: Record<string, string | string[]>,
    private readonly silent: boolean,
  ) {
    socket.on('message', (query, from) => this.answer(query, from.port, from.address));
  }

  static async start(table: Record<string, string | string[]>, { silent = false } = {}) {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    return new FakeDns(socket, table, silent);
  }

  get server(): string {
    return `127.0.0.1:${this.socket.address().port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }

  private answer(query: Buffer, port: number, address: string): void {
    this.queries += 1;
    if (this.silent) return;
    const { name, end } = questionOf(query);
    const type = query.readUInt16BE(end);
    const found = this.table[name];
    const addresses = type === 1 && found ? [found].flat() : [];
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2);
    // A response, recursion available; NXDOMAIN for a name the table lacks.
    header.writeUInt16BE(found ? 0x8180 : 0x8183, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(addresses.length, 6);
    const records = addresses.map((ip) =>
      Buffer.concat([
        Buffer.from([0xc0, 0x0c, 0, 1, 0, 1, 0, 0, 0, 60, 0, 4]),
        Buffer.from(ip.split('.').map(Number)),
      ]),
    );
    const reply = Buffer.concat([header, query.subarray(12, end + 4), ...records]);
    this.socket.send(reply, port, address);
  }
}

/** The query's name and where its labels end (its type and class follow). */
function questionOf(query: Buffer): { name: string; end: number } {
  const labels: string[] = [];
  let at = 12;
  while (query[at]! > 0) {
    labels.push(query.subarray(at + 1, at + 1 + query[at]!).toString());
    at += query[at]! + 1;
  }
  return { name: labels.join('.').toLowerCase(), end: at + 1 };
}
