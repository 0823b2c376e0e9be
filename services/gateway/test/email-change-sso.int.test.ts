import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@hub/proto';
import { expectError } from './api-client.js';
import { MailCatcher } from './mail-catcher.js';
import { ApiSession, startTestStack, type TestStack } from './test-stack.js';

let stack: TestStack;
let mail: MailCatcher;
let acme: number;

beforeAll(async () => {
  mail = new MailCatcher();
  const smtpUrl = await mail.start();
  stack = await startTestStack({ SMTP_URL: smtpUrl, PUBLIC_URL: 'https://hub.example.test' });
  acme = await stack.createOrganization('Acme Foods', 'acme.test');
});

afterAll(async () => {
  await stack?.stop();
  await mail?.stop();
});

/** A member who signs in through the organization's identity provider: no password of ours. */
async function ssoMember(email: string) {
  await stack.createUser({
    email,
    password: 'Acme-Staff-1',
    role: 'operator',
    organizationId: acme,
  });
  const session = new ApiSession(stack.url);
  expect((await session.login(email, 'Acme-Staff-1')).status).toBe(200);
  await stack.sql.query(`UPDATE users SET password_hash = NULL WHERE email = $1`, [email]);
  return session;
}

describe('an email change asked for by a member without a password (SSO)', () => {
  it('says their identity provider owns the address, not that a password was wrong', async () => {
    const sam = await ssoMember('sam@acme.test');
    // More tries than the wrong-password throttle lets through: none is counted as a guess.
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const refused = await expectError(
        sam.call(api.updateProfile, {
          body: { name: 'Sam', email: 'sam.new@acme.test', currentPassword: 'a guess' },
        }),
        400,
        'email_change_managed_by_provider',
      );
      expect(refused.message).toMatch(/identity provider/);
    }
    expect(mail.mails.filter((sent) => sent.to === 'sam.new@acme.test')).toEqual([]);
  });
});
