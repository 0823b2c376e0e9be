import { createHash } from 'node:crypto';
import { z } from 'zod';
import { failureReasonText, suggestionText } from '@hub/proto';
import { CameraPages, pagesBudgetOf } from './camera-pages.js';
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
  ANSWER_MAX_BYTES,
  type AnswerBound,
  answerFailure,
  networkFailure,
  parseJson,
  readBounded,
} from './provider-answers.js';
import {
  CircuitBreaker,
  type ResiliencePolicy,
  RetryPastBudget,
  withResilience,
} from './resilience.js';

// The integrations service names it in the camera list's refusal of a system with smaller pages.
export { CAMERA_PAGE_MIN } from './camera-pages.js';

const TokenAnswer = z.object({ access_token: z.string(), expires_in: z.number().optional() });
const StateAnswer = z.object({ online: z.boolean(), last_seen_at: z.string().nullish() });
const ClipAnswer = z.object({
  id: z.string(),
  status: z.string(),
  download_path: z.string().optional(),
});
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

interface Token {
  value: string;
  expiresAt: number;
}

/**
 * The camera pages' deadline as one call meets it (a page: its sign-ins, its attempts, its body):
 * an exchange the time left gives less than its own timeout is ended by a timer at the deadline,
 * and the call clears those timers once it is done, its answer read or not.
 */
class CallBudget {
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();

  constructor(
    readonly until: number,
    private readonly ended: () => RetryPastBudget,
  ) {}

  /**
   * The signal of an exchange starting now: its own timeout, or, when less time is left, the
   * deadline, ending it with the failure itself (fetch, and the body's reader, end with that
   * reason); with no time left it is not started.
   */
  signal(timeoutMs: number): AbortSignal {
    const left = this.until - Date.now();
    if (left <= 0) throw this.ended();
    if (left >= timeoutMs) return AbortSignal.timeout(timeoutMs);
    const budget = new AbortController();
    this.timers.add(setTimeout(() => budget.abort(this.ended()), left).unref());
    return budget.signal;
  }

  /** The call is done: its exchanges' timers go (each would otherwise wait for the deadline). */
  end(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
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
  /** The camera list's pages, each read as the adapter's other answers are. */
  private readonly pages: CameraPages;

  constructor(
    private readonly credentials: ProviderCredentials,
    private readonly policy: ResiliencePolicy,
    private readonly link: ProviderLink,
    private readonly limits: MediaLimits = MEDIA_LIMITS,
  ) {
    this.pages = new CameraPages(
      (path, bound, until) => this.json('GET', path, undefined, bound, until),
      policy,
    );
  }

  async verify(): Promise<void> {
    this.link.token = await withResilience(this.link.breaker, this.policy, () => this.signIn());
  }

  listCameras(max: number): Promise<CameraListing> {
    return this.pages.listCameras(max);
  }

  findCamera(cameraId: string): Promise<ProviderCamera | null> {
    return this.pages.findCamera(cameraId);
  }

  async cameraState(cameraId: string): Promise<CameraState> {
    const answer = StateAnswer.parse(
      await this.json('GET', `/v1/cameras/${encodeURIComponent(cameraId)}/status`),
    );
    return { online: answer.online, lastSeenAt: answer.last_seen_at ?? null };
  }

  snapshot(cameraId: string): Promise<MediaFile> {
    return this.media(`/v1/cameras/${encodeURIComponent(cameraId)}/snapshot`, {
      what: 'snapshot',
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
      throw new ProviderError('unavailable', failureReasonText('camera_system_clip_unfinished'));
    return this.media(clip.download_path, { what: 'clip', maxBytes: this.limits.clip });
  }

  private async json(
    method: string,
    path: string,
    body?: unknown,
    bound: AnswerBound = { what: 'answer', maxBytes: ANSWER_MAX_BYTES },
    until?: number,
  ): Promise<unknown> {
    const budget = until === undefined ? undefined : new CallBudget(until, () => this.pastBudget());
    try {
      const response = await this.authorized(method, path, body, budget);
      const answer = parseJson(await this.body(response, bound));
      if (answer === undefined)
        throw new ProviderError('protocol', failureReasonText('camera_system_not_json'));
      return answer;
    } finally {
      budget?.end();
    }
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
   * a budget, each exchange of the call (sign-ins included) ends by its deadline and none starts
   * after it, nor does a retry (see withResilience and fetch).
   */
  private authorized(
    method: string,
    path: string,
    body?: unknown,
    budget?: CallBudget,
  ): Promise<Response> {
    return withResilience(
      this.link.breaker,
      this.policy,
      async () => {
        const token = await this.currentToken(budget);
        try {
          return await this.send(method, path, token, body, budget);
        } catch (error) {
          if (!(error instanceof ProviderError && error.kind === 'auth')) throw error;
          this.link.token = null;
          return this.send(method, path, await this.currentToken(budget), body, budget);
        }
      },
      budget?.until,
    );
  }

  private async currentToken(budget?: CallBudget): Promise<string> {
    if (!this.link.token || this.link.token.expiresAt <= Date.now())
      this.link.token = await this.signIn(budget);
    return this.link.token.value;
  }

  private async signIn(budget?: CallBudget): Promise<Token> {
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
      budget,
    );
    const answer = TokenAnswer.safeParse(
      parseJson(await this.body(response, { what: 'sign-in answer', maxBytes: ANSWER_MAX_BYTES })),
    );
    if (!answer.success)
      throw new ProviderError('protocol', failureReasonText('camera_system_no_token'));
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
    budget?: CallBudget,
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
      budget,
    );
  }

  /**
   * One HTTP exchange, its answer's body included, within the timeout; any non-2xx answer becomes
   * a ProviderError. With a budget (the camera pages' deadline), the exchange is given no more
   * than the time left before it: when that is shorter than the timeout, the budget ends it, as a
   * RetryPastBudget (a timeout no retry may mend, which the breaker does not count: the system
   * had less than its time), and with no time left it is not started (see CallBudget).
   */
  private async fetch(path: string, init: RequestInit, budget?: CallBudget): Promise<Response> {
    const base = new URL(this.credentials.baseUrl.replace(/\/*$/, '/'));
    const url = new URL(path, base);
    // A path the system answers (a clip's download_path) may be absolute: followed to another
    // address it would carry the access token there and read whatever this service can reach.
    // The origin is the boundary, not the base's path: the adapter's own calls are rooted at the
    // host (`/v1/...`), as the camera systems' APIs are.
    if (url.origin !== base.origin)
      throw new ProviderError('protocol', failureReasonText('camera_system_download_elsewhere'));
    const signal = budget
      ? budget.signal(this.policy.timeoutMs)
      : AbortSignal.timeout(this.policy.timeoutMs);
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
        failureReasonText('camera_pages_no_answer_within', {
          seconds: String(pagesBudgetOf(this.policy) / 1000),
        }),
        suggestionText('try_again_later'),
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
