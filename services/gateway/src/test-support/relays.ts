import type { api, CameraAssignment, RpcContract } from '@hub/proto';
import type { RpcClient } from '@hub/kit';
import type { GuardedRequest } from '../http/request-context.js';
import { RELAYED_ROUTES, relayController } from '../relays/relay.controller.js';

/** The caller of the relay tests: a super admin, whose organization is none of the answers'. */
export const root = { userId: 1, organizationId: 1, role: 'super_admin' } as const;

/** Camera assignment `id` of Globex Plant (organization 7), no SOPs, no snapshot. */
export const cameraAssignment = (id: number, cameraName = `Camera ${id}`): CameraAssignment => ({
  id,
  cameraId: `cam-${id}`,
  cameraName,
  cameraModel: 'M1',
  cameraNotes: '',
  organizationId: 7,
  organizationName: 'Globex Plant',
  integrationId: 1,
  sopIds: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  snapshotEnabled: false,
  snapshotIntervalSeconds: 60,
  lastSnapshot: null,
});

/** Route `name` as the route table relays it. */
export function relayedRoute(name: keyof typeof api): (typeof RELAYED_ROUTES)[number] {
  const route = RELAYED_ROUTES.find(([routeName]) => routeName === name);
  if (!route) throw new Error(`${name} is not relayed`);
  return route;
}

/** The gateway's relay of route `name` alone, over `rpc`: its handler of a guarded request. */
export function relayHandler(
  name: keyof typeof api,
  rpc: RpcClient,
): (request: GuardedRequest) => Promise<unknown> {
  const Relay = relayController([relayedRoute(name)]);
  const relay = new Relay(rpc) as Record<string, (request: GuardedRequest) => Promise<unknown>>;
  return (request) => relay[name]!(request);
}

type Answer = (contract: RpcContract, request: unknown) => Promise<unknown>;

/**
 * The relay's transport: `call` answers its calls and `relay` the messages it passes on
 * unchanged (by default as `call`); every pattern asked is recorded, with its request.
 */
export function recordingTransport(call: Answer, relay: Answer = call) {
  const asked: { pattern: string; request: unknown }[] = [];
  const recorded =
    (answer: Answer): Answer =>
    (contract, request) => {
      asked.push({ pattern: contract.pattern, request });
      return answer(contract, request);
    };
  const rpc = { call: recorded(call), relay: recorded(relay) } as unknown as RpcClient;
  return { rpc, asked };
}
