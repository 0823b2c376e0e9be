import type { Logger } from '@nestjs/common';
import { failureReasonOf } from '@hub/proto';

/**
 * What a stall sweep adds to its row's reason from the queue's cause: ` (cause)` when it is a
 * worker's reason (a sentence readers are told in their language); any other (BullMQ's, Redis's
 * or a library's own words) goes to the log only, under `stalled` (what stalled: "document 12").
 */
export function stallCauseOf(
  failedReason: string | undefined,
  stalled: string,
  logger: Pick<Logger, 'warn'>,
): string {
  if (!failedReason) return '';
  if (failureReasonOf(failedReason)) return ` (${failedReason})`;
  logger.warn(`${stalled} stalled: ${failedReason}`);
  return '';
}
