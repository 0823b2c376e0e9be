import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as proto from './index.js';
import type { RouteAccess, RouteContract } from './http.js';
import { ROLES } from './roles.js';
import { api } from './routes.js';
import { FROM_ROUTES, isFromRoutes, type ResolvedRpcAccess, type RpcContract } from './rpc.js';
import { RELAYED_RPC_ROLES, rpcAccess } from './rpc-access.js';
import { RPC_CONTRACTS, rpcTables } from './rpc-contracts.js';

const takesActor = (contract: RpcContract) =>
  contract.request instanceof z.ZodObject && 'actor' in contract.request.shape;

const named = Object.entries(rpcTables).flatMap(([table, contracts]) =>
  Object.entries(contracts as Record<string, RpcContract>).map(
    ([name, contract]) => [`${table}.${name}`, contract] as const,
  ),
);

describe('RPC access declarations', () => {
  it('lists every contract table proto exports', () => {
    const exported = Object.entries(proto)
      .filter(([name]) => name.endsWith('Rpc'))
      .map(([name]) => name);
    expect(Object.keys(rpcTables).sort()).toEqual(exported.sort());
  });

  it('gives each pattern one contract', () => {
    const patterns = RPC_CONTRACTS.map((contract) => contract.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it.each(named)('%s: roles exactly when the request carries an actor', (_, contract) => {
    if (takesActor(contract)) {
      const access = rpcAccess(contract);
      expect(Array.isArray(access)).toBe(true);
      expect((access as readonly string[]).length).toBeGreaterThan(0);
      for (const role of access) expect(ROLES).toContain(role);
    } else {
      expect(['public', 'service']).toContain(contract.access);
    }
  });
});

const relayedRoutes = (contract: RpcContract) =>
  Object.values(api as Record<string, RouteContract>).filter(
    (route) => route.relay?.rpc.pattern === contract.pattern,
  );

/**
 * A route declares who may call it; the RPC it relays to takes FROM_ROUTES rather than a second
 * copy of the roles (rpc-access.ts derives them, the service's RpcHandler checks them again).
 */
describe('RPC access declared once', () => {
  it.each(named)('%s: derives its roles exactly when a route relays to it', (_, contract) => {
    expect(isFromRoutes(contract.access)).toBe(relayedRoutes(contract).length > 0);
  });

  it("derives from routes with roles only: no public route relays on anyone's behalf", () => {
    const relaying = Object.values(api as Record<string, RouteContract>).filter((r) => r.relay);
    expect(relaying.filter((route) => route.access === 'public')).toEqual([]);
    expect(RELAYED_RPC_ROLES.size).toBe(new Set(relaying.map((r) => r.relay!.rpc)).size);
  });

  // Their service tells the routes apart by the request (the caller's own faces, or a member's
  // for an administrator), so the RPC admits the roles of both. Any other RPC is relayed by
  // routes of one access: a second route with other roles needs its own look here.
  const SHARED_BY_ROUTES_OF_OTHER_ACCESS = ['video.faces.references'];

  it('has routes of different access relay to one RPC only where listed', () => {
    const mixed = named
      .map(([, contract]) => contract)
      .filter((contract) => {
        const accesses = relayedRoutes(contract).map((route) => describeAccess(route.access));
        return new Set(accesses).size > 1;
      })
      .map((contract) => contract.pattern);
    expect(mixed.sort()).toEqual([...SHARED_BY_ROUTES_OF_OTHER_ACCESS].sort());
  });

  it('refuses to resolve FROM_ROUTES for an RPC no route relays to', () => {
    const orphan = { ...RPC_CONTRACTS[0]!, pattern: 'nobody.relays', access: FROM_ROUTES };
    expect(() => rpcAccess(orphan)).toThrow(/no route with roles relays to it/);
  });
});

/**
 * The gateway's routes and the contracts they forward to must agree: a contract wider than its
 * routes is a second lock that no longer locks, a narrower one refuses callers the route let in.
 * The forwarding is read from the gateway's controllers: each `@Endpoint(api.<route>)` method and
 * the `<table>Rpc.<contract>` it names.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const controllersDir = join(root, 'services/gateway/src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

function forwarding(): Map<string, RouteAccess[]> {
  const routes = api as Record<string, { access: RouteAccess }>;
  const byContract = new Map<string, RouteAccess[]>();
  for (const file of sources(controllersDir)) {
    const parts = readFileSync(file, 'utf8').split(/@Endpoint\(api\.(\w+)\)/);
    for (let n = 1; n < parts.length; n += 2) {
      const route = routes[parts[n]!];
      if (!route) throw new Error(`${file}: no route api.${parts[n]}`);
      for (const [, table, name] of parts[n + 1]!.matchAll(/\b(\w+Rpc)\.(\w+)\b/g)) {
        const key = `${table}.${name}`;
        byContract.set(key, [...(byContract.get(key) ?? []), route.access]);
      }
    }
  }
  for (const [, route] of Object.entries(api) as [string, RouteContract][]) {
    if (!route.relay) continue;
    const key = named.find(([, contract]) => contract === route.relay!.rpc)![0];
    byContract.set(key, [...(byContract.get(key) ?? []), route.access]);
  }
  return byContract;
}

/** Routes whose gateway handler is still written by hand in a controller. */
function handWritten(): Set<string> {
  const names = new Set<string>();
  for (const file of sources(controllersDir)) {
    for (const [, name] of readFileSync(file, 'utf8').matchAll(/@Endpoint\(api\.(\w+)\)/g)) {
      names.add(name!);
    }
  }
  return names;
}

const describeAccess = (access: ResolvedRpcAccess | RouteAccess) =>
  typeof access === 'string' ? access : ROLES.filter((role) => access.includes(role)).join(',');

describe('RPC access agrees with the routes that forward to it', () => {
  const byContract = forwarding();
  const contracts = new Map<string, RpcContract>(named);

  it('finds the forwarding in the gateway', () => {
    expect(byContract.size).toBeGreaterThan(100);
    for (const key of byContract.keys()) expect(contracts.has(key), key).toBe(true);
  });

  it.each(named.filter(([key]) => byContract.has(key)))(
    '%s: the roles of the routes forwarding to it',
    (key, contract) => {
      const routes = byContract.get(key)!;
      const access = rpcAccess(contract);
      if (routes.includes('public')) {
        // A public route forwards nobody's actor.
        expect(access).toBe('public');
        return;
      }
      if (!takesActor(contract)) {
        // Figures the gateway asks for on its own, e.g. by the actor's organization.
        expect(access).toBe('service');
        return;
      }
      const allowed = routes.flatMap((route) => (route === 'public' ? [] : route));
      expect(describeAccess(access)).toBe(describeAccess(allowed));
    },
  );
});

describe('relays declared once', () => {
  it('registers no hand-written gateway handler for a route that names its RPC', () => {
    const written = handWritten();
    const relayed = Object.entries(api as Record<string, RouteContract>)
      .filter(([, route]) => route.relay)
      .map(([name]) => name);
    expect(relayed.length).toBeGreaterThan(0);
    expect(relayed.filter((name) => written.has(name))).toEqual([]);
  });
});

/**
 * Asked by the integration service at its start, of every organization at once: no actor could
 * be entitled to it, so no route forwards or relays to it and its access is the services' only.
 */
describe('service-only RPCs of every organization', () => {
  const byContract = forwarding();

  it.each([['identityRpc.suspendedMembers', proto.identityRpc.suspendedMembers]] as const)(
    '%s: service-only, forwarded by no route',
    (key, contract) => {
      expect(rpcAccess(contract)).toBe('service');
      expect(takesActor(contract)).toBe(false);
      expect(byContract.has(key)).toBe(false);
      expect(relayedRoutes(contract)).toEqual([]);
    },
  );
});
