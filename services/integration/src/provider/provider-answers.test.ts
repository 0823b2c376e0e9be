import { describe, expect, it } from 'vitest';
import { answerFailure } from './provider-answers.js';

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
