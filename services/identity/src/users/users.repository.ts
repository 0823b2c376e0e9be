import { Inject, Injectable } from '@nestjs/common';
import { Any, DataSource, type EntityManager } from 'typeorm';
import { UserEntity } from './user.entity.js';
import type { UserViewSource } from './user-view.js';

/** One person of an organization as the other services show or choose them. */
export interface MemberRow {
  id: number;
  name: string;
  email: string;
  role: string;
  is_active: boolean;
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

/** The users table: people as the other services show them (plain rows), and new users. */
@Injectable()
export class UsersRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** Everyone of an organization by name; plain rows, so 10,000 people hydrate no entities. */
  async findMembers(organizationId: number): Promise<MemberRow[]> {
    // Raw SQL: plain rows for up to 10,000 people (see above).
    return (await this.db.query(
      `SELECT id, name, email, role, is_active, profile_picture FROM users
        WHERE organization_id = $1 ORDER BY name`,
      [organizationId],
    )) as MemberRow[];
  }

  /** Some of an organization's people by id; ids of other organizations answer nothing. */
  async findMembersByIds(organizationId: number, userIds: number[]): Promise<MemberRow[]> {
    // Raw SQL: plain rows, as findMembers.
    return (await this.db.query(
      `SELECT id, name, email, role, is_active, profile_picture FROM users
        WHERE organization_id = $1 AND id = ANY($2::int[]) ORDER BY name`,
      [organizationId, userIds],
    )) as MemberRow[];
  }

  /** Active people's ids, one array per role: a few lines whatever the head count. */
  async findActiveIdsByRole(
    organizationId: number,
  ): Promise<{ role: string; userIds: number[] }[]> {
    return (await this.db.query(
      `SELECT role, array_agg(id ORDER BY id) AS "userIds" FROM users
        WHERE organization_id = $1 AND is_active GROUP BY role ORDER BY role`,
      [organizationId],
    )) as { role: string; userIds: number[] }[];
  }

  /** Plain `{ id, name }` objects, as the contract answers them, not entities. */
  async findNames(userIds: number[]): Promise<{ id: number; name: string }[]> {
    const users = await this.db
      .getRepository(UserEntity)
      .find({ where: { id: Any(userIds) }, select: { id: true, name: true } });
    return users.map(({ id, name }) => ({ id, name }));
  }

  /** Ids of the organization's people with a sign-in since 00:00 UTC. */
  async findSignedInTodayIds(organizationId: number): Promise<number[]> {
    // Raw SQL: distinct ids since midnight UTC on the database's clock.
    const rows = (await this.db.query(
      `SELECT DISTINCT user_id FROM sign_in_events
        WHERE organization_id = $1
          AND occurred_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
      [organizationId],
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
}
