import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  CURRENT_SESSION_NOT_ENDED,
  SESSION_NOT_FOUND,
  type SessionRevocation,
  type UserSessions,
} from '@hub/proto';
import { RpcFailure } from '@hub/kit';
import { REVOCATIONS } from '../tokens.js';
import type { SessionRevocations } from '../auth/session-revocations.js';
import { SettingsRepository } from './settings.repository.js';

/** The Security settings: a user's own live sessions, listed and ended. */
@Injectable()
export class SessionsService {
  constructor(
    @Inject(SettingsRepository) private readonly settings: SettingsRepository,
    @Inject(REVOCATIONS) private readonly revocations: SessionRevocations,
  ) {}

  /** Live sessions of the actor only, most recently used first. */
  async list(actor: Actor, currentSessionId: string): Promise<UserSessions> {
    const rows = await this.settings.findLiveSessions(actor.userId, currentSessionId);
    const passwordChangedAt = await this.settings.findPasswordChangedAt(actor.userId);
    return {
      sessions: rows.map((row) => ({
        id: row.id,
        device: row.user_agent,
        ip: row.ip,
        signedInAt: row.created_at.toISOString(),
        lastSeenAt: row.last_seen_at.toISOString(),
        expiresAt: row.expires_at.toISOString(),
        current: row.id === currentSessionId,
      })),
      passwordChangedAt: passwordChangedAt?.toISOString() ?? null,
    };
  }

  /**
   * Ends one other session of the actor (sessionId) or all of them but the current one. A
   * session of someone else reads as not found: its existence is not the actor's business.
   */
  async end(
    actor: Actor,
    currentSessionId: string,
    sessionId?: string,
  ): Promise<{ message: string; revocations: SessionRevocation[] }> {
    if (sessionId === currentSessionId) throw RpcFailure.validation(CURRENT_SESSION_NOT_ENDED);
    const hashes = await this.settings.endSessions(
      actor.userId,
      currentSessionId,
      sessionId ?? null,
    );
    if (sessionId && hashes.length === 0) throw new RpcFailure('not_found', SESSION_NOT_FOUND);
    const revocations: SessionRevocation[] = hashes.map((tokenHash) => ({ tokenHash }));
    for (const revocation of revocations) await this.revocations.announce(revocation);
    const count = hashes.length;
    const message = sessionId
      ? 'The session was signed out.'
      : count === 0
        ? 'There were no other sessions to sign out.'
        : `${count} other session${count === 1 ? ' was' : 's were'} signed out.`;
    return { message, revocations };
  }
}
