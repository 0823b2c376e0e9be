import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProviderCamera } from './camera-provider.js';
import { CloudCameraProviders } from './cloud-camera-provider.js';
import { DEFAULT_POLICY, type ResiliencePolicy } from './resilience.js';
import { cameraPage, pageAsked } from '../test-support/paging-provider.js';
import { failure } from '../test-support/provider-failure.js';

/** The time the camera pages may take, on the test's clock: it passes only when the test says. */
const BUDGET_MS = 1_000;
// Each call's own timeout is far beyond the budget, and three attempts are allowed: a call the
// budget does not end hangs for the rest of the test, a failure past it that were retried shows.
const POLICY: ResiliencePolicy = {
  ...DEFAULT_POLICY,
  timeoutMs: 600_000,
  maxAttempts: 3,
  backoffMs: 1,
  pagesBudgetMs: BUDGET_MS,
};

/**
 * How the fake camera system answers a request: with a status, JSON and any headers (`late`: once
 * the budget has passed on the clock, its timers not run), not at all until the caller gives up
 * ('hang'), or with a status whose body starts and never ends ('stall').
 */
type Answer =
  | { status: number; json: unknown; headers?: Record<string, string>; late?: boolean }
  | 'hang'
  | { status: number; stall: true };

const token = { status: 200, json: { access_token: 'tok-1', expires_in: 3600 } };
const page = (n: number) => ({ status: 200, json: cameraPage(n, 30, 10) });
const unauthorized = { status: 401, json: { error: 'invalid_token', message: 'Token expired.' } };
/** A rate limit asking to wait a second: as long as the whole budget, so no retry fits in it. */
const limited = {
  status: 429,
  json: { error: 'rate_limited', message: 'Slow down.' },
  headers: { 'retry-after': '1' },
};

/** The cameras of the fake system's first page (of ten), as the adapter answers them. */
const firstPage: ProviderCamera[] = cameraPage(1, 30, 10).data.map((camera) => ({
  ...camera,
  model: '',
  notes: '',
}));

/**
 * A camera system behind the global fetch: `answer` says how the `nth` request for `what`
 * ('sign-in', 'page 1', ...) is answered. `events` holds, in order, each request as it is made
 * and each one the adapter gave up on (`abort ...`); `hung` settles once a request hangs.
 */
function fakeSystem(answer: (what: string, nth: number) => Answer) {
  const events: string[] = [];
  const asked = new Map<string, number>();
  let hang: () => void = () => undefined;
  const hung = new Promise<void>((resolve) => (hang = resolve));

  const fetch = (url: URL, init: RequestInit): Promise<Response> => {
    const what = url.pathname === '/oauth/token' ? 'sign-in' : `page ${pageAsked(url.href)}`;
    const nth = (asked.get(what) ?? 0) + 1;
    asked.set(what, nth);
    events.push(what);
    const signal = init.signal!;
    // As fetch does: an abort ends the exchange (or the body being read) with the signal's reason.
    const onAbort = (end: (reason: unknown) => void) => {
      const abort = () => {
        events.push(`abort ${what}`);
        end(signal.reason);
      };
      if (signal.aborted) abort();
      else signal.addEventListener('abort', abort, { once: true });
    };
    const answered = answer(what, nth);
    if (answered === 'hang')
      return new Promise((_, reject) => {
        onAbort(reject);
        hang();
      });
    if ('stall' in answered) {
      const body = new ReadableStream<Uint8Array>({
        start: (controller) => {
          controller.enqueue(new TextEncoder().encode('{"error":'));
          onAbort((reason) => controller.error(reason));
          hang();
        },
      });
      return Promise.resolve(new Response(body, { status: answered.status }));
    }
    // The answer comes as the budget ends: the clock has passed it, its timers not yet run.
    if (answered.late) vi.setSystemTime(Date.now() + BUDGET_MS);
    return Promise.resolve(
      new Response(JSON.stringify(answered.json), {
        status: answered.status,
        headers: { 'content-type': 'application/json', ...answered.headers },
      }),
    );
  };
  vi.stubGlobal('fetch', fetch);
  const provider = new CloudCameraProviders(POLICY).open({
    baseUrl: 'https://cameras.example',
    clientId: 'hub',
    clientSecret: 'secret',
  });
  return { provider, events, hung };
}

/** The budget passes (the timers due by then run); the calls under way are given up. */
const budgetPasses = () => vi.advanceTimersByTimeAsync(BUDGET_MS);

describe('the calls of one camera list, within its time budget', () => {
  // Only the clock and its timers are the test's: streams and promises run as they do.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('give up a sign-in that hangs when the budget ends, the first page failing as a timeout', async () => {
    const { provider, events, hung } = fakeSystem(() => 'hang');
    // Its failure is taken as soon as it comes: when the budget passes.
    const listing = failure(provider.listCameras(100));
    await hung;
    await budgetPasses();
    expect(events).toEqual(['sign-in', 'abort sign-in']);
    const error = await listing;
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe(
      'The camera system did not answer within the 1 s its camera pages may take.',
    );
    // Nothing is retried past the budget, though two more attempts were allowed.
    expect(events).toEqual(['sign-in', 'abort sign-in']);
  });

  it('give up a first page that hangs after the sign-in, with the same failure', async () => {
    const { provider, events, hung } = fakeSystem((what) => (what === 'sign-in' ? token : 'hang'));
    const listing = failure(provider.listCameras(100));
    await hung;
    await budgetPasses();
    expect(events).toEqual(['sign-in', 'page 1', 'abort page 1']);
    expect((await listing).kind).toBe('timeout');
    expect(events).toEqual(['sign-in', 'page 1', 'abort page 1']);
  });

  it('give up the sign-in renewing a token refused on a later page, and list the pages read', async () => {
    // The chain that could take four timeouts: a sign-in, the page refused (401), the token
    // renewed, the page asked again. The renewal hangs.
    const { provider, events, hung } = fakeSystem((what, nth) => {
      if (what === 'sign-in') return nth === 1 ? token : 'hang';
      return what === 'page 1' ? page(1) : unauthorized;
    });
    const listing = provider.listCameras(100);
    await hung;
    await budgetPasses();
    expect(events).toEqual(['sign-in', 'page 1', 'page 2', 'sign-in', 'abort sign-in']);
    await expect(listing).resolves.toEqual({ cameras: firstPage, more: 'time' });
    expect(events).toHaveLength(5);
  });

  it('give up a page asked again with a renewed token, and list the pages read', async () => {
    const { provider, events, hung } = fakeSystem((what, nth) => {
      if (what === 'sign-in') return token;
      if (what === 'page 1') return page(1);
      return nth === 1 ? unauthorized : 'hang';
    });
    const listing = provider.listCameras(100);
    await hung;
    await budgetPasses();
    expect(events).toEqual(['sign-in', 'page 1', 'page 2', 'sign-in', 'page 2', 'abort page 2']);
    await expect(listing).resolves.toEqual({ cameras: firstPage, more: 'time' });
    expect(events).toHaveLength(6);
  });

  it('start no sign-in once the budget has ended, for a refusal that comes as it ends', async () => {
    // The 401 of the second page comes with a body that stops: read until the budget ends, the
    // refusal is known only then, and no renewal may start.
    const { provider, events, hung } = fakeSystem((what) => {
      if (what === 'sign-in') return token;
      return what === 'page 1' ? page(1) : { status: 401, stall: true };
    });
    const listing = provider.listCameras(100);
    await hung;
    await budgetPasses();
    expect(events).toEqual(['sign-in', 'page 1', 'page 2', 'abort page 2']);
    await expect(listing).resolves.toEqual({ cameras: firstPage, more: 'time' });
    expect(events).toHaveLength(4);
  });

  it('give up a hanging page when looking a camera up, and tell it was not found in time', async () => {
    const { provider, events, hung } = fakeSystem((what) => {
      if (what === 'sign-in') return token;
      return what === 'page 1' ? page(1) : 'hang';
    });
    const found = failure(provider.findCamera('cam-25'));
    await hung;
    await budgetPasses();
    expect(events).toEqual(['sign-in', 'page 1', 'page 2', 'abort page 2']);
    const error = await found;
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe(
      'The camera system answered too slowly: the camera was not found within 1 s.',
    );
  });

  it('end the list as limited when a later page is rate-limited and no retry fits in the budget', async () => {
    // The system asks to wait a second, which would pass the budget: the retry is not waited for,
    // and it is the system's refusal, not its slowness, that ended the list.
    const { provider, events } = fakeSystem((what) => {
      if (what === 'sign-in') return token;
      return what === 'page 1' ? page(1) : limited;
    });
    await expect(provider.listCameras(100)).resolves.toEqual({
      cameras: firstPage,
      more: 'limited',
      retryAfterMs: 1_000,
    });
    expect(events).toEqual(['sign-in', 'page 1', 'page 2']);
  });

  it('end the list as limited when a later page is rate-limited as the budget ends', async () => {
    // The refusal comes past the deadline, asking to wait longer than a retry waits (30 s).
    const { provider, events } = fakeSystem((what) => {
      if (what === 'sign-in') return token;
      if (what === 'page 1') return page(1);
      return { ...limited, headers: { 'retry-after': '30' }, late: true };
    });
    await expect(provider.listCameras(100)).resolves.toEqual({
      cameras: firstPage,
      more: 'limited',
      retryAfterMs: 30_000,
    });
    expect(events).toEqual(['sign-in', 'page 1', 'page 2']);
  });

  it('leave no timer behind once a list that ended well within the budget is read', async () => {
    const { provider } = fakeSystem((what) =>
      what === 'sign-in' ? token : page(Number(what.slice(5))),
    );
    const listing = await provider.listCameras(100);
    expect(listing).toEqual({ cameras: expect.any(Array), more: false });
    expect(listing.cameras).toHaveLength(30);
    expect(vi.getTimerCount()).toBe(0);
  });
});
