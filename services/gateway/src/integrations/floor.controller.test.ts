import { HttpException, HttpStatus } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import type { RpcClient } from '@hub/kit';
import type { TokenRateLimiter } from '../rate-limits/token-rate-limiter.js';
import { FloorController, SENSOR_READINGS_PER_MINUTE } from './floor.controller.js';

/** A controller whose limiter allows `allowed` requests, then asks to wait 42 s. */
function controller(allowed: number) {
  const relayed: unknown[] = [];
  const counted: { kind: string; id: number | string; perMinute: number }[] = [];
  const rpc = {
    relay: async (_contract: unknown, request: unknown) => {
      relayed.push(request);
      return { accepted: true };
    },
  } as unknown as RpcClient;
  const limiter = {
    retryAfter: async (kind: string, id: number | string, perMinute: number) => {
      counted.push({ kind, id, perMinute });
      return counted.length > allowed ? 42 : null;
    },
  } as unknown as TokenRateLimiter;
  return { floor: new FloorController(rpc, limiter), relayed, counted };
}

describe("a sensor's reading", () => {
  it('is counted per sensor token and refused with 429 past its budget, never relayed', async () => {
    const { floor, relayed, counted } = controller(1);
    await floor.sensorReading('Bearer fhs_one', { temperature: 70 });
    const refused = await floor
      .sensorReading('Bearer fhs_one', { temperature: 71 })
      .catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(HttpException);
    expect((refused as HttpException).getStatus()).toBe(HttpStatus.TOO_MANY_REQUESTS);
    expect((refused as HttpException).getResponse()).toMatchObject({ retryAfter: 42 });
    expect(relayed).toHaveLength(1);
    expect(counted.map((one) => one.perMinute)).toEqual([
      SENSOR_READINGS_PER_MINUTE,
      SENSOR_READINGS_PER_MINUTE,
    ]);
    // Counted by a digest: the token itself is never a Redis key.
    expect(counted[0]!.id).toBe(counted[1]!.id);
    expect(String(counted[0]!.id)).not.toContain('fhs_one');
  });
});
