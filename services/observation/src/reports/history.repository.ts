import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ObservationHistoryRow } from '@hub/proto';
import type { ReportScope } from './report-scope.js';

interface HistoryRow {
  id: number;
  started_at: Date;
  completed_at: Date | null;
  status: 'in_progress' | 'completed';
  evaluation_title: string;
  document_id: number;
  operator_name: string;
  observer_name: string;
  questions: number;
  answered: number;
  correct: number;
  score: string | null;
  passed: boolean | null;
  pass_mark: number;
  duration_seconds: number | null;
  findings: number;
  open_findings: number;
}

/**
 * Observation history in id order, one keyset page at a time, so an export of any size reads
 * a bounded number of rows per call (no OFFSET, no whole result in memory).
 */
@Injectable()
export class HistoryRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async page(
    scope: ReportScope,
    afterId: number | null,
    limit: number,
  ): Promise<ObservationHistoryRow[]> {
    const rows = (await this.db.query(
      `SELECT o.id, o.started_at, o.completed_at, o.status, o.evaluation_title, o.document_id,
              o.operator_name, o.observer_name, jsonb_array_length(o.questions) AS questions,
              r.answered, r.correct, o.score, o.passed, o.pass_mark, o.duration_seconds,
              f.findings, f.open_findings
         FROM observations o
         CROSS JOIN LATERAL (SELECT count(*)::int AS answered, count(*) FILTER (WHERE correct)::int AS correct
                               FROM observation_responses WHERE observation_id = o.id) r
         CROSS JOIN LATERAL (SELECT count(*)::int AS findings, count(*) FILTER (WHERE status = 'open')::int AS open_findings
                               FROM findings WHERE observation_id = o.id) f
        WHERE ($1::int IS NULL OR o.organization_id = $1) AND ($2::int IS NULL OR o.id > $2)
        ORDER BY o.id LIMIT $3`,
      [scope, afterId, limit],
    )) as HistoryRow[];
    return rows.map((row) => ({
      id: row.id,
      startedAt: row.started_at.toISOString(),
      completedAt: row.completed_at?.toISOString() ?? null,
      status: row.status,
      sop: row.evaluation_title,
      documentId: row.document_id,
      operator: row.operator_name,
      observer: row.observer_name,
      questions: row.questions,
      answered: row.answered,
      correct: row.correct,
      score: row.score === null ? null : Number(row.score),
      passed: row.passed,
      passMark: row.pass_mark,
      durationSeconds: row.duration_seconds,
      findings: row.findings,
      openFindings: row.open_findings,
    }));
  }
}
