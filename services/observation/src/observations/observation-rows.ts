import type { Finding, ObservationSummary, ReviewQuestion } from '@hub/proto';
import type { FindingCounts } from './findings.repository.js';

/** Questions are kept as they were when the observation started, answers included (server only). */
export type ObservedQuestion = Omit<ReviewQuestion, 'correctOption'>;

export interface ObservationRow {
  id: number;
  organization_id: number;
  evaluation_id: number;
  document_id: number;
  evaluation_title: string;
  questions: ObservedQuestion[];
  operator_id: number;
  operator_name: string;
  observer_id: number;
  observer_name: string;
  status: 'in_progress' | 'completed';
  initial_notes: string;
  pass_mark: number;
  score: string | null;
  passed: boolean | null;
  started_at: Date;
  completed_at: Date | null;
  duration_seconds: number | null;
}

export interface FindingRow {
  id: number;
  observation_id: number;
  severity: Finding['severity'];
  category: Finding['category'];
  note: string;
  status: Finding['status'];
  created_at: Date;
  resolved_at: Date | null;
  /** created_at as PostgreSQL prints it (microseconds kept), for a page's cursor; when selected. */
  at_key?: string;
}

/** The sort key of a finding in its observation's pages (see FindingsRepository.page). */
export const findingKey = (row: FindingRow): string[] => [row.at_key!, String(row.id)];

export const toFinding = (row: FindingRow): Finding => ({
  id: row.id,
  severity: row.severity,
  category: row.category,
  note: row.note,
  status: row.status,
  createdAt: row.created_at.toISOString(),
  resolvedAt: row.resolved_at?.toISOString() ?? null,
});

/** `findings` may stop at the cap; `counts` count all of the observation's findings. */
export function toSummary(
  row: ObservationRow,
  answered: number,
  counts: FindingCounts,
  findings: FindingRow[],
): ObservationSummary {
  return {
    id: row.id,
    title: row.evaluation_title,
    evaluationId: row.evaluation_id,
    sopDocumentId: row.document_id,
    operatorId: row.operator_id,
    operatorName: row.operator_name,
    observerId: row.observer_id,
    observerName: row.observer_name,
    status: row.status,
    score: row.score === null ? null : Number(row.score),
    passed: row.passed,
    passMark: row.pass_mark,
    answered,
    totalQuestions: row.questions.length,
    startedAt: row.started_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
    durationSeconds: row.duration_seconds,
    findingCount: counts.total,
    openFindings: counts.open,
    findings: findings.map(toFinding),
    initialNotes: row.initial_notes,
  };
}

export interface ResponseRow {
  question_id: string;
  selected_option: string;
  selected_option_text: string;
  correct: boolean;
  time_spent_seconds: number;
  manager_notes: string;
}

/** The first question not answered yet, or the number of questions once all are. */
export function nextQuestionIndex(row: ObservationRow, answered: ReadonlySet<string>): number {
  const index = row.questions.findIndex((question) => !answered.has(question.id));
  return index === -1 ? row.questions.length : index;
}

/** A session's answers in its questions' order, marked right or wrong once it is completed. */
export function toSessionResponses(row: ObservationRow, responses: ResponseRow[]) {
  const order = new Map(row.questions.map((question, index) => [question.id, index]));
  return responses
    .sort((a, b) => (order.get(a.question_id) ?? 0) - (order.get(b.question_id) ?? 0))
    .map((response) => ({
      questionId: response.question_id,
      selectedOption: response.selected_option,
      selectedOptionText: response.selected_option_text,
      correct: row.status === 'completed' ? response.correct : null,
      timeSpentSeconds: response.time_spent_seconds,
      managerNotes: response.manager_notes,
    }));
}
