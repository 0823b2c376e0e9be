import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { type SessionRevocation, sessionRevocationChannel } from '@hub/proto';

/** Tells every gateway which sessions just ended, so none keeps serving them from its cache. */
export class SessionRevocations {
  private readonly logger = new Logger('SessionRevocations');

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async announce(revocation: SessionRevocation): Promise<void> {
    await this.redis
      .publish(sessionRevocationChannel(this.prefix), JSON.stringify(revocation))
      .catch((error: unknown) => this.logger.warn(`revocation not announced: ${String(error)}`));
  }
}
