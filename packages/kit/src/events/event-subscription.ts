import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { logger } from '@hub/runtime';
import {
  type DeadLetter,
  deadLetterFields,
  type EventHandler,
  type EventStreams,
  handleEntry,
  publishedAt,
  readDeadLetter,
} from './event-entries.js';

const log = logger('events');

type StreamEntries = [string, [string, string[]][]][] | null;

/** A handled event is retried after this long when its handler failed or its consumer died. */
const RETRY_AFTER_MS = 30_000;

/** Dead letters read at a time when a subscription starts. */
const DEAD_LETTER_PAGE = 100;

/**
 * One service's reading of the event stream through its consumer group: new entries and those
 * a dead consumer left are handled, and a poison entry is set aside as a dead letter.
 */
export class EventSubscription {
  private running = true;
  private readonly consumer = randomUUID();
  private readonly loop: Promise<void>;

  constructor(
    private readonly redis: Redis,
    private readonly streams: EventStreams,
    private readonly group: string,
    private readonly handle: EventHandler,
  ) {
    this.loop = this.run();
  }

  private async run(): Promise<void> {
    await this.start();
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
          this.streams.events,
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

  /**
   * Joins the group, then gives its dead letters one more try: a start is often a deploy, and
   * what failed before may be handled by the code now running.
   */
  private async start(): Promise<void> {
    await this.redis
      .xgroup('CREATE', this.streams.events, this.group, '0', 'MKSTREAM')
      .catch((error: unknown) => {
        if (!String(error).includes('BUSYGROUP')) throw error;
      });
    await this.retryDeadLetters().catch((error: unknown) => {
      if (this.running)
        log.error({ group: this.group }, `dead letters not retried: ${String(error)}`);
    });
  }

  private async claimStale(): Promise<void> {
    const [, entries] = (await this.redis.xautoclaim(
      this.streams.events,
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
    const handling = await handleEntry(this.group, id, fields, this.handle, () =>
      this.redis.xack(this.streams.events, this.group, id),
    );
    const age = Date.now() - publishedAt(id);
    if (!handling.handled && age >= this.streams.bounds.deadLetterAfterMs)
      await this.deadLetter({ group: this.group, id, reason: handling.reason, fields });
  }

  /**
   * Sets a poison entry aside, then acknowledges it, so trim no longer waits for it. Not one
   * MULTI: Redis runs a transaction's XACK even when its XADD fails, which would lose the entry;
   * a crash between the two at worst leaves it pending, to be handled and set aside once more.
   */
  private async deadLetter(letter: DeadLetter): Promise<void> {
    const { events, deadLetters, bounds } = this.streams;
    const fields = deadLetterFields(letter);
    await this.redis.xadd(deadLetters, 'MAXLEN', '~', bounds.maxEntries, '*', ...fields);
    await this.redis.xack(events, this.group, letter.id);
    log.error(
      { group: this.group },
      `event ${letter.id} is a dead letter, retried at the next start: ${letter.reason}`,
    );
  }

  /** Gives each of this group's dead letters one more try; one handled is removed. */
  private async retryDeadLetters(): Promise<void> {
    let start = '-';
    while (this.running) {
      const page = (await this.redis.xrange(
        this.streams.deadLetters,
        start,
        '+',
        'COUNT',
        DEAD_LETTER_PAGE,
      )) as [string, string[]][];
      for (const [deadId, fields] of page) await this.retryDeadLetter(deadId, fields);
      if (page.length < DEAD_LETTER_PAGE) return;
      start = `(${page.at(-1)![0]}`;
    }
  }

  private async retryDeadLetter(deadId: string, fields: string[]): Promise<void> {
    const letter = readDeadLetter(fields);
    if (letter.group !== this.group) return;
    const handling = await handleEntry(this.group, letter.id, letter.fields, this.handle, () =>
      this.redis.xdel(this.streams.deadLetters, deadId),
    );
    if (handling.handled) log.info({ group: this.group }, `dead letter ${letter.id} handled`);
  }

  async close(): Promise<void> {
    this.running = false;
    this.redis.disconnect();
    await this.loop.catch(() => undefined);
  }
}
