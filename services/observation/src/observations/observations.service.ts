import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  type Actor,
  ERROR_TEXTS,
  type CreateFindingRequest,
  type CreateObservationRequest,
  errorText,
  type Finding,
  type FindingPage,
  libraryRpc,
  MAX_FINDINGS_PER_OBSERVATION,
  OPTION_LETTERS,
  type ObservationList,
  type ObservationSession,
  type PageRequest,
  type ResponseResult,
  type ResponseSubmission,
} from '@hub/proto';
import { RpcClient, RpcFailure, WebhookAnnouncer } from '@hub/kit';
import type { CertificationRow } from '../certifications/certifications.repository.js';
import { RPC } from '../config.js';
import { SettingsService } from '../settings/settings.service.js';
import { Members } from '../team/members.js';
import { CertificationIssuer } from '../certifications/certification-issuer.js';
import { ObservationFigures } from '../reporting/observation-figures.js';
import { announceCompletion, CompletionEffects } from './completion-effects.js';
import { findingPage, sessionFindings } from './finding-pages.js';
import { FindingsRepository } from './findings.repository.js';
import {
  nextQuestionIndex,
  type ObservationRow,
  toFinding,
  toSessionResponses,
  toSummary,
} from './observation-rows.js';
import {
  type KeyedResult,
  ObservationsRepository,
  type StartedObservation,
} from './observations.repository.js';

export const NOT_FOUND = 'Observation session not found';
export const KEY_ON_ANOTHER_QUESTION = ERROR_TEXTS.observation_key_of_another_question;
export const OWN_OBSERVATION = ERROR_TEXTS.observation_own;
export const KEY_OF_ANOTHER_OBSERVATION = ERROR_TEXTS.observation_key_of_another_observation;
export const FINDINGS_LIMIT = errorText('observation_findings_limit', {
  limit: String(MAX_FINDINGS_PER_OBSERVATION),
});

interface ListFilter {
  search?: string;
  status?: 'in_progress' | 'completed';
  limit: number;
  cursor?: string;
}

@Injectable()
export class ObservationsService {
  constructor(
    @Inject(ObservationsRepository) private readonly repository: ObservationsRepository,
    @Inject(FindingsRepository) private readonly findings: FindingsRepository,
    @Inject(ObservationFigures) private readonly figures: ObservationFigures,
    @Inject(RPC) private readonly rpc: RpcClient,
    @Inject(Members) private readonly members: Members,
    @Inject(SettingsService) private readonly settings: SettingsService,
    @Inject(CompletionEffects) private readonly effects: CompletionEffects,
    @Inject(CertificationIssuer) private readonly certifications: CertificationIssuer,
    @Inject(WebhookAnnouncer) private readonly webhooks: WebhookAnnouncer,
  ) {}

  private async row(
    actor: Actor,
    id: number,
    manager?: EntityManager,
    lock = false,
  ): Promise<ObservationRow> {
    const row = await this.repository.find(actor.organizationId, id, manager, lock);
    if (!row) throw RpcFailure.notFound(NOT_FOUND);
    return row;
  }

  /**
   * The observation as one who reads it: not another's observation of an SOP the reader is being
   * observed on themselves while theirs is open, whose answers, marked right or wrong, would give
   * that SOP's evaluation away (the library hides its answers from them meanwhile too).
   */
  private async readable(actor: Actor, id: number): Promise<ObservationRow> {
    const row = await this.row(actor, id);
    if (row.operator_id === actor.userId) return row;
    const observedOn = await this.repository.openDocumentsOf(actor.organizationId, actor.userId);
    if (observedOn.includes(row.document_id)) {
      throw RpcFailure.forbidden(ERROR_TEXTS.observation_of_observed_sop);
    }
    return row;
  }

  /**
   * The observation as one who records in it: never the person observed (a training supervisor
   * is staff and observable), whose own answers would score and certify them on their own word.
   */
  private async recordable(
    actor: Actor,
    id: number,
    manager?: EntityManager,
    lock = false,
  ): Promise<ObservationRow> {
    const row = await this.row(actor, id, manager, lock);
    if (row.operator_id === actor.userId) throw RpcFailure.forbidden(OWN_OBSERVATION);
    return row;
  }

  /**
   * Starts an observation. With an idempotency key this person already used, starts none and
   * answers the observation that key started (also once the operator was suspended or the
   * evaluation withdrawn since): a double submit, a retry after a timeout or a replay.
   */
  async create(actor: Actor, request: CreateObservationRequest) {
    const key = request.idempotencyKey ?? null;
    const started =
      key === null
        ? undefined
        : await this.repository.startedWith(actor.organizationId, actor.userId, key);
    return this.startAnswer(started ?? (await this.start(actor, request, key)), request);
  }

  /**
   * The answer to a start. A key that started an observation of another operator or evaluation
   * is refused: answering that one would pass it off as the one asked for.
   */
  private startAnswer(started: StartedObservation, request: CreateObservationRequest) {
    if (
      started.operator_id !== request.operatorId ||
      started.evaluation_id !== request.evaluationId
    ) {
      throw new RpcFailure('conflict', KEY_OF_ANOTHER_OBSERVATION);
    }
    return { id: started.id, operatorName: started.operator_name };
  }

  private async start(
    actor: Actor,
    request: CreateObservationRequest,
    key: string | null,
  ): Promise<StartedObservation> {
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
    // Observing on an SOP shows its answers marked: not while one is observed on it oneself.
    const observedOn = await this.repository.openDocumentsOf(actor.organizationId, actor.userId);
    if (observedOn.includes(evaluation.documentId)) {
      throw RpcFailure.forbidden(ERROR_TEXTS.observing_while_observed);
    }
    const questions = evaluation.questions.map(
      ({ correctOption: _letter, ...question }) => question,
    );
    return this.repository.insert({
      organizationId: actor.organizationId,
      evaluationId: evaluation.id,
      documentId: evaluation.documentId,
      evaluationTitle: evaluation.title,
      questions,
      operatorId: operator.id,
      operatorName: operator.name,
      observerId: actor.userId,
      observerName: await this.members.nameOf(actor),
      initialNotes: request.initialNotes,
      passMark: await this.settings.passMark(actor.organizationId),
      idempotencyKey: key,
    });
  }

  /**
   * The SOPs the person is being observed on: while an observation of them is not completed,
   * the library answers that SOP's evaluation to them without its answers, whatever their role.
   */
  observedDocuments(organizationId: number, userId: number): Promise<number[]> {
    return this.repository.openDocumentsOf(organizationId, userId);
  }

  private async answeredIds(observationId: number, manager?: EntityManager): Promise<Set<string>> {
    return new Set(await this.repository.answeredIds(observationId, manager));
  }

  async session(actor: Actor, id: number): Promise<ObservationSession> {
    const row = await this.readable(actor, id);
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
      currentQuestionIndex: nextQuestionIndex(row, answered),
      totalQuestions: row.questions.length,
      questions: row.questions.map(({ id: questionId, text, category, options }) => ({
        id: questionId,
        text,
        category,
        options,
      })),
      startedAt: row.started_at.toISOString(),
      initialNotes: row.initial_notes,
      ...(await sessionFindings(this.findings, row.id)),
      score: row.score === null ? null : Number(row.score),
      passed: row.passed,
      passMark: row.pass_mark,
      completedAt: row.completed_at?.toISOString() ?? null,
      durationSeconds: row.duration_seconds,
      responses: toSessionResponses(row, await this.repository.responses(row.id)),
    };
  }

  /** A page of the observation's findings, found in the actor's organization as the session is. */
  async findingPage(actor: Actor, id: number, page: PageRequest): Promise<FindingPage> {
    const row = await this.readable(actor, id);
    return findingPage(this.findings, row.id, page);
  }

  async respond(actor: Actor, id: number, submission: ResponseSubmission): Promise<ResponseResult> {
    const key = submission.idempotencyKey ?? null;
    const result = await this.repository.transaction(async (tx) => {
      const row = await this.recordable(actor, id, tx, true);
      const keyed = key === null ? undefined : await this.repository.keyedResult(tx, row.id, key);
      const replay = keyed && this.replayOf(keyed, submission);
      if (replay) return { row, replay, completed: false, next: null, score: null, passed: null };
      if (row.status === 'completed')
        throw new RpcFailure('conflict', 'This observation is already completed.');
      const question = row.questions.find((candidate) => candidate.id === submission.questionId);
      if (!question)
        throw RpcFailure.validation('That question is not part of this observation.', 'questionId');
      const choice = OPTION_LETTERS.indexOf(submission.selectedOption);
      if (choice < 0 || choice >= question.options.length) {
        throw RpcFailure.validation('Please select an option before continuing', 'selectedOption');
      }
      await this.repository.saveResponse(tx, {
        observationId: row.id,
        questionId: question.id,
        selectedOption: submission.selectedOption,
        selectedOptionText: question.options[choice]!,
        correct: choice === question.correctIndex,
        timeSpentSeconds: submission.timeSpentSeconds,
        managerNotes: submission.managerNotes,
        idempotencyKey: key,
      });
      const answered = await this.answeredIds(row.id, tx);
      const next = nextQuestionIndex(row, answered);
      const outcome =
        next < row.questions.length
          ? { completed: false, next, score: null, passed: null, issued: null }
          : { completed: true, next: null, ...(await this.complete(tx, row)) };
      if (key !== null) {
        const result = this.toResult(outcome);
        await this.repository.keepResult(tx, row.id, { key, questionId: question.id, result });
      }
      return { row, replay: undefined, ...outcome };
    });
    if (result.replay) return result.replay;
    // Committed: the client is answered the completion whatever its effects do now (they are
    // owed in completion_effects, and retried when they fail).
    if (result.completed) await this.effects.settle(result.row.id);
    return this.toResult(result);
  }

  private replayOf(keyed: KeyedResult, submission: ResponseSubmission): ResponseResult {
    if (keyed.questionId !== submission.questionId)
      throw new RpcFailure('conflict', KEY_ON_ANOTHER_QUESTION);
    return keyed.result;
  }

  private toResult(outcome: {
    completed: boolean;
    next: number | null;
    score: number | null;
    passed: boolean | null;
  }): ResponseResult {
    return {
      completed: outcome.completed,
      nextQuestionIndex: outcome.next,
      score: outcome.score,
      passed: outcome.passed,
    };
  }

  private async complete(
    tx: EntityManager,
    row: ObservationRow,
  ): Promise<{ score: number; passed: boolean; issued: CertificationRow | null }> {
    const correct = await this.repository.correctCount(tx, row.id);
    const score = Math.round((correct / row.questions.length) * 1000) / 10;
    const passed = score >= row.pass_mark;
    const completedAt = await this.repository.complete(tx, row.id, score, passed);
    // Asked at completion, not at the start: the operator may have been deleted (their
    // certifications with them), deactivated or suspended meanwhile. The answers and score stay
    // the organization's record; only a certification for someone gone is not issued.
    const [present, zone] = await Promise.all([
      this.operatorPresent(row),
      passed ? this.certifications.zoneOf(row.operator_id) : 'UTC',
    ]);
    const issued =
      passed && present
        ? await this.certifications.sopPassed(tx, row, { score, at: completedAt, zone })
        : null;
    await announceCompletion(this.webhooks, tx, { row, score, passed, issued });
    await this.repository.oweEffects(tx, row.id, present);
    return { score, passed, issued };
  }

  /**
   * Whether the observed person is still an active member of the observation's organization, and
   * not suspended: a member the organization suspended is certified of nothing meanwhile.
   */
  private async operatorPresent(row: ObservationRow): Promise<boolean> {
    const found = await this.members.some(row.organization_id, [row.operator_id]);
    return found.some(
      (member) => member.id === row.operator_id && member.isActive && !member.suspended,
    );
  }

  async list(actor: Actor, filter: ListFilter): Promise<ObservationList> {
    const { rows, totalCount, nextCursor } = await this.repository.page({
      organizationId: actor.organizationId,
      ...filter,
    });
    const ids = rows.map((row) => row.id);
    const [findings, counts] = await Promise.all([
      this.findings.findings(ids, MAX_FINDINGS_PER_OBSERVATION),
      this.findings.counts(ids),
    ]);
    return {
      totalCount,
      nextCursor,
      observations: rows.map((row) =>
        toSummary(
          row,
          row.answered,
          counts.get(row.id)!,
          findings.filter((f) => f.observation_id === row.id),
        ),
      ),
      counters: await this.figures.counters(actor.organizationId),
    };
  }

  /**
   * Records a finding, at most MAX_FINDINGS_PER_OBSERVATION per observation. Under the
   * observation's row lock (FOR UPDATE) a concurrent twin waits, then finds the key or the
   * count: two posts for the last free place record one. A key the observation already recorded
   * answers its finding, also once the observation is full.
   */
  async addFinding(actor: Actor, id: number, finding: CreateFindingRequest): Promise<Finding> {
    const key = finding.idempotencyKey ?? null;
    const recorded = await this.repository.transaction(async (tx) => {
      const row = await this.recordable(actor, id, tx, true);
      const keyed = key === null ? undefined : await this.findings.keyedFinding(tx, row.id, key);
      if (keyed) return keyed;
      if ((await this.findings.findingCount(tx, row.id)) >= MAX_FINDINGS_PER_OBSERVATION) {
        throw new RpcFailure('conflict', FINDINGS_LIMIT);
      }
      return this.findings.insertFinding(tx, {
        observationId: row.id,
        organizationId: actor.organizationId,
        severity: finding.severity,
        category: finding.category,
        note: finding.note,
        createdBy: actor.userId,
        idempotencyKey: key,
        recordedAt: finding.recordedAt ?? null,
      });
    });
    return toFinding(recorded);
  }

  async resolveFinding(actor: Actor, id: number, findingId: number): Promise<Finding> {
    const row = await this.recordable(actor, id);
    const finding = await this.findings.resolveFinding(row.id, findingId, actor.userId);
    if (!finding) throw RpcFailure.notFound('Finding not found');
    return toFinding(finding);
  }
}
