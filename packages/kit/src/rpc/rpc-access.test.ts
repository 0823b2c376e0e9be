import 'reflect-metadata';
import type { CanActivate, ExecutionContext } from '@nestjs/common';
import { GUARDS_METADATA } from '@nestjs/common/constants.js';
import { describe, expect, it } from 'vitest';
import {
  type Actor,
  NOT_PERMITTED,
  ROLES,
  RPC_CONTRACTS,
  type RpcContract,
  rpcAccess,
  rpcTables,
} from '@hub/proto';
import { RpcFailure } from './rpc-failure.js';
import { RpcHandler } from './rpc-handler.js';

/**
 * Generated from the contracts: every RPC of the product, decorated as a service decorates its
 * handler, asked by an actor of each role. A role outside the contract's access (for FROM_ROUTES,
 * the roles of the routes relaying to it) is refused with
 * the gateway's words before the handler runs; a declared role gets through to the request's
 * validation. (The contracts' agreement with the gateway's routes is proto's rpc-access test.)
 */
function guardOf(contract: RpcContract): CanActivate {
  class Handler {
    handle() {}
  }
  const descriptor = Object.getOwnPropertyDescriptor(Handler.prototype, 'handle')!;
  RpcHandler(contract)(Handler.prototype, 'handle', descriptor);
  const guards = Reflect.getMetadata(GUARDS_METADATA, descriptor.value) as CanActivate[];
  expect(guards).toHaveLength(1);
  return guards[0]!;
}

const asking = (data: unknown) =>
  ({ switchToRpc: () => ({ getData: () => data, getContext: () => ({}) }) }) as ExecutionContext;

function outcome(guard: CanActivate, data: unknown) {
  try {
    return guard.canActivate(asking(data)) ? 'admitted' : 'refused';
  } catch (error) {
    if (error instanceof RpcFailure) return error.getError();
    throw error;
  }
}

const named = Object.entries(rpcTables).flatMap(([table, contracts]) =>
  Object.entries(contracts as Record<string, RpcContract>).map(
    ([name, contract]) => [`${table}.${name} (${contract.pattern})`, contract] as const,
  ),
);
const actor = (role: Actor['role']): Actor => ({ userId: 7, organizationId: 3, role });
const refusal = { kind: 'forbidden', message: NOT_PERMITTED };

describe('RPC access, enforced by RpcHandler', () => {
  it('covers every contract', () => {
    expect(named).toHaveLength(RPC_CONTRACTS.length);
  });

  it.each(named)('%s admits its declared roles only', (_, contract) => {
    const guard = guardOf(contract);
    for (const role of ROLES) {
      const answer = outcome(guard, { actor: actor(role) });
      const access = rpcAccess(contract);
      const declared = typeof access === 'string' || access.includes(role);
      expect(answer, role).toEqual(declared ? 'admitted' : refusal);
    }
  });

  it.each(named.filter(([, contract]) => typeof rpcAccess(contract) !== 'string'))(
    '%s refuses a request without an actor',
    (_, contract) => {
      expect(outcome(guardOf(contract), {})).toMatchObject({ kind: 'validation', field: 'actor' });
      expect(outcome(guardOf(contract), { actor: { role: 'admin' } })).toMatchObject({
        kind: 'validation',
      });
    },
  );
});
