import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@hub/proto';
import { ApiSession, startTestStack, type TestStack } from './test-stack.js';

/**
 * Behind a reverse proxy that appends the address it saw to X-Forwarded-For (nginx's
 * `$proxy_add_x_forwarded_for`, a cloud load balancer), the client can write the header's
 * left-most entries itself: only the proxy's own entry is the client's address. With TRUST_PROXY
 * naming the proxy (here the test's own address) the sign-in limits count that one, so a forged
 * header changes nothing.
 */
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({
    TRUST_PROXY: '127.0.0.1, ::1',
    LOGIN_MAX_FAILURES_PER_CLIENT: '5',
    LOGIN_FREE_FAILURES_PER_PAIR: '10',
  });
  const acme = await stack.createOrganization('Acme Foods', 'acme.test');
  await stack.createUser({
    email: 'otto@acme.test',
    password: 'Acme-Pass-1!',
    role: 'operator',
    organizationId: acme,
  });
});

afterAll(async () => {
  await stack?.stop();
});

/** A sign-in as the proxy passes it on: what the client wrote, then the address it came from. */
function signIn(forged: string, from: string, email: string, password: string) {
  return new ApiSession(stack.url).send(api.login, {
    body: { email, password, rememberMe: false },
    headers: { 'x-forwarded-for': `${forged}, ${from}` },
  });
}

describe('the client address behind one proxy', () => {
  it('is the one the proxy saw, whatever the client wrote before it', async () => {
    const attacker = '198.51.100.66';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const forged = `203.0.113.${attempt + 1}`;
      const answer = await signIn(forged, attacker, `nobody${attempt}@acme.test`, 'Summer2026!');
      expect(answer.status).toBe(401);
    }
    const stopped = await signIn('203.0.113.99', attacker, 'otto@acme.test', 'Acme-Pass-1!');
    expect(stopped.status).toBe(429);
    const someoneElse = await signIn(
      '198.51.100.66',
      '192.0.2.44',
      'otto@acme.test',
      'Acme-Pass-1!',
    );
    expect(someoneElse.status).toBe(200);
  });
});
