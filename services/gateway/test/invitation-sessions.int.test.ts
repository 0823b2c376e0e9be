import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@hub/proto';
import { invitationLink, MailCatcher } from './mail-catcher.js';
import { createOrganizationWithMembers, type Member, signedIn } from './tenant-fixtures.js';
import { ApiSession, fixture, startTestStack, SUPER_ADMIN, type TestStack } from './test-stack.js';

const photo = readFileSync(fixture('faces/amy/amy1.png'));
const strongPassword = 'Welcome-2-the-Hub!';

let stack: TestStack;
let mail: MailCatcher;
let acme: number;
let root: ApiSession;
let ann: Member;

beforeAll(async () => {
  mail = new MailCatcher();
  stack = await startTestStack({
    SMTP_URL: await mail.start(),
    PUBLIC_URL: 'https://hub.example.test',
  });
  root = await signedIn(stack, SUPER_ADMIN.email, SUPER_ADMIN.password);
  const organization = await createOrganizationWithMembers(stack, 'Acme Foods', 'acme.test', [
    'admin',
  ]);
  acme = organization.organizationId;
  ann = organization.members.admin;
});

afterAll(async () => {
  await stack?.stop();
  await mail?.stop();
});

/** A session of its own for each test: the invitation it accepts ends that session. */
const signedInAdmin = () => signedIn(stack, ann.email, ann.password);

describe('an invitation accepted in a browser signed in as someone else', () => {
  it("ends that someone's session, so the new member is not taken into their account", async () => {
    const admin = await signedInAdmin();
    const { fileName } = await root.uploadTo(
      api.uploadProfilePicture,
      {},
      { name: 'me.png', data: photo },
    );
    await root.call(api.createUser, {
      body: { email: 'kim@acme.test', name: 'Kim', organizationId: acme, profilePicture: fileName },
    });
    const invitation = invitationLink(await mail.waitFor('kim@acme.test'));
    const adminCookie = admin.cookie;

    // The shared terminal still holds Ann's session when Kim opens her link on it.
    const answer = await admin.send(api.setupPassword, {
      body: { token: invitation.token, email: invitation.email, password: strongPassword },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      message: 'Your password has been set. You can now sign in.',
    });

    const leftOver = new ApiSession(stack.url);
    leftOver.cookie = adminCookie;
    expect((await leftOver.send(api.currentUser)).status).toBe(401);
    expect(answer.headers.get('set-cookie') ?? '').toMatch(
      /hub_session=;|Max-Age=0|Expires=Thu, 01 Jan 1970/i,
    );
  });

  it('ends it too when the account is completed with a photo', async () => {
    const admin = await signedInAdmin();
    await root.call(api.createUser, {
      body: { email: 'lee@acme.test', name: 'Lee', organizationId: acme },
    });
    const invitation = invitationLink(await mail.waitFor('lee@acme.test'));
    const fields = { token: invitation.token, email: invitation.email, password: strongPassword };
    const answer = await admin.uploadTo(api.setupPasswordWithProfile, fields, {
      name: 'me.png',
      data: photo,
    });
    expect(answer).toMatchObject({ message: expect.any(String) });
    expect((await admin.send(api.currentUser)).status).toBe(401);
  });
});
