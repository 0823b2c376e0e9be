import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '@hub/proto';
import { ApiSession, startTestStack, SUPER_ADMIN, type TestStack } from './test-stack.js';

/**
 * Security-relevant actions land in an append-only audit log (who, what, when, from where),
 * which super administrators read whole and organization administrators for their own.
 */

let stack: TestStack;
let root: ApiSession;
let acme: number;
let globex: number;
let annId: number;

async function signedIn(email: string, password: string) {
  const session = new ApiSession(stack.url);
  expect((await session.login(email, password)).status).toBe(200);
  return session;
}

async function entries(session: ApiSession): Promise<AuditEntry[]> {
  const answer = await session.get('/api/admin/audit-log?limit=200');
  expect(answer.status).toBe(200);
  return (answer.body as unknown as AuditPage).entries;
}

/** Entries are written once the answer is sent: wait for them without a fixed sleep. */
async function eventually(
  session: ApiSession,
  match: (entry: AuditEntry) => boolean,
): Promise<AuditEntry> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = (await entries(session)).find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error('audit entry never appeared');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  stack = await startTestStack();
  acme = await stack.createOrganization('Acme Foods', 'acme.test');
  globex = await stack.createOrganization('Globex Plant', 'globex.test');
  annId = await stack.createUser({
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
    email: 'gina@globex.test',
    password: 'Globex-Admin-1',
    role: 'admin',
    organizationId: globex,
  });
  root = await signedIn(SUPER_ADMIN.email, SUPER_ADMIN.password);
});

afterAll(async () => {
  await stack?.stop();
});

describe('audit log', () => {
  it('records failed and successful sign-ins with the account and the address', async () => {
    const wrong = new ApiSession(stack.url);
    expect((await wrong.login('ann@acme.test', 'not-her-password')).status).toBe(401);
    const ann = await signedIn('ann@acme.test', 'Acme-Admin-1');

    const failed = await eventually(
      root,
      (entry) => entry.action === 'sign-in' && entry.outcome === 'failure',
    );
    expect(failed).toMatchObject({
      actorEmail: 'ann@acme.test',
      actorId: null,
      detail: '401',
      ip: '127.0.0.1',
    });
    const succeeded = await eventually(
      ann,
      (entry) => entry.action === 'sign-in' && entry.outcome === 'success',
    );
    expect(succeeded).toMatchObject({
      actorId: annId,
      actorEmail: 'ann@acme.test',
      actorRole: 'admin',
      organizationId: acme,
    });
    expect(Date.parse(succeeded.at)).not.toBeNaN();
  });

  it('records invitations, deletions and refused attempts with their target', async () => {
    const otto = await signedIn('otto@acme.test', 'Acme-Oper-1');
    expect((await otto.delete(`/api/admin/users/${annId}`)).status).toBe(403);
    const invited = await root.post('/api/admin/users', {
      email: 'ned@acme.test',
      name: 'Ned',
      role: 'manager',
      organizationId: acme,
    });
    expect(invited.status).toBe(201);
    const nedId = (invited.body.user as { id: number }).id;
    expect((await root.delete(`/api/admin/users/${nedId}`)).status).toBe(200);

    const refused = await eventually(
      root,
      (entry) => entry.action === 'user.delete' && entry.outcome === 'failure',
    );
    expect(refused).toMatchObject({
      actorEmail: 'otto@acme.test',
      actorRole: 'operator',
      target: `id=${annId}`,
      detail: '403',
    });
    const invitation = await eventually(
      root,
      (entry) => entry.action === 'user.invite' && entry.outcome === 'success',
    );
    // A grant names the role it gave.
    expect(invitation.target).toBe(`email=ned@acme.test role=manager organizationId=${acme}`);
    const deleted = await eventually(
      root,
      (entry) => entry.action === 'user.delete' && entry.outcome === 'success',
    );
    expect(deleted).toMatchObject({ actorEmail: SUPER_ADMIN.email, target: `id=${nedId}` });
  });

  it('shows organization administrators their organization only', async () => {
    const gina = await signedIn('gina@globex.test', 'Globex-Admin-1');
    const ann = await signedIn('ann@acme.test', 'Acme-Admin-1');
    await eventually(gina, (entry) => entry.actorEmail === 'gina@globex.test');
    expect((await entries(gina)).every((entry) => entry.organizationId === globex)).toBe(true);
    const annSees = await entries(ann);
    expect(annSees.length).toBeGreaterThan(0);
    expect(annSees.every((entry) => entry.organizationId === acme)).toBe(true);
    const all = await entries(root);
    expect(all.some((entry) => entry.organizationId === acme)).toBe(true);
    expect(all.some((entry) => entry.organizationId === globex)).toBe(true);
    expect(all.length).toBeGreaterThan(annSees.length);
    const otto = await signedIn('otto@acme.test', 'Acme-Oper-1');
    expect((await otto.get('/api/admin/audit-log')).status).toBe(403);
    expect((await new ApiSession(stack.url).get('/api/admin/audit-log')).status).toBe(401);
  });

  it('refuses to change or remove what was written', async () => {
    const sql = stack.sql;
    await expect(sql.query(`UPDATE identity.audit_log SET action = 'nothing'`)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql.query(`DELETE FROM identity.audit_log`)).rejects.toThrow(/append-only/);
    await expect(sql.query(`TRUNCATE identity.audit_log`)).rejects.toThrow(/append-only/);
    const { rows } = await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM identity.audit_log`,
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
  });
});
