import 'reflect-metadata';
import { api, type RouteContract } from '@hub/proto';
import { describe, expect, it } from 'vitest';
import { auditEntryOf } from '../audit/audit-trail.js';
import type { GuardedRequest } from '../http/request-context.js';
import {
  cameraAssignment,
  recordingTransport,
  relayedRoute,
  relayHandler,
  root,
} from '../test-support/relays.js';

const assignment = cameraAssignment(5, 'Dock');

/** The relay's handler of one route, its service answering `answer` to whatever is asked. */
function relayOf(name: keyof typeof api, answer: unknown) {
  const { rpc, asked } = recordingTransport(
    () => Promise.resolve(answer),
    () => Promise.reject(new Error('answered unchanged: its organization would go out')),
  );
  const handler = relayHandler(name, rpc);
  const request = Object.assign(
    { params: { id: 5 }, body: { sopIds: [] }, query: {} },
    { ip: '10.0.0.9', headers: { 'user-agent': 'test' }, actor: root },
  ) as unknown as GuardedRequest;
  return { handle: () => handler(request), request, route: relayedRoute(name)[1], asked };
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
