import { AsyncLocalStorage } from 'node:async_hooks';

/** A fetch's failure and the address it was for. */
interface FetchFailure {
  url: string;
  error: Error;
}

/**
 * Marks a fetch of ours, holding the fetch it calls. Shared by name, with the store below, by
 * every copy of this module in a process (a build's and a source's, two versions), so that one
 * never wraps another's fetch.
 */
const KEEPING = Symbol.for('@hub/runtime.keeping-fetch');
const STORE = Symbol.for('@hub/runtime.kept-fetch-failures');

type KeepingFetch = typeof fetch & { readonly [KEEPING]: typeof fetch };

const shared = globalThis as typeof globalThis & {
  [STORE]?: AsyncLocalStorage<FetchFailure[]>;
};

/** The fetch failures of one call kept by keepingFetchFailures, latest last. */
const failures = (shared[STORE] ??= new AsyncLocalStorage<FetchFailure[]>());

const urlOf = (input: Parameters<typeof fetch>[0]) =>
  input instanceof Request ? input.url : String(input);

const isKeeping = (candidate: typeof fetch): candidate is KeepingFetch =>
  typeof candidate === 'function' && KEEPING in candidate;

/**
 * The global fetch, noting each failure of a fetch made within keepingFetchFailures. Installed
 * on first use: a library that takes no fetch of its own (@google/generative-ai calls the global
 * one) can only be followed there. Installed again, over whatever fetch is there, whenever the
 * global one is no longer one of ours: something that replaced it later (a test double, an
 * instrumentation library) would otherwise stop the noting without a word. A fetch of ours (the
 * one put back after a replacement, one a wrapper of ours, one another copy of this module
 * installed) is never wrapped again: however often fetch is replaced and put back, a call goes
 * through one of ours. (A fetch of another's that calls through to ours cannot be seen to: it is
 * wrapped once.) Outside keepingFetchFailures, and for every answer, it is fetch itself: the
 * same promise's value, the same error.
 */
function keepFetchFailures(): void {
  const original = globalThis.fetch;
  if (isKeeping(original)) return;
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
  Object.defineProperty(keepingFetch, KEEPING, { value: original });
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
