import { Controller, type INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Payload } from '@nestjs/microservices';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Actor, NOT_PERMITTED, type RpcContract } from '@hub/proto';
import { claimTestResources, TEST_REDIS_URL, type TestResources } from '@hub/testing';
import { RpcCallError, RpcClient } from './rpc-client.js';
import { callOrOlder, isUnknownPattern } from './older-pattern.js';
import { RpcFailure } from './rpc-failure.js';
import { RpcHandler } from './rpc-handler.js';
import { RedisStreamsServer } from './rpc-server.js';
import { requestStreamKey } from './rpc-wire.js';

const echo: RpcContract<
  z.ZodObject<{ text: z.ZodString }>,
  z.ZodObject<{ text: z.ZodString; replica: z.ZodString }>
> = {
  service: 'echo',
  pattern: 'echo.say',
  access: 'service',
  request: z.object({ text: z.string().min(1, 'Text is required') }),
  answer: z.object({ text: z.string(), replica: z.string() }),
};
const refuse: RpcContract = {
  service: 'echo',
  pattern: 'echo.refuse',
  access: 'service',
  request: z.object({}),
  answer: z.object({}),
};
const crash: RpcContract = {
  service: 'echo',
  pattern: 'echo.crash',
  access: 'service',
  request: z.object({}),
  answer: z.object({}),
};
const broken: RpcContract = {
  service: 'echo',
  pattern: 'echo.broken',
  access: 'service',
  request: z.object({}),
  answer: z.object({ count: z.number() }),
};
const staffOnly: RpcContract = {
  service: 'echo',
  pattern: 'echo.staffOnly',
  access: ['admin', 'manager'],
  request: z.object({ actor: Actor }),
  answer: z.object({}),
};
const unknown: RpcContract = {
  service: 'echo',
  pattern: 'echo.unknown',
  access: 'service',
  request: z.object({}),
  answer: z.object({}),
};

const handled: string[] = [];

function echoModule(replica: string) {
  @Controller()
  class EchoController {
    @RpcHandler(echo)
    say(@Payload() request: { text: string }) {
      handled.push(`${replica}:${request.text}`);
      return { text: request.text, replica, passwordHash: 'must not leave the service' };
    }

    @RpcHandler(broken)
    broken() {
      return { count: 'three' };
    }

    @RpcHandler(staffOnly)
    staffOnly() {
      return {};
    }

    @RpcHandler(refuse)
    refuse() {
      throw RpcFailure.forbidden('Not for you.');
    }

    @RpcHandler(crash)
    crash() {
      throw new Error('database password is hunter2');
    }
  }
  @Module({ controllers: [EchoController] })
  class EchoModule {}
  return EchoModule;
}

let resources: TestResources;
let replicas: INestMicroservice[];
let client: RpcClient;

beforeAll(async () => {
  resources = claimTestResources();
  replicas = await Promise.all(
    ['a', 'b'].map(async (replica) => {
      const app = await NestFactory.createMicroservice(echoModule(replica), {
        strategy: new RedisStreamsServer({
          url: TEST_REDIS_URL,
          prefix: resources.redisPrefix,
          service: 'echo',
        }),
        logger: false,
      });
      await app.listen();
      return app;
    }),
  );
  // A loaded machine may take seconds to answer the many large calls below: a call that times
  // out is dropped by the replica past its deadline too, and the test would fail on the clock.
  // Below the test's own timeout, so an answer that is lost still fails as itself; the timeout
  // has its own test (a client of its own, with no replica).
  client = new RpcClient(TEST_REDIS_URL, resources.redisPrefix, 20_000);
});

afterAll(async () => {
  await client?.close();
  for (const app of replicas ?? []) await app.close();
  await resources?.release();
});

describe('RPC over Redis streams', () => {
  it('answers each request exactly once, shared across replicas', async () => {
    const texts = Array.from({ length: 200 }, (_, index) => `m${index}`);
    const answers = await Promise.all(texts.map((text) => client.call(echo, { text })));
    expect(answers.map((answer) => answer.text)).toEqual(texts);
    const handledTexts = handled.map((entry) => entry.split(':')[1]);
    expect(handledTexts.sort()).toEqual([...texts].sort());
    expect(new Set(handled.map((entry) => entry.split(':')[0])).size).toBe(2);
  });

  it('leaves nothing behind in Redis once the answers are out: no entry, nothing pending', async () => {
    await Promise.all(Array.from({ length: 50 }, (_, n) => client.call(echo, { text: `t${n}` })));
    const redis = new Redis(TEST_REDIS_URL);
    const stream = `${resources.redisPrefix}rpc:echo`;
    try {
      // The entries' removal goes out right after the answers, in the same write.
      await expect.poll(() => redis.xlen(stream)).toBe(0);
      const [pending] = (await redis.xpending(stream, 'echo')) as [number];
      expect(pending).toBe(0);
    } finally {
      redis.disconnect();
    }
  });

  it('checks answers against the contract where they are made: unnamed fields never leave', async () => {
    const answer = await client.call(echo, { text: 'hello' });
    expect(answer).toEqual({ text: 'hello', replica: expect.any(String) });
    const relayed = await client.relay(echo, { text: 'hello' });
    expect(relayed.json.toString()).not.toContain('passwordHash');
    expect(relayed.value()).toEqual({ text: 'hello', replica: expect.any(String) });
    await expect(client.call(broken, {})).rejects.toMatchObject({
      failure: { kind: 'internal' },
    });
  });

  it('keeps every relayed answer intact while many large ones arrive at once', async () => {
    // Answers of ~100 KB span several socket reads, which the Redis parser joins in its pool:
    // the answers are views of those bytes, so none may be overwritten by a later one.
    const texts = Array.from({ length: 40 }, (_, n) => `${n}:`.padEnd(100_000, String(n % 10)));
    const relayed = await Promise.all(texts.map((text) => client.relay(echo, { text })));
    await Promise.all(texts.map((text) => client.call(echo, { text })));
    relayed.forEach((answer, n) => expect(answer.value().text).toBe(texts[n]));
  });

  it("passes a service's refusal back with its kind and message", async () => {
    await expect(client.call(refuse, {})).rejects.toMatchObject({
      failure: { kind: 'forbidden', message: 'Not for you.' },
    });
  });

  it("refuses a role the contract's access does not declare, before the handler runs", async () => {
    const actor = (role: Actor['role']) => ({ actor: { userId: 1, organizationId: 1, role } });
    await expect(client.call(staffOnly, actor('manager'))).resolves.toEqual({});
    await expect(client.call(staffOnly, actor('operator'))).rejects.toMatchObject({
      failure: { kind: 'forbidden', message: NOT_PERMITTED },
    });
    // The server's own contract decides: a caller's copy declaring more roles changes nothing.
    const widened = { ...staffOnly, access: ['operator'] as const };
    await expect(client.call(widened, actor('operator'))).rejects.toMatchObject({
      failure: { kind: 'forbidden' },
    });
  });

  it('validates requests on the server with the contract', async () => {
    const raw = { ...echo, request: z.object({ text: z.string() }) };
    await expect(client.call(raw, { text: '' })).rejects.toMatchObject({
      failure: { kind: 'validation', message: 'Text is required' },
    });
  });

  it('hides the details of unexpected errors', async () => {
    const error = await client.call(crash, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcCallError);
    expect((error as RpcCallError).failure.kind).toBe('internal');
    expect((error as RpcCallError).message).not.toContain('hunter2');
  });

  it("tells a pattern the serving pod does not know (a rolling upgrade's older pod)", async () => {
    const unknownError = await client.call(unknown, {}).catch((e: unknown) => e);
    expect(isUnknownPattern(unknownError)).toBe(true);
    expect(isUnknownPattern(unknownError, unknown.pattern)).toBe(true);
    expect(isUnknownPattern(unknownError, echo.pattern)).toBe(false);
    for (const known of [refuse, crash]) {
      const error = await client.call(known, {}).catch((e: unknown) => e);
      expect(isUnknownPattern(error)).toBe(false);
    }
    await expect(callOrOlder(client, unknown, {}, async () => ({ older: true }))).resolves.toEqual({
      older: true,
    });
    await expect(callOrOlder(client, crash, {}, async () => ({}))).rejects.toMatchObject({
      failure: { kind: 'internal' },
    });
  });

  it("answers a request sent before the service's first start, once it starts", async () => {
    // A prefix no replica has served: the stream and its group do not exist yet (the product's
    // first start, every service at once; a Redis that lost its data).
    const prefix = `${resources.redisPrefix}first:`;
    const early = new RpcClient(TEST_REDIS_URL, prefix, 20_000);
    const answered = early.call(echo, { text: 'before' });
    const stream = requestStreamKey(prefix, 'echo');
    const redis = new Redis(TEST_REDIS_URL);
    await expect.poll(() => redis.xlen(stream)).toBe(1);
    const late = await NestFactory.createMicroservice(echoModule('late'), {
      strategy: new RedisStreamsServer({ url: TEST_REDIS_URL, prefix, service: 'echo' }),
      logger: false,
    });
    try {
      await late.listen();
      await expect(answered).resolves.toEqual({ text: 'before', replica: 'late' });
    } finally {
      await late.close();
      await early.close();
      redis.disconnect();
    }
  });

  it('fails with unavailable when no replica answers in time', async () => {
    const lonely = new RpcClient(TEST_REDIS_URL, `${resources.redisPrefix}nobody:`, 300);
    await expect(lonely.call(unknown, {})).rejects.toMatchObject({
      failure: { kind: 'unavailable' },
    });
    await lonely.close();
  });
});
