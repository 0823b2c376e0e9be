import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface MatrixColumn {
  documentId: number;
  title: string;
}

export interface LatestRow {
  operator_id: number;
  document_id: number;
  status: 'in_progress' | 'completed';
  passed: boolean | null;
  score: string | null;
  started_at: Date;
  completed_at: Date | null;
}

export interface CertificationRow {
  user_id: number;
  subject_id: number;
  expires_at: Date;
  revoked_at: Date | null;
  reobservation_version: number | null;
}

/** Whose gaps a column counts: these people, or a function's members (any's) but some. */
export type GapPeople =
  | { userIds: number[] }
  | { jobFunctionId: number | undefined; excludedIds: number[] };

/**
 * Gaps per SOP over some people (a list, or one function's members, but some): every person's
 * memberships numbered by a window count; only people of several functions are listed and
 * de-duplicated, a person of one function requiring exactly its SOPs. The certifications that
 * count are required_certifications' (held and required of their holder; every pair they are
 * joined to here is one of the person's required pairs), not every one in force of the
 * organization's 91,000 hashed for a page of 100 people.
 */
const SOME_MEMBERS_GAPS = `WITH members AS (
         SELECT user_id, job_function_id, count(*) OVER (PARTITION BY user_id) AS functions
           FROM job_function_members
          WHERE organization_id = $1 AND ($2::int[] IS NULL OR user_id = ANY($2::int[]))
            AND NOT (user_id = ANY($4::int[]))
            AND ($5::int IS NULL OR user_id IN (
                  SELECT f.user_id FROM job_function_members f WHERE f.job_function_id = $5))),
       held AS (
         SELECT user_id, document_id AS subject_id FROM required_certifications
          WHERE organization_id = $1 AND expires_at > now() AND document_id = ANY($3::int[])),
       single_required AS (
         SELECT s.document_id, sum(f.people)::int AS n
           FROM (SELECT job_function_id, count(*) AS people FROM members WHERE functions = 1
                  GROUP BY job_function_id) f
           JOIN job_function_sops s ON s.job_function_id = f.job_function_id
          WHERE s.document_id = ANY($3::int[]) GROUP BY s.document_id),
       held_single AS MATERIALIZED (
         SELECT h.subject_id, m.job_function_id
           FROM held h JOIN members m ON m.user_id = h.user_id AND m.functions = 1),
       single_held AS (
         SELECT s.document_id, count(*)::int AS n
           FROM held_single h JOIN job_function_sops s ON s.job_function_id = h.job_function_id
                                                       AND s.document_id = h.subject_id
          GROUP BY s.document_id),
       multi AS (
         SELECT r.document_id, count(*)::int AS n
           FROM (SELECT DISTINCT m.user_id, s.document_id FROM members m
                   JOIN job_function_sops s ON s.job_function_id = m.job_function_id
                  WHERE m.functions > 1 AND s.document_id = ANY($3::int[])) r
           LEFT JOIN held h ON h.user_id = r.user_id AND h.subject_id = r.document_id
          WHERE h.user_id IS NULL GROUP BY r.document_id),
       gaps AS (
         SELECT r.document_id, r.n - coalesce(h.n, 0) AS n FROM single_required r
           LEFT JOIN single_held h ON h.document_id = r.document_id
         UNION ALL SELECT document_id, n FROM multi)
       SELECT document_id, sum(n)::int AS gaps FROM gaps GROUP BY document_id HAVING sum(n) > 0`;

/**
 * Gaps per SOP over every member of the organization's functions but some ($3): per SOP, the
 * functions' head counts, less one per extra function of a person of several requiring it
 * again, less the certifications in force of a member whose function requires it (kept by
 * triggers in required_certifications: joining the 91,000 certifications in force to 100,000
 * memberships took 150-400 ms of every page). No pair of the bench's 2,500,000 (person, SOP) is
 * listed; `sops` and `several` are materialized so the planner joins the few people of several
 * functions first (it listed the pairs otherwise), found in job_function_members_user_idx's
 * order (hashing 100,000 people spilled to disk).
 */
const EVERY_MEMBER_GAPS = `WITH sops AS MATERIALIZED (
    SELECT job_function_id, document_id FROM job_function_sops
     WHERE job_function_id IN (SELECT id FROM job_functions WHERE organization_id = $1)
       AND document_id = ANY($2::int[])),
  several AS MATERIALIZED (
    SELECT user_id FROM job_function_members WHERE organization_id = $1
     GROUP BY user_id HAVING count(*) > 1),
  several_members AS MATERIALIZED (
    SELECT user_id, job_function_id FROM job_function_members
     WHERE organization_id = $1 AND NOT (user_id = ANY($3::int[]))
       AND user_id IN (SELECT user_id FROM several)),
  counted AS (
    SELECT s.document_id, sum(f.people) AS n
      FROM (SELECT job_function_id, count(*) AS people FROM job_function_members
             WHERE organization_id = $1 AND NOT (user_id = ANY($3::int[]))
             GROUP BY job_function_id) f
      JOIN sops s ON s.job_function_id = f.job_function_id GROUP BY s.document_id
    UNION ALL
    SELECT s.document_id, 1 - count(*) FROM several_members m
      JOIN sops s ON s.job_function_id = m.job_function_id GROUP BY m.user_id, s.document_id
    UNION ALL
    SELECT r.document_id, -count(*) FROM required_certifications r
     WHERE r.organization_id = $1 AND r.expires_at > now() AND r.document_id = ANY($2::int[])
       AND NOT (r.user_id = ANY($3::int[]))
     GROUP BY r.document_id)
  SELECT document_id, sum(n)::int AS gaps FROM counted GROUP BY document_id HAVING sum(n) > 0`;

/**
 * Gaps per SOP of some people less those of some of them (`theirs`): what the rest count, the
 * SOPs left without a gap dropped as the queries drop them.
 */
export function lessGaps(gaps: Map<number, number>, theirs: Map<number, number>) {
  const rest = new Map<number, number>();
  for (const [documentId, n] of gaps) {
    const left = n - (theirs.get(documentId) ?? 0);
    if (left > 0) rest.set(documentId, left);
  }
  return rest;
}

/**
 * Queries of the skills matrix. Every one takes whole sets of people and SOPs (one statement per
 * page, never one per row or cell) and is scoped to the organization.
 */
@Injectable()
export class SkillsMatrixRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** The function's required SOPs; null when it is not the organization's. */
  async functionColumns(organizationId: number, jobFunctionId: number) {
    const [row] = (await this.db.query(
      `SELECT f.id, coalesce((SELECT json_agg(json_build_object('documentId', s.document_id, 'title', s.title))
                                FROM job_function_sops s WHERE s.job_function_id = f.id), '[]') AS sops,
              coalesce((SELECT array_agg(m.user_id) FROM job_function_members m
                         WHERE m.job_function_id = f.id), '{}') AS member_ids
         FROM job_functions f WHERE f.id = $1 AND f.organization_id = $2`,
      [jobFunctionId, organizationId],
    )) as { sops: MatrixColumn[]; member_ids: number[] }[];
    return row ? { columns: row.sops, memberIds: row.member_ids } : null;
  }

  /**
   * Without a function: every SOP a function requires, was observed or certified in the
   * organization, with the title it was recorded under (the library's current one wins later):
   * the least of the functions' titles, the certifications' least and the latest observation's.
   * The observed and certified SOPs are walked one index entry per SOP (a skip scan over
   * observations_documents_idx and certifications_subjects_idx): grouping every observation
   * and certification of the organization took most of the page's time at scale.
   */
  async organizationColumns(organizationId: number): Promise<MatrixColumn[]> {
    return (await this.db.query(
      `WITH RECURSIVE observed AS (
         (SELECT document_id, evaluation_title AS title FROM observations
           WHERE organization_id = $1 ORDER BY document_id, started_at DESC, id DESC LIMIT 1)
         UNION ALL
         SELECT n.document_id, n.title FROM observed o CROSS JOIN LATERAL (
           SELECT document_id, evaluation_title AS title FROM observations
            WHERE organization_id = $1 AND document_id > o.document_id
            ORDER BY document_id, started_at DESC, id DESC LIMIT 1) n),
       certified AS (
         (SELECT subject_id, title FROM certifications WHERE organization_id = $1 AND kind = 'sop'
           ORDER BY subject_id, title LIMIT 1)
         UNION ALL
         SELECT n.subject_id, n.title FROM certified c CROSS JOIN LATERAL (
           SELECT subject_id, title FROM certifications
            WHERE organization_id = $1 AND kind = 'sop' AND subject_id > c.subject_id
            ORDER BY subject_id, title LIMIT 1) n)
       SELECT document_id AS "documentId", min(title) AS title FROM (
         SELECT s.document_id, s.title FROM job_function_sops s
           JOIN job_functions f ON f.id = s.job_function_id WHERE f.organization_id = $1
         UNION ALL
         SELECT subject_id, title FROM certified
         UNION ALL
         SELECT document_id, title FROM observed
       ) t GROUP BY document_id`,
      [organizationId],
    )) as MatrixColumn[];
  }

  async latestObservations(organizationId: number, userIds: number[], documentIds: number[]) {
    if (userIds.length === 0 || documentIds.length === 0) return [];
    return (await this.db.query(
      `SELECT DISTINCT ON (operator_id, document_id) operator_id, document_id, status, passed,
              score, started_at, completed_at
         FROM observations
        WHERE organization_id = $1 AND operator_id = ANY($2::int[]) AND document_id = ANY($3::int[])
        ORDER BY operator_id, document_id, started_at DESC, id DESC`,
      [organizationId, userIds, documentIds],
    )) as LatestRow[];
  }

  async certifications(organizationId: number, userIds: number[], documentIds: number[]) {
    if (userIds.length === 0 || documentIds.length === 0) return [];
    return (await this.db.query(
      `SELECT user_id, subject_id, expires_at, revoked_at, reobservation_version FROM certifications
        WHERE organization_id = $1 AND kind = 'sop' AND user_id = ANY($2::int[])
          AND subject_id = ANY($3::int[])`,
      [organizationId, userIds, documentIds],
    )) as CertificationRow[];
  }

  /** (person, SOP) pairs some job function of the person requires, and the function names. */
  async requirements(organizationId: number, userIds: number[]) {
    if (userIds.length === 0) return { required: [], functions: [] };
    const [required, functions] = await Promise.all([
      this.db.query(
        `SELECT DISTINCT m.user_id, s.document_id FROM job_function_members m
           JOIN job_function_sops s ON s.job_function_id = m.job_function_id
          WHERE m.organization_id = $1 AND m.user_id = ANY($2::int[])`,
        [organizationId, userIds],
      ) as Promise<{ user_id: number; document_id: number }[]>,
      this.functionNames(organizationId, userIds),
    ]);
    return { required, functions };
  }

  /** Each person's job functions, by name. */
  async functionNames(organizationId: number, userIds: number[]) {
    if (userIds.length === 0) return [];
    return (await this.db.query(
      `SELECT m.user_id, f.name FROM job_function_members m
         JOIN job_functions f ON f.id = m.job_function_id
        WHERE m.organization_id = $1 AND m.user_id = ANY($2::int[])
        ORDER BY lower(f.name)`,
      [organizationId, userIds],
    )) as { user_id: number; name: string }[];
  }

  /**
   * Gaps per person over these SOPs: required of them by a function and without a certification
   * in force that needs no re-observation (the SQL twin of isGap, as columnGaps), counted here
   * where the page lists the pairs: the export would list 25 a person.
   */
  async rowGaps(organizationId: number, userIds: number[], documentIds: number[]) {
    if (userIds.length === 0 || documentIds.length === 0) return new Map<number, number>();
    const rows = (await this.db.query(
      `SELECT r.user_id, count(*)::int AS gaps
         FROM (SELECT DISTINCT m.user_id, s.document_id FROM job_function_members m
                 JOIN job_function_sops s ON s.job_function_id = m.job_function_id
                WHERE m.organization_id = $1 AND m.user_id = ANY($2::int[])
                  AND s.document_id = ANY($3::int[])) r
        WHERE NOT EXISTS (
          SELECT 1 FROM certifications c
           WHERE c.organization_id = $1 AND c.kind = 'sop' AND c.user_id = r.user_id
             AND c.subject_id = r.document_id AND c.revoked_at IS NULL AND c.expires_at > now()
             AND c.reobservation_version IS NULL)
        GROUP BY r.user_id`,
      [organizationId, userIds, documentIds],
    )) as { user_id: number; gaps: number }[];
    return new Map(rows.map((row) => [row.user_id, row.gaps]));
  }

  /**
   * Gaps per SOP over some people: required of them by a function and without a certification
   * in force that needs no re-observation (the SQL twin of isGap in skill-level.ts). The people
   * are listed (`userIds`), or every member of a function (of any, without `jobFunctionId`)
   * but `excludedIds`: no list of 100,000 ids to plan and match.
   */
  async columnGaps(organizationId: number, people: GapPeople, documentIds: number[]) {
    const listed = 'userIds' in people ? people.userIds : null;
    if (listed?.length === 0 || documentIds.length === 0) return new Map<number, number>();
    const excluded = 'excludedIds' in people ? people.excludedIds : [];
    const jobFunctionId = 'jobFunctionId' in people ? (people.jobFunctionId ?? null) : null;
    // A list or one function's members (5,000 of the bench) are few: their functions are
    // numbered per person (SOME_MEMBERS_GAPS, 26-36 ms for one function). Every member of the
    // organization's functions (100,000) is counted from head counts (EVERY_MEMBER_GAPS: 100-200
    // ms against 230-340 ms for the other, load 2-9); the other way round each is slower.
    const every = listed === null && jobFunctionId === null;
    const rows = (await this.db.query(
      every ? EVERY_MEMBER_GAPS : SOME_MEMBERS_GAPS,
      every
        ? [organizationId, documentIds, excluded]
        : [organizationId, listed, documentIds, excluded, jobFunctionId],
    )) as { document_id: number; gaps: number }[];
    return new Map(rows.map((row) => [row.document_id, row.gaps]));
  }
}
