import { readFileSync } from 'node:fs';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  COMMON_PASSWORD,
  EMAIL_CHANGE_LINK_INVALID,
  EMAIL_CHANGE_NEEDS_PASSWORD,
  ERROR_TEXTS,
  type PageInfo,
} from '@hub/proto';
import {
  type BodyOf,
  type CallOptions,
  type Contract,
  errorOf,
  expectError,
  parseAnswer,
} from './api-client.js';
import { invitationLink, MailCatcher } from './mail-catcher.js';
import { ApiSession, fixture, startTestStack, SUPER_ADMIN, type TestStack } from './test-stack.js';

const photo = readFileSync(fixture('faces/amy/amy1.png'));
const pdf = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\n');
const strongPassword = 'Welcome-2-the-Hub!';

let stack: TestStack;
let mail: MailCatcher;
let root: ApiSession;
let acme: number;
let globex: number;

beforeAll(async () => {
  mail = new MailCatcher();
  const smtpUrl = await mail.start();
  stack = await startTestStack({ SMTP_URL: smtpUrl, PUBLIC_URL: 'https://hub.example.test' });
  root = new ApiSession(stack.url);
  await root.login(SUPER_ADMIN.email, SUPER_ADMIN.password);
  acme = await stack.createOrganization('Acme Foods', 'acme.test');
  globex = await stack.createOrganization('Globex Plant', 'globex.test');
  await stack.createUser({
    email: 'ann@acme.test',
    password: 'Acme-Admin-1',
    role: 'admin',
    organizationId: acme,
  });
  await stack.createUser({
    email: 'gina@globex.test',
    password: 'Globex-Admin-1',
    role: 'admin',
    organizationId: globex,
  });
  for (const role of ['training_supervisor', 'manager', 'operator'] as const) {
    await stack.createUser({
      email: `${role}@acme.test`,
      password: 'Acme-Staff-1',
      role,
      organizationId: acme,
    });
  }
});

afterAll(async () => {
  await stack?.stop();
  await mail?.stop();
});

async function signedIn(email: string, password: string) {
  const session = new ApiSession(stack.url);
  expect((await session.login(email, password)).status).toBe(200);
  return session;
}

async function uploadPicture(session: ApiSession, data = photo, name = 'me.png') {
  return session.uploadTo(api.uploadProfilePicture, {}, { name, data });
}

/** How many statements of other sessions of this suite's database wait for a lock. */
async function locksAwaited(sql: pg.Client): Promise<number> {
  const { rows } = await sql.query<{ waiting: number }>(
    `SELECT count(*)::int AS waiting FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
  );
  return rows[0]!.waiting;
}

/**
 * Runs requests as close together as can be: identity's `table` held against writes (not reads)
 * until each waits on it, so all have passed their checks before any writes. `meanwhile` runs
 * in the holding transaction before it ends: a write of its own that the requests then meet.
 */
async function atOnce<T>(
  table: string,
  requests: (() => Promise<T>)[],
  meanwhile?: (sql: pg.Client) => Promise<unknown>,
): Promise<T[]> {
  const hold = new pg.Client({ connectionString: stack.databaseUrl });
  await hold.connect();
  try {
    await hold.query('BEGIN');
    await hold.query(`LOCK TABLE identity.${table} IN SHARE MODE`);
    const all = Promise.all(requests.map((request) => request()));
    await expect.poll(() => locksAwaited(hold)).toBe(requests.length);
    await meanwhile?.(hold);
    await hold.query('COMMIT');
    return await all;
  } finally {
    await hold.end();
  }
}

/** The same request twice at once (see atOnce). */
const twoAtOnce = <T>(table: string, request: () => Promise<T>) =>
  atOnce(table, [request, request]);

const createUser = (body: BodyOf<typeof api.createUser>, session = root) =>
  session.call(api.createUser, { body });

/** Follows a paged list's nextCursor from the first page to the last: its ids and its pages. */
async function walkPages<TPage extends PageInfo & { organizations: { id: number }[] }>(
  page: (cursor: string | undefined) => Promise<TPage>,
) {
  const pages: TPage[] = [];
  let cursor: string | undefined;
  do {
    const answer = await page(cursor);
    pages.push(answer);
    cursor = answer.nextCursor ?? undefined;
  } while (cursor !== undefined && pages.length < 50);
  return { ids: pages.flatMap((answer) => answer.organizations.map((row) => row.id)), pages };
}

/** A body the contract refuses, sent as is: for the server's own messages. */
const createUserAsIs = (body: object) => root.call(api.createUser, { invalidBody: body });

describe('organizations (super administrator)', () => {
  it('validates with the spec messages on the server', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ displayName: 'X', domain: 'x.test' }, 'Organization name is required'],
      [{ name: 'X', displayName: ' ', domain: 'x.test' }, 'Display name is required'],
      [{ name: 'X', displayName: 'X', domain: '' }, 'Domain is required'],
      [
        { name: 'X', displayName: 'X', domain: 'x.test', samlEnabled: true, auth0OrgId: '' },
        'Auth0 Organization ID is required when SAML is enabled',
      ],
    ];
    for (const [body, message] of cases) {
      const refused = root.call(api.createOrganization, { invalidBody: body });
      expect((await expectError(refused, 400)).message).toBe(message);
    }
  });

  it('creates, lists and refuses a second organization for the same domain', async () => {
    const created = await root.send(api.createOrganization, {
      body: {
        name: 'initech',
        displayName: 'Initech',
        domain: 'Initech.TEST',
        samlEnabled: true,
        auth0OrgId: 'org_initech',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      displayName: 'Initech',
      domain: 'initech.test',
      samlEnabled: true,
      userCount: 0,
    });
    const duplicate = root.call(api.createOrganization, {
      body: { name: 'I2', displayName: 'I2', domain: 'initech.test' },
    });
    await expectError(duplicate, 409);
    const list = await root.call(api.adminOrganizations, { query: { search: 'initech' } });
    expect(list.organizations.map((organization) => organization.domain)).toEqual(['initech.test']);
  });

  it('pages the console’s and the data panel’s organizations newest first, each once', async () => {
    // Seven more, three to a timestamp (ties need the id), with microseconds a Date would drop.
    await stack.sql.query(
      `INSERT INTO organizations (name, display_name, domain, created_at)
       SELECT 'pager-' || i, 'Pager Works ' || i, 'pager' || i || '.example',
              timestamptz '2001-01-01 00:00:00.123456+00' + (i / 3) * interval '1.000001 second'
         FROM generate_series(1, 7) AS i`,
    );
    const { rows } = await stack.sql.query<{ id: number }>(
      `SELECT id FROM organizations ORDER BY created_at DESC, id DESC`,
    );
    const expected = rows.map((row) => row.id);

    const console = await walkPages((cursor) =>
      root.call(api.adminOrganizations, { query: { limit: 3, cursor } }),
    );
    expect(console.ids).toEqual(expected);
    expect(console.pages.length).toBe(Math.ceil(expected.length / 3));
    expect(console.pages.every((page) => page.totalCount === expected.length)).toBe(true);
    expect(console.pages.at(-1)!.nextCursor).toBeNull();
    const acmeRow = console.pages
      .flatMap((page) => page.organizations)
      .find((organization) => organization.id === acme);
    expect(acmeRow).toMatchObject({ domain: 'acme.test', userCount: 4 });

    const panel = await walkPages((cursor) =>
      root.call(api.dataPanelOrganizations, { query: { limit: 4, cursor } }),
    );
    expect(panel.ids).toEqual(expected);
    expect(panel.pages.every((page) => page.totalCount === expected.length)).toBe(true);
    await expectError(root.call(api.adminOrganizations, { query: { cursor: 'bm9wZQ' } }), 400);
  });

  it('finds the console’s organizations by a piece of name, display name or domain', async () => {
    const found = await walkPages((cursor) =>
      root.call(api.adminOrganizations, { query: { search: 'PAGER w', limit: 4, cursor } }),
    );
    expect(found.pages.map((page) => page.organizations.length)).toEqual([4, 3]);
    expect(found.pages.every((page) => page.totalCount === 7)).toBe(true);
    expect(new Set(found.ids).size).toBe(7);
    expect(found.pages[0]!.organizations[0]).toMatchObject({ name: 'pager-7', userCount: 0 });
    const count = async (search: string) =>
      (await root.call(api.adminOrganizations, { query: { search } })).totalCount;
    expect(await count('pager-3')).toBe(1);
    expect(await count('pager5.EXAMPLE')).toBe(1);
    // The person's % and _ are themselves, not patterns.
    expect(await count('pager_')).toBe(0);
    expect(await count('%')).toBe(0);
  });

  it('creates one of two organizations asked for one domain at the same instant, refusing the other', async () => {
    const answers = await twoAtOnce('organizations', () =>
      root.send(api.createOrganization, {
        body: {
          name: 'Hooli',
          displayName: 'Hooli',
          domain: 'hooli.test',
          samlEnabled: true,
          auth0OrgId: 'org_hooli',
        },
      }),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const refused = errorOf(answers.find((answer) => answer.status === 409)!);
    expect(refused).toMatchObject({ code: 'organization_domain_exists', field: 'domain' });
    const { rowCount } = await stack.sql.query(`SELECT 1 FROM organizations WHERE domain = $1`, [
      'hooli.test',
    ]);
    expect(rowCount).toBe(1);
  });

  it('creates one of two SAML organizations given one identifier at the same instant', async () => {
    let n = 0;
    const answers = await twoAtOnce('organizations', () => {
      n += 1;
      return root.send(api.createOrganization, {
        body: {
          name: `Vandelay ${n}`,
          displayName: `Vandelay ${n}`,
          domain: `vandelay${n}.test`,
          samlEnabled: true,
          auth0OrgId: 'org_vandelay',
        },
      });
    });
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const refused = errorOf(answers.find((answer) => answer.status === 409)!);
    expect(refused).toMatchObject({ code: 'sso_organization_in_use', field: 'auth0OrgId' });
  });
});

describe('access to the console', () => {
  const adminRoutes: Contract[] = [
    api.adminOverview,
    api.adminOrganizations,
    api.createOrganization,
    api.deleteOrganization,
    api.adminUsers,
    api.createUser,
    api.deleteUser,
    api.resendInvitation,
    api.prompts,
    api.savePrompts,
    api.dataPanelUsers,
    api.dataPanelOrganizations,
  ];

  it('refuses every other role with 403, including every organization admin', async () => {
    const sessions = [
      await signedIn('ann@acme.test', 'Acme-Admin-1'),
      await signedIn('gina@globex.test', 'Globex-Admin-1'),
      await signedIn('training_supervisor@acme.test', 'Acme-Staff-1'),
      await signedIn('manager@acme.test', 'Acme-Staff-1'),
      await signedIn('operator@acme.test', 'Acme-Staff-1'),
    ];
    for (const session of sessions) {
      for (const route of adminRoutes) {
        const options: CallOptions<Contract> = { params: { id: 1 } };
        if (route.method === 'PUT') options.invalidBody = {};
        const { status } = await session.send(route, options);
        expect(status, `${route.method} ${route.path}`).toBe(403);
      }
    }
  });
});

describe('users and invitations', () => {
  it('creates a pending user with a picture and mails a single-use link to /setup-password', async () => {
    const upload = await uploadPicture(root);
    const answer = await root.send(api.createUser, {
      body: {
        email: 'Hank@Acme.test',
        name: 'Hank Hill',
        organizationId: acme,
        role: 'training_supervisor',
        profilePicture: upload.fileName,
      },
    });
    expect(answer.status).toBe(201);
    const created = parseAnswer(api.createUser, answer);
    expect(created).toMatchObject({
      email: 'hank@acme.test',
      name: 'Hank Hill',
      invitationSent: true,
    });
    const { user } = created;
    expect(user).toMatchObject({ isActive: false, organizationId: acme });
    expect(user.profilePicture).toMatch(/^\/api\/users\/\d+\/profile-picture\?v=/);
    const keys = await stack.storage.list(`org/${acme}/profile-pictures/`);
    expect(keys.length).toBe(1);

    const invitation = invitationLink(
      await mail.waitFor('hank@acme.test', /invited to Acme Foods/),
    );
    expect(invitation.url.origin + invitation.url.pathname).toBe(
      'https://hub.example.test/setup-password',
    );
    // The page it opens reads in the mail's language.
    expect(invitation.url.searchParams.get('lang')).toBe('en');
    const stored = await stack.sql.query(`SELECT token_hash FROM invitations`);
    expect(JSON.stringify(stored.rows)).not.toContain(invitation.token);

    const anonymous = new ApiSession(stack.url);
    const verified = await anonymous.call(api.verifyInvitation, {
      body: { token: invitation.token, email: invitation.email },
    });
    expect(verified).toMatchObject({
      userName: 'Hank Hill',
      organizationName: 'Acme Foods',
      hasProfilePicture: true,
    });
    const setUp = (password: string) =>
      anonymous.send(api.setupPassword, {
        body: { token: invitation.token, email: invitation.email, password },
      });
    const weak = await anonymous.send(api.setupPassword, {
      invalidBody: { ...invitation, url: undefined, password: 'password' },
    });
    expect(weak.status).toBe(400);
    const common = await setUp('Welcome1!');
    expect(common.status).toBe(400);
    expect(errorOf(common).message).toBe(COMMON_PASSWORD);
    expect((await setUp(strongPassword)).status).toBe(200);
    const again = await setUp(strongPassword);
    expect(again.status).toBe(409);
    expect(errorOf(again).message).toMatch(/already been used/);
    expect((await anonymous.login('hank@acme.test', strongPassword)).status).toBe(200);
  });

  it("refuses to invite someone on another organization's domain into this one", async () => {
    const refused = await expectError(
      createUser({
        email: 'gwen@globex.test',
        name: 'Gwen',
        organizationId: acme,
        role: 'operator',
      }),
      409,
      'email_domain_of_another_organization',
    );
    expect(refused.message).toBe("This email's domain belongs to another organization.");
    const contractor = await createUser({
      email: 'temp@contractor.test',
      name: 'Temp',
      organizationId: acme,
      role: 'operator',
    });
    expect(contractor.email).toBe('temp@contractor.test');
  });

  it('sends users without a picture to /enhanced-setup, which requires a JPEG or PNG photo', async () => {
    const created = await createUser({ email: 'ivy@acme.test', name: 'Ivy', organizationId: acme });
    expect(created.invitationSent).toBe(true);
    expect(created.user.role).toBe('operator');
    const invitation = invitationLink(await mail.waitFor('ivy@acme.test'));
    expect(invitation.url.pathname).toBe('/enhanced-setup');
    const anonymous = new ApiSession(stack.url);
    const fields = { token: invitation.token, email: invitation.email, password: strongPassword };

    const withoutPhoto = anonymous.call(api.setupPassword, { body: fields });
    expect((await expectError(withoutPhoto, 400)).message).toBe(
      'Please upload a profile picture to complete your account setup.',
    );
    const withPhoto = (name: string, data: Buffer, headers: Record<string, string> = {}) =>
      anonymous.uploadTo(api.setupPasswordWithProfile, fields, { name, data }, { headers });
    const wrongType = await expectError(withPhoto('photo.png', pdf), 400);
    expect(wrongType.message).toBe('Please select a JPEG or PNG image.');
    const tooLarge = Buffer.concat([photo.subarray(0, 16), Buffer.alloc(5 * 1024 * 1024)]);
    const large = await expectError(withPhoto('big.png', tooLarge), 413);
    expect(large.message).toBe('Profile picture must be less than 5MB.');
    expect(await stack.storage.list(`org/${acme}/profile-pictures/`)).toHaveLength(1);

    await withPhoto('me.png', photo, { 'x-time-zone': 'Europe/Madrid' });
    // Her device's zone is remembered from the setup, as from a sign-in.
    const zone = await stack.sql.query(
      `SELECT p.browser_time_zone FROM user_preferences p JOIN users u ON u.id = p.user_id
        WHERE u.email = 'ivy@acme.test'`,
    );
    expect(zone.rows).toEqual([{ browser_time_zone: 'Europe/Madrid' }]);
    const ivy = await signedIn('ivy@acme.test', strongPassword);
    const me = await ivy.call(api.currentUser);
    const picture = await fetch(`${stack.url}${me.profilePicture!}`, {
      headers: { cookie: ivy.cookie },
    });
    expect(picture.headers.get('content-type')).toBe('image/png');
    // Stored re-encoded (no metadata), so the same picture but not the same bytes.
    const served = await sharp(Buffer.from(await picture.arrayBuffer())).metadata();
    const sent = await sharp(photo).metadata();
    expect([served.format, served.width, served.height]).toEqual(['png', sent.width, sent.height]);
  });

  it('invalidates the previous link on resend, refuses expired links, and refuses resend once active', async () => {
    const created = await createUser({ email: 'jo@acme.test', name: 'Jo', organizationId: acme });
    const userId = created.user.id;
    const first = invitationLink(await mail.waitFor('jo@acme.test'));
    const resend = (id: number) => root.call(api.resendInvitation, { params: { id } });
    expect(await resend(userId)).toMatchObject({ invitationSent: true });
    await expect.poll(() => mail.mails.filter((m) => m.to === 'jo@acme.test').length).toBe(2);
    const second = invitationLink(mail.mails.filter((m) => m.to === 'jo@acme.test')[1]!);
    expect(second.token).not.toBe(first.token);
    const anonymous = new ApiSession(stack.url);
    const verify = (link: { token: string; email: string }) =>
      anonymous.call(api.verifyInvitation, { body: { token: link.token, email: link.email } });
    const old = await expectError(verify(first), 404);
    expect(old.message).toBe('This password setup link is invalid or has expired.');
    await stack.sql.query(
      `UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE user_id = $1`,
      [userId],
    );
    const expired = await expectError(verify(second), 404);
    expect(expired.message).toMatch(/expired/);
    const ann = await stack.sql.query<{ id: number }>(
      `SELECT id FROM users WHERE email = 'ann@acme.test'`,
    );
    await expectError(resend(ann.rows[0]!.id), 409);
  });

  it('leaves one working link after two resends at the same instant', async () => {
    const created = await createUser({ email: 'kai@acme.test', name: 'Kai', organizationId: acme });
    await mail.waitFor('kai@acme.test');
    const resend = () => root.call(api.resendInvitation, { params: { id: created.user.id } });
    // The first link held until both resends wait on it: they then run as close as can be.
    const hold = new pg.Client({ connectionString: stack.databaseUrl });
    await hold.connect();
    await hold.query('BEGIN');
    await hold.query(`SELECT 1 FROM identity.invitations WHERE user_id = $1 FOR UPDATE`, [
      created.user.id,
    ]);
    const resent = Promise.all([resend(), resend()]);
    await expect.poll(() => locksAwaited(hold)).toBe(2);
    await hold.query('COMMIT');
    await hold.end();
    await resent;
    const sent = () => mail.mails.filter((m) => m.to === 'kai@acme.test');
    await expect.poll(() => sent().length).toBe(3);
    const anonymous = new ApiSession(stack.url);
    const answers = await Promise.all(
      sent()
        .slice(1)
        .map(invitationLink)
        .map(({ token, email }) =>
          anonymous.send(api.verifyInvitation, { body: { token, email } }),
        ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404]);
  });

  it('keeps the user when the invitation mail cannot be sent, and says so', async () => {
    const offline = await startTestStack({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const admin = await new ApiSession(offline.url);
      await admin.login(SUPER_ADMIN.email, SUPER_ADMIN.password);
      const organizationId = await offline.createOrganization('Offline Co', 'offline.test');
      const answer = await admin.send(api.createUser, {
        body: { email: 'kim@offline.test', name: 'Kim', organizationId },
      });
      expect(answer.status).toBe(201);
      const created = parseAnswer(api.createUser, answer);
      expect(created.invitationSent).toBe(false);
      expect(created.message).toContain('failed to send');
      const { users } = await admin.call(api.adminUsers);
      expect(users.find((user) => user.email === 'kim@offline.test')).toMatchObject({
        isActive: false,
      });
    } finally {
      await offline.stop();
    }
  });

  it('keeps mail in the outbox, link included, when no SMTP server is configured', async () => {
    const local = await startTestStack();
    try {
      const admin = new ApiSession(local.url);
      await admin.login(SUPER_ADMIN.email, SUPER_ADMIN.password);
      const organizationId = await local.createOrganization('Local Co', 'local.test');
      const created = await createUser(
        { email: 'lee@local.test', name: 'Lee', organizationId },
        admin,
      );
      expect(created.invitationSent).toBe(true);
      const { rows } = await local.sql.query<{ recipient: string; text_body: string }>(
        `SELECT recipient, text_body FROM outbox_mails`,
      );
      expect(rows[0]?.recipient).toBe('lee@local.test');
      expect(rows[0]?.text_body).toMatch(/\/enhanced-setup\?token=[\w-]+&email=lee%40local\.test/);
    } finally {
      await local.stop();
    }
  });

  it('validates user creation with the spec messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'nope', name: 'A', organizationId: acme }, 'Valid email is required'],
      [{ email: 'a@acme.test', name: '', organizationId: acme }, 'Name is required'],
      [{ email: 'a@acme.test', name: 'A', organizationId: 0 }, 'Organization is required'],
    ];
    for (const [body, message] of cases) {
      expect((await expectError(createUserAsIs(body), 400)).message).toBe(message);
    }
    const superAdmin = { email: 'x@acme.test', name: 'X', organizationId: acme };
    await expectError(createUserAsIs({ ...superAdmin, role: 'super_admin' }), 400);
    await expectError(
      createUser({ email: 'ann@acme.test', name: 'Dup', organizationId: acme }),
      409,
    );
  });

  it('deletes a user with their sessions and picture', async () => {
    const upload = await uploadPicture(root);
    const created = await createUser({
      email: 'max@globex.test',
      name: 'Max',
      organizationId: globex,
      profilePicture: upload.fileName,
    });
    const id = created.user.id;
    expect(await stack.storage.list(`org/${globex}/profile-pictures/`)).toHaveLength(1);
    await root.call(api.deleteUser, { params: { id } });
    expect(await stack.storage.list(`org/${globex}/profile-pictures/`)).toHaveLength(0);
    expect((await stack.sql.query(`SELECT 1 FROM users WHERE id = $1`, [id])).rowCount).toBe(0);
  });

  it('deletes the pictures a deleted user uploaded without choosing them', async () => {
    const organizationId = await stack.createOrganization('Bachmanity', 'bachmanity.test');
    const id = await stack.createUser({
      email: 'erlich@bachmanity.test',
      password: 'Acme-Staff-1',
      role: 'manager',
      organizationId,
    });
    const erlich = await signedIn('erlich@bachmanity.test', 'Acme-Staff-1');
    await erlich.call(api.changeProfilePicture, {
      body: { fileName: (await uploadPicture(erlich)).fileName },
    });
    // Two more uploaded, never chosen (a form left half way).
    await uploadPicture(erlich);
    await uploadPicture(erlich);
    const stored = () => stack.storage.list(`org/${organizationId}/profile-pictures/`);
    expect(await stored()).toHaveLength(3);
    await root.call(api.deleteUser, { params: { id } });
    expect(await stored()).toEqual([]);
    const { rowCount } = await stack.sql.query(
      `SELECT 1 FROM picture_uploads WHERE uploaded_by = $1`,
      [id],
    );
    expect(rowCount).toBe(0);
  });

  it('creates one of two users invited with one email at the same instant, with one picture', async () => {
    const organizationId = await stack.createOrganization('Pied Piper', 'piedpiper.test');
    const uploads = [await uploadPicture(root), await uploadPicture(root)];
    let n = 0;
    const answers = await twoAtOnce('users', () =>
      root.send(api.createUser, {
        body: {
          email: 'richard@piedpiper.test',
          name: 'Richard',
          organizationId,
          profilePicture: uploads[n++]!.fileName,
        },
      }),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const refused = errorOf(answers.find((answer) => answer.status === 409)!);
    expect(refused).toMatchObject({ code: 'user_email_exists', field: 'email' });
    // The refused one's picture is not left behind under the organization.
    expect(await stack.storage.list(`org/${organizationId}/profile-pictures/`)).toHaveLength(1);
  });
});

describe('profile', () => {
  it('updates the name at once, and the email only with the current password and a confirmed link', async () => {
    const session = await signedIn('manager@acme.test', 'Acme-Staff-1');
    const withPassword = { currentPassword: 'Acme-Staff-1' };
    const profile = (body: BodyOf<typeof api.updateProfile>) =>
      session.call(api.updateProfile, { body });
    await expectError(profile({ name: 'M', email: 'ann@acme.test', ...withPassword }), 409);
    const noName = await expectError(profile({ name: '', email: 'x@acme.test' }), 400);
    expect(noName.message).toBe('Name is required');
    const badEmail = await expectError(profile({ name: 'M', email: 'bad' }), 400);
    expect(badEmail.message).toBe('Invalid email address');
    const renamed = await profile({ name: 'Mona Manager', email: 'manager@acme.test' });
    expect(renamed).toMatchObject({ name: 'Mona Manager', email: 'manager@acme.test' });

    const mona = { name: 'Mona Manager', email: 'mona@acme.test' };
    const noPassword = await expectError(profile(mona), 400);
    expect(noPassword).toMatchObject({
      message: EMAIL_CHANGE_NEEDS_PASSWORD,
      field: 'currentPassword',
    });
    const wrongPassword = await expectError(profile({ ...mona, currentPassword: 'guess' }), 400);
    expect(wrongPassword.message).toBe('Current password is incorrect.');

    const requested = await profile({ ...mona, ...withPassword });
    // Nothing changes until the new address confirms.
    expect(requested.email).toBe('manager@acme.test');
    expect((await new ApiSession(stack.url).login('mona@acme.test', 'Acme-Staff-1')).status).toBe(
      401,
    );
    const confirmation = await mail.waitFor('mona@acme.test', /Confirm your new email/);
    const link = new URL(/https:\/\/\S+\/confirm-email\?\S+/.exec(confirmation.text)![0]);
    expect(link.origin).toBe('https://hub.example.test');
    expect(link.searchParams.get('lang')).toBe('en');
    const anonymous = new ApiSession(stack.url);
    const confirm = (token: string) => anonymous.call(api.confirmEmail, { body: { token } });
    const forged = await expectError(confirm('made-up'), 400);
    expect(forged.message).toBe('This email confirmation link is invalid or has expired.');
    const token = link.searchParams.get('token')!;
    const confirmed = await confirm(token);
    expect(confirmed).toEqual({
      message: 'Your email address is now mona@acme.test.',
      email: 'mona@acme.test',
    });
    await expectError(confirm(token), 400);
    expect((await session.call(api.currentUser)).email).toBe('mona@acme.test');
    expect((await new ApiSession(stack.url).login('mona@acme.test', 'Acme-Staff-1')).status).toBe(
      200,
    );
  });

  it('changes the password after checking the current one, and ends the other sessions', async () => {
    const here = await signedIn('training_supervisor@acme.test', 'Acme-Staff-1');
    const elsewhere = await signedIn('training_supervisor@acme.test', 'Acme-Staff-1');
    const change = (newPassword: string, confirmPassword = newPassword, current = 'Acme-Staff-1') =>
      here.call(api.changePassword, {
        body: { currentPassword: current, newPassword, confirmPassword },
      });
    const wrong = await expectError(change('New-Pass-123', 'New-Pass-123', 'nope'), 400);
    expect(wrong.message).toBe('Current password is incorrect.');
    const mismatch = await expectError(change('New-Pass-123', 'New-Pass-124'), 400);
    expect(mismatch.message).toBe("Passwords don't match");
    const short = await expectError(change('short'), 400);
    expect(short.message).toBe('Password must be at least 8 characters');
    const weak = await expectError(change('aaaaaaaa'), 400);
    expect(weak.message).toBe(
      'Password must be at least 8 characters and contain an uppercase letter, a lowercase letter, a number and a special character.',
    );
    const common = await expectError(change('Password1!'), 400);
    expect(common).toMatchObject({ message: COMMON_PASSWORD, field: 'newPassword' });
    await change('New-Pass-123');
    expect((await here.send(api.currentUser)).status).toBe(200);
    expect((await elsewhere.send(api.currentUser)).status).toBe(401);
    expect(
      (await new ApiSession(stack.url).login('training_supervisor@acme.test', 'New-Pass-123'))
        .status,
    ).toBe(200);
  });

  it("refuses a new email on another organization's domain, also one claimed while the link waited", async () => {
    await stack.createUser({
      email: 'dora@acme.test',
      password: 'Acme-Staff-1',
      role: 'operator',
      organizationId: acme,
    });
    const dora = await signedIn('dora@acme.test', 'Acme-Staff-1');
    const moveTo = (email: string) =>
      dora.call(api.updateProfile, {
        body: { name: 'Dora', email, currentPassword: 'Acme-Staff-1' },
      });
    const refused = await expectError(moveTo('dora@globex.test'), 409);
    expect(refused).toMatchObject({
      message: ERROR_TEXTS.email_domain_of_another_organization,
      field: 'email',
    });
    await moveTo('dora@umbrella-labs.test');
    const mailed = await mail.waitFor('dora@umbrella-labs.test', /Confirm your new email/);
    const token = new URL(
      /https:\/\/\S+\/confirm-email\?\S+/.exec(mailed.text)![0],
    ).searchParams.get('token')!;
    await stack.createOrganization('Umbrella Labs', 'umbrella-labs.test');
    const late = await expectError(
      new ApiSession(stack.url).call(api.confirmEmail, { body: { token } }),
      409,
    );
    expect(late.message).toBe(ERROR_TEXTS.email_domain_of_another_organization);
    expect((await dora.call(api.currentUser)).email).toBe('dora@acme.test');
  });

  it('refuses a confirmed email that another account took at the same instant', async () => {
    await stack.createUser({
      email: 'finn@acme.test',
      password: 'Acme-Staff-1',
      role: 'operator',
      organizationId: acme,
    });
    const finn = await signedIn('finn@acme.test', 'Acme-Staff-1');
    await finn.call(api.updateProfile, {
      body: { name: 'Finn', email: 'finn@elsewhere.test', currentPassword: 'Acme-Staff-1' },
    });
    const mailed = await mail.waitFor('finn@elsewhere.test', /Confirm your new email/);
    const token = new URL(
      /https:\/\/\S+\/confirm-email\?\S+/.exec(mailed.text)![0],
    ).searchParams.get('token')!;
    // The link is opened as an invitation to the same address is saved: the invitation first.
    const [confirmed] = await atOnce(
      'users',
      [() => new ApiSession(stack.url).send(api.confirmEmail, { body: { token } })],
      (sql) =>
        sql.query(
          `INSERT INTO identity.users (email, name, role, organization_id)
           VALUES ('finn@elsewhere.test', 'Other Finn', 'operator', $1)`,
          [acme],
        ),
    );
    expect(confirmed!.status).toBe(409);
    expect(errorOf(confirmed!)).toMatchObject({ message: ERROR_TEXTS.email_taken, field: 'email' });
    expect((await finn.call(api.currentUser)).email).toBe('finn@acme.test');
  });

  it('keeps one picture of two chosen at the same instant, removing the other', async () => {
    const organizationId = await stack.createOrganization('Hooli XYZ', 'hoolixyz.test');
    await stack.createUser({
      email: 'gavin@hoolixyz.test',
      password: 'Acme-Staff-1',
      role: 'operator',
      organizationId,
    });
    const gavin = await signedIn('gavin@hoolixyz.test', 'Acme-Staff-1');
    const choose = (fileName: string) => () =>
      gavin.send(api.changeProfilePicture, { body: { fileName } });
    const first = await uploadPicture(gavin);
    await choose(first.fileName)();
    const uploads = [await uploadPicture(gavin), await uploadPicture(gavin)];
    const answers = await atOnce(
      'users',
      uploads.map((upload) => choose(upload.fileName)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    // The picture shown is the one stored: neither the first nor the one replaced is left over.
    expect(await stack.storage.list(`org/${organizationId}/profile-pictures/`)).toHaveLength(1);
  });

  it('keeps only the newest ten pictures a person uploaded without choosing them', async () => {
    const organizationId = await stack.createOrganization('Raviga', 'raviga.test');
    await stack.createUser({
      email: 'laurie@raviga.test',
      password: 'Acme-Staff-1',
      role: 'manager',
      organizationId,
    });
    const laurie = await signedIn('laurie@raviga.test', 'Acme-Staff-1');
    const uploads = [];
    for (let i = 0; i < 12; i += 1) uploads.push(await uploadPicture(laurie));
    const stored = () => stack.storage.list(`org/${organizationId}/profile-pictures/`);
    expect(await stored()).toHaveLength(10);
    const choose = (fileName: string) =>
      laurie.call(api.changeProfilePicture, { body: { fileName } });
    await expectError(choose(uploads[1]!.fileName), 400);
    await choose(uploads[2]!.fileName);
    await choose(uploads[11]!.fileName);
    expect(await stored()).toHaveLength(9);
  });

  it('drops a pending email change when the password changes: its link no longer works', async () => {
    await stack.createUser({
      email: 'eve@acme.test',
      password: 'Acme-Staff-1',
      role: 'operator',
      organizationId: acme,
    });
    const eve = await signedIn('eve@acme.test', 'Acme-Staff-1');
    await eve.call(api.updateProfile, {
      body: { name: 'Eve', email: 'eve@elsewhere.test', currentPassword: 'Acme-Staff-1' },
    });
    const mailed = await mail.waitFor('eve@elsewhere.test', /Confirm your new email/);
    const token = new URL(
      /https:\/\/\S+\/confirm-email\?\S+/.exec(mailed.text)![0],
    ).searchParams.get('token')!;
    await eve.call(api.changePassword, {
      body: {
        currentPassword: 'Acme-Staff-1',
        newPassword: 'Fresh-Start-42',
        confirmPassword: 'Fresh-Start-42',
      },
    });
    const stale = await expectError(
      new ApiSession(stack.url).call(api.confirmEmail, { body: { token } }),
      400,
    );
    expect(stale.message).toBe(EMAIL_CHANGE_LINK_INVALID);
    expect((await eve.call(api.currentUser)).email).toBe('eve@acme.test');
  });

  it('lets a user change their own picture, checks type and size, and hides it from other organizations', async () => {
    const operator = await signedIn('operator@acme.test', 'Acme-Staff-1');
    const svg = uploadPicture(operator, Buffer.from('<svg></svg>'), 'x.png');
    expect((await expectError(svg, 400)).message).toBe('Please select an image file.');
    const tooLarge = Buffer.concat([photo.subarray(0, 16), Buffer.alloc(5 * 1024 * 1024)]);
    const large = await expectError(uploadPicture(operator, tooLarge), 413);
    expect(large.message).toBe('Profile picture must be less than 5MB.');
    const upload = await uploadPicture(operator);
    const choose = (session: ApiSession, fileName: string) =>
      session.call(api.changeProfilePicture, { body: { fileName } });
    const changed = await choose(operator, upload.fileName);
    const url = changed.profilePicture!;
    const gina = await signedIn('gina@globex.test', 'Globex-Admin-1');
    expect((await fetch(`${stack.url}${url}`, { headers: { cookie: gina.cookie } })).status).toBe(
      404,
    );
    const ann = await signedIn('ann@acme.test', 'Acme-Admin-1');
    expect((await fetch(`${stack.url}${url}`, { headers: { cookie: ann.cookie } })).status).toBe(
      200,
    );
    await expectError(choose(operator, upload.fileName), 400);
    await expectError(choose(gina, (await uploadPicture(operator)).fileName), 400);
  });
});

describe('notifications and prompts', () => {
  it('notifies admins of invitations, stores read state and mails those who opted in', async () => {
    const ann = await signedIn('ann@acme.test', 'Acme-Admin-1');
    const setting = (body: object) =>
      ann.call(api.changeNotificationSetting, { invalidBody: body });
    const changed = await ann.call(api.changeNotificationSetting, {
      body: { emailNotifications: true },
    });
    expect(changed).toMatchObject({ emailNotifications: true, pushNotifications: false });
    await expectError(setting({ emailNotifications: true, systemUpdates: true }), 400);
    await createUser({ email: 'ned@acme.test', name: 'Ned', organizationId: acme });
    const { notifications: notices } = await ann.call(api.notifications);
    const invited = notices.find(
      (notice) =>
        notice.title === 'User invited' && JSON.stringify(notice).includes('ned@acme.test'),
    );
    expect(invited?.read).toBe(false);
    await mail.waitFor('ann@acme.test', /User invited/);

    const summaryBefore = await ann.call(api.activitySummary);
    expect(summaryBefore.notificationsThisWeek).toBeGreaterThan(0);
    const markRead = (session: ApiSession) =>
      session.call(api.markNotificationRead, { params: { id: invited!.id } });
    expect(await markRead(ann)).toMatchObject({ id: invited!.id, read: true });
    const gina = await signedIn('gina@globex.test', 'Globex-Admin-1');
    await expectError(markRead(gina), 404);
    expect((await ann.send(api.markAllNotificationsRead)).status).toBe(200);
    const after = (await ann.call(api.notifications)).notifications;
    expect(after.every((notice) => notice.read)).toBe(true);
    const summaryAfter = await ann.call(api.activitySummary);
    expect(summaryAfter.pendingItems).toBeLessThan(summaryBefore.pendingItems);
    expect(summaryAfter.actionsCompleted).toBeGreaterThan(0);
  });

  it('persists the global prompts', async () => {
    await root.call(api.savePrompts, {
      body: { quizPrompts: 'Ask about PPE.', videoAnalysisPrompts: 'Check gloves.' },
    });
    expect(await root.call(api.prompts)).toEqual({
      quizPrompts: 'Ask about PPE.',
      videoAnalysisPrompts: 'Check gloves.',
    });
    const overview = await root.call(api.adminOverview);
    expect(overview.onboarding.find((step) => step.key === 'settings')?.done).toBe(true);
    expect(overview.onboarding.find((step) => step.key === 'admins')?.done).toBe(true);
    expect(overview.activeSessions).toBeGreaterThan(0);
  });
});

describe('deleting an organization', () => {
  it('removes all of its data and stored files, leaving nothing orphaned', async () => {
    const org = await root.call(api.createOrganization, {
      body: { name: 'Doomed', displayName: 'Doomed Inc', domain: 'doomed.test' },
    });
    const organizationId = org.id;
    const upload = await uploadPicture(root);
    const created = await root.send(api.createUser, {
      body: {
        email: 'olga@doomed.test',
        name: 'Olga',
        organizationId,
        role: 'admin',
        profilePicture: upload.fileName,
      },
    });
    const invitation = invitationLink(await mail.waitFor('olga@doomed.test'));
    await new ApiSession(stack.url).call(api.setupPassword, {
      body: { token: invitation.token, email: invitation.email, password: strongPassword },
    });
    const olga = await signedIn('olga@doomed.test', strongPassword);
    await uploadPicture(olga);
    expect(created.status).toBe(201);
    expect((await stack.storage.list(`org/${organizationId}/`)).length).toBe(2);

    const doomed = { params: { id: organizationId } };
    await root.call(api.deleteOrganization, doomed);
    expect((await olga.send(api.currentUser)).status).toBe(401);
    for (const table of ['users', 'notifications', 'sign_in_events', 'picture_uploads']) {
      const { rowCount } = await stack.sql.query(
        `SELECT 1 FROM ${table} WHERE organization_id = $1`,
        [organizationId],
      );
      expect(rowCount, table).toBe(0);
    }
    const { rowCount: orphans } = await stack.sql.query(
      `SELECT 1 FROM sessions s LEFT JOIN users u ON u.id = s.user_id WHERE u.id IS NULL
       UNION ALL SELECT 1 FROM invitations i LEFT JOIN users u ON u.id = i.user_id WHERE u.id IS NULL`,
    );
    expect(orphans).toBe(0);
    await expect
      .poll(() => stack.storage.list(`org/${organizationId}/`), { timeout: 10_000 })
      .toEqual([]);
    await expectError(root.call(api.deleteOrganization, doomed), 404);
  });

  it("refuses to delete the super administrator's own organization", async () => {
    const own = await root.call(api.currentUser);
    const deleting = root.call(api.deleteOrganization, { params: { id: own.organizationId! } });
    await expectError(deleting, 409);
  });
});
