import 'reflect-metadata';
import { integrationRpc, type RpcContract } from '@hub/proto';
import { encodeCursor, noHandlerMessage, RpcCallError, type RpcClient } from '@hub/kit';
import { describe, expect, it } from 'vitest';
import type { GuardedRequest } from '../http/request-context.js';
import {
  cameraAssignment as assignment,
  recordingTransport,
  relayedRoute,
  relayHandler,
  root,
} from '../test-support/relays.js';
import { relayController } from './relay.controller.js';

/** The previous release's whole list: oldest first by creation, so not in id order. */
const WHOLE_LIST = [assignment(9), assignment(5), assignment(12)];

/**
 * Integration during a rolling upgrade: the pod taking the call is of the previous release, which
 * fails this release's page as a pattern it has no handler for (its own words on the wire) and
 * answers its whole list. `refusal` instead fails the page as given. Each pattern asked recorded.
 */
function olderIntegration(refusal?: RpcCallError) {
  return recordingTransport((contract: RpcContract) => {
    if (contract.pattern === integrationRpc.assignmentPage.pattern)
      return Promise.reject(
        refusal ??
          new RpcCallError({ kind: 'internal', message: noHandlerMessage(contract.pattern) }),
      );
    if (contract.pattern === integrationRpc.assignments.pattern) return Promise.resolve(WHOLE_LIST);
    return Promise.reject(new Error(`not answered: ${contract.pattern}`));
  });
}

/** GET /api/admin/camera-assignments through the gateway's relay, with `query` as parsed. */
function cameraAssignments(rpc: RpcClient, query: { cursor?: string; limit: number }) {
  const request = { params: {}, body: undefined, query, actor: root } as unknown as GuardedRequest;
  return relayHandler('cameraAssignments', rpc)(request);
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
    const route = relayedRoute('cameraAssignments');
    const unpaged = { ...route[1], paged: undefined };
    expect(() => relayController([['cameraAssignments', unpaged]])).toThrow(
      'GET /api/admin/camera-assignments: an older whole list needs a paged route',
    );
  });
});
