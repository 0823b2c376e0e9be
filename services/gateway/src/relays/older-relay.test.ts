import 'reflect-metadata';
import { type CameraAssignment, integrationRpc, type RpcContract } from '@hub/proto';
import { encodeCursor, noHandlerMessage, RpcCallError, type RpcClient } from '@hub/kit';
import { describe, expect, it } from 'vitest';
import type { GuardedRequest } from '../http/request-context.js';
import { RELAYED_ROUTES, relayController } from './relay.controller.js';

const root = { userId: 1, organizationId: 1, role: 'super_admin' } as const;

const assignment = (id: number): CameraAssignment => ({
  id,
  cameraId: `cam-${id}`,
  cameraName: `Camera ${id}`,
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

/** The previous release's whole list: oldest first by creation, so not in id order. */
const WHOLE_LIST = [assignment(9), assignment(5), assignment(12)];

/**
 * Integration during a rolling upgrade: the pod taking the call is of the previous release, which
 * fails this release's page as a pattern it has no handler for (its own words on the wire) and
 * answers its whole list. `refusal` instead fails the page as given. Each pattern asked recorded.
 */
function olderIntegration(refusal?: RpcCallError) {
  const asked: { pattern: string; request: unknown }[] = [];
  const answer = (contract: RpcContract, request: unknown) => {
    asked.push({ pattern: contract.pattern, request });
    if (contract.pattern === integrationRpc.assignmentPage.pattern)
      return Promise.reject(
        refusal ??
          new RpcCallError({ kind: 'internal', message: noHandlerMessage(contract.pattern) }),
      );
    if (contract.pattern === integrationRpc.assignments.pattern) return Promise.resolve(WHOLE_LIST);
    return Promise.reject(new Error(`not answered: ${contract.pattern}`));
  };
  const rpc = { call: answer, relay: answer } as unknown as RpcClient;
  return { rpc, asked };
}

/** GET /api/admin/camera-assignments through the gateway's relay, with `query` as parsed. */
function cameraAssignments(rpc: RpcClient, query: { cursor?: string; limit: number }) {
  const route = RELAYED_ROUTES.find(([name]) => name === 'cameraAssignments');
  if (!route) throw new Error('cameraAssignments is not relayed');
  const Relay = relayController([route]);
  const relay = new Relay(rpc) as Record<string, (request: GuardedRequest) => Promise<unknown>>;
  const request = { params: {}, body: undefined, query, actor: root } as unknown as GuardedRequest;
  return relay.cameraAssignments!(request);
}

describe('the camera assignments page from an integration pod of the previous release', () => {
  it('is the page of its whole list, by id, with the cursors of the new pages', async () => {
    const { rpc, asked } = olderIntegration();
    const first = await cameraAssignments(rpc, { limit: 2 });
    expect(first).toEqual({
      assignments: [assignment(5), assignment(9)],
      totalCount: 3,
      nextCursor: encodeCursor(['9']),
    });
    expect(asked).toEqual([
      { pattern: 'integration.assignments.page', request: { actor: root, page: { limit: 2 } } },
      { pattern: 'integration.assignments.list', request: { actor: root } },
    ]);
    const second = await cameraAssignments(rpc, { cursor: encodeCursor(['9']), limit: 2 });
    expect(second).toEqual({ assignments: [assignment(12)], totalCount: 3, nextCursor: null });
  });

  it("refuses a cursor that is not one of the list's as the service does", async () => {
    const { rpc } = olderIntegration();
    const refusal = await cameraAssignments(rpc, { cursor: encodeCursor(['x']), limit: 2 }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(RpcCallError);
    expect((refusal as RpcCallError).failure).toMatchObject({
      kind: 'validation',
      field: 'cursor',
    });
  });

  it('is not asked for when the page failed otherwise', async () => {
    const failures = [
      new RpcCallError({ kind: 'forbidden', message: 'Not for you.' }),
      new RpcCallError({ kind: 'internal', message: noHandlerMessage('integration.other') }),
      new RpcCallError({ kind: 'unavailable', message: 'The integration service did not answer.' }),
    ];
    for (const failure of failures) {
      const { rpc, asked } = olderIntegration(failure);
      await expect(cameraAssignments(rpc, { limit: 2 })).rejects.toBe(failure);
      expect(asked.map(({ pattern }) => pattern)).toEqual(['integration.assignments.page']);
    }
  });
});

describe('a route whose older pattern answers a whole list', () => {
  it('is refused at start-up when it is not paged: its answer would have no page', () => {
    const route = RELAYED_ROUTES.find(([name]) => name === 'cameraAssignments');
    if (!route) throw new Error('cameraAssignments is not relayed');
    const unpaged = { ...route[1], paged: undefined };
    expect(() => relayController([['cameraAssignments', unpaged]])).toThrow(
      'GET /api/admin/camera-assignments: an older whole list needs a paged route',
    );
  });
});
