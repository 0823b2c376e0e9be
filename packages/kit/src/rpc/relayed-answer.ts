/**
 * An RPC answer passed on as the JSON the owning service wrote (UTF-8 bytes), already checked
 * there against its contract: the gateway sends it to the browser without decoding, parsing and
 * serialising it again (its reply serializer writes `json` as it is).
 */
export class RelayedAnswer<T> {
  constructor(readonly json: Buffer) {}

  /** The answer as a value, for the few callers that look inside. */
  value(): T {
    return JSON.parse(this.json.toString()) as T;
  }
}
