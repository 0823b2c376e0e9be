import { failureReasonOf } from '@hub/proto';
import { describe, expect, it } from 'vitest';
import { answerFailure, networkFailure } from './provider-answers.js';

const NOW = Date.parse('2026-12-06T12:00:00Z');

function rateLimited(retryAfter?: string): Response {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (retryAfter !== undefined) headers['retry-after'] = retryAfter;
  return new Response(JSON.stringify({ message: 'Slow down.' }), { status: 429, headers });
}

describe("a camera system's rate limit", () => {
  it('waits the seconds Retry-After gives', async () => {
    const error = await answerFailure(rateLimited('30'), NOW);
    expect(error.retryAfterMs).toBe(30_000);
    expect(error.message).toBe(
      'The camera system is limiting requests (retry after 30 s): Slow down.',
    );
  });

  it('waits until the HTTP date Retry-After gives (RFC 9110, 10.2.3), whole seconds rounded up', async () => {
    const error = await answerFailure(rateLimited('Sun, 06 Dec 2026 12:02:00 GMT'), NOW - 500);
    expect(error.retryAfterMs).toBe(120_500);
    expect(error.message).toContain('(retry after 121 s)');
  });

  it('takes a date already past as no wait at all', async () => {
    const error = await answerFailure(rateLimited('Sun, 06 Dec 2026 11:59:00 GMT'), NOW);
    expect(error.retryAfterMs).toBe(0);
  });

  it('says nothing of a wait when Retry-After is missing, empty or unreadable', async () => {
    for (const header of [undefined, '', 'soon', '-5', 'soon 5']) {
      const error = await answerFailure(rateLimited(header), NOW);
      expect(error.retryAfterMs).toBeUndefined();
      expect(error.message).toBe('The camera system is limiting requests: Slow down.');
    }
  });
});

const answered = (status: number, body: object) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

// A connection test's failure, kept as the integration's last test message, reached Spanish and
// French readers in English: the words around the system's are now proto's FAILURE_REASONS.
describe("a camera system's failure, as a connection test's message", () => {
  it("is a catalog sentence around the system's own words, kept as it wrote them", async () => {
    const failed = await answerFailure(answered(503, { message: 'Down for upkeep' }), NOW);
    expect(failureReasonOf(failed.message)).toEqual({
      code: 'camera_system_failed_http',
      params: { status: '503', detail: 'Down for upkeep' },
    });
    const refused = await answerFailure(answered(418, {}), NOW);
    expect(failureReasonOf(refused.message)).toEqual({
      code: 'camera_system_refused_http',
      params: { status: '418', detail: 'HTTP 418' },
    });
    expect(failureReasonOf((await answerFailure(rateLimited('30'), NOW)).message)).toEqual({
      code: 'camera_system_limiting_said_retry',
      params: { seconds: '30', detail: 'Slow down.' },
    });
    expect(failureReasonOf((await answerFailure(rateLimited(), NOW)).message)?.code).toBe(
      'camera_system_limiting_said',
    );
  });

  it('names an unreachable or silent system in a catalog sentence, its password masked', () => {
    const refused = new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') });
    const base = 'https://ops:hunter2@cameras.example.com';
    expect(failureReasonOf(networkFailure(refused, 10_000, base).message)).toEqual({
      code: 'camera_system_unreachable_at_cause',
      params: { address: 'https://ops:***@cameras.example.com', detail: 'connect ECONNREFUSED' },
    });
    expect(
      failureReasonOf(networkFailure(new TypeError('fetch failed'), 10_000, base).message)?.code,
    ).toBe('camera_system_unreachable_at');
    const late = Object.assign(new Error('late'), { name: 'TimeoutError' });
    expect(failureReasonOf(networkFailure(late, 10_000, base).message)).toEqual({
      code: 'camera_system_no_answer_within',
      params: { seconds: '10' },
    });
  });

  it("is the system's own words alone for a refusal of its credentials", async () => {
    const denied = await answerFailure(answered(401, { error_description: 'Bad secret' }), NOW);
    expect(denied.message).toBe('Bad secret');
  });
});
