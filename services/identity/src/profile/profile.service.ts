import { PASSWORD_ATTEMPTS, REVOCATIONS } from '../tokens.js';
import type { CurrentPasswordAttempts } from '../auth/current-password-attempts.js';
import type { SessionRevocations } from '../auth/session-revocations.js';
import { Inject, Injectable } from '@nestjs/common';
import type { Actor, ChangePasswordRequest, UpdateProfileRequest, User } from '@hub/proto';
import { refuseCommonPassword } from '../auth/password-policy.js';
import { RpcFailure } from '@hub/kit';
import { hashPassword } from '../auth/passwords.js';
import { toUserView } from '../users/user-view.js';
import { EmailChangeService } from './email-change.service.js';
import { ProfileRepository } from './profile.repository.js';

@Injectable()
export class ProfileService {
  constructor(
    @Inject(ProfileRepository) private readonly profiles: ProfileRepository,
    @Inject(REVOCATIONS) private readonly revocations: SessionRevocations,
    @Inject(EmailChangeService) private readonly emailChanges: EmailChangeService,
    @Inject(PASSWORD_ATTEMPTS) private readonly passwordAttempts: CurrentPasswordAttempts,
  ) {}

  /** The name changes at once; a new email only once confirmed (EmailChangeService). */
  async update(actor: Actor, profile: UpdateProfileRequest): Promise<User> {
    const current = await this.profiles.getUser(actor.userId);
    if (profile.email !== current.email) {
      await this.emailChanges.request(actor.userId, profile.email, profile.currentPassword);
    }
    await this.profiles.rename(actor.userId, profile.name);
    return toUserView(await this.profiles.getUserWithOrganization(actor.userId));
  }

  /** A verified change of password ends every other session of the user. */
  async changePassword(
    actor: Actor,
    sessionId: string,
    change: ChangePasswordRequest,
  ): Promise<{ message: string }> {
    const user = await this.profiles.findUserWithPasswordHash(actor.userId);
    const verified =
      !!user &&
      (await this.passwordAttempts.verify(user.id, user.passwordHash, change.currentPassword));
    if (!user?.passwordHash || !verified) {
      throw RpcFailure.validation('Current password is incorrect.', 'currentPassword');
    }
    refuseCommonPassword(change.newPassword, 'newPassword');
    const passwordHash = await hashPassword(change.newPassword);
    const ended = await this.profiles.changePassword(user.id, passwordHash, sessionId);
    await this.revocations.announce({ userId: user.id, exceptSessionId: sessionId });
    return {
      message:
        ended > 0
          ? `Password updated. ${ended} other session${ended === 1 ? ' was' : 's were'} signed out.`
          : 'Password updated.',
    };
  }
}
