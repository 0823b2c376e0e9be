import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@hub/proto';
import { errorOf } from './api-client.js';
import { ApiSession, startTestStack, type TestStack } from './test-stack.js';

/**
 * Sign-in throttling as ASVS V2.2 describes it. The gateway trusts X-Forwarded-For here so each
 * test can speak from the client addresses it needs (a factory NAT, an attacker, the owner).
 */
let stack: TestStack;

const THROTTLED =
  /^Too many sign-in attempts\. Please wait \d+ (seconds?|minutes?) and try again\.$/;

beforeAll(async () => {
  stack = await startTestStack({
    TRUST_PROXY: 'true',
    LOGIN_MAX_FAILURES_PER_EMAIL: '10',
    LOGIN_MAX_FAILURES_PER_CLIENT: '12',
    LOGIN_FREE_FAILURES_PER_PAIR: '3',
    LOGIN_BACKOFF_BASE_SECONDS: '1',
  });
  const acme = await stack.createOrganization('Acme Foods', 'acme.test');
  for (const name of ['ann', 'gina', 'hugo', 'ida', 'otto', 'olga', 'oscar', 'ottilie']) {
    await stack.createUser({
      email: `${name}@acme.test`,
      password: 'Acme-Pass-1!',
      role: name === 'ann' ? 'admin' : 'operator',
      organizationId: acme,
    });
  }
});

afterAll(async () => {
  await stack?.stop();
});

function signIn(from: string, email: string, password: string) {
  return new ApiSession(stack.url).send(api.login, {
    body: { email, password, rememberMe: false },
    headers: { 'x-forwarded-for': from },
  });
}

describe('sign-in throttling', () => {
  it('lets a whole shift sign in from one factory address', async () => {
    const operators = ['otto', 'olga', 'oscar', 'ottilie'];
    for (let round = 0; round < 12; round += 1) {
      for (const name of operators) {
        const answer = await signIn('192.0.2.10', `${name}@acme.test`, 'Acme-Pass-1!');
        expect(answer.status).toBe(200);
      }
    }
  });

  it('does not let a stranger who knows an email keep its owner out', async () => {
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const answer = await signIn('203.0.113.9', 'ann@acme.test', `guess-${attempt}`);
      expect([401, 429]).toContain(answer.status);
    }
    const owner = await signIn('198.51.100.7', 'ann@acme.test', 'Acme-Pass-1!');
    expect(owner.status).toBe(200);
  });

  it('makes a failing account and address pair wait longer each time, then lets it try again', async () => {
    const from = '198.51.100.20';
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await signIn(from, 'hugo@acme.test', 'wrong')).status).toBe(401);
    }
    const held = await signIn(from, 'hugo@acme.test', 'Acme-Pass-1!');
    expect(held.status).toBe(429);
    expect(errorOf(held).message).toMatch(THROTTLED);
    expect(Number(held.headers.get('retry-after'))).toBe(1);
    // Another address is not held back by this pair.
    expect((await signIn('198.51.100.21', 'hugo@acme.test', 'wrong')).status).toBe(401);

    await sleep(1100);
    expect((await signIn(from, 'hugo@acme.test', 'wrong')).status).toBe(401);
    const longer = await signIn(from, 'hugo@acme.test', 'Acme-Pass-1!');
    expect(longer.status).toBe(429);
    expect(Number(longer.headers.get('retry-after'))).toBe(2);

    await sleep(2100);
    expect((await signIn(from, 'hugo@acme.test', 'Acme-Pass-1!')).status).toBe(200);
    // A success starts the pair afresh.
    expect((await signIn(from, 'hugo@acme.test', 'wrong')).status).toBe(401);
    expect((await signIn(from, 'hugo@acme.test', 'wrong')).status).toBe(401);
  });

  it('counts guesses sent at once as if sent one after another', async () => {
    const started = performance.now();
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, n) => signIn('198.51.100.30', 'oscar@acme.test', `g-${n}`)),
    );
    // The pair's guesses are answered one after another: on a loaded machine the burst can
    // outlast a wait (1 s, then 2, 4, ...), and the guess after it is rightly checked.
    const waitsOutlasted = Math.floor(Math.log2((performance.now() - started) / 1000 + 1));
    const statuses = guesses.map((answer) => answer.status);
    // The pair's free failures and the one that starts its wait, never the whole burst.
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(
      4 + waitsOutlasted,
    );
    expect(statuses.filter((status) => status !== 401).every((status) => status === 429)).toBe(
      true,
    );
  });

  it('serves sign-ins of one account from one address sent at once one after another', async () => {
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => signIn('198.51.100.31', 'olga@acme.test', 'Acme-Pass-1!')),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
  });

  it('holds back new addresses after many failures on one account, but not the owner', async () => {
    expect((await signIn('192.0.2.30', 'gina@acme.test', 'Acme-Pass-1!')).status).toBe(200);
    for (let address = 1; address <= 10; address += 1) {
      expect((await signIn(`10.9.0.${address}`, 'gina@acme.test', 'wrong')).status).toBe(401);
    }
    const stranger = await signIn('10.9.0.99', 'gina@acme.test', 'Acme-Pass-1!');
    expect(stranger.status).toBe(429);
    expect(errorOf(stranger).message).toMatch(THROTTLED);
    expect((await signIn('192.0.2.30', 'gina@acme.test', 'Acme-Pass-1!')).status).toBe(200);
  });

  it('verifies no more guesses on one account than its limit when many addresses guess at once', async () => {
    // Sign-ins that succeed give back the place they held in the account's count.
    for (const from of ['10.10.1.1', '10.10.1.2']) {
      expect((await signIn(from, 'ida@acme.test', 'Acme-Pass-1!')).status).toBe(200);
    }
    const guesses = await Promise.all(
      Array.from({ length: 16 }, (_, n) => signIn(`10.10.0.${n + 1}`, 'ida@acme.test', `g-${n}`)),
    );
    const statuses = guesses.map((answer) => answer.status);
    // LOGIN_MAX_FAILURES_PER_EMAIL: each admitted guess holds its place in the account's count.
    expect(statuses.filter((status) => status === 401).length).toBe(10);
    expect(statuses.filter((status) => status !== 401).every((status) => status === 429)).toBe(
      true,
    );
  });

  it('stops one address that tries password after password on many accounts', async () => {
    const from = '198.18.0.1';
    for (let attempt = 0; attempt < 12; attempt += 1) {
      expect((await signIn(from, `nobody${attempt}@acme.test`, 'Summer2026!')).status).toBe(401);
    }
    const stopped = await signIn(from, 'otto@acme.test', 'Acme-Pass-1!');
    expect(stopped.status).toBe(429);
    expect(errorOf(stopped).message).toMatch(THROTTLED);
    expect((await signIn('198.18.0.2', 'otto@acme.test', 'Acme-Pass-1!')).status).toBe(200);
  });

  it('counts an IPv6 client by its /64 network: new addresses of it are the same client', async () => {
    // One host is given a whole /64 (a VPS, a home line): a fresh address per guess is free.
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const from = `2001:db8:77:1::${(attempt + 1).toString(16)}`;
      expect((await signIn(from, `nobody-v6-${attempt}@acme.test`, 'Summer2026!')).status).toBe(
        401,
      );
    }
    const stopped = await signIn('2001:db8:77:1::ff', 'olga@acme.test', 'Acme-Pass-1!');
    expect(stopped.status).toBe(429);
    expect(errorOf(stopped).message).toMatch(THROTTLED);
    expect((await signIn('2001:db8:77:2::1', 'olga@acme.test', 'Acme-Pass-1!')).status).toBe(200);
  });
});
