import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { lastValueFrom } from 'rxjs';
import { Server, type CustomTransportStrategy } from '@nestjs/microservices';
import { rpcHandledDuration } from '../metrics/metrics.js';
import { connectRedis } from '../redis/redis.js';
import { shutdownGraceMs } from '../lifecycle/shutdown.js';
import { markFailed, SpanKind, traced } from '../tracing/tracing.js';
import { toFailure } from './rpc-failure.js';
import { rpcAttributes } from './rpc-client.js';
import { requestStreamKey, type RpcReplyEnvelope, type RpcRequestEnvelope } from './rpc-wire.js';

export interface RedisStreamsServerOptions {
  url: string;
  prefix: string;
  service: string;
  /** How many requests one replica works on at once. */
  concurrency?: number;
}

type StreamEntries = [string, [string, string[]][]][] | null;

/**
 * A Nest transport that takes requests from the service's Redis stream through a consumer
 * group, so replicas share the load and each request is handled once.
 */
export class RedisStreamsServer extends Server implements CustomTransportStrategy {
  private readonly consumer = randomUUID();
  private reader?: Redis;
  private writer?: Redis;
  private running = false;
  private inFlight = 0;
  private loop?: Promise<void>;
  /** Wakes the read loop when it waits for a request in flight to finish. */
  private roomFreed?: () => void;

  constructor(private readonly options: RedisStreamsServerOptions) {
    super();
  }

  private get stream() {
    return requestStreamKey(this.options.prefix, this.options.service);
  }

  async listen(callback: (error?: unknown) => void): Promise<void> {
    try {
      this.reader = connectRedis(this.options.url, `${this.options.service}-rpc-reader`);
      this.writer = connectRedis(this.options.url, `${this.options.service}-rpc-writer`, {
        autoPipelining: true,
      });
      await this.createGroup();
      this.running = true;
      this.loop = this.readLoop();
      callback();
    } catch (error) {
      callback(error);
    }
  }

  private async createGroup(): Promise<void> {
    try {
      await this.writer!.xgroup('CREATE', this.stream, this.options.service, '$', 'MKSTREAM');
    } catch (error) {
      if (!String(error).includes('BUSYGROUP')) throw error;
    }
  }

  private async readLoop(): Promise<void> {
    const limit = this.options.concurrency ?? 64;
    while (this.running) {
      const room = limit - this.inFlight;
      if (room <= 0) {
        await new Promise<void>((resolve) => (this.roomFreed = resolve));
        continue;
      }
      let batch: StreamEntries;
      try {
        batch = (await this.reader!.xreadgroup(
          'GROUP',
          this.options.service,
          this.consumer,
          'COUNT',
          room,
          'BLOCK',
          1000,
          'STREAMS',
          this.stream,
          '>',
        )) as StreamEntries;
      } catch (error) {
        if (!this.running) return;
        this.logger.error(`reading ${this.stream} failed: ${String(error)}`);
        if (String(error).includes('NOGROUP')) await this.createGroup().catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 500));
        continue;
      }
      for (const [, entries] of batch ?? []) {
        for (const [entryId, fields] of entries) void this.handleEntry(entryId, fields);
      }
    }
  }

  /** Answers one request; the reply, the acknowledgement and the removal go in one round trip. */
  private async handleEntry(entryId: string, fields: string[]): Promise<void> {
    this.inFlight += 1;
    const done = this.writer!.pipeline();
    try {
      const envelope = JSON.parse(fields[1] ?? '{}') as RpcRequestEnvelope;
      if (envelope.deadline >= Date.now()) {
        const reply = await this.timedAnswer(envelope);
        done.publish(envelope.replyTo, JSON.stringify(reply));
      }
    } catch (error) {
      this.logger.error(`request ${entryId} could not be handled: ${String(error)}`);
    } finally {
      this.inFlight -= 1;
      this.roomFreed?.();
      this.roomFreed = undefined;
      await done
        .xack(this.stream, this.options.service, entryId)
        .xdel(this.stream, entryId)
        .exec()
        .catch((error: unknown) =>
          this.logger.error(`acknowledging ${entryId} failed: ${String(error)}`),
        );
    }
  }

  /** Answers inside a span that continues the caller's trace, timed for the metrics. */
  private timedAnswer(envelope: RpcRequestEnvelope): Promise<RpcReplyEnvelope> {
    const { service } = this.options;
    const { pattern } = envelope;
    const attributes = rpcAttributes({ service, pattern });
    return traced(
      `${service} ${pattern}`,
      { kind: SpanKind.SERVER, parent: envelope.trace, attributes },
      async (span) => {
        const stopTimer = rpcHandledDuration.startTimer({ service, pattern });
        const reply = await this.answer(envelope);
        stopTimer({ outcome: reply.ok ? 'ok' : reply.failure.kind });
        if (!reply.ok) markFailed(span, reply.failure.kind);
        return reply;
      },
    );
  }

  private async answer(envelope: RpcRequestEnvelope): Promise<RpcReplyEnvelope> {
    // Our patterns are plain strings, registered as they are: found directly. Nest's own lookup
    // first tries them as JSON, which throws a SyntaxError on every request (~3 % of identity's
    // busy time in the request-path bench); it stays for any other pattern.
    const handler =
      this.messageHandlers.get(envelope.pattern) ?? this.getHandlerByPattern(envelope.pattern);
    if (!handler) {
      return {
        id: envelope.id,
        ok: false,
        failure: { kind: 'internal', message: `No handler for ${envelope.pattern}` },
      };
    }
    try {
      const data = await lastValueFrom(this.transformToObservable(await handler(envelope.data)), {
        defaultValue: null,
      });
      return { id: envelope.id, ok: true, data };
    } catch (error) {
      const failure = toFailure(error);
      if (failure.kind === 'internal') this.logger.error(`${envelope.pattern} failed`, error);
      return { id: envelope.id, ok: false, failure };
    }
  }

  on(): never {
    throw new Error('RedisStreamsServer has no events to listen to.');
  }

  unwrap<T>(): T {
    return this.reader as T;
  }

  /** Stops reading new requests, then lets the ones in flight answer (up to the shutdown grace). */
  async close(): Promise<void> {
    this.running = false;
    this.roomFreed?.();
    this.reader?.disconnect();
    await this.loop?.catch(() => undefined);
    const deadline = Date.now() + shutdownGraceMs();
    while (this.inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    this.writer?.disconnect();
  }
}
