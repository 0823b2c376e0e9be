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
   * Up to `limit` holders of each function by user id, after `after` (theirs alone), in one
   * statement: each read from the primary key's order, however many hold the function.
   */
  async holders(
    jobFunctionIds: number[],
    limit: number,
    after: number | null = null,
    among: number[] | null = null,
  ): Promise<Map<number, number[]>> {
    const rows = (await this.db.query(
      `SELECT f.id AS job_function_id, m.user_id
         FROM unnest($1::int[]) AS f(id)
        CROSS JOIN LATERAL (
          SELECT user_id FROM job_function_members
           WHERE job_function_id = f.id AND ($3::int IS NULL OR user_id > $3)
             AND ($4::int[] IS NULL OR user_id = ANY($4::int[]))
           ORDER BY user_id LIMIT $2) m
        ORDER BY 1, 2`,
      [jobFunctionIds, limit, after, among],
    )) as { job_function_id: number; user_id: number }[];
    const holders = new Map(jobFunctionIds.map((id) => [id, [] as number[]]));
    for (const row of rows) holders.get(row.job_function_id)!.push(row.user_id);
    return holders;
  }

  /** How many of these people hold the function. */
  async holderCount(jobFunctionId: number, among: number[]): Promise<number> {
    const [row] = (await this.db.query(
      `SELECT count(*)::int AS n FROM job_function_members
        WHERE job_function_id = $1 AND user_id = ANY($2::int[])`,
      [jobFunctionId, among],
    )) as { n: number }[];
    return row!.n;
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
   * Adds (person, function) pairs; functions of other organizations are ignored and pairs already
   * there kept, so an import applied twice adds nothing the second time. Answers how many were new.
   */
  async addMembers(
    organizationId: number,
    pairs: { userId: number; jobFunctionId: number }[],
  ): Promise<number> {
    if (!pairs.length) return 0;
    return this.db.transaction(async (tx) => {
      const functionIds = [...new Set(pairs.map((pair) => pair.jobFunctionId))];
      await lockFunctions(tx, organizationId, functionIds);
      const added = (await tx.query(
        `INSERT INTO job_function_members (job_function_id, organization_id, user_id)
         SELECT f.id, f.organization_id, p.user_id
           FROM unnest($2::int[], $3::int[]) AS p(job_function_id, user_id)
           JOIN job_functions f ON f.id = p.job_function_id AND f.organization_id = $1
         ON CONFLICT DO NOTHING RETURNING job_function_id`,
        [organizationId, pairs.map((pair) => pair.jobFunctionId), pairs.map((pair) => pair.userId)],
      )) as { job_function_id: number }[];
      await touched(tx, [...new Set(added.map((row) => row.job_function_id))]);
      return added.length;
    });
  }

  /**
   * Adds and removes these holders of the function, leaving the others as they are, and renames
   * it when a name is given: in one transaction, so a failure leaves the name as it was too (a
   * provider's PATCH is all or nothing, RFC 7644 3.5.2).
   */
  async changeMembers(
    organizationId: number,
    id: number,
    added: number[],
    removed: number[],
    name?: string,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockFunctions(tx, organizationId, [id]);
      if (name !== undefined) await this.renamed(tx, organizationId, id, name);
      if (await this.changedMembers(tx, organizationId, id, added, removed)) {
        await touched(tx, [id]);
      }
    });
  }

  /**
   * Sets the function's holders to these, and renames it when a name is given (the name alone: a
   * provider's rename never writes back SOPs it read before a change): in one transaction, so a
   * failure leaves the name as it was too (a provider's PUT is all or nothing).
   */
  async setMembers(
    organizationId: number,
    id: number,
    userIds: number[],
    name?: string,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      // Locks the function, so two concurrent saves of its list end as one of them, not a mix.
      const [owned] = (await tx.query(
        `SELECT id FROM job_functions WHERE id = $1 AND organization_id = $2 FOR UPDATE`,
        [id, organizationId],
      )) as { id: number }[];
      if (!owned) return false;
      if (name !== undefined) await this.renamed(tx, organizationId, id, name);
      // Those who keep the function are left in place: a list saved as it was changes nothing.
      const [, removed] = (await tx.query(
        `DELETE FROM job_function_members WHERE job_function_id = $1 AND NOT (user_id = ANY($2::int[]))`,
        [id, userIds],
      )) as [unknown, number];
      const added = (await tx.query(
        `INSERT INTO job_function_members (job_function_id, organization_id, user_id)
         SELECT $1, $2, unnest($3::int[]) ON CONFLICT DO NOTHING RETURNING user_id`,
        [id, organizationId, userIds],
      )) as unknown[];
      if (removed + added.length > 0) await touched(tx, [id]);
      return true;
    });
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

  private async renamed(
    tx: EntityManager,
    organizationId: number,
    id: number,
    name: string,
  ): Promise<boolean> {
    const [, affected] = (await tx.query(
      `UPDATE job_functions SET name = $3, updated_at = now()
        WHERE id = $1 AND organization_id = $2`,
      [id, organizationId, name],
    )) as [unknown, number];
    return affected > 0;
  }

  /** Whether anyone was added or removed. */
  private async changedMembers(
    tx: EntityManager,
    organizationId: number,
    id: number,
    added: number[],
    removed: number[],
  ): Promise<boolean> {
    const inserted = (await tx.query(
      `INSERT INTO job_function_members (job_function_id, organization_id, user_id)
       SELECT f.id, f.organization_id, unnest($3::int[])
         FROM job_functions f WHERE f.id = $1 AND f.organization_id = $2
       ON CONFLICT DO NOTHING RETURNING user_id`,
      // In one order, so that two PATCHes adding the same people wait for each other instead
      // of deadlocking on the key.
      [id, organizationId, [...added].sort((a, b) => a - b)],
    )) as unknown[];
    const [, deleted] = (await tx.query(
      `DELETE FROM job_function_members
        WHERE job_function_id = $1 AND organization_id = $2 AND user_id = ANY($3::int[])`,
      [id, organizationId, removed],
    )) as [unknown, number];
    return inserted.length + deleted > 0;
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

/**
 * Locks the functions whose holders a transaction changes before it touches a holder, in id
 * order: it ends by moving their updated_at (touched), and a transaction holding a holder's key
 * while waiting for the function's row would deadlock with one holding that row (a rename) and
 * waiting for the key. NO KEY UPDATE, the lock the rename's and the touch's UPDATE take, lets the
 * holders' foreign keys be checked meanwhile.
 */
async function lockFunctions(tx: EntityManager, organizationId: number, ids: number[]) {
  await tx.query(
    `SELECT id FROM job_functions WHERE organization_id = $1 AND id = ANY($2::int[])
      ORDER BY id FOR NO KEY UPDATE`,
    [organizationId, ids],
  );
}

/** The functions' holders changed: what a SCIM Group's meta.lastModified says moves on. */
async function touched(tx: EntityManager, ids: number[]) {
  if (ids.length === 0) return;
  await tx.query(`UPDATE job_functions SET updated_at = now() WHERE id = ANY($1::int[])`, [ids]);
}
