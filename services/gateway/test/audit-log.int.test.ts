import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { api, type AuditEntry } from '@hub/proto';
import { expectError } from './api-client.js';
import { createMember, type Member } from './tenant-fixtures.js';
import { ApiSession, fixture, startTestStack, SUPER_ADMIN, type TestStack } from './test-stack.js';

/**
 * Security-relevant actions land in an append-only audit log (who, what, when, from where),
 * which super administrators read whole and organization administrators for their own.
 */

let stack: TestStack;
let root: ApiSession;
let acme: number;
let globex: number;
let ann: Member;
let otto: Member;
let gina: Member;

async function signedIn(email: string, password: string) {
  const session = new ApiSession(stack.url);
  expect((await session.login(email, password)).status).toBe(200);
  return session;
}

async function entries(session: ApiSession): Promise<AuditEntry[]> {
  return (await session.call(api.auditLog, { query: { limit: 200 } })).entries;
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
  ann = await createMember(stack, acme, 'acme.test', 'admin', 'ann');
  otto = await createMember(stack, acme, 'acme.test', 'operator', 'otto');
  gina = await createMember(stack, globex, 'globex.test', 'admin', 'gina');
  root = await signedIn(SUPER_ADMIN.email, SUPER_ADMIN.password);
});

afterAll(async () => {
  await stack?.stop();
});

describe('audit log', () => {
  it('records failed and successful sign-ins with the account and the address', async () => {
    const wrong = new ApiSession(stack.url);
    expect((await wrong.login('ann@acme.test', 'not-her-password')).status).toBe(401);
    const signedInAgain = await signedIn(ann.email, ann.password);

    const failed = await eventually(
      root,
      (entry) =>
        entry.action === 'sign-in' && entry.outcome === 'failure' && entry.actorEmail === ann.email,
    );
    expect(failed).toMatchObject({
      actorEmail: 'ann@acme.test',
      actorId: null,
      detail: '401',
      ip: '127.0.0.1',
    });
    // The members' own sign-ins in beforeAll are written after their answers too, and may land
    // after this test began: look for Ann's.
    const succeeded = await eventually(
      signedInAgain,
      (entry) =>
        entry.action === 'sign-in' && entry.outcome === 'success' && entry.actorEmail === ann.email,
    );
    expect(succeeded).toMatchObject({
      actorId: ann.id,
      actorEmail: 'ann@acme.test',
      actorRole: 'admin',
      organizationId: acme,
    });
    expect(Date.parse(succeeded.at)).not.toBeNaN();
  });

  it('records invitations, deletions and refused attempts with their target', async () => {
    await expectError(otto.session.call(api.deleteUser, { params: { id: ann.id } }), 403);
    const invited = await root.call(api.createUser, {
      body: { email: 'ned@acme.test', name: 'Ned', role: 'manager', organizationId: acme },
    });
    const nedId = invited.user.id;
    await root.call(api.deleteUser, { params: { id: nedId } });

    const refused = await eventually(
      root,
      (entry) => entry.action === 'user.delete' && entry.outcome === 'failure',
    );
    expect(refused).toMatchObject({
      actorEmail: 'otto@acme.test',
      actorRole: 'operator',
      target: `id=${ann.id}`,
      detail: '403',
    });
    const invitation = await eventually(
      root,
      (entry) => entry.action === 'user.invite' && entry.outcome === 'success',
    );
    // A grant names the role it gave, and who gave it (not the person invited).
    expect(invitation.target).toBe(`email=ned@acme.test role=manager organizationId=${acme}`);
    expect(invitation.actorEmail).toBe(SUPER_ADMIN.email);
    // The platform's act on Acme is in Acme's log, for its administrators to read.
    expect(invitation.organizationId).toBe(acme);
    expect((await entries(ann.session)).map((entry) => entry.id)).toContain(invitation.id);
    const deleted = await eventually(
      root,
      (entry) => entry.action === 'user.delete' && entry.outcome === 'success',
    );
    expect(deleted).toMatchObject({ actorEmail: SUPER_ADMIN.email, target: `id=${nedId}` });
    // The platform deleted one of Acme's people: Acme's entry, though Ned is gone.
    expect(deleted.organizationId).toBe(acme);
    expect((await entries(ann.session)).map((entry) => entry.id)).toContain(deleted.id);
  });

  it("files an invitation resent by the platform under the invited person's organization", async () => {
    const invited = await root.call(api.createUser, {
      body: { email: 'gwen@globex.test', name: 'Gwen', role: 'operator', organizationId: globex },
    });
    const gwenId = invited.user.id;
    const answer = await root.call(api.resendInvitation, { params: { id: gwenId } });
    // The route answers as before: identity's organization is the audit trail's alone.
    expect(Object.keys(answer).sort()).toEqual(['invitationSent', 'message']);
    const resent = await eventually(
      root,
      (entry) => entry.action === 'invitation.resend' && entry.target === `id=${gwenId}`,
    );
    expect(resent).toMatchObject({ outcome: 'success', organizationId: globex });
    expect((await entries(gina.session)).map((entry) => entry.id)).toContain(resent.id);
    expect((await entries(ann.session)).map((entry) => entry.id)).not.toContain(resent.id);
  });

  it('shows organization administrators their organization only', async () => {
    await eventually(gina.session, (entry) => entry.actorEmail === 'gina@globex.test');
    expect((await entries(gina.session)).every((entry) => entry.organizationId === globex)).toBe(
      true,
    );
    const annSees = await entries(ann.session);
    expect(annSees.length).toBeGreaterThan(0);
    expect(annSees.every((entry) => entry.organizationId === acme)).toBe(true);
    const all = await entries(root);
    expect(all.some((entry) => entry.organizationId === acme)).toBe(true);
    expect(all.some((entry) => entry.organizationId === globex)).toBe(true);
    expect(all.length).toBeGreaterThan(annSees.length);
    await expectError(otto.session.call(api.auditLog), 403);
    await expectError(new ApiSession(stack.url).call(api.auditLog), 401);
  });

  it('records an export the caller cut short, as a failure', async () => {
    // An export that cannot have been sent whole before the first bytes are read: 24 MB of
    // incompressible data in the organization's files.
    await stack.storage.put(
      `org/${acme}/documents/large.bin`,
      randomBytes(24 * 1024 * 1024),
      'application/octet-stream',
    );
    const abort = new AbortController();
    const response = await fetch(`${stack.url}${api.organizationExport.path}`, {
      headers: { cookie: ann.session.cookie },
      signal: abort.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    await reader.read();
    abort.abort();
    await reader.cancel().catch(() => undefined);
    const entry = await eventually(
      ann.session,
      (found) => found.action === 'organization.export' && found.actorId === ann.id,
    );
    expect(entry).toMatchObject({
      outcome: 'failure',
      detail: expect.stringContaining('cut short'),
    });
    await stack.storage.remove(`org/${acme}/documents/large.bin`);
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

/**
 * The super administrator's acts that name no client organization (an organization created,
 * with its domain, or deleted; the prompts saved) are filed under the organization they belong
 * to: people put in that one read their own entries there, never the platform's.
 */
describe("the super administrator's own organization", () => {
  it("shows its administrators their entries, not the super administrator's", async () => {
    // The reproduction: an administrator created in the super administrator's organization.
    const platform = (await root.call(api.currentUser)).organizationId!;
    const photo = readFileSync(fixture('faces/amy/amy1.png'));
    const picture = await root.uploadTo(
      api.uploadProfilePicture,
      {},
      { name: 'pat.png', data: photo },
    );
    await root.call(api.createUser, {
      body: {
        email: 'pat@platform.test',
        name: 'Pat',
        role: 'admin',
        organizationId: platform,
        profilePicture: picture.fileName,
      },
    });
    const { rows } = await stack.sql.query<{ text_body: string }>(
      `SELECT text_body FROM outbox_mails WHERE recipient = 'pat@platform.test'`,
    );
    const link = new URL(rows[0]!.text_body.match(/https?:\/\/\S+setup-password\?\S+/)![0]);
    const password = 'Welcome-2-the-Hub!';
    await new ApiSession(stack.url).call(api.setupPassword, {
      body: {
        token: link.searchParams.get('token')!,
        email: link.searchParams.get('email')!,
        password,
      },
    });
    const pat = await signedIn('pat@platform.test', password);

    // Platform-wide acts, filed under the platform's organization.
    await root.call(api.createOrganization, {
      body: { name: 'Hooli', displayName: 'Hooli', domain: 'hooli.test' },
    });
    await root.call(api.savePrompts, { body: await root.call(api.prompts) });
    const created = await eventually(
      root,
      (entry) => entry.action === 'organization.create' && entry.target === 'domain=hooli.test',
    );
    expect(created.organizationId).toBe(platform);
    await eventually(root, (entry) => entry.action === 'prompts.save');

    await eventually(pat, (entry) => entry.action === 'sign-in' && entry.actorId !== null);
    const page = await pat.call(api.auditLog, { query: { limit: 200 } });
    expect(page.entries.length).toBeGreaterThan(0);
    expect(page.entries.every((entry) => entry.organizationId === platform)).toBe(true);
    expect(page.entries.filter((entry) => entry.actorRole === 'super_admin')).toEqual([]);
    expect(page.totalCount).toBe(page.entries.length);
    // What the platform did to a client organization is still that organization's to read.
    expect((await entries(ann.session)).some((entry) => entry.actorRole === 'super_admin')).toBe(
      true,
    );
  });
});
