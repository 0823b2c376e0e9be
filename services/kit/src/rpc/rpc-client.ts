import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RpcException } from '@nestjs/microservices';
import type { z } from 'zod';
import type { Failure, RpcContract } from '@hub/proto';
import { connectRedis } from '../redis/redis.js';
import {
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
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** Request streams are trimmed to about this many entries so a stopped service cannot fill Redis. */
const STREAM_MAX_LENGTH = 10_000;

/**
 * Calls services over Redis: each request goes on the service's stream (any replica may take
 * it), the answer comes back on this client's own reply channel, subscribed once. Concurrent
 * calls share one write to Redis (auto-pipelining). The request is validated once, by the
 * owning service (RpcHandler); the answer once, here, which also drops fields the contract
 * does not name.
 */
export class RpcClient {
  private readonly id = randomUUID();
  private readonly pending = new Map<string, PendingCall>();
  private readonly replyTo: string;
  private readonly commands: Redis;
  private readonly replies: Redis;
  private ready: Promise<void>;

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly timeoutMs = 10_000,
  ) {
    this.commands = connectRedis(url, 'rpc-client', { autoPipelining: true });
    this.replies = connectRedis(url, 'rpc-client-replies');
    this.replies.on('message', (_channel: string, message: string) => this.settle(message));
    this.replyTo = replyChannel(prefix, this.id);
    this.ready = this.replies.subscribe(this.replyTo).then(() => undefined);
  }

  async call<C extends RpcContract>(
    contract: C,
    request: z.input<C['request']>,
    timeoutMs = this.timeoutMs,
  ): Promise<z.output<C['answer']>> {
    await this.ready;
    const id = randomUUID();
    const answer = new Promise<unknown>((resolve, reject) => {
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
    const envelope: RpcRequestEnvelope = {
      id,
      pattern: contract.pattern,
      data: request,
      replyTo: this.replyTo,
      deadline: Date.now() + timeoutMs,
    };
    await this.commands.xadd(
      requestStreamKey(this.prefix, contract.service),
      'MAXLEN',
      '~',
      STREAM_MAX_LENGTH,
      '*',
      'm',
      JSON.stringify(envelope),
    );
    return contract.answer.parse(await answer) as z.output<C['answer']>;
  }

  private settle(message: string): void {
    const reply = JSON.parse(message) as RpcReplyEnvelope;
    const call = this.pending.get(reply.id);
    if (!call) return;
    this.pending.delete(reply.id);
    clearTimeout(call.timer);
    if (reply.ok) call.resolve(reply.data);
    else call.reject(new RpcCallError(reply.failure));
  }

  async close(): Promise<void> {
    for (const call of this.pending.values()) clearTimeout(call.timer);
    this.pending.clear();
    this.replies.disconnect();
    this.commands.disconnect();
  }
}
