import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, IsNull } from 'typeorm';
import { SessionEntity } from '../auth/session.entity.js';
import { UserEntity } from '../users/user.entity.js';
import { PictureUploadEntity } from './picture-upload.entity.js';

export interface NewPictureUpload {
  fileName: string;
  storageKey: string;
  organizationId: number;
  uploadedBy: number;
}

export interface EmailChange {
  user_id: number;
  new_email: string;
}

/**
 * A user's own account: name, password, email changes and profile pictures. Methods that run
 * inside a caller's transaction take its manager.
 */
@Injectable()
export class ProfileRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  findUser(userId: number): Promise<UserEntity | null> {
    return this.db.getRepository(UserEntity).findOneBy({ id: userId });
  }

  getUser(userId: number): Promise<UserEntity> {
    return this.db.getRepository(UserEntity).findOneByOrFail({ id: userId });
  }

  /** The user with their organization, as the profile answers them. */
  getUserWithOrganization(userId: number): Promise<UserEntity> {
    return this.db
      .getRepository(UserEntity)
      .findOneOrFail({ where: { id: userId }, relations: { organization: true } });
  }

  findUserByEmail(email: string, manager: EntityManager = this.db.manager) {
    return manager.getRepository(UserEntity).findOneBy({ email });
  }

  private withPasswordHash(userId: number) {
    return this.db
      .getRepository(UserEntity)
      .createQueryBuilder('user')
      .addSelect('user.passwordHash')
      .where('user.id = :id', { id: userId });
  }

  /** The user with their password hash; null when there is none. */
  findUserWithPasswordHash(userId: number): Promise<UserEntity | null> {
    return this.withPasswordHash(userId).getOne();
  }

  getUserWithPasswordHash(userId: number): Promise<UserEntity> {
    return this.withPasswordHash(userId).getOneOrFail();
  }

  async rename(userId: number, name: string): Promise<void> {
    await this.db.getRepository(UserEntity).update(userId, { name });
  }

  /**
   * Sets the password, drops a pending email change and ends the user's other live sessions at
   * once; how many ended.
   */
  changePassword(userId: number, passwordHash: string, keptSessionId: string): Promise<number> {
    return this.db.transaction(async (tx) => {
      await tx
        .getRepository(UserEntity)
        .update(userId, { passwordHash, passwordChangedAt: new Date() });
      // A change asked for with the old password must not outlive it: whoever knew it could
      // still move the account to their address after its owner took it back.
      await tx.query(`DELETE FROM email_changes WHERE user_id = $1 AND used_at IS NULL`, [userId]);
      const result = await tx
        .getRepository(SessionEntity)
        .createQueryBuilder()
        .update()
        .set({ revokedAt: () => 'now()' })
        .where('user_id = :userId AND id <> :sessionId AND revoked_at IS NULL', {
          userId,
          sessionId: keptSessionId,
        })
        .execute();
      return result.affected ?? 0;
    });
  }

  async setEmail(tx: EntityManager, userId: number, email: string): Promise<void> {
    await tx.getRepository(UserEntity).update(userId, { email });
  }

  /**
   * The user's picture, their row locked until `tx` ends (another change of it waits, then reads
   * this one's); undefined when there is no such user.
   */
  async lockPicture(tx: EntityManager, userId: number): Promise<string | null | undefined> {
    const user = await tx.getRepository(UserEntity).findOne({
      where: { id: userId },
      select: { id: true, profilePicture: true },
      lock: { mode: 'pessimistic_write' },
    });
    return user ? user.profilePicture : undefined;
  }

  async setPicture(tx: EntityManager, userId: number, pictureKey: string): Promise<void> {
    await tx.getRepository(UserEntity).update(userId, { profilePicture: pictureKey });
  }

  /** The user's pending email change, replaced by this one (only the latest request counts). */
  async replaceEmailChange(
    userId: number,
    newEmail: string,
    tokenHash: string,
    validHours: number,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      // Raw SQL: email changes have no entity, and the expiry is on the database's clock.
      await tx.query(`DELETE FROM email_changes WHERE user_id = $1 AND used_at IS NULL`, [userId]);
      await tx.query(
        `INSERT INTO email_changes (user_id, new_email, token_hash, expires_at)
         VALUES ($1, $2, $3, now() + make_interval(hours => $4))`,
        [userId, newEmail, tokenHash, validHours],
      );
    });
  }

  /** Uses up the valid, unused change of this token digest; undefined when there is none. */
  async useEmailChange(tx: EntityManager, tokenHash: string): Promise<EmailChange | undefined> {
    // Raw SQL: a conditional update answering the row it used (RETURNING), on the database clock.
    const rows = (await tx.query(
      `UPDATE email_changes SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
        RETURNING user_id, new_email`,
      [tokenHash],
    )) as [EmailChange[], number];
    return rows[0][0];
  }

  async insertPictureUpload(upload: NewPictureUpload): Promise<void> {
    await this.db.getRepository(PictureUploadEntity).insert(upload);
  }

  /**
   * Forgets the uploader's unclaimed uploads but the newest `keep`, answering their storage keys
   * (for the files to go too). An upload being claimed meanwhile is waited for, and kept.
   * In `manager`'s transaction when given (the uploader's deletion).
   */
  async dropUnclaimedUploads(
    uploadedBy: number,
    keep: number,
    manager: EntityManager = this.db.manager,
  ): Promise<string[]> {
    // Raw SQL: a delete of all but the newest few, answering what it deleted.
    const rows = (await manager.query(
      `WITH dropped AS (
         DELETE FROM picture_uploads
          WHERE claimed_at IS NULL
            AND file_name IN (SELECT file_name FROM picture_uploads
                               WHERE uploaded_by = $1 AND claimed_at IS NULL
                               ORDER BY created_at DESC, file_name DESC OFFSET $2)
          RETURNING storage_key
       ) SELECT storage_key FROM dropped`,
      [uploadedBy, keep],
    )) as { storage_key: string }[];
    return rows.map((row) => row.storage_key);
  }

  /** The upload, locked until `manager`'s transaction ends (it claims it, or not). */
  findUnclaimedUpload(
    manager: EntityManager,
    fileName: string,
    uploadedBy: number,
  ): Promise<PictureUploadEntity | null> {
    return manager.getRepository(PictureUploadEntity).findOne({
      where: { fileName, uploadedBy, claimedAt: IsNull() },
      lock: { mode: 'pessimistic_write' },
    });
  }

  async markUploadClaimed(
    manager: EntityManager,
    fileName: string,
    storageKey: string,
  ): Promise<void> {
    await manager
      .getRepository(PictureUploadEntity)
      .update(fileName, { claimedAt: new Date(), storageKey });
  }
}
