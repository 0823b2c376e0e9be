import { HttpException, HttpStatus } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { RpcCallError, type RpcClient } from '@hub/kit';
import type { TokenRateLimiter } from '../rate-limits/token-rate-limiter.js';
import {
  FloorController,
  SENSOR_READINGS_PER_MINUTE,
  UNRESOLVED_SENSOR_TOKENS_PER_MINUTE,
} from './floor.controller.js';

/** A request from one address, as Fastify derives it with the gateway's trust-proxy setting. */
const from = (ip: string) => ({ ip }) as FastifyRequest;

/**
 * A controller whose limiter counts per key as Redis would, asking to wait 42 s past a budget,
 * and whose integration service knows only the token `fhs_good`.
 */
function controller() {
  const relayed: unknown[] = [];
  const counted: { kind: string; id: number | string; perMinute: number }[] = [];
  const counts = new Map<string, number>();
  const rpc = {
    relay: async (_contract: unknown, request: { token: string }) => {
      relayed.push(request);
      if (request.token !== 'fhs_good') {
        throw new RpcCallError({ kind: 'unauthenticated', message: 'Invalid sensor token' });
      }
      return { accepted: true };
    },
  } as unknown as RpcClient;
  const limiter = {
    retryAfter: async (kind: string, id: number | string, perMinute: number) => {
      counted.push({ kind, id, perMinute });
      const count = (counts.get(`${kind}:${id}`) ?? 0) + 1;
      counts.set(`${kind}:${id}`, count);
      return count > perMinute ? 42 : null;
    },
    giveBack: async (kind: string, id: number | string) => {
      counts.set(`${kind}:${id}`, (counts.get(`${kind}:${id}`) ?? 0) - 1);
    },
  } as unknown as TokenRateLimiter;
  return { floor: new FloorController(rpc, limiter), relayed, counted };
}

const refusal = (promise: Promise<unknown>) => promise.catch((error: unknown) => error);

function expectTooMany(refused: unknown) {
  expect(refused).toBeInstanceOf(HttpException);
  expect((refused as HttpException).getStatus()).toBe(HttpStatus.TOO_MANY_REQUESTS);
  expect((refused as HttpException).getResponse()).toMatchObject({ retryAfter: 42 });
}

describe("a sensor's reading", () => {
  it('is counted per sensor token and refused with 429 past its budget, never relayed', async () => {
    const { floor, relayed, counted } = controller();
    for (let i = 0; i < SENSOR_READINGS_PER_MINUTE; i++) {
      await floor.sensorReading('Bearer fhs_good', from('203.0.113.9'), { temperature: 70 });
    }
    const refused = await refusal(
      floor.sensorReading('Bearer fhs_good', from('203.0.113.9'), { temperature: 71 }),
    );

    expectTooMany(refused);
    expect(relayed).toHaveLength(SENSOR_READINGS_PER_MINUTE);
    const perToken = counted.filter((one) => one.kind === 'sensor-token');
    expect(perToken).toHaveLength(SENSOR_READINGS_PER_MINUTE + 1);
    expect(perToken.every((one) => one.perMinute === SENSOR_READINGS_PER_MINUTE)).toBe(true);
    // Counted by a digest: the token itself is never a Redis key.
    expect(new Set(perToken.map((one) => one.id)).size).toBe(1);
    expect(String(perToken[0]!.id)).not.toContain('fhs_good');
  });

  it('with made-up tokens is refused with 429 per address, no longer asking the service', async () => {
    const { floor, relayed, counted } = controller();
    const attempts = UNRESOLVED_SENSOR_TOKENS_PER_MINUTE + 20;
    const answers = [];
    for (let i = 0; i < attempts; i++) {
      answers.push(
        await refusal(floor.sensorReading(`Bearer fhs_guess${i}`, from('198.51.100.7'), {})),
      );
    }

    expect(relayed).toHaveLength(UNRESOLVED_SENSOR_TOKENS_PER_MINUTE);
    for (const refused of answers.slice(UNRESOLVED_SENSOR_TOKENS_PER_MINUTE))
      expectTooMany(refused);
    // Refused before its token is counted: no Redis key per made-up token past the limit.
    expect(counted.filter((one) => one.kind === 'sensor-token')).toHaveLength(
      UNRESOLVED_SENSOR_TOKENS_PER_MINUTE,
    );
    // Another address keeps its own budget.
    await floor.sensorReading('Bearer fhs_good', from('192.0.2.1'), { temperature: 70 });
    expect(relayed).toHaveLength(UNRESOLVED_SENSOR_TOKENS_PER_MINUTE + 1);
  });

  it("with a good token does not use its address's budget for unknown tokens", async () => {
    const { floor, relayed } = controller();
    for (let i = 0; i < UNRESOLVED_SENSOR_TOKENS_PER_MINUTE + 20; i++) {
      await floor.sensorReading('Bearer fhs_good', from('203.0.113.9'), { temperature: 70 });
    }
    expect(relayed).toHaveLength(UNRESOLVED_SENSOR_TOKENS_PER_MINUTE + 20);
  });
});
