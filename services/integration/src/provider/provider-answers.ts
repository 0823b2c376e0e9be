import {
  type FailureReasonCode,
  failureReasonText,
  retryAfterMs,
  withCredentialsMasked,
} from '@hub/proto';
import { z } from 'zod';
import { ProviderError } from './camera-provider.js';
import { RetryPastBudget } from './resilience.js';

const ErrorAnswer = z
  .object({
    error: z.string().optional(),
    error_description: z.string().optional(),
    message: z.string().optional(),
    suggestion: z.string().optional(),
  })
  .partial();

export const MB = 1024 * 1024;
/**
 * The most of one JSON answer (a page of cameras, a token, a status) this service reads; the body
 * is refused as soon as more has come, never buffered whole. A page of our 100 cameras is tens of
 * KB; 8 MB still holds a provider that ignores per_page and answers its 10,000 cameras at once,
 * and keeps a huge or endless answer (a faulty provider, or a man in the middle) from filling
 * this service's memory: each page is held whole while it is parsed.
 */
export const ANSWER_MAX_BYTES = 8 * MB;
/** An error answer carries a few sentences; longer ones are refused unread, their kind kept. */
const ERROR_ANSWER_MAX_BYTES = 64 * 1024;

/**
 * Whether a call failed for want of time: its retry was cut by the budget, or it failed past it
 * in a way a retry could mend (a timeout, an outage). A rate limit is the system's refusal, not
 * time running out, whenever it comes: the caller tells it apart first (see CameraPages).
 */
export function outOfTime(error: unknown, deadline: number): boolean {
  if (error instanceof RetryPastBudget) return true;
  if (!(error instanceof ProviderError) || Date.now() < deadline) return false;
  return error.transient;
}

/**
 * What an answer is, naming the sentence of proto's FAILURE_REASONS that refuses it as too large
 * (an error answer's refusal is never shown: its words are left out, see answerFailure).
 */
const TOO_LARGE = {
  answer: 'camera_system_answer_too_large',
  'sign-in answer': 'camera_system_sign_in_too_large',
  'page of cameras': 'camera_system_page_too_large',
  snapshot: 'camera_system_snapshot_too_large',
  clip: 'camera_system_clip_too_large',
  error: 'camera_system_answer_too_large',
} as const satisfies Record<string, FailureReasonCode>;

/** What an answer is and the most of it read. */
export interface AnswerBound {
  what: keyof typeof TOO_LARGE;
  maxBytes: number;
}

const tooLarge = ({ what, maxBytes }: AnswerBound) =>
  new ProviderError(
    'protocol',
    failureReasonText(TOO_LARGE[what], { megabytes: megabytesOf(maxBytes) }),
  );

/** The JSON of a body, or undefined when it is not JSON (which no JSON text parses to). */
export function parseJson(bytes: Buffer): unknown {
  try {
    // Decoded as Response.json() does: UTF-8, a leading byte order mark dropped.
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    return undefined;
  }
}

/** A bound in megabytes as English writes it: '8', '500' (a test's smaller one: '0.00391'). */
const megabytesOf = (bytes: number) =>
  (bytes / MB).toLocaleString('en-US', { maximumSignificantDigits: 3, useGrouping: false });

/**
 * The answer's body, refused once it is known to exceed the bound: from its content-length before
 * reading, or, without one (or with one that lies), as soon as more than the bound has arrived.
 */
export async function readBounded(response: Response, bound: AnswerBound): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > bound.maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(bound);
  }
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    received += read.value.byteLength;
    if (received > bound.maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(bound);
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks, received);
}

export function networkFailure(error: unknown, timeoutMs: number, baseUrl: string): ProviderError {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return new ProviderError(
      'timeout',
      failureReasonText('camera_system_no_answer_within', { seconds: String(timeoutMs / 1000) }),
    );
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
  // Organizations read these words in their floor alerts: an address kept from before user info
  // was refused must not show its password.
  const address = withCredentialsMasked(baseUrl);
  return new ProviderError(
    'unreachable',
    cause
      ? failureReasonText('camera_system_unreachable_at_cause', { address, detail: cause })
      : failureReasonText('camera_system_unreachable_at', { address }),
    'Check the API base URL and that the server can reach it.',
  );
}

/**
 * Turns the provider's error answer into our kinds, keeping its own message and suggestion: a
 * refusal of the credentials or of access is its words alone, any other in a sentence of proto's
 * FAILURE_REASONS around them, which the web app words in its reader's language.
 */
export async function answerFailure(response: Response, now = Date.now()): Promise<ProviderError> {
  // Words too long to read (or that stop coming) are left out; the status still says the kind.
  const words = await readBounded(response, { what: 'error', maxBytes: ERROR_ANSWER_MAX_BYTES })
    .then(parseJson)
    .catch(() => undefined);
  const parsed = ErrorAnswer.safeParse(words ?? {});
  const body = parsed.success ? parsed.data : {};
  const said = body.error_description ?? body.message ?? `HTTP ${response.status}`;
  const status = response.status;
  if (status === 401 || (status === 400 && body.error === 'invalid_client'))
    return new ProviderError('auth', said, 'Check the client id and secret of the integration.');
  if (status === 403)
    return new ProviderError(
      'scope',
      said,
      body.suggestion ?? 'Ask the camera system administrator to grant this API client access.',
    );
  if (status === 404) return new ProviderError('not_found', said);
  if (status === 429) {
    const waitMs = retryAfterMs(response.headers.get('retry-after'), now);
    const seconds = waitMs === undefined ? undefined : Math.ceil(waitMs / 1000);
    return new ProviderError(
      'rate_limited',
      seconds === undefined
        ? failureReasonText('camera_system_limiting_said', { detail: said })
        : failureReasonText('camera_system_limiting_said_retry', {
            seconds: String(seconds),
            detail: said,
          }),
      'Try again later.',
      waitMs,
    );
  }
  const parts = { status: String(status), detail: said };
  if (status >= 500)
    return new ProviderError('unavailable', failureReasonText('camera_system_failed_http', parts));
  return new ProviderError('protocol', failureReasonText('camera_system_refused_http', parts));
}
