import { AsyncLocalStorage } from 'node:async_hooks';

/** A fetch's failure and the address it was for. */
interface FetchFailure {
  url: string;
  error: Error;
}

/**
 * The fetches of ours, and the store below: shared by name by every copy of this module in a
 * process (a build's and a source's, two versions), so that one never wraps another's fetch.
 * A fetch is ours by identity, never by a mark on it: vi.spyOn, and any wrapper that copies the
 * replaced function's own properties onto its own, would carry a mark over, and pass for ours.
 */
const OURS = Symbol.for('@hub/runtime.keeping-fetches');
const STORE = Symbol.for('@hub/runtime.kept-fetch-failures');

const shared = globalThis as typeof globalThis & {
  [OURS]?: WeakSet<typeof fetch>;
  [STORE]?: AsyncLocalStorage<FetchFailure[]>;
};

/** The fetches installed by keepFetchFailures, of this copy of the module or another. */
const ours = (shared[OURS] ??= new WeakSet<typeof fetch>());

/** The fetch failures of one call kept by keepingFetchFailures, latest last. */
const failures = (shared[STORE] ??= new AsyncLocalStorage<FetchFailure[]>());

const urlOf = (input: Parameters<typeof fetch>[0]) =>
  input instanceof Request ? input.url : String(input);

/**
 * The global fetch, noting each failure of a fetch made within keepingFetchFailures. Installed
 * on first use: a library that takes no fetch of its own (@google/generative-ai calls the global
 * one) can only be followed there. Installed again, over whatever fetch is there, whenever the
 * global one is no longer one of ours: something that replaced it later (a test double, an
 * instrumentation library) would otherwise stop the noting without a word. A fetch of ours (the
 * one put back after a replacement, one a wrapper of ours, one another copy of this module
 * installed) is never wrapped again: however often fetch is replaced and put back, a call goes
 * through one of ours. A replacement that only looks like ours (a vi.spyOn spy, which copies the
 * spied fetch's own properties) is not one: ours are known by identity. (A fetch of another's
 * that calls through to ours cannot be seen to: it is wrapped once.) Outside
 * keepingFetchFailures, and for every answer, it is fetch itself: the same promise's value, the
 * same error.
 */
function keepFetchFailures(): void {
  const original = globalThis.fetch;
  if (ours.has(original)) return;
  const keepingFetch: typeof fetch = (input, init) => {
    const kept = failures.getStore();
    const answer = original(input, init);
    if (!kept) return answer;
    return answer.catch((error: unknown) => {
      // A replacement that calls through to a fetch of ours has this failure noted there too.
      if (error instanceof Error && !kept.some((failure) => failure.error === error))
        kept.push({ url: urlOf(input), error });
      throw error;
    });
  };
  ours.add(keepingFetch);
  globalThis.fetch = keepingFetch;
}

/**
 * Runs `call`, and gives an error it throws the failed fetch behind it as its `cause` when it
 * has none: @google/generative-ai re-creates fetch's error as its own with only the message
 * ('Error fetching from <url>: fetch failed'), dropping the cause that says why (refused, a name
 * not resolved, a reset, a certificate), so without it networkCause can only say 'network error'.
 * The fetch failure is the error's only when the error ends with its message, as the SDK's does;
 * another error (a VideoFailure, an answer not JSON) is thrown as it came. undici says 'fetch
 * failed' whatever failed, and a later fetch of the call (the upload's delete, in a finally) may
 * fail for another reason: the failure of the address the error names ('Error fetching from
 * <url>: fetch failed') is preferred to the latest.
 */
export async function keepingFetchFailures<T>(call: () => Promise<T>): Promise<T> {
  keepFetchFailures();
  const kept: FetchFailure[] = [];
  try {
    return await failures.run(kept, call);
  } catch (error) {
    if (error instanceof Error && error.cause === undefined) {
      const worded = kept.filter(
        (failure) =>
          failure.error !== error &&
          failure.error.message !== '' &&
          error.message.endsWith(failure.error.message),
      );
      const behind =
        worded.findLast((failure) =>
          error.message.endsWith(`${failure.url}: ${failure.error.message}`),
        ) ?? worded.at(-1);
      if (behind) error.cause = behind.error;
    }
    throw error;
  }
}
