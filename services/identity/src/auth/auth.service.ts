import { REVOCATIONS } from '../tokens.js';
import type { SessionRevocations } from './session-revocations.js';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { identityRpc, Role, type SessionView } from '@hub/proto';
import { RpcFailure } from '@hub/kit';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config.js';
import { UserEntity } from '../users/user.entity.js';
import { toUserView } from '../users/user-view.js';
import { SessionEntity } from './session.entity.js';
import { SignInEventEntity } from './sign-in-event.entity.js';
import { verifyAgainstDecoy, verifyPassword } from './passwords.js';
import { digestSessionToken, newSessionToken } from './session-tokens.js';

type LoginRequest = z.infer<typeof identityRpc.login.request>;
type LoginAnswer = z.infer<typeof identityRpc.login.answer>;

export const INVALID_CREDENTIALS = 'Invalid email or password. Please try again.';

interface SessionRow {
  id: string;
  persistent: boolean;
  expires_at: Date;
  user_id: number;
  organization_id: number;
  role: string;
}

@Injectable()
export class AuthService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(REVOCATIONS) private readonly revocations: SessionRevocations,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async login(request: LoginRequest): Promise<LoginAnswer> {
    const user = await this.db
      .getRepository(UserEntity)
      .createQueryBuilder('user')
      .addSelect('user.passwordHash')
      .leftJoinAndSelect('user.organization', 'organization')
      .where('user.email = :email', { email: request.email.trim().toLowerCase() })
      .getOne();
    const matches = user?.passwordHash
      ? await verifyPassword(user.passwordHash, request.password)
      : await verifyAgainstDecoy(request.password);
    if (!user || !matches) throw new RpcFailure('unauthenticated', INVALID_CREDENTIALS);
    if (!user.isActive) {
      throw new RpcFailure(
        'forbidden',
        'Your account is not active yet. Please complete the setup from your invitation email.',
      );
    }
    return this.openSession(user, request);
  }

  /** A session for a user whose identity the SAML service verified (never the browser's word). */
  openSsoSession(user: UserEntity, client: LoginRequest['client']): Promise<LoginAnswer> {
    return this.openSession(user, { rememberMe: false, client }, 'saml');
  }

  private async openSession(
    user: UserEntity,
    request: Pick<LoginRequest, 'rememberMe' | 'client'>,
    method: 'password' | 'saml' = 'password',
  ): Promise<LoginAnswer> {
    const token = newSessionToken();
    const lifetimeMs = request.rememberMe
      ? this.config.REMEMBER_ME_DAYS * 86_400_000
      : this.config.SESSION_TTL_HOURS * 3_600_000;
    const now = new Date();
    const session = await this.db.transaction(async (tx) => {
      const saved = await tx.getRepository(SessionEntity).save({
        tokenHash: digestSessionToken(token),
        userId: user.id,
        persistent: request.rememberMe,
        ip: request.client.ip,
        userAgent: request.client.userAgent,
        expiresAt: new Date(now.getTime() + lifetimeMs),
        revokedAt: null,
      });
      await tx.getRepository(UserEntity).update(user.id, { lastLogin: now });
      await tx.getRepository(SignInEventEntity).insert({
        userId: user.id,
        organizationId: user.organizationId,
        method,
        ip: request.client.ip,
      });
      return saved;
    });
    user.lastLogin = now;
    return {
      token,
      session: {
        sessionId: session.id,
        actor: { userId: user.id, organizationId: user.organizationId, role: user.role },
        persistent: session.persistent,
        expiresAt: session.expiresAt.toISOString(),
      },
      user: toUserView(user),
    };
  }

  /** The live session behind a token, with the user's current role; null when ended or unknown. */
  async resolve(token: string): Promise<SessionView | null> {
    // Gateways resolve a session at most every few seconds (their cache): that is when it was
    // last seen. Written at most once a minute so busy sessions do not rewrite their row.
    const rows: SessionRow[] = await this.db.query(
      `WITH live AS (
         SELECT s.id, s.persistent, s.expires_at, s.last_seen_at, u.id AS user_id, u.organization_id, u.role
           FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.is_active
       ), seen AS (
         UPDATE sessions SET last_seen_at = now()
          WHERE id IN (SELECT id FROM live WHERE last_seen_at < now() - interval '1 minute')
       )
       SELECT id, persistent, expires_at, user_id, organization_id, role FROM live`,
      [digestSessionToken(token)],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      sessionId: row.id,
      actor: {
        userId: row.user_id,
        organizationId: row.organization_id,
        role: Role.parse(row.role),
      },
      persistent: row.persistent,
      expiresAt: row.expires_at.toISOString(),
    };
  }

  async logout(token: string): Promise<boolean> {
    const result = await this.db
      .getRepository(SessionEntity)
      .createQueryBuilder()
      .update()
      .set({ revokedAt: () => 'now()' })
      .where('token_hash = :hash AND revoked_at IS NULL', { hash: digestSessionToken(token) })
      .execute();
    await this.revocations.announce({ tokenHash: digestSessionToken(token) });
    return (result.affected ?? 0) > 0;
  }
}
