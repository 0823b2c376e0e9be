import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@hub/proto';
import { callUrl, expectError, parseAnswer } from './api-client.js';
import { invitationLink, MailCatcher, type CaughtMail } from './mail-catcher.js';
import { ApiSession, SUPER_ADMIN, startTestStack, type TestStack, waitFor } from './test-stack.js';
import {
  buildResponse,
  encodeResponse,
  LoopbackIdp,
  readAuthnRequest,
  signResponse,
} from './saml/idp.js';

const PUBLIC_URL = 'https://hub.example.test';
const strongPassword = 'Welcome-2-the-Hub!';

let stack: TestStack;
let mail: MailCatcher;
let root: ApiSession;
let admin: ApiSession;
let acme: number;
let idp: LoopbackIdp;

beforeAll(async () => {
  mail = new MailCatcher();
  stack = await startTestStack({
    SMTP_URL: await mail.start(),
    PUBLIC_URL,
    PEOPLE_IMPORT_MAILS_PER_SECOND: '0',
  });
  acme = await stack.createOrganization('Acme Foods', 'acme.test');
  await stack.createUser({
    email: 'ann@acme.test',
    password: 'Acme-Admin-1',
    role: 'admin',
    organizationId: acme,
  });
  root = new ApiSession(stack.url);
  expect((await root.login(SUPER_ADMIN.email, SUPER_ADMIN.password)).status).toBe(200);
  admin = new ApiSession(stack.url);
  expect((await admin.login('ann@acme.test', 'Acme-Admin-1')).status).toBe(200);
});

afterAll(async () => {
  await idp?.close();
  await stack?.stop();
  await mail?.stop();
});

const setSaml = (enabled: boolean) =>
  stack.sql.query(
    `UPDATE organizations SET saml_enabled = $2, auth0_org_id = 'org_acme' WHERE id = $1`,
    [acme, enabled],
  );

/** The mail sends the person to sign in through their organization, never to a password. */
function expectSsoInvitation(sent: CaughtMail, email: string) {
  expect(sent.text).toMatch(/single sign-on/i);
  expect(sent.text).not.toMatch(/password/i);
  expect(sent.html).not.toMatch(/password/i);
  expect(sent.text).not.toMatch(/setup-password|enhanced-setup|token=/);
  const link = sent.text.match(/https?:\/\/\S+/)?.[0] ?? '';
  const url = new URL(link);
  expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/login`);
  expect(url.searchParams.get('email')).toBe(email);
  expect(sent.html).toContain(`href="${PUBLIC_URL}/login?email=`);
}

async function passwordOf(email: string) {
  const { rows } = await stack.sql.query<{ password_hash: string | null; is_active: boolean }>(
    `SELECT password_hash, is_active FROM users WHERE email = $1`,
    [email],
  );
  return rows[0];
}

describe('inviting a member of an organization that signs in through SAML', () => {
  it('mails a sign-in with single sign-on, not a password setup link', async () => {
    await setSaml(true);
    await root.call(api.createUser, {
      body: { email: 'kim@acme.test', name: 'Kim', organizationId: acme },
    });
    expectSsoInvitation(await mail.waitFor('kim@acme.test'), 'kim@acme.test');
  });

  it('sends the same single sign-on mail when the invitation is sent again', async () => {
    await setSaml(true);
    const { rows } = await stack.sql.query<{ id: number }>(
      `SELECT id FROM users WHERE email = 'kim@acme.test'`,
    );
    const before = mail.mails.length;
    await root.call(api.resendInvitation, { params: { id: rows[0]!.id } });
    await waitFor(
      async () => mail.mails.length,
      (count) => count > before,
    );
    expectSsoInvitation(mail.mails.at(-1)!, 'kim@acme.test');
  });

  it('refuses a password setup link mailed before the organization turned SAML on', async () => {
    await setSaml(false);
    await root.call(api.createUser, {
      body: { email: 'lee@acme.test', name: 'Lee', organizationId: acme },
    });
    const invitation = invitationLink(await mail.waitFor('lee@acme.test'));
    await setSaml(true);
    const link = { token: invitation.token, email: invitation.email };
    const refused = await expectError(
      new ApiSession(stack.url).call(api.verifyInvitation, { body: link }),
      409,
      'invitation_sso_sign_in',
    );
    expect(refused.message).toMatch(/single sign-on/);
    await expectError(
      new ApiSession(stack.url).call(api.setupPassword, {
        body: { ...link, password: strongPassword },
      }),
      409,
      'invitation_sso_sign_in',
    );
    expect(await passwordOf('lee@acme.test')).toEqual({ password_hash: null, is_active: false });
  });

  it('sends the single sign-on mail to the people a people import invites', async () => {
    await setSaml(true);
    const preview = await admin.upload(
      api.previewPeopleImport.path,
      {},
      { field: 'file', name: 'people.csv', data: Buffer.from('email,name\nmo@acme.test,Mo\n') },
    );
    const { importId } = await parseAnswer(api.previewPeopleImport, preview);
    await admin.call(api.applyPeopleImport, { body: { importId, updateExisting: false } });
    expectSsoInvitation(await mail.waitFor('mo@acme.test', /Acme Foods/, 60_000), 'mo@acme.test');
  });
});

/** A first sign-in through the organization's identity provider, as the browser makes it. */
async function signInThroughSso(email: string) {
  const { spEntityId, acsUrl } = await root.call(api.samlSettings, { params: { id: acme } });
  const browser = new ApiSession(stack.url);
  const { redirectUrl } = await browser.call(api.samlStart, { body: { organization: 'org_acme' } });
  const started = /hub_saml_request=[^;]+/.exec(browser.lastSetCookie ?? '')?.[0] ?? '';
  const response = buildResponse({
    issuer: idp.entityId,
    audience: spEntityId!,
    destination: acsUrl!,
    inResponseTo: readAuthnRequest(redirectUrl).id,
    email,
  });
  const acs = callUrl(api.samlAssertionConsumer, { params: { connection: 'org_acme' } });
  const answer = await fetch(`${stack.url}${acs}`, {
    method: 'POST',
    headers: { cookie: started },
    body: new URLSearchParams({ SAMLResponse: encodeResponse(signResponse(response)) }),
    redirect: 'manual',
  });
  expect(answer.headers.get('location')).toBe('/callback');
}

describe('an invited member of a SAML organization signing in through it for the first time', () => {
  it('accepts the invitation: the link is used and the administrators are told', async () => {
    await setSaml(true);
    idp = await LoopbackIdp.start();
    await root.call(api.saveSamlSettings, {
      params: { id: acme },
      body: { metadataXml: idp.metadata },
    });
    const metadataUrl = callUrl(api.samlMetadata, { params: { connection: 'org_acme' } });
    idp.trust(await (await fetch(`${stack.url}${metadataUrl}`)).text());
    await root.call(api.createUser, {
      body: { email: 'nia@acme.test', name: 'Nia', organizationId: acme },
    });
    await mail.waitFor('nia@acme.test');

    await signInThroughSso('nia@acme.test');

    const { rows } = await stack.sql.query(
      `SELECT i.used_at IS NOT NULL AS used, i.revoked_at IS NOT NULL AS revoked, u.is_active
         FROM invitations i JOIN users u ON u.id = i.user_id
        WHERE u.email = 'nia@acme.test' ORDER BY i.id DESC LIMIT 1`,
    );
    expect(rows).toEqual([{ used: true, revoked: false, is_active: true }]);
    const { notifications } = await admin.call(api.notifications);
    expect(
      notifications.filter(
        (n) => n.title === 'Invitation accepted' && n.message.includes('nia@acme.test'),
      ),
    ).toHaveLength(1);
  });
});
