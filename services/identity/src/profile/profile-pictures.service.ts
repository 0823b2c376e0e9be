import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Actor, ProfilePictureUpload, User } from '@hub/proto';
import {
  belongsToOrganization,
  canReachOrganization,
  type EventPublisher,
  type SqlRunner,
  newObjectKey,
  type ObjectStorage,
  RpcFailure,
} from '@hub/kit';
import { EVENTS, STORAGE } from '../tokens.js';
import { toUserView } from '../users/user-view.js';
import { ProfileRepository } from './profile.repository.js';
import { reencodePicture } from './picture-reencoder.js';

export const PICTURE_FOLDER = 'profile-pictures';

@Injectable()
export class ProfilePicturesService {
  private readonly logger = new Logger('ProfilePictures');

  constructor(
    @Inject(ProfileRepository) private readonly profiles: ProfileRepository,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
    @Inject(EVENTS) private readonly events: EventPublisher,
  ) {}

  /** The video service enrols the face of every new picture, for identification in videos. */
  announce(
    userId: number,
    organizationId: number,
    pictureKey: string,
    changedBy: number,
    tx?: SqlRunner,
  ): Promise<void> {
    return this.events.publish(
      { type: 'user.picture-changed', userId, organizationId, pictureKey, changedBy },
      tx,
    );
  }

  /** Records an image the gateway stored below the uploader's organization. */
  async register(actor: Actor, storageKey: string): Promise<ProfilePictureUpload> {
    if (
      !belongsToOrganization(storageKey, actor.organizationId) ||
      !storageKey.includes(`/${PICTURE_FOLDER}/`)
    ) {
      throw RpcFailure.forbidden();
    }
    await this.reencode(storageKey);
    const fileName = storageKey.slice(storageKey.lastIndexOf('/') + 1);
    await this.profiles.insertPictureUpload({
      fileName,
      storageKey,
      organizationId: actor.organizationId,
      uploadedBy: actor.userId,
    });
    return { fileName, message: 'Profile picture uploaded' };
  }

  /** Decodes and re-encodes a stored picture; refuses (and removes) one no decoder can read. */
  reencode(storageKey: string): Promise<void> {
    return reencodePicture(this.storage, storageKey);
  }

  /**
   * Turns an upload of this actor into a picture of a user of `organizationId`, copying it
   * below that organization when the uploader belongs to another one (the super administrator).
   */
  async claim(
    actor: Actor,
    fileName: string,
    organizationId: number,
    manager: EntityManager,
  ): Promise<string> {
    const upload = await this.profiles.findUnclaimedUpload(manager, fileName, actor.userId);
    if (!upload)
      throw RpcFailure.validation(
        'That picture upload was not found. Please upload it again.',
        'profilePicture',
      );
    let key = upload.storageKey;
    if (!belongsToOrganization(key, organizationId)) {
      key = newObjectKey(
        organizationId,
        PICTURE_FOLDER,
        fileName.slice(fileName.lastIndexOf('.') + 1),
      );
      await this.storage.copy(upload.storageKey, key);
      await this.storage.remove(upload.storageKey);
    }
    await this.profiles.markUploadClaimed(manager, fileName, key);
    return key;
  }

  /** Everyone may change their own picture; the previous one is deleted. */
  async change(actor: Actor, fileName: string): Promise<User> {
    const previous = await this.profiles.findUser(actor.userId);
    if (!previous) throw RpcFailure.notFound('User not found');
    await this.profiles.transaction(async (tx) => {
      const claimed = await this.claim(actor, fileName, actor.organizationId, tx);
      await this.profiles.setPicture(tx, actor.userId, claimed);
      await this.announce(actor.userId, actor.organizationId, claimed, actor.userId, tx);
    });
    if (previous.profilePicture) await this.removeQuietly(previous.profilePicture);
    return toUserView(await this.profiles.getUserWithOrganization(actor.userId));
  }

  async locate(actor: Actor, userId: number): Promise<{ storageKey: string | null }> {
    const user = await this.profiles.findUser(userId);
    if (!user || !canReachOrganization(actor, user.organizationId))
      throw RpcFailure.notFound('Picture not found');
    return { storageKey: user.profilePicture };
  }

  async removeQuietly(key: string): Promise<void> {
    await this.storage
      .remove(key)
      .catch((error: unknown) => this.logger.warn(`could not remove ${key}: ${String(error)}`));
  }
}
