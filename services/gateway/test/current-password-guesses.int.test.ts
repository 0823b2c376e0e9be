import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@hub/proto';
import { expectError } from './api-client.js';
import { ApiSession, startTestStack, type TestStack } from './test-stack.js';

/**
 * A session left open (a shared terminal, a borrowed laptop) must not be a way to guess its
 * owner's password: changing the password or the email asks for the current one, and those
 * answers are throttled per person as sign-in is.
 */
const PASSWORD = 'Acme-Staff-1';
const THROTTLED =
  /^Too many attempts with a wrong current password\. Please wait \d+ (seconds?|minutes?) and try again\.$/;

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
  const acme = await stack.createOrganization('Acme Foods', 'acme.test');
  for (const email of ['cara@acme.test', 'dan@acme.test', 'eli@acme.test']) {
    await stack.createUser({ email, password: PASSWORD, role: 'operator', organizationId: acme });
  }
});

afterAll(async () => {
  await stack?.stop();
});

async function signIn(email: string) {
  const session = new ApiSession(stack.url);
  await session.call(api.login, { body: { email, password: PASSWORD, rememberMe: false } });
  return session;
}

const passwordChange = (currentPassword: string) => ({
  body: {
    currentPassword,
    newPassword: 'Another-Strong-Pass-9',
    confirmPassword: 'Another-Strong-Pass-9',
  },
});

describe("guessing the current password from someone's open session", () => {
  it('stops after a few wrong guesses, the right password included, for that person only', async () => {
    const borrowed = await signIn('cara@acme.test');
    for (let guess = 0; guess < 5; guess += 1) {
      await expectError(borrowed.call(api.changePassword, passwordChange(`guess-${guess}`)), 400);
    }
    const stopped = await expectError(
      borrowed.call(api.changePassword, passwordChange(PASSWORD)),
      429,
    );
    expect(stopped.message).toMatch(THROTTLED);
    // The email change asks for the same password: it is no second way in.
    const email = await expectError(
      borrowed.call(api.updateProfile, {
        body: { name: 'Cara', email: 'cara.new@acme.test', currentPassword: PASSWORD },
      }),
      429,
    );
    expect(email.message).toMatch(THROTTLED);
    // Someone else's password change is not held back.
    const dan = await signIn('dan@acme.test');
    await dan.call(api.changePassword, passwordChange(PASSWORD));
  });

  it('forgets the wrong guesses once the right password is given', async () => {
    const session = await signIn('eli@acme.test');
    for (let round = 0; round < 2; round += 1) {
      for (let guess = 0; guess < 4; guess += 1) {
        await expectError(session.call(api.changePassword, passwordChange(`guess-${guess}`)), 400);
      }
      const password = round === 0 ? PASSWORD : 'Another-Strong-Pass-9';
      await session.call(api.changePassword, {
        body: {
          currentPassword: password,
          newPassword: round === 0 ? 'Another-Strong-Pass-9' : 'Third-Strong-Pass-7',
          confirmPassword: round === 0 ? 'Another-Strong-Pass-9' : 'Third-Strong-Pass-7',
        },
      });
    }
  });
});
