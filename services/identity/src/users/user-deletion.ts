import { Inject, Injectable } from '@nestjs/common';
import type { EventPublisher } from '@hub/kit';
import type { SessionRevocations } from '../auth/session-revocations.js';
import { ProfilePicturesService } from '../profile/profile-pictures.service.js';
import { EVENTS, REVOCATIONS } from '../tokens.js';
import { UsersRepository } from './users.repository.js';

/**
 * Deletes a person, whoever asks (the console, the identity provider through SCIM): the
 * `user.deleted` event written with the row's deletion, their sessions revoked, and their
 * pictures (the one chosen and the uploads never chosen) removed once the deletion committed,
 * so a deletion rolled back keeps them all.
 */
@Injectable()
export class UserDeletion {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(REVOCATIONS) private readonly revocations: SessionRevocations,
    @Inject(EVENTS) private readonly events: EventPublisher,
    @Inject(ProfilePicturesService) private readonly pictures: ProfilePicturesService,
  ) {}

  async delete(user: { id: number; organizationId: number }): Promise<void> {
    const deleted = {
      type: 'user.deleted' as const,
      userId: user.id,
      organizationId: user.organizationId,
    };
    const files = await this.users.delete(user.id, async (tx) => {
      await this.events.publish(deleted, tx);
      return this.pictures.filesOfDeleted(user.id, tx);
    });
    await this.revocations.announce({ userId: user.id });
    for (const key of files) await this.pictures.removeQuietly(key);
  }
}
