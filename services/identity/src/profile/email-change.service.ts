import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { EMAIL_CHANGE_LINK_INVALID, EMAIL_CHANGE_NEEDS_PASSWORD } from '@hub/proto';
import { type Mailer, RpcFailure } from '@hub/kit';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config.js';
import { MAILER } from '../tokens.js';
import { verifyPassword } from '../auth/passwords.js';
import { digestSessionToken, newSessionToken } from '../auth/session-tokens.js';
import { UserEntity } from '../users/user.entity.js';

export const EMAIL_TAKEN = 'That email address is already used by another account.';
const LINK_HOURS = 24;

/**
 * A new email takes effect only with the current password and once its owner opens the link
 * mailed to it: a borrowed session cannot move the account (and its password resets) to
 * an address the attacker holds, and a typo cannot lock the owner out.
 */
@Injectable()
export class EmailChangeService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(MAILER) private readonly mailer: Mailer,
  ) {}

  async request(userId: number, newEmail: string, currentPassword: string | undefined) {
    const user = await this.db
      .getRepository(UserEntity)
      .createQueryBuilder('user')
      .addSelect('user.passwordHash')
      .where('user.id = :id', { id: userId })
      .getOneOrFail();
    if (!currentPassword) {
      throw RpcFailure.validation(EMAIL_CHANGE_NEEDS_PASSWORD, 'currentPassword');
    }
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, currentPassword))) {
      throw RpcFailure.validation('Current password is incorrect.', 'currentPassword');
    }
    await this.refuseTaken(this.db.manager, newEmail, userId);
    const token = newSessionToken();
    await this.db.transaction(async (tx) => {
      // Only the latest request counts.
      await tx.query(`DELETE FROM email_changes WHERE user_id = $1 AND used_at IS NULL`, [userId]);
      await tx.query(
        `INSERT INTO email_changes (user_id, new_email, token_hash, expires_at)
         VALUES ($1, $2, $3, now() + make_interval(hours => $4))`,
        [userId, newEmail, digestSessionToken(token), LINK_HOURS],
      );
    });
    await this.mailer.send(this.mail(user.name, newEmail, token));
  }

  /** Applies the change of a valid, unused link; the link works once. */
  async confirm(token: string): Promise<{ message: string }> {
    return this.db.transaction(async (tx) => {
      const rows = (await tx.query(
        `UPDATE email_changes SET used_at = now()
          WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
          RETURNING user_id, new_email`,
        [digestSessionToken(token)],
      )) as [{ user_id: number; new_email: string }[], number];
      const change = rows[0][0];
      if (!change) throw RpcFailure.validation(EMAIL_CHANGE_LINK_INVALID, 'token');
      await this.refuseTaken(tx, change.new_email, change.user_id);
      await tx.getRepository(UserEntity).update(change.user_id, { email: change.new_email });
      return { message: `Your email address is now ${change.new_email}.` };
    });
  }

  private async refuseTaken(db: EntityManager, email: string, userId: number) {
    const owner = await db.getRepository(UserEntity).findOneBy({ email });
    if (owner && owner.id !== userId) throw new RpcFailure('conflict', EMAIL_TAKEN, 'email');
  }

  private mail(name: string, to: string, token: string) {
    const link = `${this.config.PUBLIC_URL.replace(/\/$/, '')}/confirm-email?token=${encodeURIComponent(token)}`;
    const text = [
      `Hello ${name},`,
      '',
      'Open this link to use this address for your Frontline Hub account:',
      '',
      link,
      '',
      `It works once, for ${LINK_HOURS} hours. If you did not ask for this, ignore this mail.`,
    ].join('\n');
    const html = text
      .split('\n')
      .map((line) => line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'))
      .join('<br>');
    return { to, subject: 'Confirm your new email address', text, html };
  }
}
