import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { RequiredSop } from '@hub/proto';

/**
 * When the function was made, and when its name, description or holders last changed (what a
 * SCIM Group's meta.lastModified says).
 */
export interface JobFunctionTimes {
  createdAt: Date;
  updatedAt: Date;
}

export interface JobFunctionRecord extends JobFunctionTimes {
  id: number;
  name: string;
  description: string;
  requiredSops: RequiredSop[];
  memberIds: number[];
}

/** A function's id, name and times, its holders left unread. */
export type NamedJobFunction = Pick<JobFunctionRecord, 'id' | 'name'> & JobFunctionTimes;

interface TimesRow {
  created_at: Date;
  updated_at: Date;
}

interface JobFunctionRow extends TimesRow {
  id: number;
  name: string;
  description: string;
  sops: RequiredSop[] | null;
  member_ids: number[] | null;
}

const timesOf = (row: TimesRow): JobFunctionTimes => ({
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** A function as its view starts: its holders counted, not listed. */
export interface JobFunctionHeading {
  id: number;
  name: string;
  description: string;
  requiredSops: RequiredSop[];
  memberCount: number;
}

interface JobFunctionHeadingRow {
  id: number;
  name: string;
  description: string;
  sops: RequiredSop[] | null;
  member_count: number;
}

export interface SavedJobFunction {
  name: string;
  description: string;
  requiredSops: RequiredSop[];
}

/** What a conditional removal did: deleted it, found no such function, or kept it for its SOPs. */
export type ConditionalRemoval = 'removed' | 'missing' | 'required';

/**
 * Queries of job functions. Each function comes with its SOPs and member ids aggregated in
 * one statement, so listing never asks per function.
 */
@Injectable()
export class JobFunctionsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async list(organizationId: number, id: number | null = null): Promise<JobFunctionRecord[]> {
    const rows = (await this.db.query(
      `SELECT f.id, f.name, f.description, f.created_at, f.updated_at,
              (SELECT json_agg(json_build_object('documentId', s.document_id, 'title', s.title)
                        ORDER BY lower(s.title), s.document_id)
                 FROM job_function_sops s WHERE s.job_function_id = f.id) AS sops,
              (SELECT array_agg(m.user_id ORDER BY m.user_id)
                 FROM job_function_members m WHERE m.job_function_id = f.id) AS member_ids
         FROM job_functions f
        WHERE f.organization_id = $1 AND ($2::int IS NULL OR f.id = $2)
        ORDER BY lower(f.name), f.id`,
      [organizationId, id],
    )) as JobFunctionRow[];
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      requiredSops: row.sops ?? [],
      memberIds: row.member_ids ?? [],
      ...timesOf(row),
    }));
  }

  async find(organizationId: number, id: number): Promise<JobFunctionRecord | null> {
    const [record] = await this.list(organizationId, id);
    return record ?? null;
  }

  /** The function's id, name and times alone: its holders are neither read nor counted. */
  async named(organizationId: number, id: number): Promise<NamedJobFunction | null> {
    const [row] = (await this.db.query(
      `SELECT id, name, created_at, updated_at FROM job_functions
        WHERE id = $1 AND organization_id = $2`,
      [id, organizationId],
    )) as NamedRow[];
    return row ? namedOf(row) : null;
  }

  /** The organization's functions' ids, names and times, by name: their holders are not read. */
  async names(organizationId: number): Promise<NamedJobFunction[]> {
    const rows = (await this.db.query(
      `SELECT id, name, created_at, updated_at FROM job_functions
        WHERE organization_id = $1 ORDER BY lower(name), id`,
      [organizationId],
    )) as NamedRow[];
    return rows.map(namedOf);
  }

  /** The organization's functions (or the one asked) with their SOPs and how many hold each. */
  async headings(organizationId: number, id: number | null = null): Promise<JobFunctionHeading[]> {
    const rows = (await this.db.query(
      `SELECT f.id, f.name, f.description,
              (SELECT json_agg(json_build_object('documentId', s.document_id, 'title', s.title)
                        ORDER BY lower(s.title), s.document_id)
                 FROM job_function_sops s WHERE s.job_function_id = f.id) AS sops,
              (SELECT count(*)::int FROM job_function_members m
                WHERE m.job_function_id = f.id) AS member_count
         FROM job_functions f
        WHERE f.organization_id = $1 AND ($2::int IS NULL OR f.id = $2)
        ORDER BY lower(f.name), f.id`,
      [organizationId, id],
    )) as JobFunctionHeadingRow[];
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      requiredSops: row.sops ?? [],
      memberCount: row.member_count,
    }));
  }

  /**
   * Each function's coverage over all its holders but `uncounted`: the mean of their percents of
   * its required SOPs certified (each rounded to a tenth, as a holder's own figure shows), rounded
   * to a tenth; null without required SOPs or counted holders. The certifications in force are
   * required_certifications' (the skills matrix's gaps agree), only holders with one are grouped.
   */
  async coverage(
    organizationId: number,
    jobFunctionIds: number[],
    uncounted: number[],
  ): Promise<Map<number, number>> {
    const rows = (await this.db.query(
      `WITH required AS (
         SELECT job_function_id, count(*) AS n FROM job_function_sops
          WHERE job_function_id = ANY($2::int[]) GROUP BY job_function_id),
       counted AS (
         SELECT job_function_id, count(*) AS people FROM job_function_members
          WHERE job_function_id = ANY($2::int[]) AND NOT (user_id = ANY($3::int[]))
          GROUP BY job_function_id),
       held AS (
         SELECT m.job_function_id, count(*) AS certified
           FROM job_function_members m
           JOIN job_function_sops s ON s.job_function_id = m.job_function_id
           JOIN required_certifications r ON r.organization_id = $1 AND r.user_id = m.user_id
                                         AND r.document_id = s.document_id AND r.expires_at > now()
          WHERE m.job_function_id = ANY($2::int[]) AND NOT (m.user_id = ANY($3::int[]))
          GROUP BY m.job_function_id, m.user_id),
       percents AS (
         SELECT h.job_function_id, sum(round(h.certified * 1000.0 / q.n) / 10) AS total
           FROM held h JOIN required q ON q.job_function_id = h.job_function_id
          GROUP BY h.job_function_id)
       SELECT c.job_function_id, (round(coalesce(p.total, 0) / c.people * 10) / 10)::float8 AS coverage
         FROM counted c
         JOIN required q ON q.job_function_id = c.job_function_id
         LEFT JOIN percents p ON p.job_function_id = c.job_function_id`,
      [organizationId, jobFunctionIds, uncounted],
    )) as { job_function_id: number; coverage: number }[];
    return new Map(rows.map((row) => [row.job_function_id, row.coverage]));
  }

  private async replaceSops(tx: EntityManager, id: number, sops: RequiredSop[]) {
    await tx.query(`DELETE FROM job_function_sops WHERE job_function_id = $1`, [id]);
    if (sops.length === 0) return;
    await tx.query(
      `INSERT INTO job_function_sops (job_function_id, document_id, title)
       SELECT $1, document_id, title FROM unnest($2::int[], $3::text[]) AS t(document_id, title)`,
      [id, sops.map((sop) => sop.documentId), sops.map((sop) => sop.title)],
    );
  }

  async create(organizationId: number, createdBy: number, saved: SavedJobFunction) {
    return this.db.transaction(async (tx) => {
      const [row] = (await tx.query(
        `INSERT INTO job_functions (organization_id, name, description, created_by)
         VALUES ($1, $2, $3, $4) RETURNING id`,
        [organizationId, saved.name, saved.description, createdBy],
      )) as { id: number }[];
      await this.replaceSops(tx, row!.id, saved.requiredSops);
      return row!.id;
    });
  }

  /** False when the function is not the organization's. */
  async update(organizationId: number, id: number, saved: SavedJobFunction): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [, affected] = (await tx.query(
        `UPDATE job_functions SET name = $3, description = $4, updated_at = now()
          WHERE id = $1 AND organization_id = $2`,
        [id, organizationId, saved.name, saved.description],
      )) as [unknown, number];
      if (affected === 0) return false;
      await this.replaceSops(tx, id, saved.requiredSops);
      return true;
    });
  }

  async remove(organizationId: number, id: number): Promise<boolean> {
    const [, affected] = (await this.db.query(
      `DELETE FROM job_functions WHERE id = $1 AND organization_id = $2`,
      [id, organizationId],
    )) as [unknown, number];
    return affected > 0;
  }

  /**
   * Deletes the function unless it requires SOPs: `required` leaves it whole. The row is locked
   * first because an administrator's save of its SOPs updates that row before writing them: a
   * save in flight is waited for, and this second statement, reading after it committed, sees
   * its SOPs (one conditional DELETE would re-check only the row, not the SOPs it read before).
   * A save arriving after the lock waits for this one, and finds the function gone if deleted.
   */
  async removeUnlessRequired(organizationId: number, id: number): Promise<ConditionalRemoval> {
    return this.db.transaction(async (tx) => {
      const [owned] = (await tx.query(
        `SELECT id FROM job_functions WHERE id = $1 AND organization_id = $2 FOR UPDATE`,
        [id, organizationId],
      )) as { id: number }[];
      if (!owned) return 'missing';
      const [, affected] = (await tx.query(
        `DELETE FROM job_functions f
          WHERE f.id = $1
            AND NOT EXISTS (SELECT 1 FROM job_function_sops s WHERE s.job_function_id = f.id)`,
        [id],
      )) as [unknown, number];
      return affected > 0 ? 'removed' : 'required';
    });
  }

  /** The SOP leaves every function of the organization that required it (a deleted document). */
  async removeSop(organizationId: number, documentId: number): Promise<void> {
    await this.db.query(
      `DELETE FROM job_function_sops s USING job_functions f
        WHERE f.id = s.job_function_id AND f.organization_id = $1 AND s.document_id = $2`,
      [organizationId, documentId],
    );
  }

  /**
   * Pairs (person, SOP) among these with a certification in force (active or expiring soon)
   * that waits for no re-observation (the skills matrix's gaps agree), as `${userId}:${documentId}` keys.
   */
  async certifiedPairs(
    organizationId: number,
    userIds: number[],
    documentIds: number[],
  ): Promise<Set<string>> {
    if (userIds.length === 0 || documentIds.length === 0) return new Set();
    const rows = (await this.db.query(
      `SELECT user_id, subject_id FROM certifications
        WHERE organization_id = $1 AND kind = 'sop' AND user_id = ANY($2::int[])
          AND subject_id = ANY($3::int[]) AND revoked_at IS NULL AND expires_at > now()
          AND reobservation_version IS NULL`,
      [organizationId, userIds, documentIds],
    )) as { user_id: number; subject_id: number }[];
    return new Set(rows.map((row) => `${row.user_id}:${row.subject_id}`));
  }
}

interface NamedRow extends TimesRow {
  id: number;
  name: string;
}

const namedOf = (row: NamedRow): NamedJobFunction => ({
  id: row.id,
  name: row.name,
  ...timesOf(row),
});
