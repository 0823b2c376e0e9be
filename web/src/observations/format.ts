import {
  OBSERVED_ROLES,
  STAFF_ROLES,
  TRAINING_EDITORS,
  type CreateObservationRequest,
  type LibraryDocument,
  type ObservationList,
  type Role,
  type TeamMember,
} from '@hub/proto';
import type { ToastInput } from '../toast/toastStore';
import type { BadgeTone } from '../ui/Badge';
import { i18n } from '../i18n/i18n';
import { formatPercent } from '../i18n/format';
import { newIdempotencyKey } from './sessionOutbox';

export const isObserver = (role: Role | undefined) =>
  role !== undefined && STAFF_ROLES.includes(role);

export const isTrainingEditor = (role: Role | undefined) =>
  role !== undefined && TRAINING_EDITORS.includes(role);

/** 0 -> '0:00', 75 -> '1:15', 3725 -> '62:05' (minutes keep counting past the hour). */
export function formatElapsed(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Whole seconds from `since` (an ISO date or epoch ms) to `now`; never negative. */
export function secondsBetween(since: string | number, now: number): number {
  const start = typeof since === 'number' ? since : new Date(since).getTime();
  if (!Number.isFinite(start)) return 0;
  return Math.max(0, Math.floor((now - start) / 1000));
}

/** Spec: 'X% Complete' is the current index divided by the total, rounded. */
export function progressPercent(currentIndex: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((Math.min(Math.max(currentIndex, 0), total) / total) * 100);
}

/** 'Question 3 of 10' (the index is zero-based). */
export function questionPosition(currentIndex: number, total: number): string {
  return i18n.t('observations.session.position', {
    number: Math.min(currentIndex + 1, total),
    total,
  });
}

export const isLastQuestion = (currentIndex: number, total: number) => currentIndex >= total - 1;

export function advanceLabel(currentIndex: number, total: number): string {
  return isLastQuestion(currentIndex, total)
    ? i18n.t('observations.session.complete')
    : i18n.t('observations.session.next');
}

export function observationStatusBadge(status: 'in_progress' | 'completed'): {
  label: string;
  tone: BadgeTone;
} {
  return status === 'completed'
    ? { label: i18n.t('observations.status.completed'), tone: 'green' }
    : { label: i18n.t('observations.status.inProgress'), tone: 'blue' };
}

/**
 * '85% · Pass' / '79.6% · Fail', or null while in progress (no score yet). The score as the
 * server decided the pass on it (one decimal), as every other page writes it: rounded to a whole
 * percent, 79.6 at a pass mark of 80 read '80% · Fail'.
 */
export function scoreText(score: number | null, passed: boolean | null): string | null {
  if (score === null) return null;
  const percent = formatPercent(score);
  if (passed === null) return percent;
  return `${percent} · ${passed ? i18n.t('observations.pass') : i18n.t('observations.fail')}`;
}

/** The completion toast: 'Observation Completed' with the score and the verdict. */
export function completionToast(
  operatorName: string,
  score: number | null,
  passed: boolean | null,
): ToastInput {
  const result = scoreText(score, passed);
  return {
    title: i18n.t('observations.session.completed'),
    description: result
      ? i18n.t('observations.session.scored', { name: operatorName, result })
      : i18n.t('observations.session.recorded', { name: operatorName }),
  };
}

export type CounterKey = keyof ObservationList['counters'];

/**
 * The four counters of the list, in the spec's order; each one's label is the catalog's
 * `observations.counters.<key>` and what it counts `observations.counters.<key>Meaning`.
 */
export const COUNTERS: readonly CounterKey[] = ['open', 'inProgress', 'resolved', 'total'];

/** 'Open 1 · In Progress 2 · Resolved 3 · Total 6' (screen readers and the counters' summary). */
export function countersText(counters: ObservationList['counters']): string {
  return COUNTERS.map((key) => `${i18n.t(`observations.counters.${key}`)} ${counters[key]}`).join(
    ' · ',
  );
}

/** '1 finding (1 open)', '3 findings', 'No findings'. */
export function findingsText(total: number, open: number): string {
  if (total === 0) return i18n.t('observations.findings.none');
  const findings = i18n.t('observations.findings.count', { count: total });
  if (open === 0) return findings;
  return i18n.t('observations.findings.withOpen', {
    findings,
    open: i18n.t('observations.findings.open', { count: open }),
  });
}

export function severityTone(severity: 'critical' | 'high' | 'medium' | 'low'): BadgeTone {
  switch (severity) {
    case 'critical':
    case 'high':
      return 'red';
    case 'medium':
      return 'amber';
    case 'low':
      return 'neutral';
  }
}

export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Spec section 6: only active operators and training supervisors can be observed. */
/** Active operators and training supervisors, leaving out the observer (`selfId`) himself. */
export function observableMembers(
  members: readonly TeamMember[],
  selfId: number | undefined,
): TeamMember[] {
  return members.filter(
    (member) =>
      member.id !== selfId && OBSERVED_ROLES.includes(member.role) && member.status === 'active',
  );
}

/** Documents offered for observations and courses: SOPs whose evaluation is published. */
export function documentsWithEvaluation<
  T extends Pick<LibraryDocument, 'evaluationId' | 'evaluationStatus'>,
>(documents: readonly T[]): T[] {
  return documents.filter(
    (document) => document.evaluationId !== null && document.evaluationStatus === 'published',
  );
}

export interface StartDraft {
  operatorId: string;
  documentId: string;
  initialNotes: string;
}

/**
 * Spec section 5: an operator is required, then a document with an evaluation. Either a toast
 * ('Missing Information') or the request body.
 */
export function startRequest(
  draft: StartDraft,
  documents: readonly Pick<LibraryDocument, 'id' | 'evaluationId'>[],
): { error: ToastInput } | { body: CreateObservationRequest } {
  const missing = (description: string) => ({
    error: {
      title: i18n.t('observations.start.missing'),
      description,
      variant: 'destructive' as const,
    },
  });
  const operatorId = Number(draft.operatorId);
  if (!draft.operatorId || !Number.isInteger(operatorId) || operatorId <= 0) {
    return missing(i18n.t('observations.start.missingOperator'));
  }
  const document = documents.find((item) => String(item.id) === draft.documentId);
  if (!document || document.evaluationId === null) {
    return missing(i18n.t('observations.start.missingDocument'));
  }
  return {
    body: {
      sopDocumentId: document.id,
      evaluationId: document.evaluationId,
      operatorId,
      initialNotes: draft.initialNotes.trim(),
    },
  };
}

/** A start as sent: its body with the idempotency key of the observation it asks for. */
export interface StartAttempt {
  key: string;
  body: CreateObservationRequest & { idempotencyKey: string };
}

/**
 * The start to send. Its key is the previous attempt's while the form asks for the same
 * observation (operator and evaluation; notes may change): a submit again after an error or a
 * timeout then answers the observation the first one may have started instead of starting a
 * second. Another operator or evaluation is another observation, with a new key.
 */
export function startAttempt(
  previous: StartAttempt | undefined,
  body: CreateObservationRequest,
  newKey: () => string = newIdempotencyKey,
): StartAttempt {
  const same =
    previous !== undefined &&
    previous.body.operatorId === body.operatorId &&
    previous.body.evaluationId === body.evaluationId;
  const key = same ? previous.key : newKey();
  return { key, body: { ...body, idempotencyKey: key } };
}
