import { REVOCATIONS } from '../tokens.js';
import type { SessionRevocations } from './session-revocations.js';
import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { identityRpc, INVALID_CREDENTIALS, Role, type SessionView } from '@hub/proto';
import { RpcFailure } from '@hub/kit';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config.js';
import { UserEntity } from '../users/user.entity.js';
import { toUserView } from '../users/user-view.js';
import { PreferencesService } from '../settings/preferences.service.js';
import { AuthRepository } from './auth.repository.js';
import { verifyAgainstDecoy, verifyPassword } from './passwords.js';
import { digestSessionToken, newSessionToken } from './session-tokens.js';

type LoginRequest = z.infer<typeof identityRpc.login.request>;
type LoginAnswer = z.infer<typeof identityRpc.login.answer>;

export const ACCOUNT_SUSPENDED =
  'Your account is suspended by your organization. Please contact your administrator.';

@Injectable()
export class AuthService {
  constructor(
    @Inject(AuthRepository) private readonly repository: AuthRepository,
    @Inject(REVOCATIONS) private readonly revocations: SessionRevocations,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(PreferencesService) private readonly preferences: PreferencesService,
  ) {}

  async login(request: LoginRequest): Promise<LoginAnswer> {
    const user = await this.repository.findUserForSignIn(request.email.trim().toLowerCase());
    const matches = user?.passwordHash
      ? await verifyPassword(user.passwordHash, request.password)
      : await verifyAgainstDecoy(request.password);
    if (!user || !matches) throw new RpcFailure('unauthenticated', INVALID_CREDENTIALS);
    if (user.suspendedAt) throw new RpcFailure('forbidden', ACCOUNT_SUSPENDED);
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
    // Every way in ends here: a suspended member never gets a session, whatever checked them.
    if (user.suspendedAt) throw new RpcFailure('forbidden', ACCOUNT_SUSPENDED);
    const token = newSessionToken();
    const lifetimeMs = request.rememberMe
      ? this.config.REMEMBER_ME_DAYS * 86_400_000
      : this.config.SESSION_TTL_HOURS * 3_600_000;
    const now = new Date();
    const session = await this.repository.openSession({
      tokenHash: digestSessionToken(token),
      user,
      persistent: request.rememberMe,
      ip: request.client.ip,
      userAgent: request.client.userAgent,
      openedAt: now,
      expiresAt: new Date(now.getTime() + lifetimeMs),
      method,
    });
    // Every way in passes here: what is written to them later (notifications, mails) follows
    // this browser when they chose no language and their organization has no default, and this
    // device's zone when they chose none.
    await Promise.all([
      this.preferences.rememberBrowser(user.id, request.client.acceptLanguage),
      this.preferences.rememberTimeZone(user.id, request.client.timeZone),
    ]);
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

  /**
   * The live session behind a token, with the user's current role; null when ended or unknown.
   * `acceptLanguage` and `timeZone` are the browser's and device's that use it, remembered as at
   * a sign-in.
   */
  async resolve(
    token: string,
    acceptLanguage?: string,
    timeZone?: string,
  ): Promise<SessionView | null> {
    // Gateways resolve a session at most every few seconds (their cache): that is when it was
    // last seen.
    const row = await this.repository.findLiveSession(digestSessionToken(token));
    if (!row) return null;
    // Someone signed in for weeks ("remember me") may switch their phone to another language, or
    // travel to another zone, meanwhile: what is written to them later follows the phone of now.
    await Promise.all([
      this.preferences.rememberBrowser(row.user_id, acceptLanguage, row.browser_language),
      this.preferences.rememberTimeZone(row.user_id, timeZone, row.browser_time_zone),
    ]);
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
    const ended = await this.repository.revokeSession(digestSessionToken(token));
    await this.revocations.announce({ tokenHash: digestSessionToken(token) });
    return ended;
  }
}
