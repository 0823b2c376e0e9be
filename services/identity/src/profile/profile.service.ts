import { REVOCATIONS } from '../tokens.js';
import type { SessionRevocations } from '../auth/session-revocations.js';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Actor, ChangePasswordRequest, UpdateProfileRequest, User } from '@hub/proto';
import { refuseCommonPassword } from '../auth/password-policy.js';
import { RpcFailure } from '@hub/kit';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { SessionEntity } from '../auth/session.entity.js';
import { UserEntity } from '../users/user.entity.js';
import { toUserView } from '../users/user-view.js';
import { EmailChangeService } from './email-change.service.js';

@Injectable()
export class ProfileService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(REVOCATIONS) private readonly revocations: SessionRevocations,
    @Inject(EmailChangeService) private readonly emailChanges: EmailChangeService,
  ) {}

  /** The name changes at once; a new email only once confirmed (EmailChangeService). */
  async update(actor: Actor, profile: UpdateProfileRequest): Promise<User> {
    const users = this.db.getRepository(UserEntity);
    const current = await users.findOneByOrFail({ id: actor.userId });
    if (profile.email !== current.email) {
      await this.emailChanges.request(actor.userId, profile.email, profile.currentPassword);
    }
    await users.update(actor.userId, { name: profile.name });
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
    refuseCommonPassword(change.newPassword, 'newPassword');
    const passwordHash = await hashPassword(change.newPassword);
    const ended = await this.db.transaction(async (tx) => {
      await tx
        .getRepository(UserEntity)
        .update(user.id, { passwordHash, passwordChangedAt: new Date() });
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
