/**
 * When a row that just failed is tried again (`attempts`: its failures before this one): a
 * minute after the first failure, twice as long after each next, an hour at most. Whatever
 * failed (identity, the certificate's write) is not asked again every pass while it is down; the
 * exponent is capped so that the power never overflows, however many failures. The one schedule
 * of the completion effects' retry pass (completion-effects.ts): its owed checks, certificates
 * and completion effects. An expression, not a statement: each repository of those rows says its
 * own UPDATE with it.
 */
export const NEXT_ATTEMPT_SQL = `now() + least(interval '1 minute' * power(2, least(attempts, 6)), interval '1 hour')`;
