import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { Redis } from 'ioredis';
import {
  identityRpc,
  SessionRevocation,
  sessionRevocationChannel,
  type SessionView,
} from '@hub/proto';
import { connectRedis, digestSessionToken, RpcClient } from '@hub/kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import type { BrowserHints } from '../http/request-context.js';

interface CachedSession {
  session: SessionView;
  until: number;
}

/**
 * Resolves session cookies through identity, keeping each answer for a few seconds. Sessions that
 * end early are announced by identity on a Redis channel and dropped here at once; this gateway
 * also drops them itself when it is the one that ended them. Unknown tokens are never cached.
 */
@Injectable()
export class SessionCache implements OnModuleDestroy {
  private readonly logger = new Logger('SessionCache');
  private readonly sessions = new Map<string, CachedSession>();
  private readonly subscriber: Redis | null;
  private readonly ttlMs: number;

  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.ttlMs = config.SESSION_CACHE_SECONDS * 1000;
    this.subscriber =
      this.ttlMs > 0 ? connectRedis(config.REDIS_URL, 'gateway-session-revocations') : null;
    this.subscriber?.on('message', (_channel: string, message: string) =>
      this.onRevocation(message),
    );
    void this.subscriber?.subscribe(sessionRevocationChannel(config.REDIS_PREFIX));
    // A lost subscription would miss revocations: start over empty whenever it reconnects.
    this.subscriber?.on('ready', () => this.sessions.clear());
  }

  /**
   * The live session behind a token. `browser` (the request's `Accept-Language`, at most 512
   * characters, and device time zone) goes with the call to identity, which remembers it for what
   * it writes to the person later: noted when the answer is not cached, in the call made anyway.
   */
  async resolve(token: string, browser: BrowserHints = {}): Promise<SessionView | null> {
    const key = digestSessionToken(token);
    const cached = this.sessions.get(key);
    if (cached && cached.until > Date.now()) return cached.session;
    this.sessions.delete(key);
    const { session } = await this.rpc.call(identityRpc.resolveSession, { token, ...browser });
    if (session && this.ttlMs > 0) {
      const until = Math.min(Date.now() + this.ttlMs, Date.parse(session.expiresAt));
      this.sessions.set(key, { session, until });
    }
    return session;
  }

  forgetToken(token: string): void {
    this.sessions.delete(digestSessionToken(token));
  }

  forget(revocation: SessionRevocation): void {
    if ('tokenHash' in revocation) {
      this.sessions.delete(revocation.tokenHash);
      return;
    }
    for (const [key, { session }] of this.sessions) {
      const matches =
        'userId' in revocation
          ? session.actor.userId === revocation.userId &&
            session.sessionId !== revocation.exceptSessionId
          : session.actor.organizationId === revocation.organizationId;
      if (matches) this.sessions.delete(key);
    }
  }

  private onRevocation(message: string): void {
    const parsed = SessionRevocation.safeParse(JSON.parse(message));
    if (parsed.success) this.forget(parsed.data);
    else this.logger.warn(`unreadable session revocation: ${message}`);
  }

  onModuleDestroy(): void {
    this.subscriber?.disconnect();
  }
}
