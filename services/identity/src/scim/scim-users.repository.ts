import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, IsNull, MoreThan, Not } from 'typeorm';
import { SessionEntity } from '../auth/session.entity.js';
import { UserEntity } from '../users/user.entity.js';

/** Who SCIM may see: the organization's own members, never the platform's super administrator. */
const members = (organizationId: number) => ({ organizationId, role: Not('super_admin' as const) });

export type ScimUserChanges = Partial<
  Pick<UserEntity, 'email' | 'name' | 'givenName' | 'familyName' | 'scimExternalId'>
>;

/** The members an organization's identity provider provisions; every query names the organization. */
@Injectable()
export class ScimUsersRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  private get users() {
    return this.db.getRepository(UserEntity);
  }

  find(organizationId: number, id: number): Promise<UserEntity | null> {
    return this.users.findOneBy({ ...members(organizationId), id });
  }

  /** The user with this email in any organization: emails are unique across the platform. */
  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ email });
  }

  /** The organization's member with this email (never the super administrator). */
  findMemberByEmail(organizationId: number, email: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ ...members(organizationId), email });
  }

  page(organizationId: number, offset: number, limit: number) {
    return this.users.findAndCount({
      where: members(organizationId),
      order: { id: 'ASC' },
      skip: offset,
      take: limit,
    });
  }

  /** Every member, for a filter the database is not asked to evaluate (bounded by the org's size). */
  all(organizationId: number): Promise<UserEntity[]> {
    return this.users.find({ where: members(organizationId), order: { id: 'ASC' } });
  }

  /**
   * The members suspended now, of every organization, by id after `afterId` (at most `limit`):
   * few, however many people there are, so a start of the integration service reads them all.
   * `asOf` is the database's clock before the page's snapshot, set back to the start of any
   * transaction then still open: a suspension the page cannot see yet (its instant is taken in
   * its transaction) is then never older than `asOf`, so the integration service, which marks
   * not suspended what is older than `asOf` and unlisted, never clears it.
   */
  async suspendedAfter(
    afterId: number,
    limit: number,
  ): Promise<{ asOf: string; members: SuspendedMember[] }> {
    // Its own statement, before the page's: each reads its own snapshot.
    const [{ as_of }] = (await this.db.query(
      `SELECT LEAST(clock_timestamp(), (SELECT min(xact_start) FROM pg_stat_activity
                                          WHERE datname = current_database()
                                            AND pid <> pg_backend_pid())) AS as_of`,
    )) as [{ as_of: Date }];
    const rows = await this.users.find({
      select: { id: true, organizationId: true, suspendedAt: true },
      where: { id: MoreThan(afterId), suspendedAt: Not(IsNull()) },
      order: { id: 'ASC' },
      take: limit,
    });
    const members = rows.map((row) => ({
      organizationId: row.organizationId,
      userId: row.id,
      suspendedAt: row.suspendedAt!.toISOString(),
    }));
    return { asOf: as_of.toISOString(), members };
  }

  /** `alongside` runs in the same transaction (the event telling of it, in the outbox). */
  create(
    user: Pick<
      UserEntity,
      'email' | 'name' | 'givenName' | 'familyName' | 'scimExternalId' | 'organizationId' | 'role'
    >,
    alongside: (tx: EntityManager, created: UserEntity) => Promise<void> = async () => undefined,
  ): Promise<UserEntity> {
    return this.db.transaction(async (tx) => {
      const created = await tx.getRepository(UserEntity).save({
        ...user,
        passwordHash: null,
        profilePicture: null,
        auth0UserId: null,
        isActive: true,
        lastLogin: null,
        suspendedAt: null,
      });
      await alongside(tx, created);
      return created;
    });
  }

  async update(id: number, changes: ScimUserChanges): Promise<void> {
    if (Object.keys(changes).length) await this.users.update(id, changes);
  }

  /**
   * Suspends the member and ends every live session of theirs, in one transaction; `alongside`
   * runs in it with the instant (the event telling of it, in the outbox), only when this call
   * suspended them (not already suspended by a concurrent one). The instant is the database's
   * (to the millisecond an event carries), never this process's: the integration service keeps
   * the later of a person's events, and replicas' clocks differ.
   */
  async suspend(id: number, alongside: Alongside = async () => undefined): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [changed] = (await tx.query(
        `WITH changed AS (
           UPDATE users SET suspended_at = date_trunc('milliseconds', clock_timestamp())
            WHERE id = $1 AND suspended_at IS NULL
           RETURNING suspended_at)
         SELECT suspended_at AS at FROM changed`,
        [id],
      )) as { at: Date }[];
      if (!changed) return false;
      await tx
        .getRepository(SessionEntity)
        .update({ userId: id, revokedAt: IsNull() }, { revokedAt: changed.at });
      await alongside(tx, changed.at);
      return true;
    });
  }

  /**
   * Restores a suspended member; `alongside` as for suspend, when this call restored them. The
   * instant is the database's too, and always after the suspension's (a restoration within its
   * millisecond would otherwise carry the same instant, and be ignored as a replay).
   */
  async restore(id: number, alongside: Alongside = async () => undefined): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [changed] = (await tx.query(
        `WITH before AS (
           SELECT suspended_at FROM users WHERE id = $1 AND suspended_at IS NOT NULL FOR UPDATE),
         changed AS (
           UPDATE users u SET suspended_at = NULL FROM before
            WHERE u.id = $1 AND u.suspended_at IS NOT NULL
           RETURNING GREATEST(date_trunc('milliseconds', clock_timestamp()),
                              date_trunc('milliseconds', before.suspended_at)
                                + interval '1 millisecond') AS at)
         SELECT at FROM changed`,
        [id],
      )) as { at: Date }[];
      if (!changed) return false;
      await alongside(tx, changed.at);
      return true;
    });
  }
}

/** A member suspended now, as the integration service records them. */
export interface SuspendedMember {
  organizationId: number;
  userId: number;
  suspendedAt: string;
}

/** What runs in a suspension's or restoration's transaction, given its instant. */
export type Alongside = (tx: EntityManager, at: Date) => Promise<void>;
