import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@hub/proto';
import { ApiSession, startTestStack, type TestStack } from './test-stack.js';

/**
 * Signing in on a browser that still holds a session (a shared terminal whose last user never
 * signed out, a sign-in again) ends that session: its cookie is replaced, and a copy of it must
 * not stay usable until it expires.
 */
const PASSWORD = 'Acme-Staff-1';
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
  const acme = await stack.createOrganization('Acme Foods', 'acme.test');
  for (const email of ['ana@acme.test', 'ben@acme.test']) {
    await stack.createUser({ email, password: PASSWORD, role: 'operator', organizationId: acme });
  }
});

afterAll(async () => {
  await stack?.stop();
});

const signIn = (browser: ApiSession, email: string) =>
  browser.call(api.login, { body: { email, password: PASSWORD, rememberMe: false } });

/** Another client holding a copy of the browser's current session cookie. */
function copyOf(browser: ApiSession): ApiSession {
  const copy = new ApiSession(stack.url);
  copy.cookie = browser.cookie;
  return copy;
}

describe('signing in on a browser that holds a session', () => {
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
