import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type AuditEntry, type ScimRouteContract, scimRoutes } from '@hub/proto';
import { expectError, parseAnswer } from './api-client.js';
import { type ScimReply, scimRequests } from './scim-requests.js';
import { ApiSession, fixture, startTestStack, type TestStack } from './test-stack.js';
import { ScimUsersRepository } from '../../identity/src/scim/scim-users.repository.js';

/**
 * SCIM 2.0 provisioning as Okta and Microsoft Entra ID drive it: the request sequences their
 * documentation shows (create, find by userName, update, deactivate, group membership),
 * suspension that ends a member's sessions at once, isolation between organizations, and
 * SCIM's own errors.
 */

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const RATE_LIMIT = 40;

let stack: TestStack;
let acmeAdmin: ApiSession;
let globexAdmin: ApiSession;
let ottoId: number;
let acmeId: number;
let webDist: string;

const { scim, raw, sentAs } = scimRequests(() => stack.url);

/**
 * An error in SCIM's schema (RFC 7644, 3.12) with SCIM's content type: `status`, and `detail`
 * when told. `asked` (the method, path or token tried) is shown with the status should it differ.
 */
function expectScimError(
  answer: ScimReply,
  status: number,
  { detail, asked = [] }: { detail?: string; asked?: unknown[] } = {},
) {
  expect([...asked, answer.status]).toEqual([...asked, status]);
  expect(answer.headers.get('content-type')).toContain('application/scim+json');
  const error = { schemas: [ERROR], status: String(status) };
  if (detail === undefined) expect(answer.body).toMatchObject(error);
  else expect(answer.body).toEqual({ ...error, detail });
}

/** SCIM's 401 to a request without a valid token, with the challenge to send one. */
function expectTokenRequired(answer: ScimReply, asked: unknown[]) {
  expectScimError(answer, 401, {
    asked,
    detail: 'A valid SCIM bearer token is required (Authorization: Bearer <token>).',
  });
  expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="scim"');
}

/** A body past the gateway's 1 MB: a group with a long name. */
const OVERSIZED = JSON.stringify({ schemas: [GROUP], displayName: 'x'.repeat(1024 * 1024) });

async function newToken(admin: ApiSession, name: string): Promise<{ id: number; secret: string }> {
  const answer = await admin.send(api.createScimToken, { body: { name } });
  expect(answer.status).toBe(201);
  const { token, secret } = parseAnswer(api.createScimToken, answer);
  return { id: token.id, secret };
}

const patch = (...Operations: object[]) => ({ schemas: [PATCH_OP], Operations });

async function signedIn(email: string, password: string) {
  const session = new ApiSession(stack.url);
  expect((await session.login(email, password)).status).toBe(200);
  return session;
}

async function auditEntries(admin: ApiSession): Promise<AuditEntry[]> {
  return (await admin.call(api.auditLog, { query: { limit: 200 } })).entries;
}

beforeAll(async () => {
  // The web app served as in production: its fallback answers any other GET with its page.
  webDist = mkdtempSync(join(tmpdir(), 'hub-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Hub</title>');
  stack = await startTestStack({
    SCIM_MAX_REQUESTS_PER_MINUTE: String(RATE_LIMIT),
    SERVE_WEB: 'true',
    WEB_DIST: webDist,
  });
  const acme = await stack.createOrganization('Acme Foods', 'acme.test');
  acmeId = acme;
  const globex = await stack.createOrganization('Globex Plant', 'globex.test');
  await stack.createUser({
    email: 'ann@acme.test',
    password: 'Acme-Admin-1!',
    role: 'admin',
    organizationId: acme,
  });
  ottoId = await stack.createUser({
    email: 'otto@acme.test',
    password: 'Acme-Oper-1!',
    role: 'operator',
    organizationId: acme,
  });
  await stack.createUser({
    email: 'gina@globex.test',
    password: 'Globex-Admin-1!',
    role: 'admin',
    organizationId: globex,
  });
  acmeAdmin = await signedIn('ann@acme.test', 'Acme-Admin-1!');
  globexAdmin = await signedIn('gina@globex.test', 'Globex-Admin-1!');
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
});

describe('SCIM routes', () => {
  it("registers every row of proto's SCIM table, and no other /scim route", () => {
    const key = (method: string, path: string) => `${method} ${path}`;
    const declared = (Object.values(scimRoutes) as ScimRouteContract[]).map((route) =>
      key(route.method, route.path),
    );
    const registered = stack.gateway.routes
      .filter(
        (route) => route.url.startsWith('/scim') && !['HEAD', 'OPTIONS'].includes(route.method),
      )
      .map((route) => key(route.method, route.url));
    expect(registered.sort()).toEqual(declared.sort());
  });
});

describe('SCIM tokens', () => {
  it('are created by administrators, shown once, listed with their last use, and revocable', async () => {
    const operator = await signedIn('otto@acme.test', 'Acme-Oper-1!');
    const okta = { body: { name: 'Okta' } };
    await expectError(operator.call(api.createScimToken, okta), 403);

    const answer = await acmeAdmin.send(api.createScimToken, okta);
    expect(answer.status).toBe(201);
    const created = parseAnswer(api.createScimToken, answer);
    expect(created.secret).toMatch(/^hubscim_/);
    expect(created.baseUrl).toMatch(/\/scim\/v2$/);
    const { id } = created.token;

    // The list as sent: a response schema would drop a leaked secret.
    let listed = await acmeAdmin.send(api.scimTokens);
    const row = () => parseAnswer(api.scimTokens, listed).tokens.find((token) => token.id === id)!;
    expect(row()).toMatchObject({ name: 'Okta', lastUsedAt: null, createdBy: 'ann' });
    expect(JSON.stringify(listed.body)).not.toContain(created.secret);
    expect((await globexAdmin.call(api.scimTokens)).tokens).toEqual([]);

    expect((await scim(created.secret, 'GET', '/Users')).status).toBe(200);
    listed = await acmeAdmin.send(api.scimTokens);
    expect(row().lastUsedAt).not.toBeNull();

    // Another organization's administrator cannot revoke it.
    const revoke = { params: { id } };
    await expectError(globexAdmin.call(api.revokeScimToken, revoke), 404);
    await acmeAdmin.call(api.revokeScimToken, revoke);
    const refused = await scim(created.secret, 'GET', '/Users');
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ schemas: [ERROR], status: '401' });
    expect(refused.headers.get('content-type')).toContain('application/scim+json');
    expect((await acmeAdmin.call(api.scimTokens)).tokens).toEqual([]);
  });

  it('refuses requests without a token or with an unknown one', async () => {
    const response = await fetch(`${stack.url}/scim/v2/Users`);
    expect(response.status).toBe(401);
    expect((await scim('hubscim_not-a-token', 'GET', '/Users')).status).toBe(401);
  });
});

describe('discovery', () => {
  it('answers ServiceProviderConfig, ResourceTypes and Schemas', async () => {
    const { secret } = await newToken(acmeAdmin, 'Discovery');
    const config = await scim(secret, 'GET', '/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({ patch: { supported: true }, filter: { supported: true } });
    const types = await scim(secret, 'GET', '/ResourceTypes');
    expect((types.body.Resources as { id: string }[]).map((type) => type.id)).toEqual([
      'User',
      'Group',
    ]);
    const schemas = await scim(secret, 'GET', '/Schemas');
    expect((schemas.body.Resources as { id: string }[]).map((schema) => schema.id)).toContain(USER);
    expect((await scim(secret, 'GET', `/Schemas/${USER}`)).status).toBe(200);
  });
});

describe('Okta', () => {
  it('checks, creates, reads, updates (PUT), deactivates and reactivates a user', async () => {
    const { secret } = await newToken(acmeAdmin, 'Okta');
    const filter = encodeURIComponent('userName eq "dana@acme.test"');
    const none = await scim(secret, 'GET', `/Users?filter=${filter}&startIndex=1&count=100`);
    expect(none.body).toMatchObject({ totalResults: 0, Resources: [] });

    const user = {
      schemas: [USER],
      userName: 'dana@acme.test',
      name: { givenName: 'Dana', familyName: 'Scully' },
      emails: [{ primary: true, value: 'dana@acme.test', type: 'work' }],
      displayName: 'Dana Scully',
      locale: 'en-US',
      externalId: '00u1abcd',
      groups: [],
      active: true,
    };
    const created = await scim(secret, 'POST', '/Users', user);
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toContain('application/scim+json');
    expect(created.body).toMatchObject({
      userName: 'dana@acme.test',
      active: true,
      externalId: '00u1abcd',
    });
    const id = created.body.id as string;
    expect(created.headers.get('location')).toMatch(new RegExp(`/scim/v2/Users/${id}$`));

    expect((await scim(secret, 'GET', `/Users/${id}`)).body).toMatchObject({
      displayName: 'Dana Scully',
    });
    const found = await scim(secret, 'GET', `/Users?filter=${filter}&startIndex=1&count=100`);
    expect(found.body).toMatchObject({ totalResults: 1, startIndex: 1, itemsPerPage: 1 });
    expect((found.body.Resources as { id: string }[])[0]!.id).toBe(id);

    const renamed = await scim(secret, 'PUT', `/Users/${id}`, {
      ...user,
      id,
      name: { givenName: 'Dana', familyName: 'Mulder' },
      displayName: 'Dana Mulder',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      displayName: 'Dana Mulder',
      name: { familyName: 'Mulder' },
    });

    const again = await scim(secret, 'POST', '/Users', user);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ schemas: [ERROR], status: '409', scimType: 'uniqueness' });

    const off = await scim(
      secret,
      'PATCH',
      `/Users/${id}`,
      patch({ op: 'replace', value: { active: false } }),
    );
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    const on = await scim(
      secret,
      'PATCH',
      `/Users/${id}`,
      patch({ op: 'replace', value: { active: true } }),
    );
    expect(on.body.active).toBe(true);
  });

  it('keeps a user suspended by one PATCH while another, read before it, renames them', async () => {
    const { secret } = await newToken(acmeAdmin, 'Okta race');
    const created = await scim(secret, 'POST', '/Users', {
      schemas: [USER],
      userName: 'lee@acme.test',
      displayName: 'Lee',
      active: true,
    });
    const id = created.body.id as string;
    const users = stack.identity.app.get(ScimUsersRepository);
    const find = users.find.bind(users);
    let reads = 0;
    // The rename's read, then the suspension of a PATCH sent at the same time, before its save.
    users.find = async (organizationId, userId) => {
      const found = await find(organizationId, userId);
      if ((reads += 1) === 1) await users.suspend(Number(id));
      return found;
    };
    try {
      const renamed = await scim(
        secret,
        'PATCH',
        `/Users/${id}`,
        patch({ op: 'replace', path: 'displayName', value: 'Lee Park' }),
      );
      expect(renamed.body).toMatchObject({ displayName: 'Lee Park', active: false });
    } finally {
      users.find = find;
    }
  });

  it("refuses a userName on another organization's domain, created or changed to", async () => {
    const { secret } = await newToken(acmeAdmin, 'Domains');
    const refused = await scim(secret, 'POST', '/Users', {
      schemas: [USER],
      userName: 'ceo@globex.test',
      active: true,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      scimType: 'invalidValue',
      detail: "userName's domain belongs to another organization.",
    });
    const created = await scim(secret, 'POST', '/Users', {
      schemas: [USER],
      userName: 'temp@contractor.test',
      active: true,
    });
    expect(created.status).toBe(201);
    const moved = await scim(
      secret,
      'PATCH',
      `/Users/${created.body.id as string}`,
      patch({ op: 'replace', path: 'userName', value: 'temp@globex.test' }),
    );
    expect(moved.status).toBe(400);
    const { rows } = await stack.sql.query(
      `SELECT email FROM users WHERE email LIKE '%@globex.test' AND email IN ('ceo@globex.test', 'temp@globex.test')`,
    );
    expect(rows).toEqual([]);
  });

  it('never finds the super administrator by userName, even one of the organization', async () => {
    const { secret } = await newToken(acmeAdmin, 'Lookup');
    const rootId = await stack.createUser({
      email: 'platform@acme.test',
      role: 'super_admin',
      organizationId: acmeId,
    });
    const filter = encodeURIComponent('userName eq "platform@acme.test"');
    const found = await scim(secret, 'GET', `/Users?filter=${filter}`);
    expect(found.body).toMatchObject({ totalResults: 0, Resources: [] });
    expect((await scim(secret, 'GET', `/Users/${rootId}`)).status).toBe(404);
  });

  it('reads attribute names in a PATCH whatever their case: "Active": "False" suspends', async () => {
    const { secret } = await newToken(acmeAdmin, 'Capitals');
    const created = await scim(secret, 'POST', '/Users', {
      schemas: [USER],
      userName: 'cap@acme.test',
      displayName: 'Cap',
      active: true,
    });
    const id = created.body.id as string;
    const off = await scim(
      secret,
      'PATCH',
      `/Users/${id}`,
      patch(
        { op: 'Replace', path: 'Active', value: 'False' },
        { op: 'Replace', value: { DisplayName: 'Cap Off' } },
      ),
    );
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ active: false, displayName: 'Cap Off' });
    expect(off.body).not.toHaveProperty('Active');
  });

  it('creates a userName sent several times at once once, and answers the others 409 uniqueness', async () => {
    const { secret } = await newToken(acmeAdmin, 'Okta retries');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        scim(secret, 'POST', '/Users', { schemas: [USER], userName: 'twice@acme.test' }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect(refused.body).toMatchObject({ schemas: [ERROR], scimType: 'uniqueness' });
    }
  });

  it('pages with startIndex and count', async () => {
    const { secret } = await newToken(acmeAdmin, 'Okta paging');
    const all = await scim(secret, 'GET', '/Users?startIndex=1&count=200');
    const total = all.body.totalResults as number;
    expect(total).toBeGreaterThanOrEqual(2);
    const second = await scim(secret, 'GET', '/Users?startIndex=2&count=1');
    expect(second.body).toMatchObject({ totalResults: total, startIndex: 2, itemsPerPage: 1 });
    expect((second.body.Resources as { id: string }[])[0]!.id).toBe(
      (all.body.Resources as { id: string }[])[1]!.id,
    );
  });
});

describe('Microsoft Entra ID', () => {
  it('queries a missing user, creates, finds, patches in its dialect, disables and deletes', async () => {
    const { secret } = await newToken(acmeAdmin, 'Entra ID');
    const missing = encodeURIComponent('userName eq "non-existent@acme.test"');
    expect((await scim(secret, 'GET', `/Users?filter=${missing}`)).body.totalResults).toBe(0);

    const created = await scim(secret, 'POST', '/Users', {
      schemas: [USER, 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
      userName: 'Eve.Moneypenny@acme.test',
      active: true,
      displayName: 'Eve Moneypenny',
      emails: [{ primary: true, type: 'work', value: 'Eve.Moneypenny@acme.test' }],
      meta: { resourceType: 'User' },
      name: { formatted: 'Eve Moneypenny', familyName: 'Moneypenny', givenName: 'Eve' },
      roles: [],
    });
    expect(created.status).toBe(201);
    expect(created.body.userName).toBe('eve.moneypenny@acme.test');
    const id = created.body.id as string;

    const byName = encodeURIComponent('userName eq "Eve.Moneypenny@acme.test"');
    const found = await scim(secret, 'GET', `/Users?filter=${byName}`);
    expect((found.body.Resources as { id: string }[]).map((user) => user.id)).toEqual([id]);

    const updated = await scim(
      secret,
      'PATCH',
      `/Users/${id}`,
      patch(
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'eve.moneypenny@acme.test' },
        { op: 'Replace', path: 'name.givenName', value: 'Evelyn' },
        { op: 'Replace', path: 'displayName', value: 'Evelyn Moneypenny' },
        {
          op: 'Add',
          path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department',
          value: 'Quality',
        },
      ),
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      displayName: 'Evelyn Moneypenny',
      name: { givenName: 'Evelyn' },
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
    });
    const unlinked = await scim(
      secret,
      'PATCH',
      `/Users/${id}`,
      patch({ op: 'Remove', path: 'externalId' }),
    );
    expect(unlinked.status).toBe(200);
    expect((await scim(secret, 'GET', `/Users/${id}`)).body.externalId).toBeUndefined();

    const disabled = await scim(
      secret,
      'PATCH',
      `/Users/${id}`,
      patch({ op: 'Replace', path: 'active', value: 'False' }),
    );
    expect(disabled.body.active).toBe(false);
    expect((await scim(secret, 'GET', `/Users/${id}`)).body.active).toBe(false);
    const enabled = await scim(
      secret,
      'PATCH',
      `/Users/${id}`,
      patch({ op: 'Replace', path: 'active', value: 'True' }),
    );
    expect(enabled.body.active).toBe(true);

    const removed = await scim(secret, 'DELETE', `/Users/${id}`);
    expect(removed.status).toBe(204);
    expect((await scim(secret, 'GET', `/Users/${id}`)).status).toBe(404);
  });

  it("renames the member when a PATCH changes name.givenName or name.familyName alone, as Entra ID's do", async () => {
    const { secret } = await newToken(acmeAdmin, 'Entra ID names');
    const created = await scim(secret, 'POST', '/Users', {
      schemas: [USER],
      userName: 'annie.old@acme.test',
      displayName: 'Annie Old',
      name: { givenName: 'Annie', familyName: 'Old' },
      active: true,
    });
    const id = created.body.id as string;
    const named = async (...operations: object[]) =>
      (await scim(secret, 'PATCH', `/Users/${id}`, patch(...operations))).body;

    expect(await named({ op: 'Replace', path: 'name.givenName', value: 'Ann' })).toMatchObject({
      displayName: 'Ann Old',
      name: { givenName: 'Ann', familyName: 'Old', formatted: 'Ann Old' },
    });
    // Entra ID's operation without a path: the attribute named in the value object.
    expect(await named({ op: 'Replace', value: { 'name.familyName': 'Lee' } })).toMatchObject({
      displayName: 'Ann Lee',
      name: { givenName: 'Ann', familyName: 'Lee' },
    });
    expect((await scim(secret, 'GET', `/Users/${id}`)).body.displayName).toBe('Ann Lee');

    // A displayName sent with them is the name, even one the member already has.
    expect(
      await named(
        { op: 'Replace', path: 'name.givenName', value: 'Bo' },
        { op: 'Replace', path: 'displayName', value: 'Dr Bo Lee' },
      ),
    ).toMatchObject({ displayName: 'Dr Bo Lee', name: { givenName: 'Bo' } });
    expect(
      await named({
        op: 'Replace',
        value: { 'name.givenName': 'Bob', displayName: 'Dr Bo Lee' },
      }),
    ).toMatchObject({ displayName: 'Dr Bo Lee', name: { givenName: 'Bob' } });
  });

  it('reads active spelled any case, "FALSE" or "True", and an "Active" attribute, in POST, PUT and PATCH', async () => {
    const { secret } = await newToken(acmeAdmin, 'Entra ID booleans');
    const user = { schemas: [USER], userName: 'flag@acme.test', displayName: 'Flag' };
    const created = await scim(secret, 'POST', '/Users', { ...user, Active: false });
    const id = created.body.id as string;
    const put = async (body: object) => {
      const answer = await scim(secret, 'PUT', `/Users/${id}`, { ...user, ...body });
      return [answer.status, answer.body.active];
    };
    const patched = async (operation: object) => {
      const answer = await scim(secret, 'PATCH', `/Users/${id}`, patch(operation));
      return [answer.status, answer.body.active];
    };
    const upper = await scim(secret, 'POST', '/Users', {
      schemas: [USER],
      UserName: 'upper@acme.test',
      DisplayName: 'Upper',
      active: 'FALSE',
    });
    // Each step, in order, with the status and active it answered.
    expect({
      'POST Active: false': [created.status, created.body.active],
      'PUT active: "TRUE"': await put({ active: 'TRUE' }),
      'PUT Active: "False"': await put({ Active: 'False' }),
      'PUT Active: true': await put({ Active: true }),
      'PATCH active "FALSE"': await patched({ op: 'Replace', path: 'active', value: 'FALSE' }),
      'PATCH { Active: "tRUE" }': await patched({ op: 'Replace', value: { Active: 'tRUE' } }),
      'POST UserName, DisplayName, active: "FALSE"': [
        upper.status,
        upper.body.userName,
        upper.body.displayName,
        upper.body.active,
      ],
    }).toEqual({
      'POST Active: false': [201, false],
      'PUT active: "TRUE"': [200, true],
      'PUT Active: "False"': [200, false],
      'PUT Active: true': [200, true],
      'PATCH active "FALSE"': [200, false],
      'PATCH { Active: "tRUE" }': [200, true],
      'POST UserName, DisplayName, active: "FALSE"': [201, 'upper@acme.test', 'Upper', false],
    });
  });
});

describe('a user deleted by the identity provider', () => {
  it('takes their pictures with them: the one chosen and the uploads never chosen', async () => {
    const { secret } = await newToken(acmeAdmin, 'Okta pictures');
    const id = await stack.createUser({
      email: 'pictured@acme.test',
      password: 'Acme-Pictured-1!',
      role: 'operator',
      organizationId: acmeId,
    });
    const person = await signedIn('pictured@acme.test', 'Acme-Pictured-1!');
    const photo = readFileSync(fixture('faces/amy/amy1.png'));
    const upload = () =>
      person.uploadTo(api.uploadProfilePicture, {}, { name: 'me.png', data: photo });
    await person.call(api.changeProfilePicture, { body: { fileName: (await upload()).fileName } });
    await upload();
    const stored = () => stack.storage.list(`org/${acmeId}/profile-pictures/`);
    const before = await stored();
    const { rows } = await stack.sql.query<{ key: string }>(
      `SELECT profile_picture AS key FROM users WHERE id = $1
       UNION ALL SELECT storage_key FROM picture_uploads WHERE uploaded_by = $1`,
      [id],
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);

    expect((await scim(secret, 'DELETE', `/Users/${id}`)).status).toBe(204);
    const after = await stored();
    expect(after.length).toBeLessThan(before.length);
    for (const { key } of rows) expect(after.some((file) => file.endsWith(key))).toBe(false);
  });

  it('moves the lastModified of the groups they held, whose members changed', async () => {
    const { secret } = await newToken(acmeAdmin, 'Okta leavers');
    const [leaver, stayer] = await Promise.all(
      ['lea', 'stan'].map((name) => provisioned(secret, `${name}@acme.test`)),
    );
    const created = await scim(secret, 'POST', '/Groups', {
      schemas: [GROUP],
      displayName: 'Packers',
      members: [{ value: leaver }, { value: stayer }],
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const read = async () => (await scim(secret, 'GET', `/Groups/${id}`)).body;
    const lastModified = async () => ((await read()).meta as { lastModified: string }).lastModified;
    const before = await lastModified();
    const held = () =>
      stack.sql.query(`SELECT 1 FROM observation.job_function_members WHERE user_id = $1`, [
        Number(leaver),
      ]);

    expect((await scim(secret, 'DELETE', `/Users/${leaver}`)).status).toBe(204);
    // The observation service drops the holder when it hears of the deletion (polled in the
    // database: SCIM's requests are rate limited).
    await expect.poll(async () => (await held()).rowCount).toBe(0);
    const after = await lastModified();
    expect(after > before, `${before} then ${after}`).toBe(true);
    expect(memberIds(await read())).toEqual([stayer]);
  });
});

async function provisioned(token: string, userName: string): Promise<string> {
  const { status, body } = await scim(token, 'POST', '/Users', { schemas: [USER], userName });
  expect(status).toBe(201);
  return body.id as string;
}

const memberIds = (group: Record<string, unknown>) =>
  ((group.members ?? []) as { value: string }[]).map((member) => member.value).sort();

async function jobFunction(name: string) {
  const { jobFunctions } = await acmeAdmin.call(api.jobFunctions);
  return jobFunctions.find((item) => item.name === name);
}

/** A processed SOP of Acme's library, as its processing pipeline leaves one. */
async function processedSop(title: string): Promise<number> {
  const { rows } = await stack.sql.query<{ id: number }>(
    `INSERT INTO library.documents (organization_id, title, file_name, file_size, storage_prefix,
       source_key, uploaded_by, processed, sop_processed, processing_stage)
     VALUES ($1, $2, $3, 100, 'x/', $4, 1, true, true, 'done') RETURNING id`,
    [acmeId, title, `${title}.pdf`, `x/${title}.pdf`],
  );
  return rows[0]!.id;
}

/** A job function Ann sets up in the product, with its required SOPs and its holders. */
async function adminFunction(name: string, documentIds: number[], userIds: number[]) {
  const { id } = await acmeAdmin.call(api.createJobFunction, {
    body: { name, description: 'Set up by Ann', documentIds },
  });
  await acmeAdmin.call(api.setJobFunctionMembers, { params: { id }, body: { userIds } });
  return id;
}

/** The group the provider links to by name, as Okta's group push looks it up. */
async function groupNamed(token: string, displayName: string): Promise<string> {
  const filter = encodeURIComponent(`displayName eq "${displayName}"`);
  const found = await scim(token, 'GET', `/Groups?filter=${filter}`);
  const [group] = found.body.Resources as { id: string }[];
  return group!.id;
}

/** A statement of another session of this suite's database waits for a lock. */
async function lockAwaited(sql: pg.Client): Promise<boolean> {
  const { rows } = await sql.query<{ waiting: number }>(
    `SELECT count(*)::int AS waiting FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
  );
  return rows[0]!.waiting > 0;
}

/**
 * The product's save of a function's first required SOP, held open on the function's row (its
 * row, then its SOPs) while the provider's request waits for it; the SOP written `before` that
 * request arrives or `after` it waits (having read none), then committed. The provider's answer.
 */
async function whileAdminSaves(
  saved: { id: number; sop: number; title: string },
  sopWritten: 'before' | 'after',
  request: () => Promise<ScimReply>,
): Promise<ScimReply> {
  const save = new pg.Client({ connectionString: stack.databaseUrl });
  await save.connect();
  const writeSop = () =>
    save.query(
      `INSERT INTO observation.job_function_sops (job_function_id, document_id, title)
       VALUES ($1, $2, $3)`,
      [saved.id, saved.sop, saved.title],
    );
  try {
    await save.query('BEGIN');
    await save.query(`UPDATE observation.job_functions SET updated_at = now() WHERE id = $1`, [
      saved.id,
    ]);
    if (sopWritten === 'before') await writeSop();
    const answer = request();
    await expect.poll(() => lockAwaited(save)).toBe(true);
    if (sopWritten === 'after') await writeSop();
    await save.query('COMMIT');
    return await answer;
  } finally {
    await save.end();
  }
}

describe('Groups (job functions)', () => {
  it("follow Okta's group push: create with members, find, rename, add and remove members, replace, delete", async () => {
    const { secret } = await newToken(acmeAdmin, 'Okta groups');
    const gus = await provisioned(secret, 'gus@acme.test');
    const hal = await provisioned(secret, 'hal@acme.test');
    const created = await scim(secret, 'POST', '/Groups', {
      schemas: [GROUP],
      displayName: 'Press setters',
      members: [{ value: gus, display: 'gus@acme.test' }],
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(memberIds(created.body)).toEqual([gus]);
    expect((await jobFunction('Press setters'))?.members.map((m) => String(m.userId))).toEqual([
      gus,
    ]);

    const filter = encodeURIComponent('displayName eq "Press setters"');
    const found = await scim(secret, 'GET', `/Groups?filter=${filter}`);
    expect((found.body.Resources as { id: string }[]).map((group) => group.id)).toEqual([id]);

    const renamed = await scim(
      secret,
      'PATCH',
      `/Groups/${id}`,
      patch({ op: 'replace', value: { id, displayName: 'Press operators' } }),
    );
    // RFC 7644 3.5.2: a PATCH asking for no resource is answered 204, its holders unnamed.
    expect(renamed.status).toBe(204);
    const read = async () => (await scim(secret, 'GET', `/Groups/${id}`)).body;
    expect((await read()).displayName).toBe('Press operators');
    // Asked for with `attributes`, the group comes back (RFC 7644 3.5.2), its members named.
    const added = await scim(
      secret,
      'PATCH',
      `/Groups/${id}?attributes=members`,
      patch({ op: 'add', path: 'members', value: [{ value: hal, display: 'hal@acme.test' }] }),
    );
    expect(added.status).toBe(200);
    expect(memberIds(added.body)).toEqual([gus, hal].sort());
    const removed = await scim(
      secret,
      'PATCH',
      `/Groups/${id}`,
      patch({ op: 'remove', path: `members[value eq "${gus}"]` }),
    );
    expect(removed.status).toBe(204);
    expect(memberIds(await read())).toEqual([hal]);
    expect((await jobFunction('Press operators'))?.members.map((m) => String(m.userId))).toEqual([
      hal,
    ]);
    // A replace of the whole list is the group read whole, answered with it.
    const swapped = await scim(
      secret,
      'PATCH',
      `/Groups/${id}`,
      patch({ op: 'replace', path: 'members', value: [{ value: gus }] }),
    );
    expect(swapped.status).toBe(200);
    expect(memberIds(swapped.body)).toEqual([gus]);

    const replaced = await scim(secret, 'PUT', `/Groups/${id}`, {
      schemas: [GROUP],
      displayName: 'Press operators',
      members: [{ value: gus }],
    });
    expect(memberIds(replaced.body)).toEqual([gus]);
    expect(
      (await scim(secret, 'POST', '/Groups', { schemas: [GROUP], displayName: 'press operators' }))
        .body.scimType,
    ).toBe('uniqueness');
    expect((await scim(secret, 'DELETE', `/Groups/${id}`)).status).toBe(204);
    expect((await scim(secret, 'GET', `/Groups/${id}`)).status).toBe(404);
    expect(await jobFunction('Press operators')).toBeUndefined();
  });

  it("follow Entra ID's sequence: query without members, create, add, remove, rename", async () => {
    const { secret } = await newToken(acmeAdmin, 'Entra groups');
    const ida = await provisioned(secret, 'ida@acme.test');
    const filter = encodeURIComponent('displayName eq "Line leads"');
    const none = await scim(secret, 'GET', `/Groups?excludedAttributes=members&filter=${filter}`);
    expect(none.body.totalResults).toBe(0);
    const created = await scim(secret, 'POST', '/Groups', {
      schemas: [GROUP],
      externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159',
      displayName: 'Line leads',
      meta: { resourceType: 'Group' },
      members: [],
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const added = await scim(
      secret,
      'PATCH',
      `/Groups/${id}`,
      patch({ op: 'Add', path: 'members', value: [{ value: ida }] }),
    );
    expect(added.status).toBe(204);
    const read = async () => (await scim(secret, 'GET', `/Groups/${id}`)).body;
    expect(memberIds(await read())).toEqual([ida]);
    const listed = await scim(secret, 'GET', `/Groups?excludedAttributes=members&filter=${filter}`);
    expect((listed.body.Resources as Record<string, unknown>[])[0]!.members).toBeUndefined();
    // displayName is declared caseExact: false, so a lookup in another case finds the same group.
    const otherCase = encodeURIComponent('displayName eq "LINE LEADS"');
    const again = await scim(
      secret,
      'GET',
      `/Groups?excludedAttributes=members&filter=${otherCase}`,
    );
    expect((again.body.Resources as Record<string, unknown>[]).map((group) => group.id)).toEqual([
      id,
    ]);
    const removed = await scim(
      secret,
      'PATCH',
      `/Groups/${id}`,
      patch({ op: 'Remove', path: 'members', value: [{ value: ida }] }),
    );
    expect(removed.status).toBe(204);
    expect(memberIds(await read())).toEqual([]);
    // With members excluded, the group comes back without them.
    const renamed = await scim(
      secret,
      'PATCH',
      `/Groups/${id}?excludedAttributes=members`,
      patch({ op: 'Replace', path: 'displayName', value: 'Shift leads' }),
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body.displayName).toBe('Shift leads');
    expect(renamed.body.members).toBeUndefined();
  });

  it('keep every member that PATCHes sent at once add, and every one they did not remove', async () => {
    const { secret } = await newToken(acmeAdmin, 'Entra ID bursts');
    const people = await Promise.all(
      ['ona', 'pam', 'quin', 'rex', 'sue', 'ted'].map((name) =>
        provisioned(secret, `${name}@acme.test`),
      ),
    );
    const [first, ...others] = people;
    const created = await scim(secret, 'POST', '/Groups', {
      schemas: [GROUP],
      displayName: 'Night shift',
      members: [{ value: first }],
    });
    const id = created.body.id as string;
    // Entra ID provisions a group's people one PATCH each, several in flight at a time.
    const answers = await Promise.all([
      ...others.map((person) =>
        scim(
          secret,
          'PATCH',
          `/Groups/${id}`,
          patch({ op: 'Add', path: 'members', value: [{ value: person }] }),
        ),
      ),
      scim(
        secret,
        'PATCH',
        `/Groups/${id}`,
        patch({ op: 'Remove', path: 'members', value: [{ value: first }] }),
      ),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 204));
    const group = await scim(secret, 'GET', `/Groups/${id}`);
    expect(memberIds(group.body)).toEqual([...others].sort());
  });

  it('refuse a PATCH adding someone outside the organization whole, its rename too', async () => {
    const { secret } = await newToken(acmeAdmin, 'Refused PATCH');
    const created = await scim(secret, 'POST', '/Groups', {
      schemas: [GROUP],
      displayName: 'Day shift',
      members: [],
    });
    const id = created.body.id as string;
    const refused = await scim(
      secret,
      'PATCH',
      `/Groups/${id}`,
      patch(
        { op: 'Replace', path: 'displayName', value: 'Early shift' },
        { op: 'Add', path: 'members', value: [{ value: '999999' }] },
      ),
    );
    expect(refused.status).toBe(400);
    expect((await scim(secret, 'GET', `/Groups/${id}`)).body.displayName).toBe('Day shift');
  });

  it("never reach another organization's job functions or people", async () => {
    const acmeToken = await newToken(acmeAdmin, 'Acme groups');
    const group = await scim(acmeToken.secret, 'POST', '/Groups', {
      schemas: [GROUP],
      displayName: 'Acme only',
    });
    const id = group.body.id as string;
    const { secret } = await newToken(globexAdmin, 'Globex groups');
    expect((await scim(secret, 'GET', `/Groups/${id}`)).status).toBe(404);
    expect(
      (
        await scim(
          secret,
          'PATCH',
          `/Groups/${id}`,
          patch({ op: 'Replace', path: 'displayName', value: 'Taken' }),
        )
      ).status,
    ).toBe(404);
    expect((await scim(secret, 'DELETE', `/Groups/${id}`)).status).toBe(404);
    expect(JSON.stringify((await scim(secret, 'GET', '/Groups')).body)).not.toContain('Acme only');
    const foreign = await scim(secret, 'POST', '/Groups', {
      schemas: [GROUP],
      displayName: 'Globex line',
      members: [{ value: String(ottoId) }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.scimType).toBe('invalidValue');
  });

  it("refuse to delete an administrator's function with required SOPs that Okta linked by name, changing nothing", async () => {
    const { secret } = await newToken(acmeAdmin, 'Okta unlink and delete');
    const sop = await processedSop('Forklift safety');
    const id = await adminFunction('Forklift drivers', [sop], [ottoId]);
    const before = await jobFunction('Forklift drivers');
    const groupId = await groupNamed(secret, 'Forklift drivers');
    expect(groupId).toBe(String(id));

    const refused = await scim(secret, 'DELETE', `/Groups/${groupId}`);
    expect(refused.status).toBe(409);
    expect(refused.headers.get('content-type')).toContain('application/scim+json');
    expect(refused.body).toMatchObject({ schemas: [ERROR], status: '409' });
    expect(refused.body.detail).toMatch(/required SOPs.*administrator.*in the product/s);

    const after = await jobFunction('Forklift drivers');
    expect(after).toEqual(before);
    expect(after).toMatchObject({
      id,
      description: 'Set up by Ann',
      requiredSops: [{ documentId: sop, title: 'Forklift safety' }],
      members: [{ userId: ottoId }],
    });
    expect((await scim(secret, 'GET', `/Groups/${groupId}`)).status).toBe(200);
  });

  it("delete a function without required SOPs, the provider's or an administrator's bare one", async () => {
    const { secret } = await newToken(acmeAdmin, 'Okta cleanup');
    const gil = await provisioned(secret, 'gil@acme.test');
    const created = await scim(secret, 'POST', '/Groups', {
      schemas: [GROUP],
      displayName: 'Temporary crew',
      members: [{ value: gil }],
    });
    const bare = await adminFunction('Visitors', [], [ottoId]);
    for (const id of [created.body.id as string, String(bare)]) {
      expect((await scim(secret, 'DELETE', `/Groups/${id}`)).status).toBe(204);
      expect((await scim(secret, 'GET', `/Groups/${id}`)).status).toBe(404);
    }
    expect(await jobFunction('Temporary crew')).toBeUndefined();
    expect(await jobFunction('Visitors')).toBeUndefined();
  });

  it('keep a function whose first required SOP an administrator is saving as the DELETE arrives', async () => {
    const { secret } = await newToken(acmeAdmin, 'Okta at the same moment');
    const sop = await processedSop('Cold store entry');
    const id = await adminFunction('Cold store', [], [ottoId]);
    const deletion = await whileAdminSaves({ id, sop, title: 'Cold store entry' }, 'before', () =>
      scim(secret, 'DELETE', `/Groups/${id}`),
    );
    expect(deletion.status).toBe(409);
    expect((await jobFunction('Cold store'))?.requiredSops).toEqual([
      { documentId: sop, title: 'Cold store entry' },
    ]);
  });

  it('keep a required SOP an administrator adds while a provider renames the function', async () => {
    const { secret } = await newToken(acmeAdmin, 'Okta rename');
    const sop = await processedSop('Dock doors');
    const id = await adminFunction('Dock crew', [], [ottoId]);
    const rename = await whileAdminSaves({ id, sop, title: 'Dock doors' }, 'after', () =>
      scim(
        secret,
        'PATCH',
        `/Groups/${id}`,
        patch({ op: 'replace', path: 'displayName', value: 'Dock team' }),
      ),
    );
    expect(rename.status).toBe(204);
    expect((await jobFunction('Dock team'))?.requiredSops).toEqual([
      { documentId: sop, title: 'Dock doors' },
    ]);
  });
});

describe('deactivation', () => {
  it("ends the member's sessions at once and refuses sign-in, keeping the records; reactivation restores", async () => {
    const { secret } = await newToken(acmeAdmin, 'Okta deactivation');
    const otto = await signedIn('otto@acme.test', 'Acme-Oper-1!');
    expect((await otto.send(api.currentUser)).status).toBe(200);

    const off = await scim(
      secret,
      'PATCH',
      `/Users/${ottoId}`,
      patch({ op: 'replace', value: { active: false } }),
    );
    expect(off.status).toBe(200);
    // The very next request with the same cookie: no wait, no poll.
    expect((await otto.send(api.currentUser)).status).toBe(401);
    const again = await new ApiSession(stack.url).login('otto@acme.test', 'Acme-Oper-1!');
    expect(again.status).toBe(403);
    expect(again.body.message).toMatch(/suspended/);
    const kept = await scim(secret, 'GET', `/Users/${ottoId}`);
    expect(kept.body).toMatchObject({ userName: 'otto@acme.test', active: false });

    const on = await scim(
      secret,
      'PATCH',
      `/Users/${ottoId}`,
      patch({ op: 'replace', value: { active: true } }),
    );
    expect(on.body.active).toBe(true);
    await signedIn('otto@acme.test', 'Acme-Oper-1!');
  });

  it('keeps a member suspended through a PUT that leaves active out: only active: true restores', async () => {
    const { secret } = await newToken(acmeAdmin, 'Profile push');
    const user = { schemas: [USER], userName: 'kim@acme.test', displayName: 'Kim Park' };
    const id = (await scim(secret, 'POST', '/Users', user)).body.id as string;
    const off = await scim(
      secret,
      'PATCH',
      `/Users/${id}`,
      patch({ op: 'replace', path: 'active', value: false }),
    );
    expect(off.body.active).toBe(false);

    // A provider that pushes profiles but not status (JumpCloud's and OneLogin's PUT, a custom app).
    const renamed = await scim(secret, 'PUT', `/Users/${id}`, { ...user, displayName: 'Kim Lee' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ displayName: 'Kim Lee', active: false });
    expect((await scim(secret, 'GET', `/Users/${id}`)).body.active).toBe(false);

    const on = await scim(secret, 'PUT', `/Users/${id}`, { ...user, active: true });
    expect(on.body).toMatchObject({ displayName: 'Kim Park', active: true });
  });

  it("revokes a suspended administrator's API tokens at once, for good: reactivated, they make new ones", async () => {
    const { secret } = await newToken(acmeAdmin, 'Okta admin suspension');
    const organizationId = (
      await stack.sql.query<{ id: number }>(
        `SELECT id FROM organizations WHERE domain = 'acme.test'`,
      )
    ).rows[0]!.id;
    const adaId = await stack.createUser({
      email: 'ada@acme.test',
      password: 'Acme-Admin-2!',
      role: 'admin',
      organizationId,
    });
    const ada = await signedIn('ada@acme.test', 'Acme-Admin-2!');
    const created = await ada.call(api.createApiToken, {
      body: { name: 'HR sync', role: 'admin', readOnly: false, expiresInDays: 30 },
    });
    const program = (token: string) =>
      new ApiSession(stack.url).send(api.teamMembers, {
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await program(created.secret)).status).toBe(200);

    const off = patch({ op: 'replace', value: { active: false } });
    expect((await scim(secret, 'PATCH', `/Users/${adaId}`, off)).status).toBe(200);
    expect((await program(created.secret)).status).toBe(401);

    // A suspension is how providers offboard: the credential ends with it (docs/decisions.md).
    const on = patch({ op: 'replace', value: { active: true } });
    expect((await scim(secret, 'PATCH', `/Users/${adaId}`, on)).status).toBe(200);
    expect((await program(created.secret)).status).toBe(401);
    const again = await signedIn('ada@acme.test', 'Acme-Admin-2!');
    const renewed = await again.call(api.createApiToken, {
      body: { name: 'HR sync', role: 'admin', readOnly: false, expiresInDays: 30 },
    });
    expect((await program(renewed.secret)).status).toBe(200);
  });
});

describe("a user's meta.lastModified", () => {
  it('moves forward with every change of what SCIM shows, whoever makes it, and with nothing else', async () => {
    const { secret } = await newToken(acmeAdmin, 'Change tracking');
    const id = await stack.createUser({
      email: 'lena@acme.test',
      password: 'Acme-Lena-1!',
      role: 'operator',
      organizationId: acmeId,
    });
    const path = `/Users/${id}`;
    const read = async () => (await scim(secret, 'GET', path)).body;
    const meta = async () => (await read()).meta as { created: string; lastModified: string };
    const first = await meta();
    expect(first.lastModified >= first.created).toBe(true);

    // Each step's lastModified against the one before: never backwards, forward only on a change.
    const steps: [string, 'forward' | 'same' | 'back'][] = [];
    let last = first.lastModified;
    const step = async (name: string, change: () => Promise<unknown>) => {
      await change();
      const now = await meta();
      expect(now.created).toBe(first.created);
      steps.push([
        name,
        now.lastModified > last ? 'forward' : now.lastModified < last ? 'back' : 'same',
      ]);
      last = now.lastModified;
    };
    const replace = (value: object) => scim(secret, 'PATCH', path, patch({ op: 'replace', value }));

    await step('read', read);
    const lena = await signedIn('lena@acme.test', 'Acme-Lena-1!');
    await step('PUT of the document as read', async () => {
      const { meta: _meta, ...document } = await read();
      expect((await scim(secret, 'PUT', path, document)).status).toBe(200);
    });
    await step('PATCH to the same name', () => replace({ displayName: 'lena' }));
    await step('renamed by SCIM', () => replace({ displayName: 'Lena Berg' }));
    await step('renamed in the app', () =>
      lena.call(api.updateProfile, { body: { name: 'Lena B.', email: 'lena@acme.test' } }),
    );
    await step('given a family name', () => replace({ name: { familyName: 'Berg' } }));
    await step('given an externalId', () => replace({ externalId: '00u-lena' }));
    await step('userName changed', () => replace({ userName: 'lena.berg@acme.test' }));
    await step('deactivated', () => replace({ active: false }));
    await step('deactivated again', () => replace({ active: false }));
    await step('reactivated', () => replace({ active: true }));
    await step('signed in', () => signedIn('lena.berg@acme.test', 'Acme-Lena-1!'));
    expect(steps).toEqual([
      ['read', 'same'],
      ['PUT of the document as read', 'same'],
      ['PATCH to the same name', 'same'],
      ['renamed by SCIM', 'forward'],
      ['renamed in the app', 'forward'],
      ['given a family name', 'forward'],
      ['given an externalId', 'forward'],
      ['userName changed', 'forward'],
      ['deactivated', 'forward'],
      ['deactivated again', 'same'],
      ['reactivated', 'forward'],
      ['signed in', 'same'],
    ]);
    const listed = await scim(
      secret,
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "lena.berg@acme.test"')}`,
    );
    expect(
      (listed.body.Resources as { meta: { lastModified: string } }[])[0]!.meta.lastModified,
    ).toBe(last);
  });
});

describe("a group's meta", () => {
  it('says when it was created and last modified: forward with a rename or a change of members, and with nothing else', async () => {
    const { secret } = await newToken(acmeAdmin, 'Group change tracking');
    const uma = await provisioned(secret, 'uma@acme.test');
    const created = await scim(secret, 'POST', '/Groups', {
      schemas: [GROUP],
      displayName: 'Yard loaders',
    });
    expect(created.status).toBe(201);
    const path = `/Groups/${created.body.id as string}`;
    const read = async () => (await scim(secret, 'GET', path)).body;
    const meta = async () => (await read()).meta as { created: string; lastModified: string };
    const first = await meta();
    expect(first.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(first.lastModified).toBe(first.created);
    expect(created.body.meta).toEqual({
      ...first,
      resourceType: 'Group',
      location: expect.any(String),
    });

    // Dated back before each step, so a change made within the same millisecond shows forward too.
    const steps: [string, 'forward' | 'same' | 'back'][] = [];
    const step = async (name: string, change: () => Promise<unknown>) => {
      await stack.sql.query(
        `UPDATE observation.job_functions SET updated_at = updated_at - interval '1 hour' WHERE id = $1`,
        [Number(created.body.id)],
      );
      const before = (await meta()).lastModified;
      await change();
      const now = await meta();
      expect(now.created).toBe(first.created);
      steps.push([
        name,
        now.lastModified > before ? 'forward' : now.lastModified < before ? 'back' : 'same',
      ]);
    };
    const replace = (value: object) => scim(secret, 'PATCH', path, patch({ op: 'replace', value }));
    await step('read', read);
    await step('PATCH to the same name', () => replace({ displayName: 'Yard loaders' }));
    await step('renamed', () => replace({ displayName: 'Yard crew' }));
    await step('member added', () =>
      scim(secret, 'PATCH', path, patch({ op: 'add', path: 'members', value: [{ value: uma }] })),
    );
    await step('PUT of the document as read', async () => {
      const { meta: _meta, ...document } = await read();
      expect((await scim(secret, 'PUT', path, document)).status).toBe(200);
    });
    await step('member removed', () =>
      scim(secret, 'PATCH', path, patch({ op: 'remove', path: `members[value eq "${uma}"]` })),
    );
    await step('member removed again', () =>
      scim(secret, 'PATCH', path, patch({ op: 'remove', path: `members[value eq "${uma}"]` })),
    );
    await step('members replaced by PUT', () =>
      scim(secret, 'PUT', path, {
        schemas: [GROUP],
        displayName: 'Yard crew',
        members: [{ value: uma }],
      }),
    );
    expect(steps).toEqual([
      ['read', 'same'],
      ['PATCH to the same name', 'same'],
      ['renamed', 'forward'],
      ['member added', 'forward'],
      ['PUT of the document as read', 'same'],
      ['member removed', 'forward'],
      ['member removed again', 'same'],
      ['members replaced by PUT', 'forward'],
    ]);
    const filter = encodeURIComponent('displayName eq "Yard crew"');
    const listed = await scim(secret, 'GET', `/Groups?filter=${filter}`);
    expect((listed.body.Resources as { meta: unknown }[])[0]!.meta).toEqual((await read()).meta);
  });
});

describe('isolation between organizations', () => {
  it("never shows or changes another organization's member, and says nothing of whose a taken userName is", async () => {
    const { secret } = await newToken(globexAdmin, 'Globex Okta');
    const filter = encodeURIComponent('userName eq "otto@acme.test"');
    expect((await scim(secret, 'GET', `/Users?filter=${filter}`)).body.totalResults).toBe(0);
    const everyone = await scim(secret, 'GET', '/Users?count=200');
    expect(JSON.stringify(everyone.body)).not.toContain('acme.test');
    expect((await scim(secret, 'GET', `/Users/${ottoId}`)).status).toBe(404);
    const changed = await scim(
      secret,
      'PATCH',
      `/Users/${ottoId}`,
      patch({ op: 'replace', value: { active: false } }),
    );
    expect(changed.status).toBe(404);
    expect(
      (
        await scim(secret, 'PUT', `/Users/${ottoId}`, {
          schemas: [USER],
          userName: 'x@globex.test',
        })
      ).status,
    ).toBe(404);
    expect((await scim(secret, 'DELETE', `/Users/${ottoId}`)).status).toBe(404);

    const taken = await scim(secret, 'POST', '/Users', {
      schemas: [USER],
      userName: 'otto@acme.test',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.scimType).toBe('uniqueness');
    expect(JSON.stringify(taken.body)).not.toMatch(/acme/i);

    const otto = await signedIn('otto@acme.test', 'Acme-Oper-1!');
    expect((await otto.send(api.currentUser)).status).toBe(200);
  });
});

describe('errors', () => {
  it('answers a bad filter with 400 invalidFilter and a bad user with 400 invalidValue', async () => {
    const { secret } = await newToken(acmeAdmin, 'Errors');
    const bad = await scim(secret, 'GET', `/Users?filter=${encodeURIComponent('userName eq')}`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ schemas: [ERROR], status: '400', scimType: 'invalidFilter' });
    const invalid = await scim(secret, 'POST', '/Users', {
      schemas: [USER],
      userName: 'not an email',
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.scimType).toBe('invalidValue');
    const unknown = await scim(secret, 'GET', '/Users/999999');
    expect(unknown.body).toMatchObject({ status: '404', schemas: [ERROR] });
    const noOps = await scim(secret, 'PATCH', `/Users/${ottoId}`, { schemas: [PATCH_OP] });
    expect(noOps.status).toBe(400);
  });

  it('answers 404 for a user id no row can have, past the database integer too (was a 500)', async () => {
    const { secret } = await newToken(acmeAdmin, 'Ids');
    const patch = {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { active: false } }],
    };
    const put = { schemas: [USER], userName: 'otto@acme.test', active: true };
    for (const id of ['2147483648', '99999999999999', '0', '-1', '1e3']) {
      for (const [method, body] of [['GET'], ['PUT', put], ['PATCH', patch], ['DELETE']] as const) {
        const answer = await scim(secret, method, `/Users/${id}`, body);
        expect([method, id, answer.status]).toEqual([method, id, 404]);
        expect(answer.body).toMatchObject({ status: '404', schemas: [ERROR] });
      }
    }
  });

  it("answers an unknown path in SCIM's error schema and its own words, never the web app's page", async () => {
    const { secret } = await newToken(acmeAdmin, 'Unknown paths');
    const authorization = `Bearer ${secret}`;
    const asked = [
      ['GET', '/Nope'],
      ['GET', '/Users/1/photos'],
      ['GET', ''],
      ['POST', '/Nope'],
      ['POST', '/Schemas'],
      ['DELETE', '/ServiceProviderConfig'],
    ] as const;
    for (const [method, path] of asked) {
      const answer = await raw(method, `${path}?filter=x`, { authorization });
      expectScimError(answer, 404, {
        asked: [method, path],
        detail: `No SCIM endpoint answers ${method} /scim/v2${path}. This service provider serves /Users, /Groups, /ServiceProviderConfig, /ResourceTypes and /Schemas.`,
      });
    }
  });

  it("answers a body past 1 MB with 413 in SCIM's error schema and its own words", async () => {
    const { secret } = await newToken(acmeAdmin, 'Large bodies');
    const said = 'The request body is larger than 1 MB, the most this service provider reads.';
    // Only a group grows with the organization: only there is the body's splitting suggested.
    const groupHint = " Send a large group's members in several PATCH requests.";
    for (const [method, path, detail] of [
      ['POST', '/Groups', said + groupHint],
      ['PATCH', '/Groups/1', said + groupHint],
      ['POST', '/Users', said],
      ['PUT', '/Users/1', said],
    ] as const) {
      const answer = await raw(method, path, {
        authorization: `Bearer ${secret}`,
        contentType: 'application/scim+json',
        body: OVERSIZED,
      });
      expectScimError(answer, 413, { asked: [method, path], detail });
    }
  });

  it('decides authentication before the body: 401 without a valid token, whatever the body', async () => {
    const bodies = [
      ['application/scim+json', 'not json'],
      ['application/json', '{"userName":'],
      ['application/scim+json', ''],
      ['application/xml', '<User/>'],
      ['application/scim+json', OVERSIZED],
    ] as const;
    for (const authorization of [undefined, 'Bearer hubscim_not-a-token', 'Basic YTpi']) {
      for (const [contentType, body] of bodies) {
        const answer = await raw('POST', '/Users', { authorization, contentType, body });
        expectTokenRequired(answer, [authorization, contentType, body.slice(0, 20)]);
      }
      // An unknown path says nothing before the token is known either.
      const unknown = await raw('GET', '/Nope', { authorization });
      expectScimError(unknown, 401, { asked: [authorization] });
    }
  });

  it('decides a percent-encoded /scim/v2 as the router does, as SCIM: the token first, SCIM 404', async () => {
    // The router decodes the path before it matches: /%73cim/v2/Users is /scim/v2/Users to it.
    const base = '/%73cim/v2';
    for (const authorization of [undefined, 'Bearer hubscim_not-a-token']) {
      const answer = await raw('POST', '/Users', {
        base,
        authorization,
        contentType: 'application/scim+json',
        body: 'not json',
      });
      expectTokenRequired(answer, [authorization]);
    }
    const { secret } = await newToken(acmeAdmin, 'Encoded paths');
    const authorization = `Bearer ${secret}`;
    // A path the SCIM table declares is served, encoded or not.
    const config = await raw('GET', '/ServiceProviderConfig', { base, authorization });
    expect(config.status).toBe(200);
    for (const [method, path] of [
      ['GET', '/Nope'],
      ['GET', '/%55sers/1/photos'],
      ['POST', '/Nope'],
    ] as const) {
      const answer = await raw(method, path, { base, authorization });
      expectScimError(answer, 404, { asked: [method, path] });
    }
  });

  it('decides a target in absolute form or with a fragment by its path, as the router does', async () => {
    const absolute = `${stack.url}/scim/v2`;
    const created = await sentAs('POST', `${absolute}/Users`, { body: 'not json' });
    expectScimError(created, 401);
    const { secret } = await newToken(acmeAdmin, 'Absolute targets');
    const authorization = `Bearer ${secret}`;
    for (const target of [
      `${absolute}/Nope`,
      `HTTP://elsewhere.test/%73cim/v2/Nope`,
      '/scim/v2#x',
    ]) {
      const answer = await sentAs('GET', target, { authorization });
      expectScimError(answer, 404, { asked: [target] });
    }
  });

  it('refuses /Me with 501, as RFC 7644 (3.11) lets a provider without it, once the token is known', async () => {
    const { secret } = await newToken(acmeAdmin, 'Me');
    const user = { schemas: [USER], userName: 'me@acme.test' };
    for (const [method, body] of [
      ['GET'],
      ['POST', user],
      ['PUT', user],
      ['PATCH', patch({ op: 'replace', value: { active: false } })],
      ['DELETE'],
    ] as const) {
      const answer = await scim(secret, method, '/Me', body);
      expectScimError(answer, 501, {
        asked: [method],
        detail:
          'This service provider does not support /Me: a token stands for an organization, not a person. Use /Users/{id}.',
      });
    }
    expectScimError(await raw('GET', '/Me'), 401);
    const unknown = await raw('GET', '/Me', { authorization: 'Bearer hubscim_not-a-token' });
    expect(unknown.status).toBe(401);
  });

  it('rate-limits each token with 429 and Retry-After', async () => {
    const { secret } = await newToken(acmeAdmin, 'Busy');
    const other = await newToken(acmeAdmin, 'Quiet');
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMIT; i++)
      statuses.push((await scim(secret, 'GET', '/ServiceProviderConfig')).status);
    expect(statuses.slice(0, RATE_LIMIT).every((status) => status === 200)).toBe(true);
    const limited = await scim(secret, 'GET', '/ServiceProviderConfig');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body).toMatchObject({ status: '429', scimType: 'tooMany' });
    expect((await scim(other.secret, 'GET', '/ServiceProviderConfig')).status).toBe(200);
  });
});

describe('audit', () => {
  it('records every change with the token as the actor, in its organization', async () => {
    const { id, secret } = await newToken(acmeAdmin, 'Audited');
    const created = await scim(secret, 'POST', '/Users', {
      schemas: [USER],
      userName: 'fox@acme.test',
    });
    await scim(
      secret,
      'PATCH',
      `/Users/${String(created.body.id)}`,
      patch({ op: 'Replace', path: 'active', value: 'False' }),
    );
    const deadline = Date.now() + 20_000;
    let entries: AuditEntry[] = [];
    while (Date.now() < deadline) {
      entries = (await auditEntries(acmeAdmin)).filter((entry) =>
        entry.actorEmail?.startsWith(`SCIM token ${id} `),
      );
      if (entries.length >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      'scim.user.create',
      'scim.user.patch',
    ]);
    expect(entries[0]).toMatchObject({ actorRole: 'scim', outcome: 'success', actorId: null });
    expect(entries.find((entry) => entry.action === 'scim.user.patch')!.target).toContain(
      'replace active',
    );
    const seenByGlobex = await auditEntries(globexAdmin);
    expect(seenByGlobex.some((entry) => entry.actorEmail?.startsWith(`SCIM token ${id} `))).toBe(
      false,
    );
  });
});
