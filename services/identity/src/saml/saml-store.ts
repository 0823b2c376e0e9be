import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { CacheItem, CacheProvider } from '@node-saml/node-saml';
import type { Redis } from 'ioredis';
import { connectRedis } from '@hub/kit';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config.js';

/** How long an AuthnRequest may wait for its response. */
export const REQUEST_TTL_MS = 10 * 60_000;

const digest = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * SAML state shared by every identity replica, in Redis under REDIS_PREFIX: the IDs of
 * AuthnRequests awaiting their response (InResponseTo), and the IDs of assertions already
 * used, each kept until the assertion would have expired anyway.
 */
@Injectable()
export class SamlStore implements OnModuleDestroy {
  private connection: Redis | undefined;

  constructor(@Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig) {}

  private get redis(): Redis {
    this.connection ??= connectRedis(this.config.REDIS_URL, 'identity-saml');
    return this.connection;
  }

  private key(...parts: (string | number)[]) {
    return `${this.config.REDIS_PREFIX}saml:${parts.join(':')}`;
  }

  /** node-saml's request-ID cache, scoped to one organization. */
  requestCache(organizationId: number, onSaved?: (id: string) => void): CacheProvider {
    const key = (id: string) => this.key('request', organizationId, digest(id));
    return {
      saveAsync: async (id: string, value: string): Promise<CacheItem | null> => {
        const saved = await this.redis.set(key(id), value, 'PX', REQUEST_TTL_MS, 'NX');
        if (saved === 'OK') onSaved?.(id);
        return saved === 'OK' ? { value, createdAt: Date.now() } : null;
      },
      getAsync: (id: string) => this.redis.get(key(id)),
      removeAsync: async (id: string | null) => {
        if (!id) return null;
        const removed = await this.redis.del(key(id));
        return removed > 0 ? id : null;
      },
    };
  }

  /** True the first time an assertion ID is seen (until `untilMs`), false for a replay. */
  async claimAssertion(organizationId: number, assertionId: string, untilMs: number) {
    const ttl = Math.min(Math.max(untilMs - Date.now(), 60_000), 7 * 86_400_000);
    const claimed = await this.redis.set(
      this.key('assertion', organizationId, digest(assertionId)),
      '1',
      'PX',
      Math.ceil(ttl),
      'NX',
    );
    return claimed === 'OK';
  }

  onModuleDestroy() {
    this.connection?.disconnect();
  }
}
