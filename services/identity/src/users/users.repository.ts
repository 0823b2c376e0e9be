import { Inject, Injectable } from '@nestjs/common';
import type { MemberFilter, MemberKey } from '@hub/proto';
import { Any, DataSource, type EntityManager } from 'typeorm';
import { organizationDate, organizationDayStart } from '../organizations/organization-day.js';
import { UserEntity } from './user.entity.js';
import type { UserViewSource } from './user-view.js';
import { MAY_ACT, memberWhere } from './member-filter.js';

/** One person of an organization as the other services show or choose them. */
export interface MemberRow {
  id: number;
  name: string;
  email: string;
  role: string;
  is_active: boolean;
  suspended: boolean;
  profile_picture: string | null;
}

export type CurrentUserRow = Omit<UserViewSource, 'organization'> & {
  /** Null only without an organization row (LEFT JOIN, as the entity relation loaded it). */
  organizationName: string | null;
  organizationDisplayName: string | null;
};

/** A new user's fields; the id and creation time are the database's. */
export type NewUser = Pick<
  UserEntity,
  | 'email'
  | 'name'
  | 'role'
  | 'organizationId'
  | 'passwordHash'
  | 'profilePicture'
  | 'auth0UserId'
  | 'isActive'
  | 'lastLogin'
>;

const MEMBER_COLUMNS =
  'id, name, email, role, is_active, suspended_at IS NOT NULL AS suspended, profile_picture';

/** A page of a filter's people, their total, and their selection (identityRpc.memberSearch). */
export interface MemberSearchRows {
  members: MemberRow[];
  total: number;
  selection: { kind: 'listed' | 'excluded'; userIds: number[] };
}

/**
 * The selection's ids (the smaller side of the scan `s`): every one when unbounded, as the
 * previous release asks; else the lowest `$param` by a top-N sort of the gathered array, not
 * another read of users (no index walks an organization's people by id).
 */
function selectionIds(param: number, selectionLimit: number | undefined): string {
  const side = `coalesce(CASE WHEN s.excluded THEN s.others ELSE s.listed END, '{}')`;
  if (selectionLimit === undefined) return `to_json(${side})`;
  return `(SELECT coalesce(json_agg(t.id), '[]')
             FROM (SELECT u.id FROM unnest(${side}) u(id) ORDER BY u.id LIMIT $${param}) t)`;
}

/**
 * The users table: people as the other services show them (plain rows), and new users; their
 * ids alone are MemberIdsRepository's.
 */
@Injectable()
export class UsersRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** Everyone of an organization by name; plain rows, so 10,000 people hydrate no entities. */
  async findMembers(organizationId: number): Promise<MemberRow[]> {
    // Raw SQL: plain rows for up to 10,000 people (see above).
    return (await this.db.query(
      `SELECT ${MEMBER_COLUMNS} FROM users WHERE organization_id = $1 ORDER BY name`,
      [organizationId],
    )) as MemberRow[];
  }

  /**
   * One page of the filter's people by name then id (users_organization_name_idx walks them in
   * order and stops at the page's end), from `offset` or after the person `after`, and the
   * filter's count, both in SQL.
   */
  async findMemberPage(
    filter: MemberFilter,
    offset: number,
    limit: number,
    after?: MemberKey,
  ): Promise<{ members: MemberRow[]; total: number }> {
    const { where, narrowing, params } = memberWhere(filter);
    const n = params.length;
    // Everyone who may act (the skills matrix's first page, the choosers' list): counted from
    // active_members (kept by triggers, migrations 1767800000000 and 1768000003000), not over
    // 100,001 rows.
    const count =
      narrowing === MAY_ACT
        ? `SELECT coalesce(sum(active), 0)::int AS total FROM active_members WHERE organization_id = $1`
        : `SELECT count(*)::int AS total FROM users WHERE ${where}`;
    const [members, counted] = await Promise.all([
      this.db.query(
        `SELECT ${MEMBER_COLUMNS} FROM users WHERE ${where}
           ${after ? `AND (name, id) > ($${n + 3}, $${n + 4})` : ''}
          ORDER BY name, id OFFSET $${n + 1} LIMIT $${n + 2}`,
        [...params, offset, limit, ...(after ? [after.name, after.id] : [])],
      ) as Promise<MemberRow[]>,
      this.db.query(count, params) as Promise<{ total: number }[]>,
    ]);
    return { members, total: counted[0]?.total ?? 0 };
  }

  /**
   * How many of the filter's people come before each key in findMemberPage's order (name then
   * id, the column's collation), in the keys' order (identityRpc.memberRanks). The people (a
   * batch of ids) and the keys are sorted together once, each key's count the people before it
   * (a key sorts before a person of the same name and id: strictly before); comparing every key
   * with every person was a thousand comparisons a key.
   */
  async findRanks(filter: MemberFilter, keys: MemberKey[]): Promise<number[]> {
    const { where, params } = memberWhere(filter);
    const n = params.length;
    const rows = (await this.db.query(
      `SELECT coalesce(json_agg(o.before ORDER BY o.i), '[]') AS ranks
         FROM (SELECT x.i, count(*) FILTER (WHERE x.i IS NULL)
                        OVER (ORDER BY x.name, x.id, x.i NULLS LAST ROWS UNBOUNDED PRECEDING) AS before
                 FROM (SELECT name, id, NULL::bigint AS i FROM users WHERE ${where}
                       UNION ALL
                       SELECT k.name, k.id, k.i
                         FROM unnest($${n + 1}::text[], $${n + 2}::int[]) WITH ORDINALITY k(name, id, i)
                      ) x) o
        WHERE o.i IS NOT NULL`,
      [...params, keys.map((key) => key.name), keys.map((key) => key.id)],
    )) as { ranks: number[] }[];
    return rows[0]?.ranks ?? [];
  }

  /**
   * One page of the filter's people (by name then id), their total and their selection (see
   * identityRpc.memberSearch) from one statement. The filter is evaluated once a row, in one
   * pass over the organization that counts its people and gathers both id lists (`OFFSET 0`
   * keeps the planner from copying the condition into each aggregate); the page is then read
   * from the listed ids when they are few, else by walking users_organization_name_idx to the
   * page's end. With ids asked (a job function's members) only those rows are read, and listed.
   * With `selectionLimit` the selection is its lowest `selectionLimit + 1` ids (the extra one
   * tells of more), picked in the database, so only those are sent, parsed and sorted here.
   */
  async findMemberSearch(
    filter: MemberFilter,
    offset: number,
    limit: number,
    selectionLimit?: number,
  ): Promise<MemberSearchRows> {
    const { where, narrowing, params } = memberWhere(filter);
    const n = params.length;
    // `everyone` NULL with ids asked: the comparison below is NULL, so the page is `where`'s.
    const scanned = filter.userIds
      ? `SELECT count(*)::int AS total, NULL::int AS everyone, false AS excluded,
                array_agg(id) AS listed, NULL::int[] AS others
           FROM users WHERE ${where}`
      : `SELECT count(*) FILTER (WHERE s.m)::int AS total, count(*)::int AS everyone,
                count(*) FILTER (WHERE s.m) * 2 > count(*) AS excluded,
                array_agg(s.id) FILTER (WHERE s.m) AS listed,
                array_agg(s.id) FILTER (WHERE NOT s.m) AS others
           FROM (SELECT id, (${narrowing}) IS TRUE AS m FROM users
                  WHERE organization_id = $1 OFFSET 0) s`;
    const page = (condition: string) =>
      `(SELECT coalesce(json_agg(p ORDER BY p.name, p.id), '[]')
          FROM (SELECT ${MEMBER_COLUMNS} FROM users WHERE ${condition}
                 ORDER BY name, id OFFSET $${n + 1} LIMIT $${n + 2}) p)`;
    // The walk reads about (offset + limit) * everyone / total rows to fill the page; the
    // listed ids cost one lookup each: the walk when it reads fewer (a broad search's early
    // pages), the ids otherwise (a search matching 100 people of 100,001 read them all twice).
    const [row] = (await this.db.query(
      `SELECT s.total, s.excluded,
              CASE WHEN s.total::float8 * s.total < ($${n + 1}::int + $${n + 2}::int)::float8 * s.everyone
                   THEN ${page(`id = ANY(s.listed)`)} ELSE ${page(where)} END AS members,
              ${selectionIds(n + 3, selectionLimit)} AS ids
         FROM (${scanned}) s`,
      [...params, offset, limit, ...(selectionLimit === undefined ? [] : [selectionLimit + 1])],
    )) as { total: number; members: MemberRow[]; excluded: boolean; ids: number[] }[];
    const { total = 0, members = [], excluded = false, ids = [] } = row ?? {};
    return {
      members,
      total,
      // Sorted here, as MemberIdsRepository.findActiveIdsByRole's: the answer lists ids ascending.
      selection: {
        kind: excluded ? 'excluded' : 'listed',
        userIds: Array.from(Int32Array.from(ids).sort()),
      },
    };
  }

  /** Some of an organization's people by id; ids of other organizations answer nothing. */
  async findMembersByIds(organizationId: number, userIds: number[]): Promise<MemberRow[]> {
    // Raw SQL: plain rows, as findMembers.
    return (await this.db.query(
      `SELECT ${MEMBER_COLUMNS} FROM users
        WHERE organization_id = $1 AND id = ANY($2::int[]) ORDER BY name`,
      [organizationId, userIds],
    )) as MemberRow[];
  }

  /**
   * Active people (MAY_ACT: nobody suspended) by role with how many of them are among
   * `presentIds` (see identityRpc.activeMemberCounts). The head counts are read from
   * `active_members`, kept by triggers on users (migration 1767800000000; counting every user
   * took 155-290 ms at 100,001 people under load); the present are looked up by id, each once
   * (`IN`, a semi-join).
   */
  async countActiveByRole(
    organizationId: number,
    presentIds: number[],
  ): Promise<{ role: string; active: number; present: number }[]> {
    return (await this.db.query(
      `SELECT c.role, c.active, coalesce(p.present, 0)::int AS present
         FROM active_members c
         LEFT JOIN (SELECT role, count(*) AS present FROM users
                     WHERE id IN (SELECT unnest($2::int[])) AND organization_id = $1 AND ${MAY_ACT}
                     GROUP BY role) p ON p.role = c.role
        WHERE c.organization_id = $1 ORDER BY c.role`,
      [organizationId, presentIds],
    )) as { role: string; active: number; present: number }[];
  }

  /**
   * The organization's membership version (migration 1767840000000) and, unless `since` is given
   * and differs from it (then `ids` is null: the caller's verdicts are stale), those of `userIds`
   * that are not active people of the organization (MAY_ACT: a suspended person is not; each
   * once, ascending). One statement, so the verdicts are those of the version answered.
   */
  async findNotActive(
    organizationId: number,
    userIds: number[],
    since?: string,
  ): Promise<{ version: string; ids: number[] | null }> {
    const rows = (await this.db.query(
      `SELECT v.version::text AS version,
              CASE WHEN $3::bigint IS NULL OR $3::bigint = v.version THEN
                (SELECT coalesce(json_agg(o.id ORDER BY o.id), '[]')
                   FROM (SELECT DISTINCT unnest($2::int[]) AS id) o
                  WHERE NOT EXISTS (SELECT 1 FROM users u
                                     WHERE u.id = o.id AND u.organization_id = $1
                                       AND u.is_active AND u.suspended_at IS NULL))
              END AS ids
         FROM (SELECT coalesce((SELECT version FROM membership_versions
                                 WHERE organization_id = $1), 0) AS version) v`,
      [organizationId, userIds, since ?? null],
    )) as { version: string; ids: number[] | null }[];
    return rows[0]!;
  }

  /** Plain `{ id, name }` objects, as the contract answers them, not entities. */
  async findNames(userIds: number[]): Promise<{ id: number; name: string }[]> {
    const users = await this.db
      .getRepository(UserEntity)
      .find({ where: { id: Any(userIds) }, select: { id: true, name: true } });
    return users.map(({ id, name }) => ({ id, name }));
  }

  /**
   * When the organization's today began as of `now` (organizationDayStart) and its calendar date
   * there (organizationDate, as text: a date column would be read in this process's zone); UTC's
   * if unknown.
   */
  async findOrganizationDay(
    organizationId: number,
    now = new Date(),
  ): Promise<{ since: Date; date: string }> {
    const rows = (await this.db.query(
      `SELECT ${organizationDayStart('o.default_time_zone', '$2::timestamptz')} AS since,
              to_char(${organizationDate('o.default_time_zone', '$2::timestamptz')}, 'YYYY-MM-DD')
                AS date
         FROM (SELECT $1::int AS id) asked LEFT JOIN organizations o ON o.id = asked.id`,
      [organizationId, now],
    )) as { since: Date; date: string }[];
    return rows[0]!;
  }

  /**
   * Ids of the organization's people (of `userIds` when given) with a sign-in today, the
   * organization's day as of `now`.
   */
  async findSignedInTodayIds(
    organizationId: number,
    userIds?: number[],
    now = new Date(),
  ): Promise<number[]> {
    // Raw SQL: distinct ids since the day's start, read once (an index range, not per row).
    const rows = (await this.db.query(
      `SELECT DISTINCT user_id FROM sign_in_events
        WHERE organization_id = $1
          AND occurred_at >= (SELECT ${organizationDayStart('o.default_time_zone', '$3::timestamptz')}
                                FROM organizations o WHERE o.id = $1)
          AND ($2::int[] IS NULL OR user_id = ANY($2::int[]))`,
      [organizationId, userIds ?? null, now],
    )) as { user_id: number }[];
    return rows.map((row) => row.user_id);
  }

  /** These users with their organization's names, in one query. */
  async findCurrentUsers(userIds: number[]): Promise<CurrentUserRow[]> {
    // Raw SQL: one join answering the current user's rows, on the request path.
    return (await this.db.query(
      `SELECT u.id, u.email, u.name, u.role, u.organization_id AS "organizationId",
              u.profile_picture AS "profilePicture", u.auth0_user_id AS "auth0UserId",
              u.is_active AS "isActive", u.last_login AS "lastLogin", u.created_at AS "createdAt",
              o.name AS "organizationName", o.display_name AS "organizationDisplayName"
         FROM users u LEFT JOIN organizations o ON o.id = u.organization_id
        WHERE u.id = ANY($1::int[])`,
      [[...new Set(userIds)]],
    )) as CurrentUserRow[];
  }

  /** Saves a new user (in the caller's transaction when given one). */
  create(user: NewUser, manager: EntityManager = this.db.manager): Promise<UserEntity> {
    const users = manager.getRepository(UserEntity);
    return users.save(users.create(user));
  }

  /**
   * Deletes the user's row; `before` runs first in the same transaction (the event telling of
   * it, what is read of their rows before the cascade takes them), and its answer is this one's.
   */
  delete<T>(userId: number, before: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      const answer = await before(tx);
      await tx.delete(UserEntity, userId);
      return answer;
    });
  }
}
