import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RpcException } from '@nestjs/microservices';
import type { z } from 'zod';
import { ERROR_TEXTS, type Failure, type RpcContract } from '@hub/proto';
import { connectRedis, currentTraceCarrier, SpanKind, traced, whenRedisReady } from '@hub/runtime';
import { ChunkStreamGone, ChunkWriter, chunkStreamKeys, readChunks } from './chunk-stream.js';
import { RelayedAnswer } from './relayed-answer.js';
import {
  cutOkReply,
  replyChannel,
  requestStreamKey,
  type RpcReplyEnvelope,
  type RpcRequestEnvelope,
} from './rpc-wire.js';

/**
 * A service's refusal as the caller receives it. It is itself an RpcException, so a service that
 * calls another passes the refusal on to its own caller unchanged.
 */
export class RpcCallError extends RpcException {
  constructor(readonly failure: Failure) {
    super(failure);
  }
}

interface PendingCall {
  /** Settled with the answer's JSON bytes. */
  resolve: (json: Buffer) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** Request streams are trimmed to about this many entries so a stopped service cannot fill Redis. */
const STREAM_MAX_LENGTH = 10_000;

/** How long a call waits for Redis to come back before it is refused as unavailable. */
const REDIS_WAIT_MS = 1_000;

export const REDIS_UNAVAILABLE = ERROR_TEXTS.broker_unavailable;

/** OpenTelemetry's RPC attributes for a call of `contract`, on both sides. */
export const rpcAttributes = (contract: Pick<RpcContract, 'service' | 'pattern'>) => ({
  'rpc.system': 'hub-redis-streams',
  'rpc.service': contract.service,
  'rpc.method': contract.pattern,
});

const redisUnavailable = () =>
  new RpcCallError({ kind: 'unavailable', message: REDIS_UNAVAILABLE });

/**
 * Calls services over Redis: each request goes on the service's stream (any replica may take
 * it), the answer comes back on this client's own reply channel, subscribed once. Concurrent
 * calls share one write to Redis (auto-pipelining). Request and answer are each validated once,
 * by the owning service (RpcHandler, RedisStreamsServer), which also drops answer fields the
 * contract does not name; here the answer is only parsed, or passed on as it came (`relay`).
 */
export class RpcClient {
  private readonly id = randomUUID();
  private readonly pending = new Map<string, PendingCall>();
  private readonly replyTo: string;
  private readonly commands: Redis;
  private readonly replies: Redis;
  private ready: Promise<void>;

  constructor(
    private readonly url: string,
    private readonly prefix: string,
    private readonly timeoutMs = 10_000,
  ) {
    this.commands = connectRedis(url, 'rpc-client', { autoPipelining: true, failFast: true });
    this.replies = connectRedis(url, 'rpc-client-replies');
    this.replies.on('messageBuffer', (_channel: Buffer, message: Buffer) => this.settle(message));
    // Replies published while the subscription is down are lost: fail those calls now.
    this.replies.on('close', () => this.failPending());
    this.replyTo = replyChannel(prefix, this.id);
    this.ready = this.replies.subscribe(this.replyTo).then(() => undefined);
  }

  /**
   * Resolves once the reply channel is subscribed and both connections are ready, or after
   * `waitMs` (Redis away at start: calls then answer unavailable until it is back).
   */
  async whenConnected(waitMs: number): Promise<boolean> {
    const subscribed = await Promise.race([
      this.ready.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), waitMs).unref()),
    ]);
    return subscribed && (await whenRedisReady(this.commands, waitMs));
  }

  /** Whether calls can go out now (false while Redis cannot be reached). */
  get connected(): boolean {
    return this.commands.status === 'ready' && this.replies.status === 'ready';
  }

  async call<C extends RpcContract>(
    contract: C,
    request: z.input<C['request']>,
    timeoutMs = this.timeoutMs,
  ): Promise<z.output<C['answer']>> {
    const json = await this.tracedSend(contract, request, timeoutMs);
    return JSON.parse(json.toString()) as z.output<C['answer']>;
  }

  /** The answer as the service wrote it, for a caller that passes it on unchanged (the gateway). */
  async relay<C extends RpcContract>(
    contract: C,
    request: z.input<C['request']>,
    timeoutMs = this.timeoutMs,
  ): Promise<RelayedAnswer<z.output<C['answer']>>> {
    return new RelayedAnswer(await this.tracedSend(contract, request, timeoutMs));
  }

  private tracedSend(contract: RpcContract, request: unknown, timeoutMs: number): Promise<Buffer> {
    return traced(
      `${contract.service} ${contract.pattern}`,
      { kind: SpanKind.CLIENT, attributes: rpcAttributes(contract) },
      () => this.send(contract, request, timeoutMs),
    );
  }

  private async send(contract: RpcContract, request: unknown, timeoutMs: number): Promise<Buffer> {
    await this.ready;
    const waitMs = Math.min(REDIS_WAIT_MS, timeoutMs);
    const [commands, replies] = await Promise.all([
      whenRedisReady(this.commands, waitMs),
      whenRedisReady(this.replies, waitMs),
    ]);
    if (!commands || !replies) throw redisUnavailable();
    const id = randomUUID();
    const answer = new Promise<Buffer>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(
          new RpcCallError({
            kind: 'unavailable',
            message: `The ${contract.service} service did not answer in time.`,
          }),
        );
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
    });
    // It may be failed (Redis gone) while the request is still being sent; it is awaited below.
    answer.catch(() => undefined);
    const envelope: RpcRequestEnvelope = {
      id,
      pattern: contract.pattern,
      data: request,
      replyTo: this.replyTo,
      deadline: Date.now() + timeoutMs,
      trace: currentTraceCarrier(),
    };
    try {
      await this.commands.xadd(
        requestStreamKey(this.prefix, contract.service),
        'MAXLEN',
        '~',
        STREAM_MAX_LENGTH,
        '*',
        'm',
        JSON.stringify(envelope),
      );
    } catch {
      // Not sent (Redis went away): nothing will answer it.
      this.forget(id);
      throw redisUnavailable();
    }
    return answer;
  }

  private forget(id: string): void {
    const call = this.pending.get(id);
    if (call) clearTimeout(call.timer);
    this.pending.delete(id);
  }

  /**
   * Redis hangs: fails every call waiting for an answer as an outage (none will come soon), and
   * those still being sent, whose write would otherwise wait for as long as the hang lasts.
   */
  abandonPending(): void {
    this.failPending();
    this.commands.disconnect(true);
  }

  private failPending(): void {
    for (const [id, call] of this.pending) {
      this.forget(id);
      call.reject(redisUnavailable());
    }
  }

  private settle(message: Buffer): void {
    const ok = cutOkReply(message);
    const reply = ok ? null : (JSON.parse(message.toString()) as RpcReplyEnvelope);
    const id = ok?.id ?? reply?.id ?? '';
    const call = this.pending.get(id);
    if (!call) return;
    this.pending.delete(id);
    clearTimeout(call.timer);
    if (ok) call.resolve(ok.json);
    else if (reply?.ok) call.resolve(Buffer.from(JSON.stringify(reply.data ?? null)));
    else if (reply) call.reject(new RpcCallError(reply.failure));
  }

  /**
   * The chunks a service writes to the stream named `id` (chunk-stream.ts), read as the consumer
   * asks for them, over a connection of this stream's own (it waits in blocking pops); the
   * generator's return value is the writer's trailer.
   */
  async *chunks(id: string, idleMs?: number): AsyncGenerator<Buffer, string> {
    const redis = connectRedis(this.url, 'chunk-reader');
    try {
      return yield* readChunks(redis, chunkStreamKeys(this.prefix, id), idleMs);
    } finally {
      redis.disconnect();
    }
  }

  /**
   * Writes the stream named `id` with `produce`, then ends it with produce's trailer; a failure
   * ends it as failed (the reader throws) and is thrown on.
   */
  async writeChunks(
    id: string,
    produce: (writer: ChunkWriter) => Promise<string | void>,
    options: { window?: number; idleMs?: number } = {},
  ): Promise<void> {
    const redis = connectRedis(this.url, 'chunk-writer');
    const writer = new ChunkWriter(
      redis,
      chunkStreamKeys(this.prefix, id),
      options.window,
      options.idleMs,
    );
    try {
      const trailer = await produce(writer);
      await writer.end(trailer ?? '');
    } catch (error) {
      // A reader that is gone reads nothing more: nothing to tell it.
      if (!(error instanceof ChunkStreamGone))
        await writer
          .fail(error instanceof Error ? error.message : String(error))
          .catch(() => undefined);
      throw error;
    } finally {
      redis.disconnect();
    }
  }

  async close(): Promise<void> {
    for (const call of this.pending.values()) clearTimeout(call.timer);
    this.pending.clear();
    this.replies.disconnect();
    this.commands.disconnect();
  }
}
