import { createHash } from 'node:crypto';
import { z } from 'zod';
import { PROVIDER_CALL_MS } from '@hub/proto';
import {
  type CameraListing,
  type CameraProvider,
  type CameraState,
  type MediaFile,
  type ProviderCamera,
  type ProviderCredentials,
  ProviderError,
} from './camera-provider.js';
import {
  type AnswerBound,
  answerFailure,
  MB,
  networkFailure,
  outOfTime,
  parseJson,
  readBounded,
} from './provider-answers.js';
import {
  CircuitBreaker,
  type ResiliencePolicy,
  RetryPastBudget,
  withResilience,
} from './resilience.js';

const TokenAnswer = z.object({ access_token: z.string(), expires_in: z.number().optional() });
const CameraPage = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      model: z.string().nullish(),
      notes: z.string().nullish(),
    }),
  ),
  meta: z.object({ next_page: z.number().int().nullable() }),
});
const StateAnswer = z.object({ online: z.boolean(), last_seen_at: z.string().nullish() });
const ClipAnswer = z.object({
  id: z.string(),
  status: z.string(),
  download_path: z.string().optional(),
});
/** Pages asked for; the provider may answer fewer per page, and we follow next_page. */
const PAGE_SIZE = 100;
/**
 * The smallest page of cameras the page bound allows for. Pages are read until more cameras than
 * asked for have come or next_page ends; the chain is also cut after as many pages as bring them
 * at this many cameras a page (1,001 pages for the list's 10,000), so a chain that runs away
 * ends, while a provider holding its pages below our per_page (20, 25, 50 cameras) is still read
 * to the end of the list. A provider answering fewer cameras a page is cut there, and says so.
 */
export const CAMERA_PAGE_MIN = 10;
/**
 * How far into the system findCamera looks: the reach its 200 pages of 100 had. A camera further
 * in cannot be listed (CAMERA_LIST_MAX), so it is not chosen in the camera dialog anyway.
 */
const FIND_CAMERA_REACH = 20_000;
/** However few cameras are asked for, pages are followed this far (the former bound of all). */
const PAGES_MIN = 200;
/** The pages read to bring `cameras` cameras (and one more, to tell there are more). */
const pagesFor = (cameras: number) =>
  Math.max(PAGES_MIN, Math.ceil((cameras + 1) / CAMERA_PAGE_MIN));
/**
 * How long a chain of camera pages may go on: well inside the time the gateway waits for the
 * answer, so the user gets the cameras read rather than a gateway timeout while this service goes
 * on reading pages nobody waits for. Every exchange of the chain (sign-ins, pages, their retries)
 * ends with it and none starts past it; the margin holds the assignments read for the list, the
 * answer's way back, and a loaded machine's lateness.
 */
export const CAMERA_PAGES_BUDGET_MS = PROVIDER_CALL_MS - 10_000;
const CLIP_POLLS = 10;
/** A token is renewed this long before the provider says it expires. */
const TOKEN_MARGIN_MS = 60_000;
/** A camera's still picture; far above any real snapshot, and each one is held whole in memory. */
export const SNAPSHOT_MAX_BYTES = 20 * 1024 * 1024;
/**
 * An exported clip of a few seconds or minutes. Below proto's VIDEO_MAX_BYTES (2 GB, the limit of
 * uploaded videos) because the clip is held whole in memory while it is handled.
 */
export const CLIP_MAX_BYTES = 500 * 1024 * 1024;

/** The most of each kind of media the adapter reads; smaller in tests, so they stay cheap. */
export interface MediaLimits {
  snapshot: number;
  clip: number;
}
export const MEDIA_LIMITS: MediaLimits = { snapshot: SNAPSHOT_MAX_BYTES, clip: CLIP_MAX_BYTES };
/**
 * The most of one JSON answer (a page of cameras, a token, a status) this service reads; the body
 * is refused as soon as more has come, never buffered whole. A page of our 100 cameras is tens of
 * KB; 8 MB still holds a provider that ignores per_page and answers its 10,000 cameras at once,
 * and keeps a huge or endless answer (a faulty provider, or a man in the middle) from filling
 * this service's memory: each page is held whole while it is parsed.
 */
export const ANSWER_MAX_BYTES = 8 * MB;

interface Token {
  value: string;
  expiresAt: number;
}

/** How a chain of camera pages ended, with the rate limit that ended it ('limited'). */
interface PagesEnd {
  more: CameraListing['more'];
  limited?: ProviderError;
}

/** What calls to one camera system with one client share: its breaker and its access token. */
export interface ProviderLink {
  breaker: CircuitBreaker;
  token: Token | null;
}

/**
 * The adapter for cloud camera systems with an OAuth client-credentials API ("Alta-style"):
 * POST /oauth/token, GET /v1/cameras (paged), /v1/cameras/{id}/status, /snapshot, POST
 * /v1/cameras/{id}/clips then GET /v1/clips/{id} and its download. Every call has a timeout,
 * is retried with backoff (or after Retry-After on 429) and goes through the system's breaker.
 */
export class CloudCameraProvider implements CameraProvider {
  constructor(
    private readonly credentials: ProviderCredentials,
    private readonly policy: ResiliencePolicy,
    private readonly link: ProviderLink,
    private readonly limits: MediaLimits = MEDIA_LIMITS,
  ) {}

  async verify(): Promise<void> {
    this.link.token = await withResilience(this.link.breaker, this.policy, () => this.signIn());
  }

  async listCameras(max: number): Promise<CameraListing> {
    const cameras: ProviderCamera[] = [];
    const pages = this.cameraPages(pagesFor(max));
    let next = await pages.next();
    for (; !next.done; next = await pages.next()) {
      cameras.push(...next.value);
      if (cameras.length > max) return { cameras: cameras.slice(0, max), more: 'cameras' };
    }
    return { cameras, more: next.value.more };
  }

  async findCamera(cameraId: string): Promise<ProviderCamera | null> {
    const pages = this.cameraPages(pagesFor(FIND_CAMERA_REACH));
    let next = await pages.next();
    // Bounded by cameras as the list is: the page bound alone, sized for pages of 10, would read
    // ten times the reach of a system answering full pages (2,001 requests for a camera it lacks).
    // A page past the reach is read: only a chain that goes on past it is cut, a system that ends
    // there has no such camera.
    for (let seen = 0; !next.done; next = await pages.next()) {
      const camera = next.value.find((candidate) => candidate.id === cameraId);
      if (camera) return camera;
      if (seen > FIND_CAMERA_REACH)
        throw new ProviderError(
          'protocol',
          `The camera is not among the first ${FIND_CAMERA_REACH.toLocaleString('en-US')} cameras of the camera system.`,
        );
      seen += next.value.length;
    }
    const { more, limited } = next.value;
    if (!more) return null;
    // Nothing partial to answer: the system's own refusal is the reason.
    if (limited) throw limited;
    if (more === 'time')
      throw new ProviderError(
        'timeout',
        `The camera system answered too slowly: the camera was not found within ${this.pagesBudgetMs / 1000} s.`,
        'Try again later.',
      );
    throw new ProviderError(
      'protocol',
      `The camera system answers fewer than ${CAMERA_PAGE_MIN} cameras a page: the camera was not in its first ${pagesFor(FIND_CAMERA_REACH).toLocaleString('en-US')} pages.`,
    );
  }

  private get pagesBudgetMs(): number {
    return this.policy.pagesBudgetMs ?? CAMERA_PAGES_BUDGET_MS;
  }

  /**
   * The system's cameras a page at a time, following next_page as far as it leads but no further
   * than `limit` pages, nor past the pages' time budget; ends with `more` false when next_page
   * ended, else why it was not followed further ('pages': the limit, 'time': the budget,
   * 'limited': the system's rate limit). A page after the first that fails as time runs out (the
   * budget ended its exchange or kept one from starting, its retry would pass the budget, or it
   * failed past it in a way a retry could mend) ends the chain as the budget does, and one the
   * system rate-limits past the retries (a Retry-After longer than a retry waits, or at every
   * attempt) ends it with that refusal: either way the pages read are the answer.
   */
  private async *cameraPages(limit: number): AsyncGenerator<ProviderCamera[], PagesEnd> {
    // The budget runs from the first request, sign-in included, and bounds every exchange of the
    // chain: each sign-in and page is given at most the time left of it (its own timeout when
    // that is shorter) and none starts past it, nor does a retry. One attempt of a page (a
    // sign-in, the page, a token renewed after a 401 and the page again: four timeouts) would
    // otherwise outlast the budget and its margin, as would a page's retries (up to 5 s apart
    // after a Retry-After); the chain ends when the budget does.
    const deadline = Date.now() + this.pagesBudgetMs;
    for (let page = 1, pages = 0; ; pages += 1) {
      if (pages >= limit) return { more: 'pages' };
      if (pages > 0 && Date.now() >= deadline) return { more: 'time' };
      let read: unknown;
      try {
        read = await this.json(
          'GET',
          `/v1/cameras?page=${page}&per_page=${PAGE_SIZE}`,
          undefined,
          { what: 'a page of cameras', maxBytes: ANSWER_MAX_BYTES },
          deadline,
        );
      } catch (error) {
        // The first page failing tells nothing was read: the failure is the answer. A refusal
        // no retry would mend (a scope, the credentials) stays one on any page.
        if (pages > 0 && outOfTime(error, deadline)) return { more: 'time' };
        // A rate limit past the retries says "not now" of the pages to come, not of those read.
        if (pages > 0 && error instanceof ProviderError && error.kind === 'rate_limited')
          return { more: 'limited', limited: error };
        throw error instanceof RetryPastBudget ? error.failure : error;
      }
      const answer = CameraPage.parse(read);
      yield answer.data.map((camera) => ({
        id: camera.id,
        name: camera.name,
        model: camera.model ?? '',
        notes: camera.notes ?? '',
      }));
      if (answer.meta.next_page === null || answer.meta.next_page <= page) return { more: false };
      page = answer.meta.next_page;
    }
  }

  async cameraState(cameraId: string): Promise<CameraState> {
    const answer = StateAnswer.parse(
      await this.json('GET', `/v1/cameras/${encodeURIComponent(cameraId)}/status`),
    );
    return { online: answer.online, lastSeenAt: answer.last_seen_at ?? null };
  }

  snapshot(cameraId: string): Promise<MediaFile> {
    return this.media(`/v1/cameras/${encodeURIComponent(cameraId)}/snapshot`, {
      what: 'a snapshot',
      maxBytes: this.limits.snapshot,
    });
  }

  async exportClip(cameraId: string, start: Date, durationSeconds: number): Promise<MediaFile> {
    let clip = ClipAnswer.parse(
      await this.json('POST', `/v1/cameras/${encodeURIComponent(cameraId)}/clips`, {
        start_time: start.toISOString(),
        duration_seconds: durationSeconds,
      }),
    );
    for (let poll = 0; clip.status !== 'ready' && poll < CLIP_POLLS; poll += 1) {
      await new Promise((resolve) => setTimeout(resolve, this.policy.backoffMs));
      clip = ClipAnswer.parse(await this.json('GET', `/v1/clips/${encodeURIComponent(clip.id)}`));
    }
    if (clip.status !== 'ready' || !clip.download_path)
      throw new ProviderError('unavailable', 'The camera system did not finish the clip export.');
    return this.media(clip.download_path, { what: 'a clip', maxBytes: this.limits.clip });
  }

  private async json(
    method: string,
    path: string,
    body?: unknown,
    bound: AnswerBound = { what: 'an answer', maxBytes: ANSWER_MAX_BYTES },
    until?: number,
  ): Promise<unknown> {
    const response = await this.authorized(method, path, body, until);
    const answer = parseJson(await this.body(response, bound));
    if (answer === undefined)
      throw new ProviderError('protocol', 'The camera system answered something that is not JSON.');
    return answer;
  }

  private async media(path: string, bound: AnswerBound): Promise<MediaFile> {
    const response = await this.authorized('GET', path);
    return {
      bytes: await this.body(response, bound),
      contentType: response.headers.get('content-type') ?? 'application/octet-stream',
    };
  }

  /**
   * The answer's body within its bound; one that stops coming times out as the call would (or
   * ends with the camera pages' budget, as a RetryPastBudget).
   */
  private async body(response: Response, bound: AnswerBound): Promise<Buffer> {
    try {
      return await readBounded(response, bound);
    } catch (error) {
      if (error instanceof ProviderError || error instanceof RetryPastBudget) throw error;
      throw networkFailure(error, this.policy.timeoutMs, this.credentials.baseUrl);
    }
  }

  /**
   * One API call with a valid token; a token the system stopped accepting is renewed once. With
   * `until`, each exchange of the call (sign-ins included) ends by then and none starts after it,
   * nor does a retry (see withResilience and fetch).
   */
  private authorized(
    method: string,
    path: string,
    body?: unknown,
    until?: number,
  ): Promise<Response> {
    return withResilience(
      this.link.breaker,
      this.policy,
      async () => {
        const token = await this.currentToken(until);
        try {
          return await this.send(method, path, token, body, until);
        } catch (error) {
          if (!(error instanceof ProviderError && error.kind === 'auth')) throw error;
          this.link.token = null;
          return this.send(method, path, await this.currentToken(until), body, until);
        }
      },
      until,
    );
  }

  private async currentToken(until?: number): Promise<string> {
    if (!this.link.token || this.link.token.expiresAt <= Date.now())
      this.link.token = await this.signIn(until);
    return this.link.token.value;
  }

  private async signIn(until?: number): Promise<Token> {
    const response = await this.fetch(
      '/oauth/token',
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: this.credentials.clientId,
          client_secret: this.credentials.clientSecret,
        }).toString(),
      },
      until,
    );
    const answer = TokenAnswer.safeParse(
      parseJson(
        await this.body(response, { what: 'a sign-in answer', maxBytes: ANSWER_MAX_BYTES }),
      ),
    );
    if (!answer.success)
      throw new ProviderError('protocol', 'The camera system answered no access token.');
    const lifetimeMs = (answer.data.expires_in ?? 3600) * 1000;
    return {
      value: answer.data.access_token,
      expiresAt: Date.now() + Math.max(lifetimeMs - TOKEN_MARGIN_MS, lifetimeMs / 2),
    };
  }

  private send(
    method: string,
    path: string,
    token: string,
    body?: unknown,
    until?: number,
  ): Promise<Response> {
    return this.fetch(
      path,
      {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
      until,
    );
  }

  /**
   * One HTTP exchange, its answer's body included, within the timeout; any non-2xx answer becomes
   * a ProviderError. With `until` (the camera pages' deadline), the exchange is given no more than
   * the time left before it: when that is shorter than the timeout, the budget ends it, as a
   * RetryPastBudget (a timeout no retry may mend, which the breaker does not count: the system
   * had less than its time), and with no time left it is not started.
   */
  private async fetch(path: string, init: RequestInit, until?: number): Promise<Response> {
    const base = new URL(this.credentials.baseUrl.replace(/\/*$/, '/'));
    const url = new URL(path, base);
    // A path the system answers (a clip's download_path) may be absolute: followed to another
    // address it would carry the access token there and read whatever this service can reach.
    // The origin is the boundary, not the base's path: the adapter's own calls are rooted at the
    // host (`/v1/...`), as the camera systems' APIs are.
    if (url.origin !== base.origin)
      throw new ProviderError(
        'protocol',
        'The camera system pointed a download to another address.',
      );
    const left = until === undefined ? Number.POSITIVE_INFINITY : until - Date.now();
    if (left <= 0) throw this.pastBudget();
    let signal: AbortSignal;
    if (left < this.policy.timeoutMs) {
      // Aborted with the failure itself: fetch, and the body's reader, end with that reason.
      const budget = new AbortController();
      setTimeout(() => budget.abort(this.pastBudget()), left).unref();
      signal = budget.signal;
    } else signal = AbortSignal.timeout(this.policy.timeoutMs);
    let response: Response;
    try {
      response = await fetch(url, { ...init, redirect: 'error', signal });
    } catch (error) {
      if (error instanceof RetryPastBudget) throw error;
      throw networkFailure(error, this.policy.timeoutMs, this.credentials.baseUrl);
    }
    if (response.ok) return response;
    throw await answerFailure(response);
  }

  /** An exchange the camera pages' budget ended, or kept from starting. */
  private pastBudget(): RetryPastBudget {
    return new RetryPastBudget(
      new ProviderError(
        'timeout',
        `The camera system did not answer within the ${this.pagesBudgetMs / 1000} s its camera pages may take.`,
        'Try again later.',
      ),
    );
  }
}

/** Opens adapters; calls to one system with one client share a breaker and a token. */
export class CloudCameraProviders {
  private readonly links = new Map<string, ProviderLink>();

  constructor(
    private readonly policy: ResiliencePolicy,
    private readonly limits: MediaLimits = MEDIA_LIMITS,
  ) {}

  open(credentials: ProviderCredentials): CameraProvider {
    // The secret is part of the key only as a digest, so new credentials start a new link.
    const secret = createHash('sha256').update(credentials.clientSecret).digest('hex');
    const key = `${credentials.baseUrl}\n${credentials.clientId}\n${secret}`;
    let link = this.links.get(key);
    if (!link) {
      link = { breaker: new CircuitBreaker(this.policy), token: null };
      this.links.set(key, link);
    }
    return new CloudCameraProvider(credentials, this.policy, link, this.limits);
  }
}
