import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type RouteContract } from '@hub/proto';
import { DOCS_ASSETS_PREFIX, DOCS_ROUTES } from '../src/docs/docs.js';
import { ApiSession, startTestStack, type TestStack } from './test-stack.js';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
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

  it('refuses anonymous callers on every route that is not public', async () => {
    const anonymous = new ApiSession(stack.url);
    for (const contract of contracts.filter((c) => c.access !== 'public')) {
      const path = contract.path.replace(/:(\w+)/g, 'x');
      const { status } = await anonymous.request(
        contract.method,
        path,
        contract.body ? {} : undefined,
      );
      expect(status, `${contract.method} ${contract.path}`).toBe(401);
    }
  });

  it('answers JSON 404 for unknown API paths', async () => {
    const { status, body } = await new ApiSession(stack.url).get('/api/no-such-thing');
    expect(status).toBe(404);
    expect(body.statusCode).toBe(404);
  });
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
