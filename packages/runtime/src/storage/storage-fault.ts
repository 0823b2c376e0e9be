import { STORAGE_FULL, STORAGE_UNAVAILABLE } from '@hub/proto';

/** Why the object store refused an operation that is not the caller's fault and will pass. */
export type StorageFaultKind = 'unavailable' | 'full';

/**
 * The object store cannot be reached (S3 down, a network share gone) or has no room left (a
 * full disk, MinIO's free-space threshold). Callers answer 503 or 507 with `message`, a sentence
 * for a person, instead of an internal error; nothing about the store's state is cached, so the
 * next call tries again and succeeds once the store is back.
 */
export class StorageFault extends Error {
  override readonly name = 'StorageFault';

  constructor(
    readonly fault: StorageFaultKind,
    cause: unknown,
  ) {
    super(fault === 'full' ? STORAGE_FULL : STORAGE_UNAVAILABLE, { cause });
  }
}

/** Errors a full disk gives (no space, over quota, a file larger than the filesystem allows). */
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);

/**
 * A store that is not there: sockets refused, reset or timed out (S3), a disk that went
 * read-only or away (a network mount, a failed volume).
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'EROFS',
  'EIO',
  'ENOTCONN',
  'ESTALE',
]);

/** S3 error codes for "no room": MinIO's free-space threshold and quota, S3-likes' 507. */
const S3_FULL_CODES = new Set([
  'XMinioStorageFull',
  'XMinioAdminBucketQuotaExceeded',
  'InsufficientStorage',
  'QuotaExceeded',
]);

/** S3 error codes for "not now": throttling, a server starting or overloaded. */
const S3_UNAVAILABLE_CODES = new Set([
  'SlowDown',
  'ServiceUnavailable',
  'XMinioServerNotInitialized',
  'RequestTimeout',
]);

function kindOf(error: unknown): StorageFaultKind | null {
  if (!error || typeof error !== 'object') return null;
  if (error instanceof StorageFault) return error.fault;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (FULL_CODES.has(code) || S3_FULL_CODES.has(code)) return 'full';
    if (UNREACHABLE_CODES.has(code) || S3_UNAVAILABLE_CODES.has(code)) return 'unavailable';
  }
  // A server whose own disk is full says so in the text of an internal error (s3rver does).
  if (typeof message === 'string' && /\bENOSPC\b|no space left on device/i.test(message)) {
    return 'full';
  }
  return null;
}

/**
 * The fault behind an error of the store, looking one level into `cause` (fetch and AggregateError
 * wrap the socket's error), or null for anything else (a missing key, a bug, a refused key).
 */
export function storageFaultOf(error: unknown): StorageFaultKind | null {
  const direct = kindOf(error);
  if (direct) return direct;
  const nested = error as { cause?: unknown; errors?: unknown } | null;
  if (nested && typeof nested === 'object') {
    const inner = kindOf(nested.cause);
    if (inner) return inner;
    if (Array.isArray(nested.errors)) {
      for (const each of nested.errors) {
        const found = kindOf(each);
        if (found) return found;
      }
    }
  }
  return null;
}

/** The error itself, or a StorageFault in its place when the store is away or full. */
export function asStorageFault(error: unknown): unknown {
  if (error instanceof StorageFault) return error;
  const fault = storageFaultOf(error);
  return fault ? new StorageFault(fault, error) : error;
}

/**
 * A StorageFault from any copy of this module: services and the gateway may load their own, so
 * the name and kind are checked rather than the class.
 */
export function isStorageFault(error: unknown): error is StorageFault {
  if (error instanceof StorageFault) return true;
  const candidate = error as { name?: unknown; fault?: unknown } | null;
  return (
    !!candidate &&
    candidate.name === 'StorageFault' &&
    (candidate.fault === 'unavailable' || candidate.fault === 'full')
  );
}

/** Runs one operation of the store, turning its outage and full-disk errors into StorageFaults. */
export async function guarded<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw asStorageFault(error);
  }
}
