import { FAILURE_REASONS } from '@hub/proto/jobs';
import { describe, expect, it } from 'vitest';
import { aiRefusalCause, networkCause, storageReadCause } from './failure-causes.js';

const withCode = (code: string, message = `${code}: words of a library`) =>
  Object.assign(new Error(message), { code });

describe("a failure's cause, worded here", () => {
  it("names a storage read's problem by its code, never by the store's words", () => {
    expect(storageReadCause(withCode('NoSuchKey', 'The specified key does not exist.'))).toBe(
      FAILURE_REASONS.storage_read_missing,
    );
    expect(storageReadCause(withCode('ENOENT', "ENOENT: open '/var/files/org/1/a.pdf'"))).toBe(
      FAILURE_REASONS.storage_read_missing,
    );
    expect(storageReadCause(withCode('AccessDenied'))).toBe(FAILURE_REASONS.storage_read_refused);
    expect(storageReadCause(new Error('Unexpected end of XML'))).toBe(
      FAILURE_REASONS.storage_read_failed,
    );
  });

  it("names a connection's failure by the socket's code, looking into its cause", () => {
    expect(networkCause(withCode('ECONNREFUSED'))).toBe(FAILURE_REASONS.network_refused);
    expect(networkCause(withCode('ETIMEDOUT'))).toBe(FAILURE_REASONS.network_timed_out);
    expect(networkCause(withCode('ENOTFOUND'))).toBe(FAILURE_REASONS.network_unresolved);
    expect(networkCause(withCode('DEPTH_ZERO_SELF_SIGNED_CERT'))).toBe(
      FAILURE_REASONS.network_certificate,
    );
    expect(networkCause(withCode('ERR_TLS_CERT_ALTNAME_INVALID'))).toBe(
      FAILURE_REASONS.network_certificate,
    );
    expect(networkCause(withCode('ECONNRESET'))).toBe(FAILURE_REASONS.network_reset);
    expect(networkCause(new TypeError('fetch failed', { cause: withCode('EHOSTUNREACH') }))).toBe(
      FAILURE_REASONS.network_unreachable,
    );
    expect(
      networkCause(new TypeError('fetch failed', { cause: withCode('UND_ERR_BODY_TIMEOUT') })),
    ).toBe(FAILURE_REASONS.network_timed_out);
    // nodemailer's own code first, the socket's kept as originalCode.
    const viaMailer = Object.assign(withCode('ESOCKET'), { originalCode: 'ECONNREFUSED' });
    expect(networkCause(viaMailer)).toBe(FAILURE_REASONS.network_refused);
    expect(networkCause(new Error('socket hang up'))).toBe(FAILURE_REASONS.network_failed);
  });

  it("names the AI provider's refusal by its status", () => {
    expect(aiRefusalCause(400)).toBe(FAILURE_REASONS.ai_said_not_accepted);
    expect(aiRefusalCause(403)).toBe(FAILURE_REASONS.ai_said_no_access);
    expect(aiRefusalCause(429)).toBe(FAILURE_REASONS.ai_said_limit);
    expect(aiRefusalCause(503)).toBe(FAILURE_REASONS.ai_said_overloaded);
    expect(aiRefusalCause(409)).toBe(FAILURE_REASONS.ai_said_refused);
  });
});
