/**
 * An RPC answer passed on as the JSON text the owning service wrote, already checked there
 * against its contract: the gateway sends it to the browser without parsing and serialising it
 * again (its reply serializer writes `json` as it is).
 */
export class RelayedAnswer<T> {
  constructor(readonly json: string) {}

  /** The answer as a value, for the few callers that look inside. */
  value(): T {
    return JSON.parse(this.json) as T;
  }
}
