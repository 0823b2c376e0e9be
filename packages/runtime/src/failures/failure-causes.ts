import { FAILURE_REASONS } from '@hub/proto/jobs';

type Coded = { code?: unknown; originalCode?: unknown; cause?: unknown } | null;

/**
 * An error's `code` (Node's errno, an S3 error's code, a TLS check's) and `originalCode`
 * (nodemailer puts its own, ESOCKET or EDNS, in `code` and keeps the socket's there).
 */
function codesIn(error: unknown): string[] {
  const { code, originalCode } = (error as Coded) ?? {};
  return [code, originalCode].filter((each): each is string => typeof each === 'string');
}

/** The error's codes and its `cause`'s (fetch and undici wrap the socket's error). */
function codesOf(error: unknown): string[] {
  return [...codesIn(error), ...codesIn((error as Coded)?.cause)].filter((code) => code !== '');
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
 * Why a connection failed, as a failure reason's `{detail}`: a FAILURE_REASONS phrase chosen by
 * the socket's error code ('connection refused', 'timed out', 'certificate not trusted', ...),
 * so a reader sees it in their language; the socket's own message (an address, an OpenSSL
 * string) is for the log.
 */
export function networkCause(error: unknown): string {
  const codes = codesOf(error);
  if (codes.some(isCertificateCode)) return FAILURE_REASONS.network_certificate;
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
