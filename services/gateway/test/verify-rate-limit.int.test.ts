import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@hub/proto';
import { readGatewayConfig } from '../src/config.js';
import { createGateway, type RunningGateway } from '../src/gateway.app.js';
import type { RawAnswer } from './api-client.js';
import { ApiSession, startTestStack, type TestStack } from './test-stack.js';

/**
 * The public certificate verification needs no sign-in: a code (12 characters) could be guessed
 * from anywhere. Each client address gets a budget a minute (CERTIFICATE_VERIFY_MAX_REQUESTS_PER_MINUTE,
 * 30 by default, left at its default here), wrong codes counted as right ones, in Redis so every
 * gateway replica shares it. The proxy in front is the test itself (TRUST_PROXY), so each test
 * speaks for a client address of its own through X-Forwarded-For.
 */
const DEFAULT_PER_MINUTE = 30;

let stack: TestStack;
let replica: RunningGateway;

beforeAll(async () => {
  stack = await startTestStack({ TRUST_PROXY: '127.0.0.1, ::1' });
  replica = await createGateway(readGatewayConfig({ ...stack.env, PORT: '0' }));
});

afterAll(async () => {
  await replica?.close();
  await stack?.stop();
});

/** A code no certificate has: 12 characters, as printed ones are. */
const wrongCode = (index: number) => `NOPE${String(index).padStart(8, '0')}`;

/** One verification, as the proxy passes it on from `client` (after what the client wrote). */
function verify(client: string, index: number, via = stack.url, forged?: string) {
  return new ApiSession(via).send(api.verifyCertification, {
    params: { code: wrongCode(index) },
    headers: { 'x-forwarded-for': forged ? `${forged}, ${client}` : client },
  });
}

/** The statuses of `count` verifications of wrong codes from one client, one after another. */
async function guesses(count: number, send: (index: number) => Promise<RawAnswer>) {
  const answers: RawAnswer[] = [];
  for (let index = 0; index < count; index += 1) answers.push(await send(index));
  return answers;
}

const statuses = (answers: RawAnswer[]) => answers.map((answer) => answer.status);

describe('the public certificate verification', () => {
  it('refuses a client past its budget with 429, Retry-After and the usual error body', async () => {
    const answers = await guesses(40, (index) => verify('198.51.100.7', index));
    expect(statuses(answers)).toEqual([
      ...Array<number>(DEFAULT_PER_MINUTE).fill(404),
      ...Array<number>(40 - DEFAULT_PER_MINUTE).fill(429),
    ]);
    const refused = answers.at(-1)!;
    const retryAfter = refused.headers.get('retry-after');
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    // The body as sent: { message, statusCode }, as every other refusal.
    expect(refused.body).toEqual({
      statusCode: 429,
      message: expect.stringMatching(/^Too many certificate checks from this address/),
    });
  });

  it("does not hold back another address with the first one's count", async () => {
    const first = await guesses(DEFAULT_PER_MINUTE + 1, (index) => verify('198.51.100.8', index));
    expect(first.at(-1)!.status).toBe(429);
    const other = await verify('192.0.2.44', 0);
    expect(other.status).toBe(404);
  });

  it('counts the address the proxy saw, whatever the client wrote before it', async () => {
    const answers = await guesses(DEFAULT_PER_MINUTE + 1, (index) =>
      verify('198.51.100.9', index, stack.url, `203.0.113.${index + 1}`),
    );
    expect(answers.at(-1)!.status).toBe(429);
  });

  it("counts an IPv6 client's whole /64 as one", async () => {
    const answers = await guesses(DEFAULT_PER_MINUTE + 1, (index) =>
      verify(`2001:db8:7:7::${(index + 1).toString(16)}`, index),
    );
    expect(answers.at(-1)!.status).toBe(429);
  });

  it('shares the count between gateway replicas', async () => {
    const half = DEFAULT_PER_MINUTE / 2;
    const here = await guesses(half, (index) => verify('198.51.100.10', index));
    const there = await guesses(half, (index) => verify('198.51.100.10', index, replica.url));
    expect(statuses([...here, ...there])).toEqual(Array<number>(DEFAULT_PER_MINUTE).fill(404));
    expect((await verify('198.51.100.10', 0, replica.url)).status).toBe(429);
    expect((await verify('198.51.100.10', 1)).status).toBe(429);
  });

  it("keeps its counts under the gateway's Redis prefix", async () => {
    const keys = await stack.redis.keys(`${stack.redisPrefix}ratelimit:certificate-verify:*`);
    expect(keys.length).toBeGreaterThan(0);
  });
});
