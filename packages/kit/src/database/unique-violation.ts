/** PostgreSQL's SQLSTATE for a value a unique index already holds. */
export const UNIQUE_VIOLATION = '23505';

/**
 * A write refused by a unique index: the value is taken, often by a request that raced this one
 * past its own check.
 */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === UNIQUE_VIOLATION;
