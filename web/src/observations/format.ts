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
  return `Question ${Math.min(currentIndex + 1, total)} of ${total}`;
}

export const isLastQuestion = (currentIndex: number, total: number) => currentIndex >= total - 1;

export function advanceLabel(currentIndex: number, total: number): string {
  return isLastQuestion(currentIndex, total) ? 'Complete Observation' : 'Next Question';
}

export function observationStatusBadge(status: 'in_progress' | 'completed'): {
  label: string;
  tone: BadgeTone;
} {
  return status === 'completed'
    ? { label: 'Completed', tone: 'green' }
    : { label: 'In progress', tone: 'blue' };
}

/** '85% · Pass' / '40% · Fail', or null while in progress (no score yet). */
export function scoreText(score: number | null, passed: boolean | null): string | null {
  if (score === null) return null;
  const rounded = `${Math.round(score)}%`;
  if (passed === null) return rounded;
  return `${rounded} · ${passed ? 'Pass' : 'Fail'}`;
}

/** The completion toast: 'Observation Completed' with the score and the verdict. */
export function completionToast(
  operatorName: string,
  score: number | null,
  passed: boolean | null,
): ToastInput {
  const result = scoreText(score, passed);
  return {
    title: 'Observation Completed',
    description: result
      ? `${operatorName} scored ${result}.`
      : `The observation of ${operatorName} has been recorded.`,
  };
}

export type CounterKey = keyof ObservationList['counters'];

/** The four counters of the list, in the spec's order, with what each one counts. */
export const COUNTERS: readonly { key: CounterKey; label: string; meaning: string }[] = [
  { key: 'open', label: 'Open', meaning: 'Completed observations with unresolved findings' },
  { key: 'inProgress', label: 'In Progress', meaning: 'Observations not completed yet' },
  {
    key: 'resolved',
    label: 'Resolved',
    meaning: 'Completed observations whose findings are all resolved',
  },
  { key: 'total', label: 'Total', meaning: 'All observations' },
];

/** 'Open 1 · In Progress 2 · Resolved 3 · Total 6' (screen readers and the counters' summary). */
export function countersText(counters: ObservationList['counters']): string {
  return COUNTERS.map(({ key, label }) => `${label} ${counters[key]}`).join(' · ');
}

/** '1 finding (1 open)', '3 findings', 'No findings'. */
export function findingsText(total: number, open: number): string {
  if (total === 0) return 'No findings';
  const noun = total === 1 ? 'finding' : 'findings';
  return open > 0 ? `${total} ${noun} (${open} open)` : `${total} ${noun}`;
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
    error: { title: 'Missing Information', description, variant: 'destructive' as const },
  });
  const operatorId = Number(draft.operatorId);
  if (!draft.operatorId || !Number.isInteger(operatorId) || operatorId <= 0) {
    return missing('Please select an operator to observe');
  }
  const document = documents.find((item) => String(item.id) === draft.documentId);
  if (!document || document.evaluationId === null) {
    return missing('Please select a document with evaluation');
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
