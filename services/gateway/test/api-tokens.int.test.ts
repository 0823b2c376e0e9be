import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type AuditEntry, type CreateApiTokenRequest, type RouteContract } from '@hub/proto';
import { type CallOptions, type Contract, errorOf, expectError } from './api-client.js';
import { API_TOKEN_SESSION_ONLY } from '../src/api-tokens/api-token-authenticator.js';
import { signedIn } from './tenant-fixtures.js';
import { ApiSession, startTestStack, SUPER_ADMIN, type TestStack, waitFor } from './test-stack.js';

let stack: TestStack;
let acmeAdmin: ApiSession;
let acmeManager: ApiSession;
let globexAdmin: ApiSession;
let acmeAdminId: number;

async function member(organizationId: number, email: string, role: 'admin' | 'manager') {
  const password = `${role}-Pass-1!`;
  const id = await stack.createUser({ email, password, role, organizationId });
  const session = await signedIn(stack, email, password);
  return { id, session };
}

beforeAll(async () => {
  stack = await startTestStack();
  const [acme, globex] = await Promise.all([
    stack.createOrganization('Acme Foods', 'acme.test'),
    stack.createOrganization('Globex Plant', 'globex.test'),
  ]);
  const admin = await member(acme, 'admin@acme.test', 'admin');
  acmeAdmin = admin.session;
  acmeAdminId = admin.id;
  acmeManager = (await member(acme, 'manager@acme.test', 'manager')).session;
  globexAdmin = (await member(globex, 'admin@globex.test', 'admin')).session;
}, 240_000);

afterAll(async () => {
  await stack?.stop();
});

const ceiling = (fields: Partial<CreateApiTokenRequest> = {}): CreateApiTokenRequest => ({
  name: 'Nightly LMS sync',
  role: 'manager',
  readOnly: true,
  expiresInDays: 30,
  ...fields,
});

async function createToken(admin: ApiSession, fields: Partial<CreateApiTokenRequest> = {}) {
  return admin.call(api.createApiToken, { body: ceiling(fields) });
}

/** A program's client: no cookie, only the bearer header. */
function withToken(secret: string) {
  const client = new ApiSession(stack.url);
  const signed = <R extends Contract>(options: CallOptions<R>): CallOptions<R> => ({
    ...options,
    headers: { authorization: `Bearer ${secret}`, ...options.headers },
  });
  return {
    call: <R extends Contract>(route: R, options: CallOptions<R> = {}) =>
      client.call(route, signed(options)),
    send: <R extends Contract>(route: R, options: CallOptions<R> = {}) =>
      client.send(route, signed(options)),
  };
}

describe('managing API tokens', () => {
  it('shows the prefixed secret once, stores only its digest and lists the token', async () => {
    const { token, secret } = await createToken(acmeAdmin);
    expect(secret).toMatch(/^hub_pat_[\w-]{43}$/);
    const { rows } = await stack.sql.query<{ token_hash: string }>(
      'SELECT token_hash FROM api_tokens WHERE id = $1',
      [token.id],
    );
    expect(rows[0]!.token_hash).not.toContain(secret.slice(8));
    const list = await acmeAdmin.call(api.apiTokens);
    expect(JSON.stringify(list)).not.toContain(secret);
    expect(list.tokens).toEqual([
      expect.objectContaining({ id: token.id, role: 'manager', readOnly: true, lastUsedAt: null }),
    ]);
  });

  it('is for administrators only, never through a token, and never other organizations', async () => {
    await expectError(acmeManager.call(api.createApiToken, { body: ceiling() }), 403);
    const root = await signedIn(stack, SUPER_ADMIN.email, SUPER_ADMIN.password);
    await expectError(root.call(api.createApiToken, { body: ceiling() }), 403);
    const { secret } = await createToken(acmeAdmin, { role: 'admin', readOnly: false });
    const program = withToken(secret);
    await expectError(program.call(api.createApiToken, { body: ceiling() }), 403);
    await expectError(program.call(api.apiTokens), 403);
    // A SCIM secret minted by a token would outlive it and could suspend every member.
    await expectError(program.call(api.createScimToken, { body: { name: 'Okta' } }), 403);
    await expectError(program.call(api.scimTokens), 403);
    // Nor a sensor token, which would replace the sensors' own.
    await expectError(program.call(api.createSensorToken), 403);
    const { token } = await createToken(globexAdmin);
    await expectError(acmeAdmin.call(api.revokeApiToken, { params: { id: token.id } }), 404);
    expect((await globexAdmin.call(api.apiTokens)).tokens).toHaveLength(1);
  });

  it('refuses a super administrator ceiling and an expiry past a year', async () => {
    const superAdmin = { invalidBody: { ...ceiling(), role: 'super_admin' } };
    await expectError(acmeAdmin.call(api.createApiToken, superAdmin), 400);
    const tooLong = { body: ceiling({ expiresInDays: 400 }) };
    await expectError(acmeAdmin.call(api.createApiToken, tooLong), 400);
  });
});

describe('calling the API with a token', () => {
  it('reads what its ceiling allows, within its organization, and shows the last use', async () => {
    const { token, secret } = await createToken(acmeAdmin);
    const program = withToken(secret);
    const members = await program.call(api.teamMembers);
    expect(JSON.stringify(members)).toContain('manager@acme.test');
    expect(JSON.stringify(members)).not.toContain('globex.test');
    // A manager ceiling: the administrators' audit log stays closed.
    await expectError(program.call(api.auditLog), 403);
    const list = await acmeAdmin.call(api.apiTokens);
    const shown = list.tokens.find((row) => row.id === token.id);
    expect(shown?.lastUsedAt).not.toBeNull();
  });

  it('refuses every write route of the route table to a read-only token', async () => {
    const { secret } = await createToken(acmeAdmin, { role: 'admin', readOnly: true });
    const program = withToken(secret);
    const writes = (Object.values(api) as RouteContract[]).filter(
      (route) => route.access !== 'public' && !['GET', 'HEAD'].includes(route.method),
    );
    const wrong: string[] = [];
    for (const route of writes) {
      const names = [...route.path.matchAll(/:(\w+)/g)].map(([, name]) => name!);
      const params = Object.fromEntries(names.map((name) => [name, '1']));
      const { status } = await program.send(route, { params });
      if (status !== 403) wrong.push(`${route.method} ${route.path}: ${status}`);
    }
    expect(wrong).toEqual([]);
    expect(writes.length).toBeGreaterThan(50);
  });

  it('writes without CSRF headers, opens no session, and the audit log names the token', async () => {
    const { token, secret } = await createToken(acmeAdmin, {
      name: 'HR system',
      role: 'admin',
      readOnly: false,
    });
    const program = withToken(secret);
    const created = await program.send(api.createTag, {
      body: { name: 'From HR', color: '#336699' },
      headers: { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(created.status).toBeLessThan(300);
    expect(created.headers.get('set-cookie')).toBeNull();
    const signIn = await program.send(api.login, {
      body: { email: 'admin@acme.test', password: 'admin-Pass-1!' },
    });
    expect(signIn.status).toBeLessThan(300);
    expect(signIn.headers.get('set-cookie')).toBeNull();
    const note = `by API token #${token.id} "HR system"`;
    const entry = await waitForEntry((entries) =>
      entries.find((row) => row.action === 'api.createTag' && row.detail?.includes(note) === true),
    );
    expect(entry).toMatchObject({ outcome: 'success', actorId: acmeAdminId, actorRole: 'admin' });
  });

  it("never changes its creator's own account: name, picture, preferences, face references", async () => {
    const { secret } = await createToken(acmeAdmin, { role: 'admin', readOnly: false });
    const program = withToken(secret);
    const own = [
      program.send(api.updateProfile, {
        body: { name: 'Renamed by a program', email: 'admin@acme.test' },
      }),
      program.send(api.uploadProfilePicture),
      program.send(api.changeProfilePicture, { body: { fileName: 'x.png' } }),
      program.send(api.updateUserPreferences, { invalidBody: { theme: 'dark' } }),
      program.send(api.addMyFaceReference),
      program.send(api.deleteMyFaceReference, { params: { referenceId: 1 } }),
    ];
    for (const answer of await Promise.all(own)) {
      expect(answer.status).toBe(403);
      expect(errorOf(answer).message).toBe(API_TOKEN_SESSION_ONLY);
    }
    expect((await acmeAdmin.call(api.currentUser)).name).not.toBe('Renamed by a program');
  });

  it('answers 401 at once to a revoked, an expired, a foreign or a garbage token', async () => {
    const revoked = await createToken(acmeAdmin);
    expect((await withToken(revoked.secret).send(api.teamMembers)).status).toBe(200);
    await acmeAdmin.call(api.revokeApiToken, { params: { id: revoked.token.id } });
    expect((await withToken(revoked.secret).send(api.teamMembers)).status).toBe(401);
    const expired = await createToken(acmeAdmin);
    expect((await withToken(expired.secret).send(api.teamMembers)).status).toBe(200);
    await stack.sql.query(
      `UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [expired.token.id],
    );
    expect((await withToken(expired.secret).send(api.teamMembers)).status).toBe(401);
    for (const secret of ['hubscim_Zm9vYmFyYmF6', 'garbage', 'hub_pat_guessed', '']) {
      expect((await withToken(secret).send(api.teamMembers)).status, secret).toBe(401);
    }
    // A bearer header decides alone: the browser's cookie beside a bad token does not count.
    const both = await acmeAdmin.send(api.teamMembers, {
      headers: { authorization: 'Bearer garbage' },
    });
    expect(both.status).toBe(401);
  });

  it('is rate-limited per token with 429 and Retry-After', async () => {
    const { token, secret } = await createToken(acmeAdmin);
    const key = `${stack.redisPrefix}ratelimit:api-token:${token.id}`;
    await stack.redis.set(key, '600', 'EX', 60);
    const answer = await withToken(secret).send(api.teamMembers);
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await createToken(acmeAdmin);
    expect((await withToken(other.secret).send(api.teamMembers)).status).toBe(200);
  });

  it('stops working when its creator is no longer an administrator', async () => {
    const { id, session } = await member(
      (
        await stack.sql.query<{ id: number }>(
          `SELECT id FROM organizations WHERE domain = 'acme.test'`,
        )
      ).rows[0]!.id,
      'second-admin@acme.test',
      'admin',
    );
    const { token, secret } = await createToken(session);
    expect((await withToken(secret).send(api.teamMembers)).status).toBe(200);
    await stack.sql.query(`UPDATE users SET role = 'operator' WHERE id = $1`, [id]);
    expect((await withToken(secret).send(api.teamMembers)).status).toBe(401);
    // Revoked with the demotion: off the list, and made an administrator again it stays dead.
    const listed = (await acmeAdmin.call(api.apiTokens)).tokens.map((row) => row.id);
    expect(listed).not.toContain(token.id);
    await stack.sql.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [id]);
    expect((await withToken(secret).send(api.teamMembers)).status).toBe(401);
    // So too when the creator is suspended, or deleted.
    const suspended = await createToken(session);
    await stack.sql.query(`UPDATE users SET suspended_at = now() WHERE id = $1`, [id]);
    await stack.sql.query(`UPDATE users SET suspended_at = NULL WHERE id = $1`, [id]);
    expect((await withToken(suspended.secret).send(api.teamMembers)).status).toBe(401);
    const deleted = await createToken(session);
    await stack.sql.query(`DELETE FROM users WHERE id = $1`, [id]);
    const { rows } = await stack.sql.query<{ revoked: boolean }>(
      `SELECT revoked_at IS NOT NULL AS revoked FROM api_tokens WHERE id = ANY($1)`,
      [[token.id, suspended.token.id, deleted.token.id]],
    );
    expect(rows.map((row) => row.revoked)).toEqual([true, true, true]);
  });
});

type Entry = AuditEntry;

/** The audit trail is written after the answer: polled until the entry shows. */
async function waitForEntry(find: (entries: Entry[]) => Entry | undefined): Promise<Entry> {
  const entries = await waitFor(
    async () => (await acmeAdmin.call(api.auditLog, { query: { limit: 200 } })).entries,
    (rows) => find(rows) !== undefined,
  );
  return find(entries)!;
}
