import { Inject, Injectable } from '@nestjs/common';
import type { MemberFilter } from '@hub/proto';
import { DataSource } from 'typeorm';
import { MAY_ACT, memberWhere } from './member-filter.js';

/**
 * The users table's id reads: a filter's people, the rest of an organization, the active people
 * by role and the uncounted, as ids only (for counts, exports and selections, without details).
 */
@Injectable()
export class MemberIdsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** The ids of the filter's people, by id. */
  async findMemberIds(filter: MemberFilter): Promise<number[]> {
    const { where, params } = memberWhere(filter);
    const rows = (await this.db.query(
      `SELECT coalesce(array_agg(id ORDER BY id), '{}') AS ids FROM users WHERE ${where}`,
      params,
    )) as { ids: number[] }[];
    return rows[0]?.ids ?? [];
  }

  /**
   * One page of the filter's ids after `afterId`, ascending (identityRpc.memberIdPage): the
   * pending and suspended people's partial indexes (users_pending_idx, users_suspended_idx)
   * walk them in order and stop at the page's end.
   */
  async findMemberIdPage(filter: MemberFilter, afterId: number, limit: number): Promise<number[]> {
    const { where, params } = memberWhere(filter);
    const n = params.length;
    const rows = (await this.db.query(
      `SELECT id FROM users WHERE ${where} AND id > $${n + 1} ORDER BY id LIMIT $${n + 2}`,
      [...params, afterId, limit],
    )) as { id: number }[];
    return rows.map((row) => row.id);
  }

  /**
   * One page of the ids of the organization's people the filter does not hold (any status),
   * after `afterId` ascending: the rest of an `excluded` selection (UsersRepository's
   * findMemberSearch's `others`, whose condition this is), walked by the primary key.
   */
  async findOtherMemberIdPage(
    filter: MemberFilter,
    afterId: number,
    limit: number,
  ): Promise<number[]> {
    const { narrowing, params } = memberWhere(filter);
    const n = params.length;
    const rows = (await this.db.query(
      `SELECT id FROM users
        WHERE organization_id = $1 AND (${narrowing}) IS NOT TRUE AND id > $${n + 1}
        ORDER BY id LIMIT $${n + 2}`,
      [...params, afterId, limit],
    )) as { id: number }[];
    return rows.map((row) => row.id);
  }

  /**
   * Active people's ids (MAY_ACT: nobody suspended, as the head counts), one array per role:
   * the certification digest's readers, among whom nobody suspended is (neither told nor
   * mailed). A few lines whatever the head count. Read as JSON and sorted here: at 100,000
   * people `array_agg(id ORDER BY id)` sorted on disk and the driver parsed the int[] text
   * element by element (110-190 ms against 60-85).
   */
  async findActiveIdsByRole(
    organizationId: number,
  ): Promise<{ role: string; userIds: number[] }[]> {
    const rows = (await this.db.query(
      `SELECT role, json_agg(id) AS "userIds" FROM users
        WHERE organization_id = $1 AND ${MAY_ACT} GROUP BY role ORDER BY role`,
      [organizationId],
    )) as { role: string; userIds: number[] }[];
    return rows.map(({ role, userIds }) => ({
      role,
      userIds: Array.from(Int32Array.from(userIds).sort()),
    }));
  }

  /**
   * The pending or suspended people of the organizations (ids ascending, each once). Two
   * branches, the conditions written out, so each uses its partial index (users_pending_idx,
   * users_suspended_idx) rather than scanning everyone of the organizations.
   */
  async findUncountedIds(
    organizationIds: number[],
    page: { afterId: number; limit: number | null } = { afterId: 0, limit: null },
  ): Promise<number[]> {
    // `LIMIT NULL` is no limit: the previous release's call answers every id. Each branch is
    // limited too, so the union dedupes and sorts at most twice the page, not every id left.
    const rows = (await this.db.query(
      `(SELECT id FROM users
         WHERE organization_id = ANY($1::int[]) AND NOT is_active AND id > $2
         ORDER BY id LIMIT $3)
       UNION
       (SELECT id FROM users
         WHERE organization_id = ANY($1::int[]) AND suspended_at IS NOT NULL AND id > $2
         ORDER BY id LIMIT $3)
       ORDER BY id LIMIT $3`,
      [organizationIds, page.afterId, page.limit],
    )) as { id: number }[];
    return rows.map((row) => row.id);
  }
}
