import { api } from './routes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call, messageOf, requestJson, withQuery } from './client';

function answer(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('requestJson', () => {
  it('sends the cookie and JSON content type and returns the parsed body', async () => {
    const fetchMock = vi.fn(async () => answer(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(requestJson('/api/x', { method: 'POST', body: '{}' })).resolves.toEqual({
      ok: true,
    });

    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe('include');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('starts a new W3C trace per request (traceparent), which the gateway continues', async () => {
    const fetchMock = vi.fn(async () => answer(200, {}));
    vi.stubGlobal('fetch', fetchMock);

    await requestJson('/api/x');
    await requestJson('/api/y');

    const sent = fetchMock.mock.calls.map((c) =>
      new Headers((c as unknown as [string, RequestInit])[1].headers).get('traceparent'),
    );
    for (const header of sent) expect(header).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(sent[0]!.split('-')[1]).not.toBe(sent[1]!.split('-')[1]);
  });

  it("names the device's time zone, which the server dates its mails in when none is chosen", async () => {
    const fetchMock = vi.fn(async () => answer(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    const options = new Intl.DateTimeFormat().resolvedOptions();
    const zoneOf = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions');
    try {
      zoneOf.mockReturnValue({ ...options, timeZone: 'America/Los_Angeles' });
      await requestJson('/api/x');
      // A runtime that names no zone: nothing sent, the one remembered is kept.
      zoneOf.mockReturnValue({ ...options, timeZone: '' });
      await requestJson('/api/y');
    } finally {
      zoneOf.mockRestore();
    }

    const sent = fetchMock.mock.calls.map((c) =>
      new Headers((c as unknown as [string, RequestInit])[1].headers).get('X-Time-Zone'),
    );
    expect(sent).toEqual(['America/Los_Angeles', null]);
  });

  it("raises the body's message on a non-success answer", async () => {
    vi.stubGlobal('fetch', async () =>
      answer(401, { message: 'Invalid credentials', statusCode: 401 }),
    );
    const error = await requestJson('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      message: 'Invalid credentials',
      serverMessage: 'Invalid credentials',
    });
  });

  it('keeps the wait a Retry-After asks for, in seconds (what the gateway sends in an outage)', async () => {
    const answers = [
      new Response('{}', { status: 503, headers: { 'retry-after': '5' } }),
      new Response('{}', { status: 429, headers: { 'retry-after': 'soon' } }),
      new Response('{}', { status: 500 }),
    ];
    vi.stubGlobal('fetch', async () => answers.shift()!);
    const waits = [];
    for (let n = 0; n < 3; n++) {
      waits.push(((await requestJson('/api/x').catch((e: unknown) => e)) as ApiError).retryAfterMs);
    }
    expect(waits).toEqual([5000, undefined, undefined]);
  });

  it('keeps the wait until the HTTP date a Retry-After gives, a date already past being none', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-12-06T12:00:00Z'));
    try {
      const answers = [
        new Response('{}', {
          status: 503,
          headers: { 'retry-after': 'Sun, 06 Dec 2026 12:00:30 GMT' },
        }),
        new Response('{}', {
          status: 429,
          headers: { 'retry-after': 'Sun, 06 Dec 2026 11:59:00 GMT' },
        }),
      ];
      vi.stubGlobal('fetch', async () => answers.shift()!);
      const waits = [];
      for (let n = 0; n < 2; n++) {
        waits.push(
          ((await requestJson('/api/x').catch((e: unknown) => e)) as ApiError).retryAfterMs,
        );
      }
      expect(waits).toEqual([30_000, 0]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("falls back to 'HTTP {status}' when the body has no message", async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>oops</html>', { status: 502 }));
    const error = await requestJson('/api/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, message: 'HTTP 502', serverMessage: undefined });
  });
});

describe('call', () => {
  it('fills path parameters and the query string from the route index', async () => {
    const fetchMock = vi.fn(async () => answer(200, { events: [] }));
    vi.stubGlobal('fetch', fetchMock);

    await call(api.recentActivity, { query: { limit: 5 } });
    await call(api.organizationByDomain, { params: { domain: 'plant.example' } });

    expect(fetchMock.mock.calls.map((c) => (c as unknown as [string])[0])).toEqual([
      '/api/activity/recent?limit=5',
      '/api/auth/organization/plant.example',
    ]);
  });
});

describe('helpers', () => {
  it('reads only non-empty string messages', () => {
    expect(messageOf({ message: 'x' })).toBe('x');
    expect(messageOf({ message: '' })).toBeUndefined();
    expect(messageOf({ message: 3 })).toBeUndefined();
    expect(messageOf('text')).toBeUndefined();
  });

  it('leaves out empty query values', () => {
    expect(withQuery('/a', { b: 1, c: undefined })).toBe('/a?b=1');
    expect(withQuery('/a', {})).toBe('/a');
    expect(withQuery('/a', undefined)).toBe('/a');
  });
});
