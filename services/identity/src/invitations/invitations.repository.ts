import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In, IsNull } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';
import { InvitationEntity } from './invitation.entity.js';

export interface NewInvitation {
  userId: number;
  tokenHash: string;
  invitedBy: number | null;
  expiresAt: Date;
}

export interface Activation {
  passwordHash: string;
  profilePicture: string;
}

/** Invitation links and the pending users they activate. */
@Injectable()
export class InvitationsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** The user's open links stop working and this one is stored, at once. */
  async replace(invitation: NewInvitation): Promise<void> {
    await this.replaceMany([invitation]);
  }

  /** replace() for many users at once, in one transaction. */
  async replaceMany(invitations: NewInvitation[]): Promise<void> {
    if (!invitations.length) return;
    const userIds = invitations.map((invitation) => invitation.userId);
    await this.db.transaction(async (tx) => {
      const inviters = await this.holdInviters(tx, invitations);
      await this.holdInvitees(tx, userIds);
      await tx
        .getRepository(InvitationEntity)
        .update(
          { userId: In(userIds), usedAt: IsNull(), revokedAt: IsNull() },
          { revokedAt: new Date() },
        );
      await tx.getRepository(InvitationEntity).insert(
        invitations.map((invitation) => ({
          ...invitation,
          invitedBy: inviters.has(invitation.invitedBy) ? invitation.invitedBy : null,
        })),
      );
    });
  }

  /**
   * The inviters still there, held until the links are stored. One deleted since it was read
   * (the administrator who applied a people import, deleted while it ran) leaves the links with
   * no inviter, as the deletion leaves those stored before it (ON DELETE SET NULL): the invitees
   * are still the organization's and still to be mailed, and the foreign key would refuse them
   * all. Held before the invitees' links: a deletion cascading to those links waits here first,
   * rather than each waiting for the other.
   */
  private async holdInviters(
    tx: EntityManager,
    invitations: NewInvitation[],
  ): Promise<Set<number | null>> {
    const ids = [...new Set(invitations.flatMap(({ invitedBy }) => invitedBy ?? []))];
    if (!ids.length) return new Set();
    // Raw SQL: a key-share lock, which keeps the row from being deleted and lets it be updated.
    const rows = (await tx.query(
      `SELECT id FROM users WHERE id = ANY($1::int[]) ORDER BY id FOR KEY SHARE`,
      [ids],
    )) as { id: number }[];
    return new Set(rows.map((row) => row.id));
  }

  /**
   * Makes a concurrent replace of these users' links wait for this one's commit. Revoking alone
   * did not: a second resend's revocation, begun before the first committed, could not see the
   * link the first stored, and both links worked. The users' rows are what a replace of them always
   * finds; their open links are held first, in the order an acceptance takes them (its link, then
   * its user), so neither waits for the other in a circle. The revocation after is a statement of
   * its own, which sees what a replace committed meanwhile.
   */
  private async holdInvitees(tx: EntityManager, userIds: number[]): Promise<void> {
    // Raw SQL: row locks in id order, so that two batches sharing people take them alike.
    await tx.query(
      `SELECT id FROM invitations
        WHERE user_id = ANY($1::int[]) AND used_at IS NULL AND revoked_at IS NULL
        ORDER BY id FOR UPDATE`,
      [userIds],
    );
    await tx.query(`SELECT id FROM users WHERE id = ANY($1::int[]) ORDER BY id FOR NO KEY UPDATE`, [
      userIds,
    ]);
  }

  /** The user's open links used up at once (a single sign-on accepted them); their inviters. */
  async useOpenLinks(tx: EntityManager, userId: number): Promise<(number | null)[]> {
    const { raw } = await tx
      .getRepository(InvitationEntity)
      .createQueryBuilder()
      .update()
      .set({ usedAt: () => 'now()' })
      .where('user_id = :userId AND used_at IS NULL AND revoked_at IS NULL', { userId })
      .returning('invited_by')
      .execute();
    return (raw as { invited_by: number | null }[]).map((row) => row.invited_by);
  }

  /** The invitation of this token digest; `lock` holds it for the transaction. */
  findByTokenHash(
    tokenHash: string,
    manager: EntityManager = this.db.manager,
    lock = false,
  ): Promise<InvitationEntity | null> {
    const query = manager
      .getRepository(InvitationEntity)
      .createQueryBuilder('invitation')
      .where('invitation.token_hash = :hash', { hash: tokenHash });
    if (lock) query.setLock('pessimistic_write');
    return query.getOne();
  }

  findUserWithOrganization(
    userId: number,
    manager: EntityManager = this.db.manager,
  ): Promise<UserEntity | null> {
    return manager
      .getRepository(UserEntity)
      .findOne({ where: { id: userId }, relations: { organization: true } });
  }

  /** Sets the password and picture and activates the user. */
  async activate(tx: EntityManager, userId: number, activation: Activation): Promise<void> {
    await tx.getRepository(UserEntity).update(userId, {
      passwordHash: activation.passwordHash,
      passwordChangedAt: new Date(),
      isActive: true,
      profilePicture: activation.profilePicture,
    });
  }

  async markUsed(tx: EntityManager, invitationId: number): Promise<void> {
    await tx.getRepository(InvitationEntity).update(invitationId, { usedAt: new Date() });
  }
}
