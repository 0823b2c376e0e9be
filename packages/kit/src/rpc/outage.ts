import type { Failure } from '@hub/proto';
import { isStorageFault } from '@hub/runtime';

export const DATABASE_UNAVAILABLE =
  'The service is briefly unavailable (its database, PostgreSQL, cannot be reached). Please try again in a few seconds.';

/** Socket-level failures: the server is down, restarting or cut off. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's own codes for "not now": class 08 (connection exception) and the shutdown /
 * starting-up / too-many-connections codes of class 57 and 53.
 */
const isPostgresOutageCode = (code: string) =>
  code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code);

/** pg's messages for a connection that dropped or never came; they carry no code. */
const OUTAGE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  // A pooled client whose server went away mid-transaction, used again for its rollback.
  'Client was closed and is not queryable',
];

/**
 * TypeORM's errors for a connection it dropped when the server went away mid-operation (seen when
 * PostgreSQL is killed while a save's transaction runs: the rollback finds its runner released).
 */
const OUTAGE_ERROR_NAMES = new Set(['QueryRunnerAlreadyReleasedError']);

function isOutage(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message, name } = error as { code?: unknown; message?: unknown; name?: unknown };
  if (typeof name === 'string' && OUTAGE_ERROR_NAMES.has(name)) return true;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || isPostgresOutageCode(code))) {
    return true;
  }
  return typeof message === 'string' && OUTAGE_MESSAGES.some((text) => message.includes(text));
}

/**
 * A database or object store that cannot be reached (or a store that is full) is a passing
 * outage, not a bug: the caller gets
 * `unavailable` (503) with a message that says so, instead of an internal error. TypeORM wraps
 * the driver's error (`driverError`); Node's errors may carry the socket's under `cause`.
 */
export function outageFailure(error: unknown): Failure | null {
  // Checked first: an object store that refuses connections fails with a socket code too, and
  // its caller should read that the file store, not the database, is away.
  if (isStorageFault(error)) {
    return {
      kind: error.fault === 'full' ? 'storage_full' : 'unavailable',
      message: error.message,
    };
  }
  const nested = error as { driverError?: unknown; cause?: unknown } | null;
  const found = [error, nested?.driverError, nested?.cause].some(isOutage);
  return found ? { kind: 'unavailable', message: DATABASE_UNAVAILABLE } : null;
}
