import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  type Actor,
  type CreateFindingRequest,
  type CreateObservationRequest,
  type Finding,
  identityRpc,
  libraryRpc,
  OBSERVER_ROLES,
  OPTION_LETTERS,
  type ObservationList,
  type ObservationSession,
  type ResponseResult,
  type ResponseSubmission,
} from '@hub/proto';
import { decodeCursor, pageOf, requireRole, RpcClient, RpcFailure } from '@hub/kit';
import { RPC } from '../config.js';
import { SettingsService } from '../settings/settings.service.js';
import { Members } from '../team/members.js';
import { CertificationIssuer } from '../certifications/certification-issuer.js';
import { CourseCompletion } from '../training/course-completion.js';
import { type FindingRow, type ObservationRow, toFinding, toSummary } from './observation-rows.js';

export const NOT_FOUND = 'Observation session not found';

interface ListFilter {
  search?: string;
  status?: 'in_progress' | 'completed';
  limit: number;
  cursor?: string;
}

@Injectable()
export class ObservationsService {
  private readonly logger = new Logger('Observations');

  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(RPC) private readonly rpc: RpcClient,
    @Inject(Members) private readonly members: Members,
    @Inject(SettingsService) private readonly settings: SettingsService,
    @Inject(CourseCompletion) private readonly courses: CourseCompletion,
    @Inject(CertificationIssuer) private readonly certifications: CertificationIssuer,
  ) {}

  private async row(
    actor: Actor,
    id: number,
    manager: EntityManager = this.db.manager,
    lock = false,
  ): Promise<ObservationRow> {
    const [row] = (await manager.query(
      `SELECT * FROM observations WHERE id = $1 AND organization_id = $2 ${lock ? 'FOR UPDATE' : ''}`,
      [id, actor.organizationId],
    )) as ObservationRow[];
    if (!row) throw RpcFailure.notFound(NOT_FOUND);
    return row;
  }

  async create(actor: Actor, request: CreateObservationRequest) {
    requireRole(actor, OBSERVER_ROLES);
    if (request.operatorId === actor.userId) {
      throw RpcFailure.validation(
        'Please select an operator to observe: you cannot observe yourself.',
        'operatorId',
      );
    }
    const operator = await this.members.observable(actor, request.operatorId);
    if (!operator) {
      throw RpcFailure.validation(
        'Please select an operator to observe: only active operators and training supervisors can be observed.',
        'operatorId',
      );
    }
    const evaluation = await this.rpc.call(libraryRpc.evaluationForObservation, {
      organizationId: actor.organizationId,
      evaluationId: request.evaluationId,
    });
    if (request.sopDocumentId && request.sopDocumentId !== evaluation.documentId) {
      throw RpcFailure.validation('Please select a document with evaluation', 'sopDocumentId');
    }
    const questions = evaluation.questions.map(
      ({ correctOption: _letter, ...question }) => question,
    );
    const [created] = (await this.db.query(
      `INSERT INTO observations (organization_id, evaluation_id, document_id, evaluation_title, questions,
         operator_id, operator_name, observer_id, observer_name, initial_notes, pass_mark)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [
        actor.organizationId,
        evaluation.id,
        evaluation.documentId,
        evaluation.title,
        JSON.stringify(questions),
        operator.id,
        operator.name,
        actor.userId,
        await this.members.nameOf(actor),
        request.initialNotes,
        await this.settings.passMark(actor.organizationId),
      ],
    )) as { id: number }[];
    return { id: created!.id, operatorName: operator.name };
  }

  private async answeredIds(
    observationId: number,
    manager: EntityManager = this.db.manager,
  ): Promise<Set<string>> {
    const rows = (await manager.query(
      `SELECT question_id FROM observation_responses WHERE observation_id = $1`,
      [observationId],
    )) as { question_id: string }[];
    return new Set(rows.map((row) => row.question_id));
  }

  private nextIndex(row: ObservationRow, answered: Set<string>): number {
    const index = row.questions.findIndex((question) => !answered.has(question.id));
    return index === -1 ? row.questions.length : index;
  }

  private async findings(observationIds: number[]): Promise<FindingRow[]> {
    if (observationIds.length === 0) return [];
    return (await this.db.query(
      `SELECT * FROM findings WHERE observation_id = ANY($1::int[]) ORDER BY created_at`,
      [observationIds],
    )) as FindingRow[];
  }

  async session(actor: Actor, id: number): Promise<ObservationSession> {
    requireRole(actor, OBSERVER_ROLES);
    const row = await this.row(actor, id);
    const answered = await this.answeredIds(row.id);
    return {
      id: row.id,
      evaluationId: row.evaluation_id,
      evaluationTitle: row.evaluation_title,
      sopDocumentId: row.document_id,
      operatorId: row.operator_id,
      operatorName: row.operator_name,
      observerName: row.observer_name,
      status: row.status,
      currentQuestionIndex: this.nextIndex(row, answered),
      totalQuestions: row.questions.length,
      questions: row.questions.map(({ id: questionId, text, category, options }) => ({
        id: questionId,
        text,
        category,
        options,
      })),
      startedAt: row.started_at.toISOString(),
      initialNotes: row.initial_notes,
      findings: (await this.findings([row.id])).map(toFinding),
      score: row.score === null ? null : Number(row.score),
      passed: row.passed,
      passMark: row.pass_mark,
      completedAt: row.completed_at?.toISOString() ?? null,
      durationSeconds: row.duration_seconds,
      responses: await this.responses(row),
    };
  }

  private async responses(row: ObservationRow) {
    const rows = (await this.db.query(
      `SELECT question_id, selected_option, selected_option_text, correct, time_spent_seconds, manager_notes
         FROM observation_responses WHERE observation_id = $1`,
      [row.id],
    )) as {
      question_id: string;
      selected_option: string;
      selected_option_text: string;
      correct: boolean;
      time_spent_seconds: number;
      manager_notes: string;
    }[];
    const order = new Map(row.questions.map((question, index) => [question.id, index]));
    return rows
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

  /**
   * Records one answer, scored against the stored correct one. Answering the same question
   * again replaces the earlier answer (never counted twice); the last answer completes it.
   */
  async respond(actor: Actor, id: number, submission: ResponseSubmission): Promise<ResponseResult> {
    requireRole(actor, OBSERVER_ROLES);
    const result = await this.db.transaction(async (tx) => {
      const row = await this.row(actor, id, tx, true);
      if (row.status === 'completed')
        throw new RpcFailure('conflict', 'This observation is already completed.');
      const question = row.questions.find((candidate) => candidate.id === submission.questionId);
      if (!question)
        throw RpcFailure.validation('That question is not part of this observation.', 'questionId');
      const choice = OPTION_LETTERS.indexOf(submission.selectedOption);
      if (choice < 0 || choice >= question.options.length) {
        throw RpcFailure.validation('Please select an option before continuing', 'selectedOption');
      }
      await tx.query(
        `INSERT INTO observation_responses (observation_id, question_id, selected_option, selected_option_text, correct, time_spent_seconds, manager_notes)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (observation_id, question_id) DO UPDATE SET selected_option = EXCLUDED.selected_option,
           selected_option_text = EXCLUDED.selected_option_text, correct = EXCLUDED.correct,
           time_spent_seconds = EXCLUDED.time_spent_seconds, manager_notes = EXCLUDED.manager_notes, answered_at = now()`,
        [
          row.id,
          question.id,
          submission.selectedOption,
          question.options[choice],
          choice === question.correctIndex,
          submission.timeSpentSeconds,
          submission.managerNotes,
        ],
      );
      const answered = await this.answeredIds(row.id, tx);
      const next = this.nextIndex(row, answered);
      if (next < row.questions.length)
        return { row, completed: false, next, score: null, passed: null };
      const completed = await this.complete(tx, row);
      return { row, completed: true, next: null, ...completed };
    });
    if (result.completed) await this.announceCompletion(result.row, result.score!, result.passed!);
    return {
      completed: result.completed,
      nextQuestionIndex: result.next,
      score: result.score,
      passed: result.passed,
    };
  }

  private async complete(
    tx: EntityManager,
    row: ObservationRow,
  ): Promise<{ score: number; passed: boolean }> {
    const [counts] = (await tx.query(
      `SELECT count(*) FILTER (WHERE correct)::int AS correct FROM observation_responses WHERE observation_id = $1`,
      [row.id],
    )) as { correct: number }[];
    const score = Math.round(((counts?.correct ?? 0) / row.questions.length) * 1000) / 10;
    const passed = score >= row.pass_mark;
    const [[completed]] = (await tx.query(
      `UPDATE observations SET status = 'completed', score = $2, passed = $3, completed_at = now(),
         duration_seconds = extract(epoch FROM now() - started_at)::int WHERE id = $1 RETURNING completed_at`,
      [row.id, score, passed],
    )) as [{ completed_at: Date }[], number];
    if (passed) await this.certifications.sopPassed(tx, row, score, completed!.completed_at);
    return { score, passed };
  }

  private async announceCompletion(
    row: ObservationRow,
    score: number,
    passed: boolean,
  ): Promise<void> {
    await this.courses.forLearner(row.operator_id, passed ? row.document_id : null);
    const verdict = passed ? 'passed' : 'did not pass';
    await this.rpc
      .call(identityRpc.notify, {
        userIds: [row.operator_id, row.observer_id],
        notification: {
          type: passed ? 'success' : 'warning',
          title: 'Observation completed',
          message: `${row.operator_name} ${verdict} "${row.evaluation_title}" with ${score}% (pass mark ${row.pass_mark}%), observed by ${row.observer_name}.`,
        },
      })
      .catch((error: unknown) =>
        this.logger.warn(`completion notification not delivered: ${String(error)}`),
      );
  }

  async list(actor: Actor, filter: ListFilter): Promise<ObservationList> {
    requireRole(actor, OBSERVER_ROLES);
    const params: unknown[] = [actor.organizationId];
    const where = ['o.organization_id = $1'];
    if (filter.status) {
      params.push(filter.status);
      where.push(`o.status = $${params.length}`);
    }
    if (filter.search) {
      params.push(`%${filter.search.replace(/[%_\\]/g, '\\$&')}%`);
      where.push(
        `(o.evaluation_title ILIKE $${params.length} OR o.operator_name ILIKE $${params.length} OR o.observer_name ILIKE $${params.length})`,
      );
    }
    const [{ total }] = (await this.db.query(
      `SELECT count(*)::int AS total FROM observations o WHERE ${where.join(' AND ')}`,
      params,
    )) as [{ total: number }];
    const after = decodeCursor(filter.cursor, ['time', 'id']);
    if (after) {
      params.push(after[0], after[1]);
      where.push(
        `(o.started_at, o.id) < ($${params.length - 1}::timestamptz, $${params.length}::int)`,
      );
    }
    params.push(filter.limit + 1);
    const read = (await this.db.query(
      `SELECT o.*, o.started_at::text AS cursor_at, (SELECT count(*)::int FROM observation_responses r WHERE r.observation_id = o.id) AS answered
         FROM observations o WHERE ${where.join(' AND ')} ORDER BY o.started_at DESC, o.id DESC LIMIT $${params.length}`,
      params,
    )) as (ObservationRow & { answered: number; cursor_at: string })[];
    const { rows, nextCursor } = pageOf(read, filter.limit, (row) => [
      row.cursor_at,
      String(row.id),
    ]);
    const findings = await this.findings(rows.map((row) => row.id));
    return {
      totalCount: total,
      nextCursor,
      observations: rows.map((row) =>
        toSummary(
          row,
          row.answered,
          findings.filter((f) => f.observation_id === row.id),
        ),
      ),
      counters: await this.counters(actor.organizationId),
    };
  }

  private async counters(organizationId: number) {
    const [row] = (await this.db.query(
      `SELECT count(*) FILTER (WHERE o.status = 'completed' AND EXISTS (SELECT 1 FROM findings f WHERE f.observation_id = o.id AND f.status = 'open'))::int AS open,
              count(*) FILTER (WHERE o.status = 'in_progress')::int AS "inProgress",
              count(*) FILTER (WHERE o.status = 'completed' AND NOT EXISTS (SELECT 1 FROM findings f WHERE f.observation_id = o.id AND f.status = 'open'))::int AS resolved,
              count(*)::int AS total
         FROM observations o WHERE o.organization_id = $1`,
      [organizationId],
    )) as { open: number; inProgress: number; resolved: number; total: number }[];
    return row ?? { open: 0, inProgress: 0, resolved: 0, total: 0 };
  }

  async addFinding(actor: Actor, id: number, finding: CreateFindingRequest): Promise<Finding> {
    requireRole(actor, OBSERVER_ROLES);
    const row = await this.row(actor, id);
    const [created] = (await this.db.query(
      `INSERT INTO findings (observation_id, organization_id, severity, category, note, created_by)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
      [
        row.id,
        actor.organizationId,
        finding.severity,
        finding.category,
        finding.note,
        actor.userId,
      ],
    )) as FindingRow[];
    return toFinding(created!);
  }

  async resolveFinding(actor: Actor, id: number, findingId: number): Promise<Finding> {
    requireRole(actor, OBSERVER_ROLES);
    const row = await this.row(actor, id);
    // TypeORM answers an UPDATE ... RETURNING as [rows, affected count].
    const [updated] = (await this.db.query(
      `UPDATE findings SET status = 'resolved', resolved_at = coalesce(resolved_at, now()), resolved_by = coalesce(resolved_by, $3)
        WHERE id = $1 AND observation_id = $2 RETURNING *`,
      [findingId, row.id, actor.userId],
    )) as [FindingRow[], number];
    const finding = updated[0];
    if (!finding) throw RpcFailure.notFound('Finding not found');
    return toFinding(finding);
  }

  /**
   * Performance Score = average score of completed observations; Training Completion = share of
   * enrolments completed. Null while there is nothing to average.
   */
  async hubFigures(organizationId: number | null) {
    const scope = organizationId === null ? 'TRUE' : 'organization_id = $1';
    const params = organizationId === null ? [] : [organizationId];
    const [score] = (await this.db.query(
      `SELECT round(avg(score), 1)::float AS value FROM observations WHERE status = 'completed' AND ${scope}`,
      params,
    )) as { value: number | null }[];
    const [completion] = (await this.db.query(
      `SELECT CASE WHEN count(*) = 0 THEN NULL
                   ELSE round(100.0 * count(*) FILTER (WHERE e.completed_at IS NOT NULL) / count(*), 1)::float END AS value
         FROM enrollments e JOIN courses c ON c.id = e.course_id WHERE ${scope.replace('organization_id', 'c.organization_id')}`,
      params,
    )) as { value: number | null }[];
    return {
      performanceScore: score?.value ?? null,
      trainingCompletion: completion?.value ?? null,
    };
  }

  /** Average completed-observation score per observed member. */
  async performance(organizationId: number) {
    return (await this.db.query(
      `SELECT operator_id AS "userId", round(avg(score), 1)::float AS "averageScore"
         FROM observations WHERE organization_id = $1 AND status = 'completed' GROUP BY operator_id`,
      [organizationId],
    )) as { userId: number; averageScore: number }[];
  }
}
