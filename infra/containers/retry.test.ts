import { describe, expect, it } from 'vitest';
import { fetchRetrying, retryAfterSeconds } from './retry.ts';

const answer = (status: number, retryAfter?: string) =>
  new Response(JSON.stringify({ statusCode: status }), {
    status,
    headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter },
  });

/** A fake server answering these in turn; the waits asked for are recorded, none is slept. */
function scripted(...answers: Response[]) {
  const waits: number[] = [];
  let sent = 0;
  const send = () => Promise.resolve(answers[Math.min(sent++, answers.length - 1)]!);
  const sleep = (ms: number) => {
    waits.push(ms);
    return Promise.resolve();
  };
  return { send, sleep, waits, sent: () => sent };
}

describe('the smoke test as a client', () => {
  it('retries a 503 with Retry-After as a real client does, then takes the answer', async () => {
    const server = scripted(answer(503, '2'), answer(503, '1'), answer(200));
    const response = await fetchRetrying(server.send, { sleep: server.sleep });
    expect(response.status).toBe(200);
    expect(server.waits).toEqual([2000, 1000]);
  });

  it('leaves a 503 without Retry-After, and any other error, to the caller', async () => {
    const plain = scripted(answer(503), answer(200));
    expect((await fetchRetrying(plain.send, { sleep: plain.sleep })).status).toBe(503);
    const refused = scripted(answer(400, '1'), answer(200));
    expect((await fetchRetrying(refused.send, { sleep: refused.sleep })).status).toBe(400);
    expect(plain.sent() + refused.sent()).toBe(2);
  });

  it('gives up after its attempts, and waits a long Retry-After only so long', async () => {
    const server = scripted(answer(503, '120'));
    const response = await fetchRetrying(server.send, {
      attempts: 3,
      maxWaitSeconds: 10,
      sleep: server.sleep,
    });
    expect(response.status).toBe(503);
    expect(server.sent()).toBe(3);
    expect(server.waits).toEqual([10_000, 10_000]);
  });

  it('reads Retry-After as seconds or as a date', () => {
    const now = Date.parse('2026-12-01T10:00:00Z');
    expect(retryAfterSeconds('5', now)).toBe(5);
    expect(retryAfterSeconds('Tue, 01 Dec 2026 10:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds(null, now)).toBeNull();
    expect(retryAfterSeconds('soon', now)).toBeNull();
  });
});
