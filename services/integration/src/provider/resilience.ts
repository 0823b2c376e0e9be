import { failureReasonText } from '@hub/proto';
import { ProviderError } from './camera-provider.js';

export interface ResiliencePolicy {
  timeoutMs: number;
  maxAttempts: number;
  backoffMs: number;
  maxRetryAfterMs: number;
  breakerFailures: number;
  breakerResetMs: number;
  /**
   * How long a chain of camera pages (the camera list, a camera looked up) may go on: each of its
   * exchanges (sign-ins included) ends with it, and none, nor a retry, starts past it.
   * CAMERA_PAGES_BUDGET_MS unless set (smaller in tests).
   */
  pagesBudgetMs?: number;
}

export const DEFAULT_POLICY: ResiliencePolicy = {
  timeoutMs: 3000,
  maxAttempts: 3,
  backoffMs: 200,
  maxRetryAfterMs: 5000,
  breakerFailures: 5,
  breakerResetMs: 30_000,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Stops calling a camera system that failed `breakerFailures` times in a row, for
 * `breakerResetMs`; then lets one call through, and opens again at once if it fails.
 */
export class CircuitBreaker {
  private failures = 0;
  private openUntil = 0;

  constructor(private readonly policy: ResiliencePolicy) {}

  check(): void {
    const wait = this.openUntil - Date.now();
    if (wait > 0)
      throw new ProviderError(
        'circuit_open',
        failureReasonText('camera_system_circuit_open', {
          count: String(this.policy.breakerFailures),
          seconds: String(Math.ceil(wait / 1000)),
        }),
        'Check that the camera system is up and reachable from the server.',
      );
  }

  succeeded(): void {
    this.failures = 0;
    this.openUntil = 0;
  }

  failed(): void {
    this.failures += 1;
    if (this.failures >= this.policy.breakerFailures) {
      this.openUntil = Date.now() + this.policy.breakerResetMs;
      // After the pause one more failure opens it again.
      this.failures = this.policy.breakerFailures - 1;
    }
  }
}

/** How long to wait before the next attempt, or null when the failure must not be retried. */
export function retryDelay(
  error: unknown,
  attempt: number,
  policy: ResiliencePolicy,
): number | null {
  if (!(error instanceof ProviderError) || attempt >= policy.maxAttempts) return null;
  if (error.kind === 'rate_limited') {
    const asked = error.retryAfterMs ?? policy.backoffMs * 2 ** (attempt - 1);
    return asked <= policy.maxRetryAfterMs ? asked : null;
  }
  return error.transient ? policy.backoffMs * 2 ** (attempt - 1) : null;
}

/**
 * A call its budget ended: a failure that would have been retried, but not before the call's
 * `until`, or an exchange the time left cut short or kept from starting (a timeout, `failure`).
 * Thrown apart from the failure itself so the caller with a budget can tell that its time, not the
 * system's refusal, ended the call (a chain of camera pages then answers the pages it read); not
 * retried, nor counted by the breaker.
 */
export class RetryPastBudget extends Error {
  constructor(readonly failure: ProviderError) {
    super(failure.message);
  }
}

/**
 * Runs one provider call with retries (backoff, Retry-After) behind the system's breaker. With
 * `until` (a time, as Date.now() gives it), no attempt starts after it: the failure that would be
 * retried is thrown instead, as a RetryPastBudget, so a call with a budget ends within it and one
 * attempt.
 */
export async function withResilience<T>(
  breaker: CircuitBreaker,
  policy: ResiliencePolicy,
  call: () => Promise<T>,
  until?: number,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    breaker.check();
    try {
      const result = await call();
      breaker.succeeded();
      return result;
    } catch (error) {
      if (error instanceof ProviderError && error.transient) breaker.failed();
      const delay = retryDelay(error, attempt, policy);
      if (delay === null) throw error;
      if (until !== undefined && Date.now() + delay >= until)
        throw error instanceof ProviderError ? new RetryPastBudget(error) : error;
      await sleep(delay);
    }
  }
}
