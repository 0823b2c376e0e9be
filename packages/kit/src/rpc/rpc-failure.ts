import { RpcException } from '@nestjs/microservices';
import { Failure, type FailureKind, NOT_PERMITTED } from '@hub/proto';

/** A refusal or error a service answers; the gateway turns its kind into an HTTP status. */
export class RpcFailure extends RpcException {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly field?: string,
  ) {
    super({ kind, message, ...(field ? { field } : {}) });
  }

  static forbidden(message: string = NOT_PERMITTED) {
    return new RpcFailure('forbidden', message);
  }

  static notFound(message: string) {
    return new RpcFailure('not_found', message);
  }

  static validation(message: string, field?: string) {
    return new RpcFailure('validation', message, field);
  }
}

/** Reads a failure answered over RPC; anything unrecognised becomes an internal error. */
export function toFailure(value: unknown): Failure {
  const parsed = Failure.safeParse(value);
  if (parsed.success) return parsed.data;
  return { kind: 'internal', message: 'Internal server error' };
}
