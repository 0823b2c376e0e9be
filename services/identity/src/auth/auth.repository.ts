import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';
import { SessionEntity } from './session.entity.js';
import { SignInEventEntity } from './sign-in-event.entity.js';

export interface LiveSessionRow {
  id: string;
  persistent: boolean;
  expires_at: Date;
  user_id: number;
  organization_id: number;
  role: string;
  /** The language the user's browser was last known to read, to write it only when it changes. */
  browser_language: string | null;
  /** Likewise the zone of their device. */
  browser_time_zone: string | null;
}

export interface NewSession {
  tokenHash: string;
  user: Pick<UserEntity, 'id' | 'organizationId'>;
  persistent: boolean;
  ip: string;
  userAgent: string;
  openedAt: Date;
  expiresAt: Date;
  method: 'password' | 'saml';
}

/** Sessions and sign-ins: the users' password hashes are read here and nowhere else in auth. */
@Injectable()
export class AuthRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** The user with this (lower-cased) email, their password hash and organization. */
  findUserForSignIn(email: string): Promise<UserEntity | null> {
    return this.db
      .getRepository(UserEntity)
      .createQueryBuilder('user')
      .addSelect('user.passwordHash')
      .leftJoinAndSelect('user.organization', 'organization')
      .where('user.email = :email', { email })
      .getOne();
  }

  /** The session, the user's last sign-in and the sign-in event, in one transaction. */
  openSession(session: NewSession): Promise<SessionEntity> {
    return this.db.transaction(async (tx) => {
      const saved = await tx.getRepository(SessionEntity).save({
        tokenHash: session.tokenHash,
        userId: session.user.id,
        persistent: session.persistent,
        ip: session.ip,
        userAgent: session.userAgent,
        expiresAt: session.expiresAt,
        revokedAt: null,
      });
      await tx.getRepository(UserEntity).update(session.user.id, { lastLogin: session.openedAt });
      await tx.getRepository(SignInEventEntity).insert({
        userId: session.user.id,
        organizationId: session.user.organizationId,
        method: session.method,
        ip: session.ip,
      });
      return saved;
    });
  }

  /**
   * The live session of an active, unsuspended user behind a token digest, marked seen (written at most
   * once a minute so busy sessions do not rewrite their row), with the browser language and
   * device zone known of its user.
   */
  async findLiveSession(tokenHash: string): Promise<LiveSessionRow | undefined> {
    // Raw SQL: reads and touches the session in one round trip, on every request.
    const rows: LiveSessionRow[] = await this.db.query(
      `WITH live AS (
         SELECT s.id, s.persistent, s.expires_at, s.last_seen_at, u.id AS user_id, u.organization_id, u.role,
                p.browser_language, p.browser_time_zone
           FROM sessions s JOIN users u ON u.id = s.user_id
           LEFT JOIN user_preferences p ON p.user_id = u.id
          WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.is_active
            AND u.suspended_at IS NULL
       ), seen AS (
         UPDATE sessions SET last_seen_at = now()
          WHERE id IN (SELECT id FROM live WHERE last_seen_at < now() - interval '1 minute')
       )
       SELECT id, persistent, expires_at, user_id, organization_id, role, browser_language,
              browser_time_zone
         FROM live`,
      [tokenHash],
    );
    return rows[0];
  }

  /** Ends the live session of this token digest; whether there was one. */
  async revokeSession(tokenHash: string): Promise<boolean> {
    const result = await this.db
      .getRepository(SessionEntity)
      .createQueryBuilder()
      .update()
      .set({ revokedAt: () => 'now()' })
      .where('token_hash = :hash AND revoked_at IS NULL', { hash: tokenHash })
      .execute();
    return (result.affected ?? 0) > 0;
  }
}
