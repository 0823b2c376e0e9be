import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { decodeCursor, pageOf } from '@hub/kit';
import {
  type Recommendation,
  type RecommendationFigures,
  RECOMMENDATION_WEIGHTS,
  type RecommendationListQuery,
  type RecommendationState,
} from '@hub/proto';
import { EXPIRING_SOON_END_SQL } from '../certifications/certification-rules.js';
import {
  type ExpiringCertificationRow,
  type Finding,
  type QuestionResultsRow,
  type ReobservationRow,
  type SopResultsRow,
  WINDOW_DAYS,
} from './rules.js';

interface RecommendationRow {
  id: number;
  rule: Recommendation['rule'];
  category: Recommendation['category'];
  priority: Recommendation['priority'];
  title: string;
  description: string;
  evidence: Recommendation['evidence'];
  action: Recommendation['action'];
  text: Recommendation['text'];
  state: RecommendationState;
  decided_by: number | null;
  decided_by_name: string | null;
  decided_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

function toView(row: RecommendationRow): Recommendation {
  return {
    id: row.id,
    rule: row.rule,
    category: row.category,
    priority: row.priority,
    title: row.title,
    description: row.description,
    evidence: row.evidence,
    action: row.action,
    text: row.text,
    state: row.state,
    decidedBy:
      row.decided_by === null ? null : { id: row.decided_by, name: row.decided_by_name ?? '' },
    decidedAt: row.decided_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Every query of the recommendations module: the rules' inputs and the stored results. */
@Injectable()
export class RecommendationsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  // The rules' inputs (this service's own tables).

  /**
   * The certifications expiring soon, on the certifications' own window (WINDOW_DAYS is as
   * long): 24-hour days, not the session zone's calendar days, which are an hour short or long
   * across a daylight-saving change.
   */
  async expiringCertifications(organizationId: number): Promise<ExpiringCertificationRow[]> {
    const rows = (await this.db.query(
      `SELECT id, user_id, holder_name, title, expires_at,
              CASE WHEN kind = 'sop' THEN subject_id END AS document_id
         FROM certifications
        WHERE organization_id = $1 AND revoked_at IS NULL
          AND expires_at > now() AND expires_at <= ${EXPIRING_SOON_END_SQL}
        ORDER BY expires_at`,
      [organizationId],
    )) as {
      id: number;
      user_id: number;
      holder_name: string;
      title: string;
      expires_at: Date;
      document_id: number | null;
    }[];
    return rows.map((row) => ({
      id: row.id,
      userId: row.user_id,
      holderName: row.holder_name,
      title: row.title,
      documentId: row.document_id,
      expiresAt: row.expires_at,
    }));
  }

  /** Certifications in force waiting for a re-observation after a safety-relevant SOP change. */
  async pendingReobservations(organizationId: number): Promise<ReobservationRow[]> {
    const rows = (await this.db.query(
      `SELECT user_id, holder_name, subject_id, title, reobservation_version, reobservation_since
         FROM certifications
        WHERE organization_id = $1 AND kind = 'sop' AND reobservation_version IS NOT NULL
          AND revoked_at IS NULL AND expires_at > now()
        ORDER BY subject_id, reobservation_since, holder_name`,
      [organizationId],
    )) as {
      user_id: number;
      holder_name: string;
      subject_id: number;
      title: string;
      reobservation_version: number;
      reobservation_since: Date;
    }[];
    return rows.map((row) => ({
      userId: row.user_id,
      holderName: row.holder_name,
      documentId: row.subject_id,
      title: row.title,
      version: row.reobservation_version,
      since: row.reobservation_since,
    }));
  }

  /** People with an observation under way: theirs counts as scheduled. */
  async operatorsBeingObserved(organizationId: number): Promise<Set<number>> {
    const rows = (await this.db.query(
      `SELECT DISTINCT operator_id FROM observations
        WHERE organization_id = $1 AND status = 'in_progress'`,
      [organizationId],
    )) as { operator_id: number }[];
    return new Set(rows.map((row) => row.operator_id));
  }

  /** Completed observations of the window, per SOP: count, passes, average score and mark. */
  async sopResults(organizationId: number): Promise<SopResultsRow[]> {
    const rows = (await this.db.query(
      `SELECT document_id, max(evaluation_title) AS title, count(*)::int AS observations,
              count(*) FILTER (WHERE passed)::int AS passed,
              avg(score)::float AS average_score, avg(pass_mark)::float AS pass_mark
         FROM observations
        WHERE organization_id = $1 AND status = 'completed' AND score IS NOT NULL
          AND completed_at > now() - interval '${WINDOW_DAYS} days'
        GROUP BY document_id ORDER BY document_id`,
      [organizationId],
    )) as {
      document_id: number;
      title: string;
      observations: number;
      passed: number;
      average_score: number;
      pass_mark: number;
    }[];
    return rows.map((row) => ({
      documentId: row.document_id,
      title: row.title,
      observations: row.observations,
      passed: row.passed,
      averageScore: row.average_score,
      passMark: row.pass_mark,
    }));
  }

  /** Per question of the window: how many people answered it and how many got it wrong. */
  async questionResults(organizationId: number): Promise<QuestionResultsRow[]> {
    const rows = (await this.db.query(
      `SELECT o.document_id, max(o.evaluation_title) AS sop_title, r.question_id,
              max(q->>'text') AS question_text,
              count(DISTINCT o.operator_id)::int AS people_observed,
              count(DISTINCT o.operator_id) FILTER (WHERE NOT r.correct)::int AS people_missed
         FROM observations o
         JOIN observation_responses r ON r.observation_id = o.id
         LEFT JOIN LATERAL jsonb_array_elements(o.questions) q ON q->>'id' = r.question_id
        WHERE o.organization_id = $1 AND o.status = 'completed'
          AND o.completed_at > now() - interval '${WINDOW_DAYS} days'
        GROUP BY o.document_id, r.question_id
        ORDER BY o.document_id, r.question_id`,
      [organizationId],
    )) as {
      document_id: number;
      sop_title: string;
      question_id: string;
      question_text: string | null;
      people_observed: number;
      people_missed: number;
    }[];
    return rows.map((row) => ({
      documentId: row.document_id,
      sopTitle: row.sop_title,
      questionId: row.question_id,
      questionText: row.question_text ?? row.question_id,
      peopleObserved: row.people_observed,
      peopleMissed: row.people_missed,
    }));
  }

  /** When each of these people last observed someone (absent when never). */
  async lastObservationBy(organizationId: number, userIds: number[]): Promise<Map<number, Date>> {
    if (userIds.length === 0) return new Map();
    const rows = (await this.db.query(
      `SELECT observer_id, max(started_at) AS last FROM observations
        WHERE organization_id = $1 AND observer_id = ANY($2::int[])
        GROUP BY observer_id`,
      [organizationId, userIds],
    )) as { observer_id: number; last: Date }[];
    return new Map(rows.map((row) => [row.observer_id, row.last]));
  }

  // The stored results.

  /**
   * Stores one run's findings in a single transaction, one run per organization at a time: new
   * findings become active recommendations; active ones are refreshed (text, evidence,
   * priority) or, when their condition no longer holds, removed. Implemented and dismissed
   * recommendations are kept as they were decided, so the same finding does not come back.
   */
  async reconcile(organizationId: number, findings: Finding[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('recommendations'), $1)`, [
        organizationId,
      ]);
      for (const finding of findings) await this.upsert(tx, organizationId, finding);
      const keys = findings.map((finding) => `${finding.rule}\n${finding.subjectKey}`);
      await tx.query(
        `DELETE FROM recommendations
          WHERE organization_id = $1 AND state = 'active'
            AND NOT (rule || E'\\n' || subject_key = ANY($2::text[]))`,
        [organizationId, keys],
      );
      await tx.query(
        `INSERT INTO recommendation_runs (organization_id, evaluated_at) VALUES ($1, now())
         ON CONFLICT (organization_id) DO UPDATE SET evaluated_at = now()`,
        [organizationId],
      );
    });
  }

  private async upsert(tx: EntityManager, organizationId: number, finding: Finding) {
    await tx.query(
      `INSERT INTO recommendations
         (organization_id, rule, subject_key, category, priority, title, description, evidence,
          action, text)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10::jsonb)
       ON CONFLICT (organization_id, rule, subject_key) DO UPDATE SET
         category = EXCLUDED.category, priority = EXCLUDED.priority, title = EXCLUDED.title,
         description = EXCLUDED.description, evidence = EXCLUDED.evidence,
         action = EXCLUDED.action, text = EXCLUDED.text, updated_at = now()
       WHERE recommendations.state = 'active'
         AND (recommendations.evidence, recommendations.description, recommendations.priority,
              recommendations.text)
             IS DISTINCT FROM (EXCLUDED.evidence, EXCLUDED.description, EXCLUDED.priority,
              EXCLUDED.text)`,
      [
        organizationId,
        finding.rule,
        finding.subjectKey,
        finding.category,
        finding.priority,
        finding.title,
        finding.description,
        JSON.stringify(finding.evidence),
        JSON.stringify(finding.action),
        JSON.stringify(finding.text),
      ],
    );
  }

  async evaluatedAt(organizationId: number): Promise<Date | null> {
    const [row] = (await this.db.query(
      `SELECT evaluated_at FROM recommendation_runs WHERE organization_id = $1`,
      [organizationId],
    )) as { evaluated_at: Date }[];
    return row?.evaluated_at ?? null;
  }

  /**
   * One page of the organization's recommendations (of `query.state` when asked), after the
   * cursor's row, in the order of `listKey`; read one row over to tell whether another page
   * follows.
   */
  async list(
    organizationId: number,
    query: RecommendationListQuery,
    pageSize: number,
  ): Promise<{ recommendations: Recommendation[]; nextCursor: string | null }> {
    const params: unknown[] = [organizationId, query.state ?? null];
    const where = ['organization_id = $1', '($2::text IS NULL OR state = $2)'];
    const after = decodeCursor(query.cursor, ['number', 'number', 'time', 'id']);
    if (after) {
      params.push(...after);
      where.push(`(${listKey}) < ($3::numeric, $4::numeric, $5::timestamptz, $6::int)`);
    }
    params.push(pageSize + 1);
    const rows = (await this.db.query(
      `SELECT *, ${listKeyParts.map((part, index) => `${part}::text AS key_${index}`).join(', ')}
         FROM recommendations WHERE ${where.join(' AND ')}
        ORDER BY ${listKeyParts.map((part) => `${part} DESC`).join(', ')}
        LIMIT $${params.length}`,
      params,
    )) as ListedRow[];
    const page = pageOf(rows, pageSize, (row) => [row.key_0, row.key_1, row.key_2, row.key_3]);
    return { recommendations: page.rows.map(toView), nextCursor: page.nextCursor };
  }

  /** How many recommendations the organization has in each state (the page's tabs). */
  async counts(organizationId: number): Promise<Record<RecommendationState, number>> {
    const [row] = (await this.db.query(
      `SELECT count(*) FILTER (WHERE state = 'active')::int AS active,
              count(*) FILTER (WHERE state = 'implemented')::int AS implemented,
              count(*) FILTER (WHERE state = 'dismissed')::int AS dismissed
         FROM recommendations WHERE organization_id = $1`,
      [organizationId],
    )) as Record<RecommendationState, number>[];
    return row!;
  }

  async figures(organizationId: number): Promise<RecommendationFigures> {
    const [row] = (await this.db.query(
      `SELECT count(*) FILTER (WHERE state = 'active')::int AS active,
              count(*) FILTER (WHERE state = 'active' AND priority = 'High')::int AS high,
              coalesce(sum(${weightSql}) FILTER (WHERE state = 'active'), 0)::int AS active_weight,
              count(*) FILTER (WHERE ${thisQuarter})::int AS implemented,
              coalesce(sum(${weightSql}) FILTER (WHERE ${thisQuarter}), 0)::int AS implemented_weight
         FROM recommendations WHERE organization_id = $1`,
      [organizationId],
    )) as {
      active: number;
      high: number;
      active_weight: number;
      implemented: number;
      implemented_weight: number;
    }[];
    return {
      active: row!.active,
      implementedThisQuarter: row!.implemented,
      highPriority: row!.high,
      impactScore: impactScore(row!.implemented_weight, row!.active_weight),
    };
  }

  /** Marks an active recommendation of the organization decided; null when there is none. */
  async decide(
    organizationId: number,
    id: number,
    state: Exclude<RecommendationState, 'active'>,
    by: { id: number; name: string },
  ): Promise<Recommendation | null> {
    const rows = (await this.db.query(
      `WITH decided AS (
         UPDATE recommendations
            SET state = $3, decided_by = $4, decided_by_name = $5, decided_at = now(), updated_at = now()
          WHERE organization_id = $1 AND id = $2 AND state = 'active'
          RETURNING *
       ) SELECT * FROM decided`,
      [organizationId, id, state, by.id, by.name],
    )) as RecommendationRow[];
    return rows[0] ? toView(rows[0]) : null;
  }

  async exists(organizationId: number, id: number): Promise<boolean> {
    const rows = (await this.db.query(
      `SELECT 1 FROM recommendations WHERE organization_id = $1 AND id = $2`,
      [organizationId, id],
    )) as unknown[];
    return rows.length > 0;
  }
}

/**
 * The list's order, every part descending: active first, then by priority (High first), then
 * newest first (decided ones by when they were decided). None of the parts changes while a row
 * keeps its state and priority (updated_at would: each run refreshes it), so a cursor stays in
 * place when rows around it are decided, added or refreshed.
 */
const listKeyParts = [
  `(state = 'active')::int`,
  `CASE priority WHEN 'High' THEN 2 WHEN 'Medium' THEN 1 ELSE 0 END`,
  'coalesce(decided_at, created_at)',
  'id',
] as const;
const listKey = listKeyParts.join(', ');

/** A listed row with its sort key as PostgreSQL prints it (the cursor's parts). */
type ListedRow = RecommendationRow & Record<'key_0' | 'key_1' | 'key_2' | 'key_3', string>;

const weightSql = `CASE priority WHEN 'High' THEN ${RECOMMENDATION_WEIGHTS.High} WHEN 'Medium' THEN ${RECOMMENDATION_WEIGHTS.Medium} ELSE ${RECOMMENDATION_WEIGHTS.Low} END`;
/** Since the UTC quarter began (date_trunc of a timestamptz would take the server's zone). */
const thisQuarter = `state = 'implemented'
  AND decided_at >= date_trunc('quarter', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;

/** The Impact Score (see RecommendationFigures in proto): 0-10, one decimal; null when empty. */
export function impactScore(implementedWeight: number, activeWeight: number): number | null {
  const total = implementedWeight + activeWeight;
  if (total === 0) return null;
  return Math.round((100 * implementedWeight) / total) / 10;
}
