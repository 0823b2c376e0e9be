import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { ResponseResult } from '@hub/proto';
import { decodeCursor, pageOf } from '@hub/kit';
import type { ObservationRow, ObservedQuestion, ResponseRow } from './observation-rows.js';
import { NEXT_ATTEMPT_SQL } from './retry-schedule.js';

export interface NewObservation {
  organizationId: number;
  evaluationId: number;
  documentId: number;
  evaluationTitle: string;
  questions: ObservedQuestion[];
  operatorId: number;
  operatorName: string;
  observerId: number;
  observerName: string;
  initialNotes: string;
  passMark: number;
  idempotencyKey: string | null;
}

/** What a start answers, and what a repeat of its key is compared with. */
export interface StartedObservation {
  id: number;
  operator_id: number;
  evaluation_id: number;
  operator_name: string;
}

export interface NewResponse {
  observationId: number;
  questionId: string;
  selectedOption: string;
  selectedOptionText: string;
  correct: boolean;
  timeSpentSeconds: number;
  managerNotes: string;
  idempotencyKey: string | null;
}

/** A key's question and the result its first request was answered with. */
export interface KeyedResult {
  questionId: string;
  result: ResponseResult;
}

/** A completed observation whose course progress and notices are still owed. */
export type OwedEffects = ObservationRow & { operator_present: boolean };

export interface ObservationListQuery {
  organizationId: number;
  status?: ObservationRow['status'];
  search?: string;
  limit: number;
  cursor?: string;
}

export type ListedObservation = ObservationRow & { answered: number; cursor_at: string };

/**
 * Queries of observation sessions and their answers (their findings: FindingsRepository), scoped
 * to the organization where the caller names one. Methods that run inside the service's
 * transactions take its manager.
 */
@Injectable()
export class ObservationsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** The organization's observation; `lock` holds it for the transaction (FOR UPDATE). */
  async find(
    organizationId: number,
    id: number,
    manager: EntityManager = this.db.manager,
    lock = false,
  ): Promise<ObservationRow | undefined> {
    const [row] = (await manager.query(
      `SELECT * FROM observations WHERE id = $1 AND organization_id = $2 ${lock ? 'FOR UPDATE' : ''}`,
      [id, organizationId],
    )) as ObservationRow[];
    return row;
  }

  /**
   * Inserts the observation; with an idempotency key its creator already used, inserts nothing
   * and answers the observation that key started. ON CONFLICT on the unique index makes two
   * concurrent starts with one key start one (the second waits for the first, then reads it).
   */
  async insert(observation: NewObservation): Promise<StartedObservation> {
    const [created] = (await this.db.query(
      `INSERT INTO observations (organization_id, evaluation_id, document_id, evaluation_title, questions,
         operator_id, operator_name, observer_id, observer_name, initial_notes, pass_mark, idempotency_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (organization_id, observer_id, idempotency_key) DO NOTHING
       RETURNING id, operator_id, evaluation_id, operator_name`,
      [
        observation.organizationId,
        observation.evaluationId,
        observation.documentId,
        observation.evaluationTitle,
        JSON.stringify(observation.questions),
        observation.operatorId,
        observation.operatorName,
        observation.observerId,
        observation.observerName,
        observation.initialNotes,
        observation.passMark,
        observation.idempotencyKey,
      ],
    )) as StartedObservation[];
    if (created) return created;
    const { organizationId, observerId, idempotencyKey } = observation;
    return (await this.startedWith(organizationId, observerId, idempotencyKey!))!;
  }

  /** The observation this person started with this key, if any. */
  async startedWith(
    organizationId: number,
    observerId: number,
    idempotencyKey: string,
  ): Promise<StartedObservation | undefined> {
    const [row] = (await this.db.query(
      `SELECT id, operator_id, evaluation_id, operator_name FROM observations
        WHERE organization_id = $1 AND observer_id = $2 AND idempotency_key = $3`,
      [organizationId, observerId, idempotencyKey],
    )) as StartedObservation[];
    return row;
  }

  /** The documents of the person's observations not completed (observations_operator_idx). */
  async openDocumentsOf(organizationId: number, operatorId: number): Promise<number[]> {
    const rows = (await this.db.query(
      `SELECT DISTINCT document_id FROM observations
        WHERE organization_id = $1 AND operator_id = $2 AND status = 'in_progress'`,
      [organizationId, operatorId],
    )) as { document_id: number }[];
    return rows.map((row) => row.document_id);
  }

  /** Ids of the questions answered so far. */
  async answeredIds(
    observationId: number,
    manager: EntityManager = this.db.manager,
  ): Promise<string[]> {
    const rows = (await manager.query(
      `SELECT question_id FROM observation_responses WHERE observation_id = $1`,
      [observationId],
    )) as { question_id: string }[];
    return rows.map((row) => row.question_id);
  }

  async responses(observationId: number): Promise<ResponseRow[]> {
    return (await this.db.query(
      `SELECT question_id, selected_option, selected_option_text, correct, time_spent_seconds, manager_notes
         FROM observation_responses WHERE observation_id = $1`,
      [observationId],
    )) as ResponseRow[];
  }

  /**
   * The question a key of the observation answered and the result it was first answered with,
   * if the key was ever used: a replaced answer's key stays known.
   */
  async keyedResult(
    tx: EntityManager,
    observationId: number,
    idempotencyKey: string,
  ): Promise<KeyedResult | undefined> {
    const [row] = (await tx.query(
      `SELECT question_id, result FROM observation_response_keys
        WHERE observation_id = $1 AND idempotency_key = $2`,
      [observationId, idempotencyKey],
    )) as { question_id: string; result: ResponseResult }[];
    return row && { questionId: row.question_id, result: row.result };
  }

  /**
   * Records an answer; answering the same question again replaces the earlier answer, its key
   * and its result. A key already on another question of the observation is refused by the
   * unique index (observation_id, idempotency_key).
   */
  async saveResponse(tx: EntityManager, response: NewResponse): Promise<void> {
    await tx.query(
      `INSERT INTO observation_responses (observation_id, question_id, selected_option, selected_option_text, correct, time_spent_seconds, manager_notes, idempotency_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (observation_id, question_id) DO UPDATE SET selected_option = EXCLUDED.selected_option,
         selected_option_text = EXCLUDED.selected_option_text, correct = EXCLUDED.correct,
         time_spent_seconds = EXCLUDED.time_spent_seconds, manager_notes = EXCLUDED.manager_notes, answered_at = now(),
         idempotency_key = EXCLUDED.idempotency_key, result = NULL`,
      [
        response.observationId,
        response.questionId,
        response.selectedOption,
        response.selectedOptionText,
        response.correct,
        response.timeSpentSeconds,
        response.managerNotes,
        response.idempotencyKey,
      ],
    );
  }

  /** Keeps the result answered to a keyed answer, for its retries (also once it is replaced). */
  async keepResult(
    tx: EntityManager,
    observationId: number,
    keyed: KeyedResult & { key: string },
  ): Promise<void> {
    const result = JSON.stringify(keyed.result);
    await tx.query(
      `UPDATE observation_responses SET result = $3 WHERE observation_id = $1 AND question_id = $2`,
      [observationId, keyed.questionId, result],
    );
    await tx.query(
      `INSERT INTO observation_response_keys (observation_id, idempotency_key, question_id, result)
       VALUES ($1, $2, $3, $4)`,
      [observationId, keyed.key, keyed.questionId, result],
    );
  }

  /** Records, with the completion, the course progress and notices it owes (see effectsDue). */
  async oweEffects(tx: EntityManager, observationId: number, operatorPresent: boolean) {
    await tx.query(
      `INSERT INTO completion_effects (observation_id, operator_present) VALUES ($1, $2)`,
      [observationId, operatorPresent],
    );
  }

  /**
   * Runs `work` on the owed effects of this observation (when null, a batch of those due, the
   * least tried first, then the oldest: a batch that keeps failing falls behind the newer ones
   * instead of holding them back for ever), each row locked (SKIP LOCKED: one a replica or
   * request is already on is left to it) and removed when work succeeds; a failure is counted on
   * the row, waits (NEXT_ATTEMPT_SQL) for a later try, and is answered.
   */
  async settleEffects(
    observationId: number | null,
    work: (owed: OwedEffects) => Promise<void>,
  ): Promise<unknown[]> {
    const ids = (await this.db.query(
      `SELECT observation_id FROM completion_effects
        WHERE ($1::int IS NULL AND next_attempt_at <= now()) OR observation_id = $1
        ORDER BY attempts, created_at LIMIT 100`,
      [observationId],
    )) as { observation_id: number }[];
    const failures: unknown[] = [];
    for (const { observation_id: id } of ids) {
      await this.settleOne(id, observationId === null, work).catch((error: unknown) =>
        failures.push(error),
      );
    }
    return failures;
  }

  /**
   * `dueOnly` (the retry pass): still due once locked, else another replica's pass, which read
   * the same batch, failed it meanwhile and it waits.
   */
  private async settleOne(
    id: number,
    dueOnly: boolean,
    work: (owed: OwedEffects) => Promise<void>,
  ): Promise<void> {
    try {
      await this.db.transaction(async (tx) => {
        const [owed] = (await tx.query(
          `SELECT e.operator_present, o.* FROM completion_effects e
             JOIN observations o ON o.id = e.observation_id
            WHERE e.observation_id = $1 AND (NOT $2::boolean OR e.next_attempt_at <= now())
              FOR UPDATE OF e SKIP LOCKED`,
          [id, dueOnly],
        )) as OwedEffects[];
        if (!owed) return;
        await work(owed);
        await tx.query(`DELETE FROM completion_effects WHERE observation_id = $1`, [id]);
      });
    } catch (error) {
      await this.db.query(
        `UPDATE completion_effects
            SET attempts = attempts + 1, last_error = $2, next_attempt_at = ${NEXT_ATTEMPT_SQL}
          WHERE observation_id = $1`,
        [id, String(error).slice(0, 1000)],
      );
      throw error;
    }
  }

  async correctCount(tx: EntityManager, observationId: number): Promise<number> {
    const [counts] = (await tx.query(
      `SELECT count(*) FILTER (WHERE correct)::int AS correct FROM observation_responses WHERE observation_id = $1`,
      [observationId],
    )) as { correct: number }[];
    return counts?.correct ?? 0;
  }

  /** Marks the observation completed with its score and duration; answers its completion time. */
  async complete(
    tx: EntityManager,
    observationId: number,
    score: number,
    passed: boolean,
  ): Promise<Date> {
    const [[completed]] = (await tx.query(
      `UPDATE observations SET status = 'completed', score = $2, passed = $3, completed_at = now(),
         duration_seconds = extract(epoch FROM now() - started_at)::int WHERE id = $1 RETURNING completed_at`,
      [observationId, score, passed],
    )) as [{ completed_at: Date }[], number];
    return completed!.completed_at;
  }

  /**
   * The organization's observations newest first, one page after the cursor, matching the status
   * and searching the evaluation, operator and observer names; each with its answer count.
   */
  async page(
    query: ObservationListQuery,
  ): Promise<{ rows: ListedObservation[]; totalCount: number; nextCursor: string | null }> {
    const params: unknown[] = [query.organizationId];
    const where = ['o.organization_id = $1'];
    if (query.status) {
      params.push(query.status);
      where.push(`o.status = $${params.length}`);
    }
    if (query.search) {
      params.push(`%${query.search.replace(/[%_\\]/g, '\\$&')}%`);
      where.push(
        `(o.evaluation_title ILIKE $${params.length} OR o.operator_name ILIKE $${params.length} OR o.observer_name ILIKE $${params.length})`,
      );
    }
    const [{ total }] = (await this.db.query(
      `SELECT count(*)::int AS total FROM observations o WHERE ${where.join(' AND ')}`,
      params,
    )) as [{ total: number }];
    const after = decodeCursor(query.cursor, ['time', 'id']);
    if (after) {
      params.push(after[0], after[1]);
      where.push(
        `(o.started_at, o.id) < ($${params.length - 1}::timestamptz, $${params.length}::int)`,
      );
    }
    params.push(query.limit + 1);
    const read = (await this.db.query(
      `SELECT o.*, o.started_at::text AS cursor_at, (SELECT count(*)::int FROM observation_responses r WHERE r.observation_id = o.id) AS answered
         FROM observations o WHERE ${where.join(' AND ')} ORDER BY o.started_at DESC, o.id DESC LIMIT $${params.length}`,
      params,
    )) as ListedObservation[];
    const { rows, nextCursor } = pageOf(read, query.limit, (row) => [
      row.cursor_at,
      String(row.id),
    ]);
    return { rows, totalCount: total, nextCursor };
  }
}
