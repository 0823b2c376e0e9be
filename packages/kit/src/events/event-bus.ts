import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { DomainEvent } from '@hub/proto';
import { connectRedis, logger } from '@hub/runtime';

const log = logger('events');

type StreamEntries = [string, [string, string[]][]][] | null;
export type EventHandler = (event: DomainEvent) => Promise<void>;

/** A handled event is retried after this long when its handler failed or its consumer died. */
const RETRY_AFTER_MS = 30_000;

/**
 * Durable fan-out: every event goes on one Redis stream, and each service reads it through a
 * consumer group of its own, so every service sees every event once, even after a restart.
 * A handler that throws leaves the event pending; it is claimed again later.
 */
export class EventBus {
  private readonly writer: Redis;
  private readonly streamKey: string;

  constructor(
    private readonly url: string,
    private readonly prefix: string,
  ) {
    this.writer = connectRedis(url, 'events-writer');
    this.streamKey = `${prefix}events`;
  }

  async publish(event: DomainEvent): Promise<void> {
    await this.writer.xadd(this.streamKey, 'MAXLEN', '~', 100_000, '*', 'e', JSON.stringify(event));
  }

  subscribe(service: string, handle: EventHandler): EventSubscription {
    return new EventSubscription(
      connectRedis(this.url, `${service}-events`),
      this.streamKey,
      service,
      handle,
    );
  }

  async close(): Promise<void> {
    this.writer.disconnect();
  }
}

export class EventSubscription {
  private running = true;
  private readonly consumer = randomUUID();
  private readonly loop: Promise<void>;

  constructor(
    private readonly redis: Redis,
    private readonly streamKey: string,
    private readonly group: string,
    private readonly handle: EventHandler,
  ) {
    this.loop = this.run();
  }

  private async run(): Promise<void> {
    await this.redis
      .xgroup('CREATE', this.streamKey, this.group, '0', 'MKSTREAM')
      .catch((error: unknown) => {
        if (!String(error).includes('BUSYGROUP')) throw error;
      });
    while (this.running) {
      try {
        await this.claimStale();
        const batch = (await this.redis.xreadgroup(
          'GROUP',
          this.group,
          this.consumer,
          'COUNT',
          20,
          'BLOCK',
          1000,
          'STREAMS',
          this.streamKey,
          '>',
        )) as StreamEntries;
        for (const [, entries] of batch ?? [])
          for (const [id, fields] of entries) await this.deliver(id, fields);
      } catch (error) {
        if (!this.running) return;
        log.error({ group: this.group }, String(error));
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  private async claimStale(): Promise<void> {
    const [, entries] = (await this.redis.xautoclaim(
      this.streamKey,
      this.group,
      this.consumer,
      RETRY_AFTER_MS,
      '0-0',
      'COUNT',
      20,
    )) as [string, [string, string[] | null][]];
    for (const [id, fields] of entries) if (fields) await this.deliver(id, fields);
  }

  private async deliver(id: string, fields: string[]): Promise<void> {
    try {
      await this.handle(JSON.parse(fields[1] ?? '{}') as DomainEvent);
      await this.redis.xack(this.streamKey, this.group, id);
    } catch (error) {
      log.error({ group: this.group }, `event ${id} failed, will retry: ${String(error)}`);
    }
  }

  async close(): Promise<void> {
    this.running = false;
    this.redis.disconnect();
    await this.loop.catch(() => undefined);
  }
}
