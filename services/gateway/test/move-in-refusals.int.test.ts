import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ERROR_TEXTS } from '@hub/proto';
import { parseAnswer } from './api-client.js';
import { signedIn } from './tenant-fixtures.js';
import { type ApiSession, startTestStack, SUPER_ADMIN, type TestStack } from './test-stack.js';

/**
 * What a tester moving an organization in ran into: SCIM answers in SCIM's error schema and our
 * own words however a request goes wrong, and the super administrator's export names its
 * organization.
 */

const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

let stack: TestStack;
let admin: ApiSession;
let root: ApiSession;
let scimSecret: string;

async function scimRaw(method: string, path: string, contentType: string, body: string) {
  const response = await fetch(`${stack.url}/scim/v2${path}`, {
    method,
    headers: {
      authorization: `Bearer ${scimSecret}`,
      accept: 'application/scim+json',
      'content-type': contentType,
    },
    body,
  });
  const text = await response.text();
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: JSON.parse(text) as Record<string, unknown>,
  };
}

beforeAll(async () => {
  stack = await startTestStack();
  const acme = await stack.createOrganization('Acme Manufacturing S.A.', 'acme.test');
  await stack.createUser({
    email: 'ann@acme.test',
    password: 'Acme-Admin-1!',
    role: 'admin',
    organizationId: acme,
  });
  admin = await signedIn(stack, 'ann@acme.test', 'Acme-Admin-1!');
  root = await signedIn(stack, SUPER_ADMIN.email, SUPER_ADMIN.password);
  const created = await admin.send(api.createScimToken, { body: { name: 'Move-in' } });
  expect(created.status).toBe(201);
  scimSecret = parseAnswer(api.createScimToken, created).secret;
}, 240_000);

afterAll(async () => {
  await stack?.stop();
});

describe('a SCIM body that is not JSON', () => {
  it.each([
    ['POST', '/Users', 'application/scim+json', '{bad'],
    ['POST', '/Users', 'application/scim+json', ''],
    ['POST', '/Users', 'application/json', '{bad'],
    ['PUT', '/Users/1', 'application/scim+json', 'not json'],
    ['PATCH', '/Groups/1', 'application/scim+json; charset=utf-8', '{"Operations": ['],
    ['POST', '/Groups', 'application/scim+json', '{"__proto__": {"x": 1}}'],
  ])('%s %s as %s %j answers SCIM invalidSyntax in our words', async (method, path, type, body) => {
    const answer = await scimRaw(method, path, type, body);
    expect(answer.status).toBe(400);
    expect(answer.contentType).toContain('application/scim+json');
    expect(answer.body).toEqual({
      schemas: [ERROR],
      status: '400',
      scimType: 'invalidSyntax',
      detail: expect.any(String),
    });
    expect(answer.body.detail).not.toMatch(/content-type|Body is not valid JSON|Body cannot/);
  });
});

describe('a SCIM filter that cannot be parsed', () => {
  it('answers invalidFilter in our words, not the parser library`s', async () => {
    const answer = await fetch(
      `${stack.url}/scim/v2/Users?filter=${encodeURIComponent('userName eq')}`,
      { headers: { authorization: `Bearer ${scimSecret}`, accept: 'application/scim+json' } },
    );
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ schemas: [ERROR], status: '400', scimType: 'invalidFilter' });
    expect(body.detail).not.toMatch(/EOT|json/i);
  });
});

describe("the super administrator's organization export", () => {
  const download = (session: ApiSession, query = '') =>
    fetch(`${stack.url}/api/organization-export.zip${query}`, {
      headers: { cookie: session.cookie },
    });

  it('asks which organization rather than exporting the platform’s own', async () => {
    const answer = await download(root);
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(await answer.json()).toMatchObject({
      message: ERROR_TEXTS.organization_required,
      code: 'organization_required',
      field: 'organizationId',
    });
  });

  it("still exports an administrator's own organization without the parameter", async () => {
    const answer = await download(admin);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/zip');
    await answer.arrayBuffer();
  });
});
