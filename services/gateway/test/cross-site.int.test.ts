import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@hub/proto';
import { callUrl } from './api-client.js';
import { createMember } from './tenant-fixtures.js';
import { type ApiSession, startTestStack, type TestStack } from './test-stack.js';

/**
 * Forged requests from other sites' pages, as a browser sends them: form posts (urlencoded,
 * multipart, text/plain need no CORS preflight) and fetches that name their origin.
 */
let stack: TestStack;
let ann: ApiSession;

/** Ann's credentials, as a sign-in form sends them. */
let ANN: { email: string; password: string };
const FOREIGN = 'This request came from another site and was refused.';

beforeAll(async () => {
  stack = await startTestStack();
  const acme = await stack.createOrganization('Acme Foods', 'acme.test');
  const member = await createMember(stack, acme, 'acme.test', 'admin', 'ann');
  ANN = { email: member.email, password: member.password };
  ann = member.session;
});

afterAll(async () => {
  await stack?.stop();
});

async function send(path: string, body: string, headers: Record<string, string>, cookie = '') {
  const response = await fetch(`${stack.url}${path}`, {
    method: 'POST',
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
    body,
  });
  const text = await response.text();
  return {
    status: response.status,
    setCookie: response.headers.get('set-cookie'),
    body: (text.startsWith('{') ? JSON.parse(text) : {}) as Record<string, unknown>,
  };
}

const folderNames = async () => (await ann.call(api.folders)).map((folder) => folder.name);

describe('login CSRF', () => {
  it("refuses a form post of the attacker's credentials: no session cookie", async () => {
    const form = new URLSearchParams({ email: ANN.email, password: ANN.password }).toString();
    const answer = await send(api.login.path, form, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(answer.status).toBe(415);
    expect(answer.body.message).toBe('This request must be sent as application/json.');
    expect(answer.setCookie).toBeNull();
  });

  it('refuses a text/plain form post that happens to read as JSON', async () => {
    const answer = await send(api.login.path, JSON.stringify(ANN), {
      'content-type': 'text/plain',
    });
    expect(answer.status).toBe(415);
    expect(answer.setCookie).toBeNull();
  });

  it('refuses a sign-in sent by a page of another site or of the same site on another port', async () => {
    const json = JSON.stringify(ANN);
    const cases: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', origin: 'https://attacker.example' },
      { 'sec-fetch-site': 'same-site', origin: 'http://localhost:9999' },
      { origin: 'https://attacker.example' },
      { origin: 'null' },
    ];
    for (const headers of cases) {
      const answer = await send(api.login.path, json, {
        'content-type': 'application/json',
        ...headers,
      });
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe(FOREIGN);
      expect(answer.setCookie).toBeNull();
    }
  });

  it('signs in from our own page and from clients that are no browser page', async () => {
    const host = new URL(stack.url).host;
    const json = JSON.stringify(ANN);
    const ours: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin', origin: `http://${host}` },
      { origin: `http://${host}` },
      {},
    ];
    for (const headers of ours) {
      const answer = await send(api.login.path, json, {
        'content-type': 'application/json',
        ...headers,
      });
      expect(answer.status).toBe(200);
    }
  });
});

describe('forged state changes with the victim session', () => {
  it('creates no folder from an urlencoded form of a same-site page', async () => {
    const answer = await send(
      api.createFolder.path,
      'name=Planted+by+a+neighbour',
      { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-site' },
      ann.cookie,
    );
    expect(answer.status).toBe(403);
    const unlabelled = await send(
      api.createFolder.path,
      'name=Planted+without+headers',
      { 'content-type': 'application/x-www-form-urlencoded' },
      ann.cookie,
    );
    expect(unlabelled.status).toBe(415);
    const jsonFromNeighbour = await send(
      api.createFolder.path,
      JSON.stringify({ name: 'Planted by fetch' }),
      { 'content-type': 'application/json', origin: 'http://localhost:9999' },
      ann.cookie,
    );
    expect(jsonFromNeighbour.status).toBe(403);
    expect(await folderNames()).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^Planted/)]),
    );
  });

  it('still creates folders from our own page', async () => {
    const host = new URL(stack.url).host;
    const answer = await send(
      api.createFolder.path,
      JSON.stringify({ name: 'Ours' }),
      {
        'content-type': 'application/json',
        'sec-fetch-site': 'same-origin',
        origin: `http://${host}`,
      },
      ann.cookie,
    );
    expect(answer.status).toBe(201);
    expect(await folderNames()).toContain('Ours');
  });

  it('takes uploads as multipart only', async () => {
    const answer = await send(
      api.uploadDocument.path,
      JSON.stringify({ title: 'x' }),
      { 'content-type': 'application/json' },
      ann.cookie,
    );
    expect(answer.status).toBe(415);
    expect(answer.body.message).toBe('This request must be sent as multipart/form-data.');
  });
});

describe('the identity provider form post', () => {
  it('still reaches the assertion consumer from another site', async () => {
    const answer = await send(
      callUrl(api.samlAssertionConsumer, { params: { connection: 'org_nowhere' } }),
      new URLSearchParams({ SAMLResponse: 'bm90IGEgcmVzcG9uc2U=' }).toString(),
      {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'cross-site',
        origin: 'https://idp.example',
      },
    );
    expect([403, 415]).not.toContain(answer.status);
  });
});
