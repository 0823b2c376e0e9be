import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * Queries of who holds a job function: holder pages, and adding, removing and setting holders.
 * Each change moves the function's updated_at, as a SCIM Group's meta.lastModified says.
 */
@Injectable()
export class JobFunctionMembersRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

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
   * Takes a deleted person off every function they held: those functions' holders changed, so
   * their updated_at moves as any other change of holders moves it.
   */
  async removeHolder(userId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      // Locked in id order before a holder's key is touched, as lockFunctions says why.
      await tx.query(
        `SELECT id FROM job_functions
          WHERE id IN (SELECT job_function_id FROM job_function_members WHERE user_id = $1)
          ORDER BY id FOR NO KEY UPDATE`,
        [userId],
      );
      // A DELETE's answer is its rows and its count.
      const [held] = (await tx.query(
        `DELETE FROM job_function_members WHERE user_id = $1 RETURNING job_function_id`,
        [userId],
      )) as [{ job_function_id: number }[], number];
      await touched(tx, [...new Set(held.map((row) => row.job_function_id))]);
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
