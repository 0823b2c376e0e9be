import { REVOCATIONS } from '../tokens.js';
import type { SessionRevocations } from '../auth/session-revocations.js';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, Not } from 'typeorm';
import type { Actor, ChangePasswordRequest, UpdateProfileRequest, User } from '@hub/proto';
import { RpcFailure } from '@hub/kit';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { SessionEntity } from '../auth/session.entity.js';
import { UserEntity } from '../users/user.entity.js';
import { toUserView } from '../users/user-view.js';

export const EMAIL_TAKEN = 'That email address is already used by another account.';

@Injectable()
export class ProfileService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(REVOCATIONS) private readonly revocations: SessionRevocations,
  ) {}

  async update(actor: Actor, profile: UpdateProfileRequest): Promise<User> {
    const users = this.db.getRepository(UserEntity);
    const taken = await users.findOneBy({ email: profile.email, id: Not(actor.userId) });
    if (taken) throw new RpcFailure('conflict', EMAIL_TAKEN, 'email');
    await users.update(actor.userId, { name: profile.name, email: profile.email });
    return toUserView(
      await users.findOneOrFail({ where: { id: actor.userId }, relations: { organization: true } }),
    );
  }

  /** A verified change of password ends every other session of the user. */
  async changePassword(
    actor: Actor,
    sessionId: string,
    change: ChangePasswordRequest,
  ): Promise<{ message: string }> {
    const user = await this.db
      .getRepository(UserEntity)
      .createQueryBuilder('user')
      .addSelect('user.passwordHash')
      .where('user.id = :id', { id: actor.userId })
      .getOne();
    if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, change.currentPassword))) {
      throw RpcFailure.validation('Current password is incorrect.', 'currentPassword');
    }
    const passwordHash = await hashPassword(change.newPassword);
    const ended = await this.db.transaction(async (tx) => {
      await tx.getRepository(UserEntity).update(user.id, { passwordHash });
      const result = await tx
        .getRepository(SessionEntity)
        .createQueryBuilder()
        .update()
        .set({ revokedAt: () => 'now()' })
        .where('user_id = :userId AND id <> :sessionId AND revoked_at IS NULL', {
          userId: user.id,
          sessionId,
        })
        .execute();
      return result.affected ?? 0;
    });
    await this.revocations.announce({ userId: user.id, exceptSessionId: sessionId });
    return {
      message:
        ended > 0
          ? `Password updated. ${ended} other session${ended === 1 ? ' was' : 's were'} signed out.`
          : 'Password updated.',
    };
  }
}
