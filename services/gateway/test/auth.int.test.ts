import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGatewayConfig } from '../src/config.js';
import { createGateway } from '../src/gateway.app.js';
import { api } from '@hub/proto';
import { expectError } from './api-client.js';
import { ApiSession, startTestStack, SUPER_ADMIN, type TestStack } from './test-stack.js';

let stack: TestStack;
let acme: number;
let globex: number;

beforeAll(async () => {
  stack = await startTestStack();
  acme = await stack.createOrganization('Acme Foods', 'acme.test');
  globex = await stack.createOrganization('Globex Plant', 'globex.test');
  await stack.createUser({
    email: 'ann@acme.test',
    password: 'Acme-Admin-1',
    role: 'admin',
    organizationId: acme,
  });
  await stack.createUser({
    email: 'otto@acme.test',
    password: 'Acme-Oper-1',
    role: 'operator',
    organizationId: acme,
  });
  await stack.createUser({
    email: 'paula@acme.test',
    password: 'Pending-1',
    role: 'operator',
    organizationId: acme,
    isActive: false,
  });
  await stack.createUser({
    email: 'gina@globex.test',
    password: 'Globex-Admin-1',
    role: 'admin',
    organizationId: globex,
  });
});

afterAll(async () => {
  await stack?.stop();
});

describe('POST /api/auth/login', () => {
  it('signs in with a browser-session cookie that is httpOnly and SameSite=Lax', async () => {
    const browser = new ApiSession(stack.url);
    const { status, body } = await browser.login('ANN@acme.test', 'Acme-Admin-1');
    expect(status).toBe(200);
    expect(body.user).toMatchObject({
      email: 'ann@acme.test',
      role: 'admin',
      organizationId: acme,
    });
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(browser.lastSetCookie).toMatch(/HttpOnly/i);
    expect(browser.lastSetCookie).toMatch(/SameSite=Lax/i);
    expect(browser.lastSetCookie).not.toMatch(/Max-Age|Expires/i);
    expect(browser.lastSetCookie).not.toMatch(/Secure/i);
  });

  it("makes the cookie last 30 days with 'Remember me'", async () => {
    const browser = new ApiSession(stack.url);
    await browser.login('ann@acme.test', 'Acme-Admin-1', true);
    const maxAge = Number(browser.lastSetCookie?.match(/Max-Age=(\d+)/i)?.[1]);
    expect(maxAge).toBeGreaterThan(30 * 86400 - 60);
    expect(maxAge).toBeLessThanOrEqual(30 * 86400);
  });

  it('refuses a wrong password and an unknown email with the same readable message', async () => {
    const wrong = await new ApiSession(stack.url).login('otto@acme.test', 'nope');
    const unknown = await new ApiSession(stack.url).login('nobody@acme.test', 'nope');
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe('Invalid email or password. Please try again.');
    }
  });

  it('asks for both fields when one is empty', async () => {
    const { status, body } = await new ApiSession(stack.url).login('', 'x');
    expect(status).toBe(400);
    expect(body.message).toBe('Please enter both email and password.');
  });

  it('does not sign in a user whose invitation is still pending', async () => {
    const { status, body } = await new ApiSession(stack.url).login('paula@acme.test', 'Pending-1');
    expect(status).toBe(403);
    expect(body.message).toMatch(/not active yet/);
  });

  it('stores argon2id hashes, never the password', async () => {
    const { rows } = await stack.sql.query<{ password_hash: string }>(
      `SELECT password_hash FROM users WHERE email = 'ann@acme.test'`,
    );
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
  });
});

describe('sessions', () => {
  it('answers the signed-in user on GET /api/user and 401 when signed out', async () => {
    const browser = new ApiSession(stack.url);
    await expectError(browser.call(api.currentUser), 401);
    const signedIn = await browser.login('otto@acme.test', 'Acme-Oper-1');
    const body = await browser.call(api.currentUser);
    expect(body).toMatchObject({
      email: 'otto@acme.test',
      role: 'operator',
      organizationName: 'Acme Foods',
    });
    // GET /api/user reads a plain row; sign-in answers from the entity: the same view, the
    // sign-in time aside (sign-in answers the one before).
    expect(body).toEqual({
      ...(signedIn.body.user as Record<string, unknown>),
      lastLogin: expect.stringMatching(/^\d{4}-/),
    });
  });

  it('ends the session on the server at logout, so the old cookie no longer works', async () => {
    const browser = new ApiSession(stack.url);
    await browser.login('otto@acme.test', 'Acme-Oper-1');
    const stolenCookie = browser.cookie;
    await browser.call(api.logout);
    expect(browser.cookie).toBe('');
    const replay = new ApiSession(stack.url);
    replay.cookie = stolenCookie;
    await expectError(replay.call(api.currentUser), 401);
  });

  it('refuses an expired session', async () => {
    const browser = new ApiSession(stack.url);
    await browser.login('otto@acme.test', 'Acme-Oper-1');
    await stack.sql.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second'
        WHERE user_id = (SELECT id FROM users WHERE email = 'otto@acme.test')`,
    );
    // The code lets the web app word it in the reader's language (it read English to everyone).
    const expired = await expectError(browser.call(api.currentUser), 401, 'sign_in_required');
    expect(expired.message).toBe('Please sign in to continue.');
    const anonymous = new ApiSession(stack.url);
    await expectError(anonymous.call(api.currentUser), 401, 'sign_in_required');
  });

  it('tells every gateway when a session ends, so none keeps serving it from its cache', async () => {
    const second = await createGateway(readGatewayConfig({ ...stack.env, PORT: '0' }));
    try {
      const here = new ApiSession(stack.url);
      await here.login('otto@acme.test', 'Acme-Oper-1');
      const there = new ApiSession(second.url);
      there.cookie = here.cookie;
      await there.call(api.currentUser);
      await here.call(api.logout);
      await expect
        .poll(async () => (await there.send(api.currentUser)).status, { timeout: 5000 })
        .toBe(401);
    } finally {
      await second.close();
    }
  });

  it('ignores the browser user-email header: it identifies no one', async () => {
    const claimed = { headers: { 'x-user-email': SUPER_ADMIN.email } };
    await expectError(new ApiSession(stack.url).call(api.currentUser, claimed), 401);
    const operator = new ApiSession(stack.url);
    await operator.login('otto@acme.test', 'Acme-Oper-1');
    expect((await operator.call(api.currentUser, claimed)).email).toBe('otto@acme.test');
    const stats = await operator.call(api.dashboardStats, {
      headers: { 'x-user-email': 'gina@globex.test' },
    });
    expect(stats.organizationName).toBe('Acme Foods');
  });
});

describe('organization scoping', () => {
  it('shows each admin only their organization', async () => {
    const ann = new ApiSession(stack.url);
    await ann.login('ann@acme.test', 'Acme-Admin-1');
    const gina = new ApiSession(stack.url);
    await gina.login('gina@globex.test', 'Globex-Admin-1');

    const acmeStats = await ann.call(api.dashboardStats);
    expect(acmeStats).toMatchObject({
      organizationName: 'Acme Foods',
      totalUsers: 3,
      activeUsers: 2,
    });
    const globexStats = await gina.call(api.dashboardStats);
    expect(globexStats).toMatchObject({
      organizationName: 'Globex Plant',
      totalUsers: 1,
      activeUsers: 1,
      todayLogins: 1,
    });

    const globexActivity = (await gina.call(api.recentActivity)).events;
    expect(globexActivity.length).toBeGreaterThan(0);
    expect(globexActivity.every((event) => event.userEmail.endsWith('@globex.test'))).toBe(true);

    const choices = await gina.call(api.organizationChoices);
    expect(choices).toEqual({
      organizations: [{ auth0OrgId: null, name: 'Globex Plant', displayName: 'Globex Plant' }],
      totalCount: 1,
      nextCursor: null,
    });
    // Their own organization whatever they search: never another's.
    const searched = await gina.call(api.organizationChoices, { query: { search: 'acme' } });
    expect(searched.organizations.map((choice) => choice.name)).toEqual(['Globex Plant']);
  });

  it('gives the super administrator the whole platform', async () => {
    const root = new ApiSession(stack.url);
    await root.login(SUPER_ADMIN.email, SUPER_ADMIN.password);
    const stats = await root.call(api.dashboardStats);
    expect(stats.totalUsers).toBe(5);
    const choices = await root.call(api.organizationChoices);
    expect(choices.totalCount).toBe(3);
    expect(choices.organizations).toHaveLength(3);
  });

  it("pages and searches the super administrator's sign-in choices, never answering all at once", async () => {
    const root = new ApiSession(stack.url);
    await root.login(SUPER_ADMIN.email, SUPER_ADMIN.password);
    // Newest first, a page at a time.
    const first = await root.call(api.organizationChoices, { query: { limit: 1 } });
    expect(first.organizations.map((choice) => choice.name)).toEqual(['Globex Plant']);
    expect(first.totalCount).toBe(3);
    expect(first.nextCursor).not.toBeNull();
    const second = await root.call(api.organizationChoices, {
      query: { limit: 1, cursor: first.nextCursor! },
    });
    expect(second.organizations.map((choice) => choice.name)).toEqual(['Acme Foods']);
    // By a piece of the name, display name or domain, as the console's pickers.
    const searched = await root.call(api.organizationChoices, { query: { search: 'ACME.te' } });
    expect(searched).toEqual({
      organizations: [{ auth0OrgId: null, name: 'Acme Foods', displayName: 'Acme Foods' }],
      totalCount: 1,
      nextCursor: null,
    });
    await expectError(root.call(api.organizationChoices, { query: { limit: 201 } }), 400);
  });
});

describe('public lookups', () => {
  it('finds the organization of an email domain, 404 otherwise', async () => {
    const browser = new ApiSession(stack.url);
    const found = await browser.call(api.organizationByDomain, {
      params: { domain: 'ACME.test' },
    });
    expect(found.organization).toMatchObject({ name: 'Acme Foods', samlEnabled: false });
    const nowhere = { params: { domain: 'nowhere.test' } };
    const missing = await expectError(browser.call(api.organizationByDomain, nowhere), 404);
    expect(missing.message).toBe('Organization not found');
  });

  it('answers 401 to anonymous callers of the organization picker list', async () => {
    await expectError(new ApiSession(stack.url).call(api.organizationChoices), 401);
  });

  it('reports health of the gateway, every service, PostgreSQL, Redis and the file store', async () => {
    const body = await new ApiSession(stack.url).call(api.health);
    expect(body.status).toBe('ok');
    expect(Object.keys(body.components).sort()).toEqual([
      'gateway',
      'identity',
      'integration',
      'library',
      'observation',
      'postgres',
      'redis',
      'storage',
      'video',
    ]);
  });
});
