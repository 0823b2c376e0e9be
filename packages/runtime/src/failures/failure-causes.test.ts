import { FAILURE_REASONS } from '@hub/proto/jobs';
import { describe, expect, it } from 'vitest';
import {
  aiRefusalCause,
  fileReadCause,
  isNetworkFailure,
  networkCause,
  storageReadCause,
} from './failure-causes.js';

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

  it("reads the socket's code however deep a library wrapped it", () => {
    const socket = withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:1');
    const fetchFailed = new TypeError('fetch failed', { cause: socket });
    const sdk = new Error(
      '[GoogleGenerativeAI Error]: Error fetching from http://x: fetch failed',
      {
        cause: fetchFailed,
      },
    );
    expect(networkCause(sdk)).toBe(FAILURE_REASONS.network_refused);
    // Node's attempts at each address of a name, one error for them all.
    const attempts = new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]);
    expect(networkCause(new TypeError('fetch failed', { cause: attempts }))).toBe(
      FAILURE_REASONS.network_refused,
    );
  });

  it('names a secure connection that failed apart from a certificate not trusted', () => {
    expect(networkCause(withCode('ERR_SSL_WRONG_VERSION_NUMBER'))).toBe(
      FAILURE_REASONS.network_tls,
    );
    expect(networkCause(withCode('EPROTO'))).toBe(FAILURE_REASONS.network_tls);
    expect(networkCause(withCode('CERT_HAS_EXPIRED'))).toBe(FAILURE_REASONS.network_certificate);
  });

  it('tells a network failure from another error by its codes', () => {
    const cut = new TypeError('terminated', { cause: withCode('UND_ERR_SOCKET') });
    expect(isNetworkFailure(cut)).toBe(true);
    expect(isNetworkFailure(withCode('DEPTH_ZERO_SELF_SIGNED_CERT'))).toBe(true);
    expect(isNetworkFailure(withCode('ENOENT'))).toBe(false);
    expect(isNetworkFailure(new SyntaxError('Unexpected end of JSON input'))).toBe(false);
  });

  it("names a worker's own file it could not read by its code, never by its path", () => {
    expect(fileReadCause(withCode('ENOENT', "ENOENT: open 'video-x/input.mp4'"))).toBe(
      FAILURE_REASONS.file_read_missing,
    );
    expect(fileReadCause(withCode('EACCES'))).toBe(FAILURE_REASONS.file_read_refused);
    expect(fileReadCause(withCode('EISDIR'))).toBe(FAILURE_REASONS.file_read_failed);
    expect(fileReadCause(withCode('EIO'))).toBe(FAILURE_REASONS.file_read_failed);
  });
});
