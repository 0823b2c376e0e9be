import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Role, type RouteContract } from '@hub/proto';
import { DOCS_ASSETS_PREFIX, DOCS_ROUTES } from '../src/docs/docs.js';
import { createTenant, MEMBER_ROLES, type Tenant, signedIn } from './tenant-fixtures.js';
import { ApiSession, startTestStack, SUPER_ADMIN, type TestStack } from './test-stack.js';
import { type RunningWorkers, startDocumentWorkers } from './test-workers.js';

let stack: TestStack;
let workers: RunningWorkers;
let acme: Tenant;
let globex: Tenant;
let root: ApiSession;
let readOnlyToken: string;

beforeAll(async () => {
  // A token caller makes a call per route: far past the default per-token rate.
  stack = await startTestStack({ API_TOKEN_MAX_REQUESTS_PER_MINUTE: '1000000' });
  workers = startDocumentWorkers(stack);
  [acme, globex] = await Promise.all([
    createTenant(stack, 'Acme Foods', 'acme.test'),
    createTenant(stack, 'Globex Plant', 'globex.test'),
  ]);
  root = await signedIn(stack, SUPER_ADMIN.email, SUPER_ADMIN.password);
  const created = await acme.members.admin.session.call(api.createApiToken, {
    body: { name: 'Read-only integration', role: 'admin', readOnly: true, expiresInDays: 1 },
  });
  readOnlyToken = created.secret;
}, 240_000);

afterAll(async () => {
  await workers?.close();
  await stack?.stop();
});

const contracts = Object.values(api) as RouteContract[];
const key = (method: string, url: string) => `${method} ${url}`;

describe('route declarations', () => {
  it('registers every API route from the contract table, each with its declared access', () => {
    const registered = new Set(stack.gateway.routes.map((route) => key(route.method, route.url)));
    for (const contract of contracts) {
      expect(registered, `${contract.method} ${contract.path}`).toContain(
        key(contract.method, contract.path),
      );
      expect(contract.access === 'public' || contract.access.length > 0).toBe(true);
    }
  });

  it('has no API route outside the contract table, apart from the public API documentation', () => {
    const declared = new Set(contracts.map((contract) => key(contract.method, contract.path)));
    const undeclared = stack.gateway.routes.filter(
      (route) =>
        route.url.startsWith('/api') &&
        !['HEAD', 'OPTIONS'].includes(route.method) &&
        !declared.has(key(route.method, route.url)) &&
        !DOCS_ROUTES.includes(route.url) &&
        !route.url.startsWith(DOCS_ASSETS_PREFIX),
    );
    expect(undeclared).toEqual([]);
  });

  it('answers JSON 404 for unknown API paths', async () => {
    const { status, body } = await new ApiSession(stack.url).get('/api/no-such-thing');
    expect(status).toBe(404);
    expect(body.statusCode).toBe(404);
  });
});

/**
 * Who may do what, generated from the route table: every route x {anonymous, the super
 * administrator, each role of Acme, an administrator of Globex, a read-only API token of Acme
 * with the administrator's role} x {the caller's own
 * organization's resource, the other organization's}. What each call must answer follows from the
 * route's declaration alone (public flag, roles, path parameters), so a new route is covered
 * without a new test.
 */
type Expectation =
  | 'open' // a public route: no session needed, never refused for lack of one
  | 'unauthenticated' // 401
  | 'forbidden' // 403, from the role guard
  | 'allowed' // neither 401 nor 403
  | 'hidden'; // another organization's resource: a 4xx, never its data

interface Caller {
  name: string;
  role: Role | null;
  session: ApiSession;
  own: Tenant | null;
  other: Tenant;
  /** An API token's secret, sent as `Authorization: Bearer` instead of the cookie. */
  token?: { secret: string; readOnly: boolean };
}

interface Call {
  route: RouteContract;
  caller: Caller;
  target: 'own' | 'other' | null;
  expect: Expectation;
}

const hasParams = (route: RouteContract) => route.path.includes(':');
/** Routes only the super administrator may call manage the platform, across organizations. */
const platformRoute = (route: RouteContract) =>
  route.access !== 'public' && route.access.every((role) => role === 'super_admin');

function expectation(route: RouteContract, caller: Caller, target: Call['target']): Expectation {
  if (route.access === 'public') return 'open';
  if (!caller.role) return 'unauthenticated';
  if (!route.access.includes(caller.role)) return 'forbidden';
  if (caller.token && route.sessionOnly) return 'forbidden';
  if (caller.token?.readOnly && !['GET', 'HEAD'].includes(route.method)) return 'forbidden';
  if (target === 'other' && !platformRoute(route)) return 'hidden';
  return 'allowed';
}

/** Each `:param` from the tenant's resources, else a value that names nothing. */
function pathFor(route: RouteContract, tenant: Tenant): string {
  return route.path.replace(/:(\w+)/g, (match: string, name: string, offset: number) => {
    const known = tenant.resources.get(route.path.slice(0, offset + match.length));
    const fallback = name === 'key' ? `org/${tenant.organizationId}/none` : '999999';
    return encodeURIComponent(known ?? fallback);
  });
}

function callsOf(route: RouteContract, caller: Caller): Call[] {
  const targets: Call['target'][] = !hasParams(route)
    ? [null]
    : caller.own
      ? ['own', 'other']
      : ['other'];
  return targets.map((target) => ({
    route,
    caller,
    target,
    expect: expectation(route, caller, target),
  }));
}

/**
 * Refusals first, while every resource still exists; then allowed calls, deletions last and
 * the deletion of an organization very last, as they remove what others address.
 */
function phase(call: Call): number {
  if (call.expect !== 'allowed') return 0;
  if (call.route.method !== 'DELETE') return 1;
  return call.route.path.startsWith('/api/admin/organizations') ? 3 : 2;
}

async function send(call: Call): Promise<number> {
  const tenant = call.target === 'own' ? call.caller.own! : call.caller.other;
  const cookie = call.caller.session.cookie;
  const response = await fetch(`${stack.url}${pathFor(call.route, tenant)}`, {
    method: call.route.method,
    headers: {
      ...(call.route.body ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
      ...(call.caller.token ? { authorization: `Bearer ${call.caller.token.secret}` } : {}),
    },
    body: call.route.body ? '{}' : undefined,
  });
  await response.arrayBuffer();
  return response.status;
}

function meets(status: number, expected: Expectation): boolean {
  if (status >= 500) return false;
  switch (expected) {
    case 'open':
      return status !== 403;
    case 'unauthenticated':
      return status === 401;
    case 'forbidden':
      return status === 403;
    case 'allowed':
      return status !== 401 && status !== 403;
    case 'hidden':
      return status >= 400;
  }
}

describe('authorization, generated from the route table', () => {
  it('answers every route x caller x organization as its declaration says', async () => {
    const member = (tenant: Tenant, other: Tenant, role: (typeof MEMBER_ROLES)[number]) => ({
      name: `${role} of ${tenant.domain}`,
      role,
      session: tenant.members[role].session,
      own: tenant,
      other,
    });
    const callers: Caller[] = [
      { name: 'anonymous', role: null, session: new ApiSession(stack.url), own: null, other: acme },
      { name: 'super_admin', role: 'super_admin', session: root, own: null, other: acme },
      ...MEMBER_ROLES.map((role) => member(acme, globex, role)),
      member(globex, acme, 'admin'),
      {
        name: 'read-only admin API token of acme.test',
        role: 'admin',
        session: new ApiSession(stack.url),
        own: acme,
        other: globex,
        token: { secret: readOnlyToken, readOnly: true },
      },
    ];
    const calls = contracts
      .flatMap((route) => callers.map((caller) => callsOf(route, caller)).flat())
      // A public route answers the same whoever calls; signed in, it could end the session.
      .filter((call) => (call.expect === 'open' ? call.caller.role === null : true))
      .sort((a, b) => phase(a) - phase(b));
    const wrong: string[] = [];
    for (const call of calls) {
      const status = await send(call);
      if (!meets(status, call.expect)) {
        wrong.push(
          `${call.route.method} ${call.route.path} as ${call.caller.name}` +
            `${call.target ? ` on ${call.target} resource` : ''}: ${status}, expected ${call.expect}`,
        );
      }
    }
    expect(wrong).toEqual([]);
    expect(calls.length).toBeGreaterThan(contracts.length * 5);
  }, 600_000);
});

describe('API documentation', () => {
  it('serves an OpenAPI document generated from the contracts, and Swagger UI', async () => {
    const document = (await (await fetch(`${stack.url}/api/docs/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          { requestBody: { content: Record<string, { schema: { properties: object } }> } }
        >
      >;
    };
    expect(document.openapi).toBe('3.0.3');
    expect(Object.keys(document.paths)).toContain('/api/auth/organization/{domain}');
    expect(
      document.paths['/api/auth/login']!.post!.requestBody.content['application/json']!.schema
        .properties,
    ).toHaveProperty('email');
    const page = await fetch(`${stack.url}/api/docs`);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('swagger-ui');
    const asset = await fetch(`${stack.url}${DOCS_ASSETS_PREFIX}swagger-ui-bundle.js`);
    expect(asset.status).toBe(200);
    expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });
});
