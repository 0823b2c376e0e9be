import {
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
  type PipeTransform,
  UseGuards,
  UsePipes,
} from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { type ResolvedRpcAccess, type RpcContract, rpcAccess } from '@hub/proto';
import { requireContractAccess } from '../authz/rpc-access.js';
import { RpcFailure } from './rpc-failure.js';

/**
 * Refuses the roles the contract's access does not declare. A guard, not part of the pipe:
 * pipes run only on a handler's `@Payload()` parameter, and a handler that needs nothing of its
 * request (an overview, a list) must be locked all the same. Guards also run before pipes, so a
 * refused role is told no more than the gateway tells it.
 */
export class ContractAccessGuard implements CanActivate {
  /** Resolved once, when the handler is declared: an RPC without its roles fails the start. */
  private readonly access: ResolvedRpcAccess;

  constructor(contract: RpcContract) {
    this.access = rpcAccess(contract);
  }

  canActivate(context: ExecutionContext): boolean {
    requireContractAccess(this.access, context.switchToRpc().getData());
    return true;
  }
}

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
 * Marks a service method as the handler of one RPC contract: refuses the roles its access does
 * not declare and validates its request; the transport checks its answer against the same
 * contract (RedisStreamsServer).
 */
export function RpcHandler(contract: RpcContract) {
  handledContracts.set(contract.pattern, contract);
  return applyDecorators(
    MessagePattern(contract.pattern),
    UseGuards(new ContractAccessGuard(contract)),
    UsePipes(new ContractPipe(contract)),
  );
}
