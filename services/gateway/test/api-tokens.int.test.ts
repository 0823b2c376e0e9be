import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type CreateApiTokenRequest, type RouteContract } from '@hub/proto';
import { ApiSession, startTestStack, SUPER_ADMIN, type TestStack, waitFor } from './test-stack.js';

let stack: TestStack;
let acmeAdmin: ApiSession;
let acmeManager: ApiSession;
let globexAdmin: ApiSession;
let acmeAdminId: number;

async function member(organizationId: number, email: string, role: 'admin' | 'manager') {
  const password = `${role}-Pass-1!`;
  const id = await stack.createUser({ email, password, role, organizationId });
  const session = new ApiSession(stack.url);
  await session.login(email, password);
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
  const { status, body } = await admin.post('/api/api-tokens', ceiling(fields));
  expect(status).toBe(201);
  return body as { token: { id: number; name: string }; secret: string };
}

/** A program's client: no cookie, only the bearer header. */
function withToken(secret: string) {
  const client = new ApiSession(stack.url);
  const authorization = `Bearer ${secret}`;
  return {
    get: (path: string, headers: Record<string, string> = {}) =>
      client.request('GET', path, undefined, { authorization, ...headers }),
    send: (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
      client.request(method, path, body, { authorization, ...headers }),
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
    const list = await acmeAdmin.get('/api/api-tokens');
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(list.body.tokens).toEqual([
      expect.objectContaining({ id: token.id, role: 'manager', readOnly: true, lastUsedAt: null }),
    ]);
  });

  it('is for administrators only, never through a token, and never other organizations', async () => {
    expect((await acmeManager.post('/api/api-tokens', ceiling())).status).toBe(403);
    const root = new ApiSession(stack.url);
    await root.login(SUPER_ADMIN.email, SUPER_ADMIN.password);
    expect((await root.post('/api/api-tokens', ceiling())).status).toBe(403);
    const { secret } = await createToken(acmeAdmin, { role: 'admin', readOnly: false });
    const program = withToken(secret);
    expect((await program.send('POST', '/api/api-tokens', ceiling())).status).toBe(403);
    expect((await program.get('/api/api-tokens')).status).toBe(403);
    const { token } = await createToken(globexAdmin);
    expect((await acmeAdmin.delete(`/api/api-tokens/${token.id}`)).status).toBe(404);
    expect((await globexAdmin.get('/api/api-tokens')).body.tokens).toHaveLength(1);
  });

  it('refuses a super administrator ceiling and an expiry past a year', async () => {
    const role = 'super_admin' as CreateApiTokenRequest['role'];
    expect((await acmeAdmin.post('/api/api-tokens', ceiling({ role }))).status).toBe(400);
    const expiresInDays = 400;
    expect((await acmeAdmin.post('/api/api-tokens', ceiling({ expiresInDays }))).status).toBe(400);
  });
});

describe('calling the API with a token', () => {
  it('reads what its ceiling allows, within its organization, and shows the last use', async () => {
    const { token, secret } = await createToken(acmeAdmin);
    const program = withToken(secret);
    const members = await program.get('/api/team/members');
    expect(members.status).toBe(200);
    expect(JSON.stringify(members.body)).toContain('manager@acme.test');
    expect(JSON.stringify(members.body)).not.toContain('globex.test');
    // A manager ceiling: the administrators' audit log stays closed.
    expect((await program.get('/api/admin/audit-log')).status).toBe(403);
    const list = await acmeAdmin.get('/api/api-tokens');
    const shown = (list.body.tokens as { id: number; lastUsedAt: string | null }[]).find(
      (row) => row.id === token.id,
    );
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
      const path = route.path.replace(/:(\w+)/g, (_match, name: string) =>
        name === 'key' ? 'org/1/none' : '1',
      );
      const { status } = await program.send(route.method, path, route.upload ? undefined : {});
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
    const created = await program.send(
      'POST',
      '/api/library/tags',
      { name: 'From HR', color: '#336699' },
      { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(created.status).toBeLessThan(300);
    expect(created.headers.get('set-cookie')).toBeNull();
    const signIn = await program.send('POST', '/api/auth/login', {
      email: 'admin@acme.test',
      password: 'admin-Pass-1!',
    });
    expect(signIn.status).toBeLessThan(300);
    expect(signIn.headers.get('set-cookie')).toBeNull();
    const note = `by API token #${token.id} "HR system"`;
    const entry = await waitForEntry((entries) =>
      entries.find((row) => row.action === 'api.createTag' && row.detail.includes(note)),
    );
    expect(entry).toMatchObject({ outcome: 'success', actorId: acmeAdminId, actorRole: 'admin' });
  });

  it('answers 401 at once to a revoked, an expired, a foreign or a garbage token', async () => {
    const revoked = await createToken(acmeAdmin);
    expect((await withToken(revoked.secret).get('/api/team/members')).status).toBe(200);
    expect((await acmeAdmin.delete(`/api/api-tokens/${revoked.token.id}`)).status).toBe(200);
    expect((await withToken(revoked.secret).get('/api/team/members')).status).toBe(401);
    const expired = await createToken(acmeAdmin);
    expect((await withToken(expired.secret).get('/api/team/members')).status).toBe(200);
    await stack.sql.query(
      `UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [expired.token.id],
    );
    expect((await withToken(expired.secret).get('/api/team/members')).status).toBe(401);
    for (const secret of ['hubscim_Zm9vYmFyYmF6', 'garbage', 'hub_pat_guessed', '']) {
      expect((await withToken(secret).get('/api/team/members')).status, secret).toBe(401);
    }
    // A bearer header decides alone: the browser's cookie beside a bad token does not count.
    const both = await acmeAdmin.get('/api/team/members', { authorization: 'Bearer garbage' });
    expect(both.status).toBe(401);
  });

  it('is rate-limited per token with 429 and Retry-After', async () => {
    const { token, secret } = await createToken(acmeAdmin);
    const key = `${stack.redisPrefix}ratelimit:api-token:${token.id}`;
    await stack.redis.set(key, '600', 'EX', 60);
    const answer = await withToken(secret).get('/api/team/members');
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await createToken(acmeAdmin);
    expect((await withToken(other.secret).get('/api/team/members')).status).toBe(200);
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
    const { secret } = await createToken(session);
    expect((await withToken(secret).get('/api/team/members')).status).toBe(200);
    await stack.sql.query(`UPDATE users SET role = 'operator' WHERE id = $1`, [id]);
    expect((await withToken(secret).get('/api/team/members')).status).toBe(401);
  });
});

interface Entry {
  action: string;
  outcome: string;
  detail: string;
  actorId: number | null;
  actorRole: string | null;
}

/** The audit trail is written after the answer: polled until the entry shows. */
async function waitForEntry(find: (entries: Entry[]) => Entry | undefined): Promise<Entry> {
  const entries = await waitFor(
    async () => (await acmeAdmin.get('/api/admin/audit-log?limit=200')).body.entries as Entry[],
    (rows) => find(rows) !== undefined,
  );
  return find(entries)!;
}
