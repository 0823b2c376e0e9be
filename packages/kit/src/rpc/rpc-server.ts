import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { lastValueFrom } from 'rxjs';
import { Server, type CustomTransportStrategy } from '@nestjs/microservices';
import {
  connectRedis,
  logger,
  markFailed,
  rpcHandledDuration,
  shutdownGraceMs,
  SpanKind,
  traced,
} from '@hub/runtime';
import { toFailure } from './rpc-failure.js';
import { rpcAttributes } from './rpc-client.js';
import { noHandlerMessage } from './older-pattern.js';
import { answerConformance } from './answer-conformance.js';
import { handledContract } from './rpc-handler.js';
import { requestStreamKey, type RpcReplyEnvelope, type RpcRequestEnvelope } from './rpc-wire.js';

const log = logger('rpc');

export interface RedisStreamsServerOptions {
  url: string;
  prefix: string;
  service: string;
  /** How many requests one replica works on at once. */
  concurrency?: number;
}

/**
 * The answer as its contract states it, checked once, here, where it is made: fields the contract
 * does not name are dropped, so nothing else leaves the service. Callers only parse the JSON, and
 * the gateway passes it on to the browser as it is (RpcClient.relay). An answer that already is
 * exactly that goes as it is, without the parse's copy (answerConformance).
 */
function checkedAnswer(pattern: string, data: unknown): unknown {
  const contract = handledContract(pattern);
  if (!contract) return data;
  return answerConformance(contract.answer)?.(data) ? data : contract.answer.parse(data);
}

/** Replies longer than this wait for the turn's write as bytes. */
const REPLY_BYTES_FROM = 8 * 1024;

/**
 * A large reply (a list) waits for the turn's write as bytes, off the heap: as a string it was
 * copied by every scavenge in between and then joined into the pipeline's one string. A small
 * one stays a string, which the pipeline joins more cheaply than it copies bytes.
 */
function replyMessage(reply: RpcReplyEnvelope): string | Buffer {
  const json = JSON.stringify(reply);
  return json.length > REPLY_BYTES_FROM ? Buffer.from(json) : json;
}

type StreamEntries = [string, [string, string[]][]][] | null;

interface FinishedRequest {
  entryId: string;
  reply?: { channel: string; message: string | Buffer };
}

/**
 * A Nest transport that takes requests from the service's Redis stream through a consumer
 * group, so replicas share the load and each request is handled once.
 *
 * Requests are read without acknowledgement (NOACK): nothing ever claims a request a replica
 * took and did not answer (its caller has given up by then), so a pending-entries list would
 * only cost an XACK per request. The answers finished in one turn of the event loop go out in
 * one write: their PUBLISHes and one XDEL of their entries.
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
  /** Requests answered since the last write, written together at the end of this turn. */
  private finished: FinishedRequest[] = [];
  /** Settles once the finished requests scheduled so far are written (awaited on close). */
  private written: Promise<void> = Promise.resolve();

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

  /**
   * The service's group, from the stream's first entry: requests sent before the service's first
   * start (every service starting at once; a Redis that lost its data) are answered once it is up,
   * where a group from the stream's end ('$') left them unread until their callers gave up. Each
   * entry is removed once answered, so what it finds is unanswered, and a request past its deadline
   * is skipped (handleEntry).
   */
  private async createGroup(): Promise<void> {
    try {
      await this.writer!.xgroup('CREATE', this.stream, this.options.service, '0', 'MKSTREAM');
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
          'NOACK',
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

  /** Answers one request; its reply and the entry's removal go out with the turn's others. */
  private async handleEntry(entryId: string, fields: string[]): Promise<void> {
    this.inFlight += 1;
    const finished: FinishedRequest = { entryId };
    try {
      const envelope = JSON.parse(fields[1] ?? '{}') as RpcRequestEnvelope;
      if (envelope.deadline >= Date.now()) {
        const reply = await this.timedAnswer(envelope);
        finished.reply = { channel: envelope.replyTo, message: replyMessage(reply) };
      }
    } catch (error) {
      this.logger.error(`request ${entryId} could not be handled: ${String(error)}`);
    } finally {
      this.inFlight -= 1;
      this.roomFreed?.();
      this.roomFreed = undefined;
      this.finish(finished);
    }
  }

  private finish(request: FinishedRequest): void {
    this.finished.push(request);
    if (this.finished.length > 1) return;
    this.written = new Promise((resolve) =>
      setImmediate(() => void this.writeFinished().then(resolve)),
    );
  }

  private async writeFinished(): Promise<void> {
    const batch = this.finished;
    this.finished = [];
    const writes = this.writer!.pipeline();
    for (const { reply } of batch) if (reply) writes.publish(reply.channel, reply.message);
    writes.xdel(this.stream, ...batch.map(({ entryId }) => entryId));
    await writes
      .exec()
      .catch((error: unknown) =>
        this.logger.error(`answering ${batch.length} requests failed: ${String(error)}`),
      );
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
        const outcome = reply.ok ? 'ok' : reply.failure.kind;
        const seconds = stopTimer({ outcome });
        // In the span: the line carries the caller's trace id.
        log.debug(`${pattern} answered ${outcome} in ${Math.round(seconds * 1000)} ms`);
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
        failure: { kind: 'internal', message: noHandlerMessage(envelope.pattern) },
      };
    }
    try {
      const data = await lastValueFrom(this.transformToObservable(await handler(envelope.data)), {
        defaultValue: null,
      });
      return { id: envelope.id, ok: true, data: checkedAnswer(envelope.pattern, data) };
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
    await this.written;
    this.writer?.disconnect();
  }
}
