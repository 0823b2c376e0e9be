import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
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

interface SessionListRow {
  id: string;
  user_agent: string;
  ip: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
}

/** The Security settings: a user's own live sessions, listed and ended. */
@Injectable()
export class SessionsService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(REVOCATIONS) private readonly revocations: SessionRevocations,
  ) {}

  /** Live sessions of the actor only, most recently used first. */
  async list(actor: Actor, currentSessionId: string): Promise<UserSessions> {
    const rows: SessionListRow[] = await this.db.query(
      `SELECT id, user_agent, ip, created_at, last_seen_at, expires_at FROM sessions
        WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()
        ORDER BY (id = $2) DESC, last_seen_at DESC, created_at DESC`,
      [actor.userId, currentSessionId],
    );
    const [user] = (await this.db.query(`SELECT password_changed_at FROM users WHERE id = $1`, [
      actor.userId,
    ])) as { password_changed_at: Date | null }[];
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
      passwordChangedAt: user?.password_changed_at?.toISOString() ?? null,
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
    // Wrapped in a SELECT so the driver answers rows alike whatever the command.
    const ended = (await this.db.query(
      `WITH ended AS (
         UPDATE sessions SET revoked_at = now()
          WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL AND expires_at > now()
            AND ($3::uuid IS NULL OR id = $3::uuid)
          RETURNING token_hash
       ) SELECT token_hash FROM ended`,
      [actor.userId, currentSessionId, sessionId ?? null],
    )) as { token_hash: string }[];
    const hashes = ended.map((row) => row.token_hash);
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
