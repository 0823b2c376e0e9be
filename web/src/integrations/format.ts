import {
  type CameraAssignment,
  CONNECTION_OK,
  type IntegrationTestStatus,
  type SopChoice,
} from '@hub/proto';
import { serverMessageOr } from '../api/errors';
import { readableFailureReason } from '../api/failure-reason';
import { i18n } from '../i18n/i18n';
import type { BadgeTone } from '../ui/Badge';

/** The camera-system card's badge for the last connection test. */
export function testStatusBadge(status: IntegrationTestStatus | undefined): {
  label: string;
  tone: BadgeTone;
} {
  if (status === 'success') {
    return { label: i18n.t('integrations.system.status.success'), tone: 'green' };
  }
  if (status === 'failed')
    return { label: i18n.t('integrations.system.status.failed'), tone: 'red' };
  return { label: i18n.t('integrations.system.status.untested'), tone: 'neutral' };
}

/**
 * A connection test's message (the last one kept on the integration, or a test's answer) in the
 * reader's language: the passed test's sentence, a failure's sentence of proto's FAILURE_REASONS
 * around the camera system's own words (kept as it wrote them), or the system's words alone.
 */
export function connectionTestText(message: string): string {
  return message === CONNECTION_OK
    ? i18n.t('integrations.system.connectionOk')
    : readableFailureReason(message);
}

/**
 * A camera call the server refused (assigning a camera, which looks it up in the camera system)
 * as a toast says it: the server's message, which for the camera system's failures is a sentence
 * of proto's FAILURE_REASONS worded in the reader's language (the system's own words kept as it
 * wrote them), else the fallback.
 */
export function cameraFailureText(error: unknown, fallback: string): string {
  return readableFailureReason(serverMessageOr(error, fallback));
}

/** 'N SOPs selected', or 'Select SOPs' when none is. */
export function sopCountLabel(count: number): string {
  return count === 0
    ? i18n.t('integrations.assignments.selectSops')
    : i18n.t('integrations.assignments.sopsSelected', { count });
}

/** SOP choices whose title holds the search text, case-insensitively. */
export function filterSops(sops: readonly SopChoice[], search: string): SopChoice[] {
  const needle = search.trim().toLowerCase();
  return needle ? sops.filter((sop) => sop.title.toLowerCase().includes(needle)) : [...sops];
}

/** Whether two id lists hold the same ids, in any order. */
export function sameIds(a: readonly number[], b: readonly number[]): boolean {
  const left = new Set(a);
  return left.size === new Set(b).size && b.every((id) => left.has(id));
}

/** The latest snapshot of a camera in words: who was seen, or why it failed. */
export function lastSnapshotText(last: CameraAssignment['lastSnapshot']): string {
  if (!last) return i18n.t('integrations.assignments.noSnapshot');
  if (last.status === 'pending') return i18n.t('integrations.assignments.identifying');
  if (last.status === 'failed') {
    return i18n.t('integrations.assignments.snapshotFailed', {
      // The service's and the worker's own sentences (FAILURE_REASONS) in the reader's language.
      reason: last.reason
        ? readableFailureReason(last.reason)
        : i18n.t('integrations.assignments.noReason'),
    });
  }
  return i18n.t('integrations.assignments.identified', { count: last.peopleSeen });
}
