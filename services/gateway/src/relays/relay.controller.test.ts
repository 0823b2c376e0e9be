import 'reflect-metadata';
import { api, type CameraAssignment, type RouteContract, type RpcContract } from '@hub/proto';
import type { RpcClient } from '@hub/kit';
import { describe, expect, it } from 'vitest';
import { auditEntryOf } from '../audit/audit-trail.js';
import type { GuardedRequest } from '../http/request-context.js';
import { RELAYED_ROUTES, relayController } from './relay.controller.js';

const root = { userId: 1, organizationId: 1, role: 'super_admin' } as const;

const assignment: CameraAssignment = {
  id: 5,
  cameraId: 'cam-5',
  cameraName: 'Dock',
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
};

/** The relay's handler of one route, its service answering `answer` to whatever is asked. */
function relayOf(name: keyof typeof api, answer: unknown) {
  const asked: { pattern: string; request: unknown }[] = [];
  const rpc = {
    call: (contract: RpcContract, request: unknown) => {
      asked.push({ pattern: contract.pattern, request });
      return Promise.resolve(answer);
    },
    relay: () => Promise.reject(new Error('answered unchanged: its organization would go out')),
  } as unknown as RpcClient;
  const route = RELAYED_ROUTES.find(([routeName]) => routeName === name);
  if (!route) throw new Error(`${name} is not relayed`);
  const Relay = relayController([route]);
  const relay = new Relay(rpc) as Record<string, (request: GuardedRequest) => Promise<unknown>>;
  const request = Object.assign(
    { params: { id: 5 }, body: { sopIds: [] }, query: {} },
    { ip: '10.0.0.9', headers: { 'user-agent': 'test' }, actor: root },
  ) as unknown as GuardedRequest;
  return { handle: () => relay[name]!(request), request, route: route[1], asked };
}

describe("relayed routes whose audit entry is the organization the service's answer names", () => {
  it('are every such route but the deletion of a person (whose sessions the gateway ends)', () => {
    const handwritten = (Object.entries(api) as [string, RouteContract][])
      .filter(([, route]) => typeof route.auditOrganization === 'object' && !route.relay)
      .map(([name]) => name);
    expect(handwritten).toEqual(['deleteUser']);
  });

  it("file the entry under that organization and answer the route's message without it", async () => {
    const answer = { message: 'Invitation sent', invitationSent: true, organizationId: 7 };
    const { handle, request, route, asked } = relayOf('resendInvitation', answer);
    expect(await handle()).toEqual({ message: 'Invitation sent', invitationSent: true });
    expect(asked).toEqual([
      { pattern: 'identity.admin.users.resendInvitation', request: { actor: root, userId: 5 } },
    ]);
    expect(auditEntryOf(request, route, 200)).toMatchObject({ organizationId: 7, target: 'id=5' });
  });

  it('keep the organization in an answer whose route names it (a camera assignment)', async () => {
    const { handle, request, route } = relayOf('updateCameraAssignmentSops', assignment);
    expect(await handle()).toEqual(assignment);
    expect(auditEntryOf(request, route, 200).organizationId).toBe(7);
  });
});
