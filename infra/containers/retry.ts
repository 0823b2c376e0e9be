// What a real client does with a 503 that names a Retry-After: waits as long and asks again.
// The product answers so while a dependency is briefly away (Redis, a PostgreSQL connection
// that timed out on a loaded machine); the smoke test gave up on the first one.
// Built-in modules only: the smoke test runs on Node's type stripping, with no build step.

/** Seconds to wait from a Retry-After header (delay in seconds or an HTTP date); null: none. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

export interface RetryOptions {
  /** Requests in all, the first included. */
  attempts?: number;
  /** A longer Retry-After is waited this long only. */
  maxWaitSeconds?: number;
  sleep?: (ms: number) => Promise<void>;
  onRetry?: (waitSeconds: number, attempt: number) => void;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends the request again after each 503 with Retry-After, up to `attempts` requests; any other
 * answer (a 503 without Retry-After too) is the caller's. `send` makes a fresh request each time.
 */
export async function fetchRetrying(
  send: () => Promise<Response>,
  { attempts = 6, maxWaitSeconds = 10, sleep = pause, onRetry }: RetryOptions = {},
): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await send();
    const wait =
      response.status === 503 ? retryAfterSeconds(response.headers.get('retry-after')) : null;
    if (wait === null || attempt >= attempts) return response;
    await response.body?.cancel();
    const seconds = Math.min(wait, maxWaitSeconds);
    onRetry?.(seconds, attempt);
    await sleep(seconds * 1000);
  }
}
