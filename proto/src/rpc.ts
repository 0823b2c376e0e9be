import { Actor } from './roles.js';
import { z } from 'zod';
/** One request/answer exchange with a service over Redis. */
export interface RpcContract<
  TRequest extends z.ZodType = z.ZodType,
  TAnswer extends z.ZodType = z.ZodType,
> {
  service: string;
  pattern: string;
  request: TRequest;
  answer: TAnswer;
}

export function rpc<TRequest extends z.ZodType, TAnswer extends z.ZodType>(
  service: string,
  pattern: string,
  request: TRequest,
  answer: TAnswer,
): RpcContract<TRequest, TAnswer> {
  return { service, pattern: `${service}.${pattern}`, request, answer };
}

export const ActorOnly = z.object({ actor: Actor });

export const ClientContext = z.object({ ip: z.string(), userAgent: z.string().max(512) });

export const SessionView = z.object({
  sessionId: z.string(),
  actor: Actor,
  persistent: z.boolean(),
  expiresAt: z.string(),
});
export type SessionView = z.infer<typeof SessionView>;

export type RpcRequest<C extends RpcContract> = z.infer<C['request']>;
export type RpcAnswer<C extends RpcContract> = z.infer<C['answer']>;
