import { FAILURE_REASONS } from '@hub/proto/jobs';

// With the causes, as it serves them: the package's index exports this file.
export { keepingFetchFailures } from './fetch-failures.js';

type Coded = { code?: unknown; originalCode?: unknown; cause?: unknown; errors?: unknown } | null;

/**
 * An error's `code` (Node's errno, an S3 error's code, a TLS check's) and `originalCode`
 * (nodemailer puts its own, ESOCKET or EDNS, in `code` and keeps the socket's there).
 */
function codesIn(error: unknown): string[] {
  const { code, originalCode } = (error as Coded) ?? {};
  return [code, originalCode].filter((each): each is string => typeof each === 'string');
}

/**
 * The codes of the error and of the errors it wraps: its `cause`, and its cause's (an AI SDK's
 * error over fetch's over the socket's), and an AggregateError's `errors` (Node's connection
 * attempts at each address of a name). A few levels: a cause cycle ends there.
 */
function codesOf(error: unknown, depth = 4): string[] {
  const codes = codesIn(error).filter((code) => code !== '');
  if (depth === 0 || error === null || typeof error !== 'object') return codes;
  const { cause, errors } = error as NonNullable<Coded>;
  const wrapped = [cause, ...(Array.isArray(errors) ? (errors as unknown[]) : [])];
  return [
    ...codes,
    ...wrapped.filter((inner) => inner !== undefined).flatMap((inner) => codesOf(inner, depth - 1)),
  ];
}

const MISSING = new Set(['NoSuchKey', 'NotFound', 'NoSuchBucket', 'ENOENT']);
const REFUSED = new Set([
  'AccessDenied',
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'EACCES',
  'EPERM',
]);

/**
 * Why an object could not be read from storage, as the `{detail}` of a failure reason: a
 * FAILURE_REASONS sentence chosen by the error's code. The store's own words (an S3 request id,
 * a path on the disk) are for the log, not for the person reading the row.
 */
export function storageReadCause(error: unknown): string {
  const codes = codesOf(error);
  if (codes.some((code) => MISSING.has(code))) return FAILURE_REASONS.storage_read_missing;
  if (codes.some((code) => REFUSED.has(code))) return FAILURE_REASONS.storage_read_refused;
  return FAILURE_REASONS.storage_read_failed;
}

/**
 * Why a worker could not read its own copy of a file (a temp file on its disk), as a failure
 * reason's `{detail}`: a FAILURE_REASONS sentence chosen by the error's code. Not storage's
 * sentences: the store was read; the worker's disk is what failed. The path is for the log.
 */
export function fileReadCause(error: unknown): string {
  const codes = codesOf(error);
  if (codes.includes('ENOENT')) return FAILURE_REASONS.file_read_missing;
  if (codes.some((code) => code === 'EACCES' || code === 'EPERM')) {
    return FAILURE_REASONS.file_read_refused;
  }
  return FAILURE_REASONS.file_read_failed;
}

const NETWORK_CAUSES: [Set<string>, string][] = [
  [new Set(['ECONNREFUSED']), FAILURE_REASONS.network_refused],
  [
    new Set([
      'ETIMEDOUT',
      'ESOCKETTIMEDOUT',
      'UND_ERR_CONNECT_TIMEOUT',
      'UND_ERR_HEADERS_TIMEOUT',
      'UND_ERR_BODY_TIMEOUT',
    ]),
    FAILURE_REASONS.network_timed_out,
  ],
  // EDNS: nodemailer's own code for a name it could not resolve.
  [new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NODATA', 'EDNS']), FAILURE_REASONS.network_unresolved],
  [new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']), FAILURE_REASONS.network_reset],
  [new Set(['EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN']), FAILURE_REASONS.network_unreachable],
];

/** Node's codes for a TLS certificate it would not trust (expired, self-signed, another name). */
const isCertificateCode = (code: string) =>
  /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/.test(code);

/**
 * Node's codes for a secure connection that failed otherwise (a TLS version or cipher refused,
 * plain HTTP where TLS was expected): OpenSSL's ERR_SSL_*, Node's ERR_TLS_*, EPROTO.
 */
const isTlsCode = (code: string) => /^ERR_SSL_|^ERR_TLS_/.test(code) || code === 'EPROTO';

/**
 * Whether an error is a connection's failure, by a code of its own or of an error it wraps:
 * what a library that throws the socket's error as it came (a response body cut off, read after
 * the library's own checks) failed on.
 */
export function isNetworkFailure(error: unknown): boolean {
  return codesOf(error).some(
    (code) =>
      isCertificateCode(code) ||
      isTlsCode(code) ||
      NETWORK_CAUSES.some(([known]) => known.has(code)),
  );
}

/**
 * Why a connection failed, as a failure reason's `{detail}`: a FAILURE_REASONS phrase chosen by
 * the socket's error code ('connection refused', 'timed out', 'certificate not trusted', ...),
 * so a reader sees it in their language; the socket's own message (an address, an OpenSSL
 * string) is for the log.
 */
export function networkCause(error: unknown): string {
  const codes = codesOf(error);
  if (codes.some(isCertificateCode)) return FAILURE_REASONS.network_certificate;
  if (codes.some(isTlsCode)) return FAILURE_REASONS.network_tls;
  for (const [known, cause] of NETWORK_CAUSES) {
    if (codes.some((code) => known.has(code))) return cause;
  }
  return FAILURE_REASONS.network_failed;
}

/**
 * Why the AI provider refused a request, as the `{detail}` of ai_refused or ai_upload_refused: a
 * FAILURE_REASONS sentence chosen by its HTTP status (the sentence names the status too). The
 * provider's own message is for the log.
 */
export function aiRefusalCause(status: number): string {
  if (status === 401 || status === 403) return FAILURE_REASONS.ai_said_no_access;
  if (status === 400) return FAILURE_REASONS.ai_said_not_accepted;
  if (status === 404) return FAILURE_REASONS.ai_said_not_found;
  if (status === 413) return FAILURE_REASONS.ai_said_too_large;
  if (status === 429) return FAILURE_REASONS.ai_said_limit;
  if (status >= 500) return FAILURE_REASONS.ai_said_overloaded;
  return FAILURE_REASONS.ai_said_refused;
}
