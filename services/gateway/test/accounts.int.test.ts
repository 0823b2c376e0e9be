import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD, EMAIL_CHANGE_NEEDS_PASSWORD } from '@hub/proto';
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
  return session.upload(
    '/api/user/profile-picture-upload',
    {},
    { field: 'profilePicture', name, data },
  );
}

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
      const { status, body: answer } = await root.post('/api/admin/organizations', body);
      expect(status).toBe(400);
      expect(answer.message).toBe(message);
    }
  });

  it('creates, lists and refuses a second organization for the same domain', async () => {
    const created = await root.post('/api/admin/organizations', {
      name: 'initech',
      displayName: 'Initech',
      domain: 'Initech.TEST',
      samlEnabled: true,
      auth0OrgId: 'org_initech',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      displayName: 'Initech',
      domain: 'initech.test',
      samlEnabled: true,
      userCount: 0,
    });
    const duplicate = await root.post('/api/admin/organizations', {
      name: 'I2',
      displayName: 'I2',
      domain: 'initech.test',
    });
    expect(duplicate.status).toBe(409);
    const list = (await root.get('/api/admin/organizations')).body as unknown as {
      domain: string;
    }[];
    expect(list.map((organization) => organization.domain)).toContain('initech.test');
  });
});

describe('access to the console', () => {
  const adminRoutes: [string, string][] = [
    ['GET', '/api/admin/overview'],
    ['GET', '/api/admin/organizations'],
    ['POST', '/api/admin/organizations'],
    ['DELETE', '/api/admin/organizations/1'],
    ['GET', '/api/admin/users'],
    ['POST', '/api/admin/users'],
    ['DELETE', '/api/admin/users/1'],
    ['POST', '/api/admin/users/1/resend-invitation'],
    ['GET', '/api/admin/prompts'],
    ['PUT', '/api/admin/prompts'],
    ['GET', '/api/users'],
    ['GET', '/api/organizations'],
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
      for (const [method, path] of adminRoutes) {
        const { status } = await session.request(
          method,
          path,
          method === 'GET' || method === 'DELETE' ? undefined : {},
        );
        expect(status, `${method} ${path}`).toBe(403);
      }
    }
  });
});

describe('users and invitations', () => {
  it('creates a pending user with a picture and mails a single-use link to /setup-password', async () => {
    const upload = await uploadPicture(root);
    expect(upload.status).toBe(201);
    const created = await root.post('/api/admin/users', {
      email: 'Hank@Acme.test',
      name: 'Hank Hill',
      organizationId: acme,
      role: 'training_supervisor',
      profilePicture: upload.body.fileName,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      email: 'hank@acme.test',
      name: 'Hank Hill',
      invitationSent: true,
    });
    const user = created.body.user as {
      isActive: boolean;
      profilePicture: string;
      organizationId: number;
    };
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
    const stored = await stack.sql.query(`SELECT token_hash FROM invitations`);
    expect(JSON.stringify(stored.rows)).not.toContain(invitation.token);

    const anonymous = new ApiSession(stack.url);
    const verified = await anonymous.post('/api/auth/verify-invitation', {
      token: invitation.token,
      email: invitation.email,
    });
    expect(verified.body).toMatchObject({
      userName: 'Hank Hill',
      organizationName: 'Acme Foods',
      hasProfilePicture: true,
    });
    const weak = await anonymous.post('/api/auth/setup-password', {
      ...invitation,
      url: undefined,
      password: 'password',
    });
    expect(weak.status).toBe(400);
    const common = await anonymous.post('/api/auth/setup-password', {
      token: invitation.token,
      email: invitation.email,
      password: 'Welcome1!',
    });
    expect(common.status).toBe(400);
    expect(common.body.message).toBe(COMMON_PASSWORD);
    const accepted = await anonymous.post('/api/auth/setup-password', {
      token: invitation.token,
      email: invitation.email,
      password: strongPassword,
    });
    expect(accepted.status).toBe(200);
    const again = await anonymous.post('/api/auth/setup-password', {
      token: invitation.token,
      email: invitation.email,
      password: strongPassword,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already been used/);
    expect((await anonymous.login('hank@acme.test', strongPassword)).status).toBe(200);
  });

  it('sends users without a picture to /enhanced-setup, which requires a JPEG or PNG photo', async () => {
    const created = await root.post('/api/admin/users', {
      email: 'ivy@acme.test',
      name: 'Ivy',
      organizationId: acme,
    });
    expect(created.body.invitationSent).toBe(true);
    expect((created.body.user as { role: string }).role).toBe('operator');
    const invitation = invitationLink(await mail.waitFor('ivy@acme.test'));
    expect(invitation.url.pathname).toBe('/enhanced-setup');
    const anonymous = new ApiSession(stack.url);
    const fields = { token: invitation.token, email: invitation.email, password: strongPassword };

    const withoutPhoto = await anonymous.post('/api/auth/setup-password', fields);
    expect(withoutPhoto.status).toBe(400);
    expect(withoutPhoto.body.message).toBe(
      'Please upload a profile picture to complete your account setup.',
    );
    const wrongType = await anonymous.upload('/api/auth/setup-password-with-profile', fields, {
      field: 'file',
      name: 'photo.png',
      data: pdf,
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toBe('Please select a JPEG or PNG image.');
    const tooLarge = Buffer.concat([photo.subarray(0, 16), Buffer.alloc(5 * 1024 * 1024)]);
    const large = await anonymous.upload('/api/auth/setup-password-with-profile', fields, {
      field: 'file',
      name: 'big.png',
      data: tooLarge,
    });
    expect(large.status).toBe(413);
    expect(large.body.message).toBe('Profile picture must be less than 5MB.');
    expect(await stack.storage.list(`org/${acme}/profile-pictures/`)).toHaveLength(1);

    const done = await anonymous.upload('/api/auth/setup-password-with-profile', fields, {
      field: 'file',
      name: 'me.png',
      data: photo,
    });
    expect(done.status).toBe(200);
    const ivy = await signedIn('ivy@acme.test', strongPassword);
    const me = (await ivy.get('/api/user')).body as { profilePicture: string };
    const picture = await fetch(`${stack.url}${me.profilePicture}`, {
      headers: { cookie: ivy.cookie },
    });
    expect(picture.headers.get('content-type')).toBe('image/png');
    // Stored re-encoded (no metadata), so the same picture but not the same bytes.
    const served = await sharp(Buffer.from(await picture.arrayBuffer())).metadata();
    const sent = await sharp(photo).metadata();
    expect([served.format, served.width, served.height]).toEqual(['png', sent.width, sent.height]);
  });

  it('invalidates the previous link on resend, refuses expired links, and refuses resend once active', async () => {
    const created = await root.post('/api/admin/users', {
      email: 'jo@acme.test',
      name: 'Jo',
      organizationId: acme,
    });
    const userId = (created.body.user as { id: number }).id;
    const first = invitationLink(await mail.waitFor('jo@acme.test'));
    const resent = await root.post(`/api/admin/users/${userId}/resend-invitation`);
    expect(resent.body).toMatchObject({ invitationSent: true });
    await expect.poll(() => mail.mails.filter((m) => m.to === 'jo@acme.test').length).toBe(2);
    const second = invitationLink(mail.mails.filter((m) => m.to === 'jo@acme.test')[1]!);
    expect(second.token).not.toBe(first.token);
    const anonymous = new ApiSession(stack.url);
    const old = await anonymous.post('/api/auth/verify-invitation', {
      token: first.token,
      email: first.email,
    });
    expect(old.status).toBe(404);
    expect(old.body.message).toBe('This password setup link is invalid or has expired.');
    await stack.sql.query(
      `UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE user_id = $1`,
      [userId],
    );
    const expired = await anonymous.post('/api/auth/verify-invitation', {
      token: second.token,
      email: second.email,
    });
    expect(expired.status).toBe(404);
    expect(expired.body.message).toMatch(/expired/);
    const active = await root.post(
      `/api/admin/users/${(await stack.sql.query(`SELECT id FROM users WHERE email = 'ann@acme.test'`)).rows[0].id}/resend-invitation`,
    );
    expect(active.status).toBe(409);
  });

  it('keeps the user when the invitation mail cannot be sent, and says so', async () => {
    const offline = await startTestStack({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const admin = await new ApiSession(offline.url);
      await admin.login(SUPER_ADMIN.email, SUPER_ADMIN.password);
      const organizationId = await offline.createOrganization('Offline Co', 'offline.test');
      const created = await admin.post('/api/admin/users', {
        email: 'kim@offline.test',
        name: 'Kim',
        organizationId,
      });
      expect(created.status).toBe(201);
      expect(created.body.invitationSent).toBe(false);
      expect(created.body.message).toContain('failed to send');
      const users = (await admin.get('/api/admin/users')).body.users as unknown as {
        email: string;
        isActive: boolean;
      }[];
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
      const created = await admin.post('/api/admin/users', {
        email: 'lee@local.test',
        name: 'Lee',
        organizationId,
      });
      expect(created.body.invitationSent).toBe(true);
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
      const answer = await root.post('/api/admin/users', body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    expect(
      (
        await root.post('/api/admin/users', {
          email: 'x@acme.test',
          name: 'X',
          organizationId: acme,
          role: 'super_admin',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await root.post('/api/admin/users', {
          email: 'ann@acme.test',
          name: 'Dup',
          organizationId: acme,
        })
      ).status,
    ).toBe(409);
  });

  it('deletes a user with their sessions and picture', async () => {
    const upload = await uploadPicture(root);
    const created = await root.post('/api/admin/users', {
      email: 'max@globex.test',
      name: 'Max',
      organizationId: globex,
      profilePicture: upload.body.fileName,
    });
    const id = (created.body.user as { id: number }).id;
    expect(await stack.storage.list(`org/${globex}/profile-pictures/`)).toHaveLength(1);
    const deleted = await root.delete(`/api/admin/users/${id}`);
    expect(deleted.status).toBe(200);
    expect(await stack.storage.list(`org/${globex}/profile-pictures/`)).toHaveLength(0);
    expect((await stack.sql.query(`SELECT 1 FROM users WHERE id = $1`, [id])).rowCount).toBe(0);
  });
});

describe('profile', () => {
  it('updates the name at once, and the email only with the current password and a confirmed link', async () => {
    const session = await signedIn('manager@acme.test', 'Acme-Staff-1');
    const withPassword = { currentPassword: 'Acme-Staff-1' };
    const taken = await session.put('/api/user/profile', {
      name: 'M',
      email: 'ann@acme.test',
      ...withPassword,
    });
    expect(taken.status).toBe(409);
    expect(
      (await session.put('/api/user/profile', { name: '', email: 'x@acme.test' })).body.message,
    ).toBe('Name is required');
    expect((await session.put('/api/user/profile', { name: 'M', email: 'bad' })).body.message).toBe(
      'Invalid email address',
    );
    const renamed = await session.put('/api/user/profile', {
      name: 'Mona Manager',
      email: 'manager@acme.test',
    });
    expect(renamed.body).toMatchObject({ name: 'Mona Manager', email: 'manager@acme.test' });

    const noPassword = await session.put('/api/user/profile', {
      name: 'Mona Manager',
      email: 'mona@acme.test',
    });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body).toMatchObject({
      message: EMAIL_CHANGE_NEEDS_PASSWORD,
      field: 'currentPassword',
    });
    const wrongPassword = await session.put('/api/user/profile', {
      name: 'Mona Manager',
      email: 'mona@acme.test',
      currentPassword: 'guess',
    });
    expect(wrongPassword.body.message).toBe('Current password is incorrect.');

    const requested = await session.put('/api/user/profile', {
      name: 'Mona Manager',
      email: 'mona@acme.test',
      ...withPassword,
    });
    expect(requested.status).toBe(200);
    // Nothing changes until the new address confirms.
    expect(requested.body.email).toBe('manager@acme.test');
    expect((await new ApiSession(stack.url).login('mona@acme.test', 'Acme-Staff-1')).status).toBe(
      401,
    );
    const confirmation = await mail.waitFor('mona@acme.test', /Confirm your new email/);
    const link = new URL(/https:\/\/\S+\/confirm-email\?\S+/.exec(confirmation.text)![0]);
    expect(link.origin).toBe('https://hub.example.test');
    const anonymous = new ApiSession(stack.url);
    const forged = await anonymous.post('/api/user/email/confirm', { token: 'made-up' });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('This email confirmation link is invalid or has expired.');
    const confirmed = await anonymous.post('/api/user/email/confirm', {
      token: link.searchParams.get('token'),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toBe('Your email address is now mona@acme.test.');
    const again = await anonymous.post('/api/user/email/confirm', {
      token: link.searchParams.get('token'),
    });
    expect(again.status).toBe(400);
    expect((await session.get('/api/user')).body.email).toBe('mona@acme.test');
    expect((await new ApiSession(stack.url).login('mona@acme.test', 'Acme-Staff-1')).status).toBe(
      200,
    );
  });

  it('changes the password after checking the current one, and ends the other sessions', async () => {
    const here = await signedIn('training_supervisor@acme.test', 'Acme-Staff-1');
    const elsewhere = await signedIn('training_supervisor@acme.test', 'Acme-Staff-1');
    const wrong = await here.put('/api/user/password', {
      currentPassword: 'nope',
      newPassword: 'New-Pass-123',
      confirmPassword: 'New-Pass-123',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Current password is incorrect.');
    const mismatch = await here.put('/api/user/password', {
      currentPassword: 'Acme-Staff-1',
      newPassword: 'New-Pass-123',
      confirmPassword: 'New-Pass-124',
    });
    expect(mismatch.body.message).toBe("Passwords don't match");
    const short = await here.put('/api/user/password', {
      currentPassword: 'Acme-Staff-1',
      newPassword: 'short',
      confirmPassword: 'short',
    });
    expect(short.body.message).toBe('Password must be at least 8 characters');
    const weak = await here.put('/api/user/password', {
      currentPassword: 'Acme-Staff-1',
      newPassword: 'aaaaaaaa',
      confirmPassword: 'aaaaaaaa',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe(
      'Password must be at least 8 characters and contain an uppercase letter, a lowercase letter, a number and a special character.',
    );
    const common = await here.put('/api/user/password', {
      currentPassword: 'Acme-Staff-1',
      newPassword: 'Password1!',
      confirmPassword: 'Password1!',
    });
    expect(common.status).toBe(400);
    expect(common.body).toMatchObject({ message: COMMON_PASSWORD, field: 'newPassword' });
    const changed = await here.put('/api/user/password', {
      currentPassword: 'Acme-Staff-1',
      newPassword: 'New-Pass-123',
      confirmPassword: 'New-Pass-123',
    });
    expect(changed.status).toBe(200);
    expect((await here.get('/api/user')).status).toBe(200);
    expect((await elsewhere.get('/api/user')).status).toBe(401);
    expect(
      (await new ApiSession(stack.url).login('training_supervisor@acme.test', 'New-Pass-123'))
        .status,
    ).toBe(200);
  });

  it('lets a user change their own picture, checks type and size, and hides it from other organizations', async () => {
    const operator = await signedIn('operator@acme.test', 'Acme-Staff-1');
    const wrong = await uploadPicture(operator, Buffer.from('<svg></svg>'), 'x.png');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Please select an image file.');
    const large = await uploadPicture(
      operator,
      Buffer.concat([photo.subarray(0, 16), Buffer.alloc(5 * 1024 * 1024)]),
    );
    expect(large.status).toBe(413);
    expect(large.body.message).toBe('Profile picture must be less than 5MB.');
    const upload = await uploadPicture(operator);
    const changed = await operator.put('/api/user/profile-picture', {
      fileName: upload.body.fileName,
    });
    expect(changed.status).toBe(200);
    const url = (changed.body as { profilePicture: string }).profilePicture;
    const gina = await signedIn('gina@globex.test', 'Globex-Admin-1');
    expect((await fetch(`${stack.url}${url}`, { headers: { cookie: gina.cookie } })).status).toBe(
      404,
    );
    const ann = await signedIn('ann@acme.test', 'Acme-Admin-1');
    expect((await fetch(`${stack.url}${url}`, { headers: { cookie: ann.cookie } })).status).toBe(
      200,
    );
    const reuse = await operator.put('/api/user/profile-picture', {
      fileName: upload.body.fileName,
    });
    expect(reuse.status).toBe(400);
    const stolen = await gina.put('/api/user/profile-picture', {
      fileName: (await uploadPicture(operator)).body.fileName,
    });
    expect(stolen.status).toBe(400);
  });
});

describe('notifications and prompts', () => {
  it('notifies admins of invitations, stores read state and mails those who opted in', async () => {
    const ann = await signedIn('ann@acme.test', 'Acme-Admin-1');
    const changed = await ann.put('/api/notification-settings', { emailNotifications: true });
    expect(changed.body).toMatchObject({ emailNotifications: true, pushNotifications: false });
    expect(
      (
        await ann.put('/api/notification-settings', {
          emailNotifications: true,
          systemUpdates: true,
        })
      ).status,
    ).toBe(400);
    await root.post('/api/admin/users', {
      email: 'ned@acme.test',
      name: 'Ned',
      organizationId: acme,
    });
    const notices = (await ann.get('/api/notifications')).body.notifications as unknown as {
      id: number;
      title: string;
      read: boolean;
    }[];
    const invited = notices.find(
      (notice) =>
        notice.title === 'User invited' && JSON.stringify(notice).includes('ned@acme.test'),
    );
    expect(invited?.read).toBe(false);
    await mail.waitFor('ann@acme.test', /User invited/);

    const summaryBefore = (await ann.get('/api/activity-summary')).body as {
      pendingItems: number;
      notificationsThisWeek: number;
    };
    expect(summaryBefore.notificationsThisWeek).toBeGreaterThan(0);
    const read = await ann.post(`/api/notifications/${invited!.id}/read`);
    expect(read.body).toMatchObject({ id: invited!.id, read: true });
    const gina = await signedIn('gina@globex.test', 'Globex-Admin-1');
    expect((await gina.post(`/api/notifications/${invited!.id}/read`)).status).toBe(404);
    const all = await ann.post('/api/notifications/read-all');
    expect(all.status).toBe(200);
    const after = (await ann.get('/api/notifications')).body.notifications as unknown as {
      read: boolean;
    }[];
    expect(after.every((notice) => notice.read)).toBe(true);
    const summaryAfter = (await ann.get('/api/activity-summary')).body as {
      pendingItems: number;
      actionsCompleted: number;
    };
    expect(summaryAfter.pendingItems).toBeLessThan(summaryBefore.pendingItems);
    expect(summaryAfter.actionsCompleted).toBeGreaterThan(0);
  });

  it('persists the global prompts', async () => {
    const saved = await root.put('/api/admin/prompts', {
      quizPrompts: 'Ask about PPE.',
      videoAnalysisPrompts: 'Check gloves.',
    });
    expect(saved.status).toBe(200);
    expect((await root.get('/api/admin/prompts')).body).toEqual({
      quizPrompts: 'Ask about PPE.',
      videoAnalysisPrompts: 'Check gloves.',
    });
    const overview = (await root.get('/api/admin/overview')).body as {
      onboarding: { key: string; done: boolean }[];
      activeSessions: number;
    };
    expect(overview.onboarding.find((step) => step.key === 'settings')?.done).toBe(true);
    expect(overview.onboarding.find((step) => step.key === 'admins')?.done).toBe(true);
    expect(overview.activeSessions).toBeGreaterThan(0);
  });
});

describe('deleting an organization', () => {
  it('removes all of its data and stored files, leaving nothing orphaned', async () => {
    const org = await root.post('/api/admin/organizations', {
      name: 'Doomed',
      displayName: 'Doomed Inc',
      domain: 'doomed.test',
    });
    const organizationId = (org.body as { id: number }).id;
    const upload = await uploadPicture(root);
    const created = await root.post('/api/admin/users', {
      email: 'olga@doomed.test',
      name: 'Olga',
      organizationId,
      role: 'admin',
      profilePicture: upload.body.fileName,
    });
    const invitation = invitationLink(await mail.waitFor('olga@doomed.test'));
    await new ApiSession(stack.url).post('/api/auth/setup-password', {
      token: invitation.token,
      email: invitation.email,
      password: strongPassword,
    });
    const olga = await signedIn('olga@doomed.test', strongPassword);
    await uploadPicture(olga);
    expect(created.status).toBe(201);
    expect((await stack.storage.list(`org/${organizationId}/`)).length).toBe(2);

    const deleted = await root.delete(`/api/admin/organizations/${organizationId}`);
    expect(deleted.status).toBe(200);
    expect((await olga.get('/api/user')).status).toBe(401);
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
    expect((await root.delete(`/api/admin/organizations/${organizationId}`)).status).toBe(404);
  });

  it("refuses to delete the super administrator's own organization", async () => {
    const own = (await root.get('/api/user')).body as { organizationId: number };
    expect((await root.delete(`/api/admin/organizations/${own.organizationId}`)).status).toBe(409);
  });
});
