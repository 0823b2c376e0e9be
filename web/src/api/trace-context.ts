const hex = (bytes: number): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');

/**
 * A W3C `traceparent` for one request from this browser: a new trace, sampled. The gateway
 * continues it (when the server traces), so one user action can be followed from here through
 * the services to the workers by this trace id.
 */
export function newTraceparent(): string {
  return `00-${hex(16)}-${hex(8)}-01`;
}
