import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@hub/proto';
import { expectError } from './api-client.js';
import { ApiSession, startTestStack, type TestStack } from './test-stack.js';

/**
 * What a session left open on a shared terminal allows: a later sign-in there ends it, and it is
 * no way to guess its owner's password. One stack for both blocks (issue #51 item 11); each block
 * signs in its own people, as the sign-in and current-password limits count per person.
 */
const PASSWORD = 'Acme-Staff-1';
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
  const acme = await stack.createOrganization('Acme Foods', 'acme.test');
  const people = ['ana', 'ben', 'cara', 'dan', 'eli'].map((name) => `${name}@acme.test`);
  for (const email of people) {
    await stack.createUser({ email, password: PASSWORD, role: 'operator', organizationId: acme });
  }
});

afterAll(async () => {
  await stack?.stop();
});

/**
 * Signing in on a browser that still holds a session (a shared terminal whose last user never
 * signed out, a sign-in again) ends that session: its cookie is replaced, and a copy of it must
 * not stay usable until it expires.
 */
describe('signing in on a browser that holds a session', () => {
  const signIn = (browser: ApiSession, email: string) =>
    browser.call(api.login, { body: { email, password: PASSWORD, rememberMe: false } });

  /** Another client holding a copy of the browser's current session cookie. */
  function copyOf(browser: ApiSession): ApiSession {
    const copy = new ApiSession(stack.url);
    copy.cookie = browser.cookie;
    return copy;
  }

  it("ends the previous person's session, which a copy of its cookie no longer opens", async () => {
    const terminal = new ApiSession(stack.url);
    await signIn(terminal, 'ana@acme.test');
    const anasCookie = copyOf(terminal);
    expect((await anasCookie.send(api.currentUser)).status).toBe(200);
    await signIn(terminal, 'ben@acme.test');
    expect((await anasCookie.send(api.currentUser)).status).toBe(401);
    const me = await terminal.call(api.currentUser);
    expect(me.email).toBe('ben@acme.test');
  });

  it('ends the same person’s previous session on a sign-in again', async () => {
    const browser = new ApiSession(stack.url);
    await signIn(browser, 'ana@acme.test');
    const before = copyOf(browser);
    await signIn(browser, 'ana@acme.test');
    expect((await before.send(api.currentUser)).status).toBe(401);
    expect((await browser.send(api.currentUser)).status).toBe(200);
  });

  it('keeps the session when the new sign-in fails', async () => {
    const browser = new ApiSession(stack.url);
    await signIn(browser, 'ana@acme.test');
    const wrong = await browser.send(api.login, {
      body: { email: 'ben@acme.test', password: 'not-the-password', rememberMe: false },
    });
    expect(wrong.status).toBe(401);
    expect((await browser.send(api.currentUser)).status).toBe(200);
  });
});

/**
 * A session left open (a shared terminal, a borrowed laptop) must not be a way to guess its
 * owner's password: changing the password or the email asks for the current one, and those
 * answers are throttled per person as sign-in is.
 */
describe("guessing the current password from someone's open session", () => {
  const THROTTLED =
    /^Too many attempts with a wrong current password\. Please wait \d+ (seconds?|minutes?) and try again\.$/;

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
