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
   */
  async suspendedAfter(afterId: number, limit: number): Promise<SuspendedMember[]> {
    const rows = await this.users.find({
      select: { id: true, organizationId: true, suspendedAt: true },
      where: { id: MoreThan(afterId), suspendedAt: Not(IsNull()) },
      order: { id: 'ASC' },
      take: limit,
    });
    return rows.map((row) => ({
      organizationId: row.organizationId,
      userId: row.id,
      suspendedAt: row.suspendedAt!.toISOString(),
    }));
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
   * suspended them (not already suspended by a concurrent one).
   */
  async suspend(id: number, alongside: Alongside = async () => undefined): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const now = new Date();
      const changed = await tx
        .getRepository(UserEntity)
        .update({ id, suspendedAt: IsNull() }, { suspendedAt: now });
      if (!changed.affected) return false;
      await tx
        .getRepository(SessionEntity)
        .update({ userId: id, revokedAt: IsNull() }, { revokedAt: now });
      await alongside(tx, now);
      return true;
    });
  }

  /** Restores a suspended member; `alongside` as for suspend, when this call restored them. */
  async restore(id: number, alongside: Alongside = async () => undefined): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const changed = await tx
        .getRepository(UserEntity)
        .update({ id, suspendedAt: Not(IsNull()) }, { suspendedAt: null });
      if (!changed.affected) return false;
      await alongside(tx, new Date());
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
