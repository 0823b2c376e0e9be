import type { FaceReference } from '@hub/proto';
import { ApiError } from '../api/client';
import { readableFailureReason } from '../api/failure-reason';
import { i18n } from '../i18n/i18n';
import type { BadgeTone } from '../ui/Badge';

/** A list's figures: its references' statuses and the limit. */
interface Counted {
  references: readonly Pick<FaceReference, 'status'>[];
  limit: number;
}

const kept = (list: Counted) =>
  list.references.filter((reference) => reference.status !== 'rejected').length;

/** '2 of 5 reference photos'. */
export function referenceCountText(list: Counted): string {
  return i18n.t('faces.count', { count: kept(list), limit: list.limit });
}

/** Whether another photo may be added (refused ones do not count). */
export function canAddReference(list: Counted): boolean {
  return kept(list) < list.limit;
}

export function referenceStatus(reference: Pick<FaceReference, 'status'>): {
  label: string;
  tone: BadgeTone;
} {
  if (reference.status === 'ready') return { label: i18n.t('faces.status.ready'), tone: 'green' };
  if (reference.status === 'checking') {
    return { label: i18n.t('faces.status.checking'), tone: 'amber' };
  }
  return { label: i18n.t('faces.status.rejected'), tone: 'red' };
}

/**
 * A photo the worker refused, as its reader reads it: the API answers the worker's reason (one of
 * proto's FAILURE_REASONS, not an error code) in English, and the refused photo is gone, so the
 * failure toast is the only place it is read.
 */
export function readableRefusal(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.code !== undefined || !error.serverMessage) {
    return error;
  }
  return new ApiError(error.status, readableFailureReason(error.serverMessage));
}
