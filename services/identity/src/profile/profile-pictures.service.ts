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

/**
 * The uploads a person may hold unchosen: each is chosen within seconds in every form, so ten
 * leave room for several at once while the storage an account can fill stays bounded.
 */
export const UNCLAIMED_UPLOADS_KEPT = 10;

/** A claimed upload: the picture's storage key, and the upload's own when the picture is a copy. */
export interface ClaimedPicture {
  key: string;
  copiedFrom: string | null;
}

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
    // An upload never chosen (a form left, a user refused after it) would otherwise stay for good.
    const dropped = await this.profiles.dropUnclaimedUploads(actor.userId, UNCLAIMED_UPLOADS_KEPT);
    for (const key of dropped) await this.removeQuietly(key);
    return { fileName, message: 'Profile picture uploaded' };
  }

  /**
   * In the transaction deleting a user, before their row goes: the files to remove once it
   * commits (`removeQuietly`), their picture and the uploads they never chose, those forgotten
   * now. The upload rows would go with the user (ON DELETE CASCADE), but their files stayed until
   * the organization was deleted. The row is locked first, as a change of picture locks it: one
   * chosen meanwhile is waited for and answered here. Uploads the user chose for others are
   * those people's pictures, and stay.
   */
  async filesOfDeleted(userId: number, tx: EntityManager): Promise<string[]> {
    const picture = await this.profiles.lockPicture(tx, userId);
    const unchosen = await this.profiles.dropUnclaimedUploads(userId, 0, tx);
    return picture ? [picture, ...unchosen] : unchosen;
  }

  /** Decodes and re-encodes a stored picture; refuses (and removes) one no decoder can read. */
  reencode(storageKey: string): Promise<void> {
    return reencodePicture(this.storage, storageKey);
  }

  /**
   * Turns an upload of this actor into a picture of a user of `organizationId`, copied below that
   * organization when the uploader belongs to another one (the super administrator). The upload
   * itself stays until the caller's transaction is committed (`settle`), so a claim rolled back
   * leaves it whole to be used again (and its copy is `abandon`ed).
   */
  async claim(
    actor: Actor,
    fileName: string,
    organizationId: number,
    manager: EntityManager,
  ): Promise<ClaimedPicture> {
    const upload = await this.profiles.findUnclaimedUpload(manager, fileName, actor.userId);
    if (!upload)
      throw RpcFailure.validation(
        'That picture upload was not found. Please upload it again.',
        'profilePicture',
      );
    let claimed: ClaimedPicture = { key: upload.storageKey, copiedFrom: null };
    if (!belongsToOrganization(upload.storageKey, organizationId)) {
      const extension = fileName.slice(fileName.lastIndexOf('.') + 1);
      claimed = {
        key: newObjectKey(organizationId, PICTURE_FOLDER, extension),
        copiedFrom: upload.storageKey,
      };
      await this.storage.copy(upload.storageKey, claimed.key);
    }
    await this.profiles.markUploadClaimed(manager, fileName, claimed.key);
    return claimed;
  }

  /** After the claim's transaction is committed: the upload a copy was made of goes. */
  async settle(claimed: ClaimedPicture | null): Promise<void> {
    if (claimed?.copiedFrom) await this.removeQuietly(claimed.copiedFrom);
  }

  /** After the claim's transaction failed: the copy made for it goes, the upload stays. */
  async abandon(claimed: ClaimedPicture | null): Promise<void> {
    if (claimed?.copiedFrom) await this.removeQuietly(claimed.key);
  }

  /**
   * Everyone may change their own picture; the previous one is deleted. It is read under the
   * user's lock: of two changes at once, the later replaces (and deletes) the earlier's picture,
   * not the one both found, which would leave the earlier's stored and enrolled for nobody.
   */
  async change(actor: Actor, fileName: string): Promise<User> {
    const { claimed, previous } = await this.profiles.transaction(async (tx) => {
      const previous = await this.profiles.lockPicture(tx, actor.userId);
      if (previous === undefined) throw RpcFailure.notFound('User not found');
      const claimed = await this.claim(actor, fileName, actor.organizationId, tx);
      await this.profiles.setPicture(tx, actor.userId, claimed.key);
      await this.announce(actor.userId, actor.organizationId, claimed.key, actor.userId, tx);
      return { claimed, previous };
    });
    await this.settle(claimed);
    if (previous) await this.removeQuietly(previous);
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
