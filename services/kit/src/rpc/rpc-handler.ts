import { applyDecorators, type PipeTransform, UsePipes } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { RpcContract } from '@hub/proto';
import { RpcFailure } from './rpc-failure.js';

class ContractPipe implements PipeTransform {
  constructor(private readonly contract: RpcContract) {}

  transform(value: unknown) {
    const parsed = this.contract.request.safeParse(value);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    throw RpcFailure.validation(issue?.message ?? 'Invalid request', issue?.path.join('.'));
  }
}

const handledContracts = new Map<string, RpcContract>();

/** The contract of a pattern some RpcHandler handles in this process. */
export const handledContract = (pattern: string): RpcContract | undefined =>
  handledContracts.get(pattern);

/**
 * Marks a service method as the handler of one RPC contract and validates its request; the
 * transport checks its answer against the same contract (RedisStreamsServer).
 */
export function RpcHandler(contract: RpcContract) {
  handledContracts.set(contract.pattern, contract);
  return applyDecorators(MessagePattern(contract.pattern), UsePipes(new ContractPipe(contract)));
}
