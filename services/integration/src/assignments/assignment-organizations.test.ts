import 'reflect-metadata';
import { PATTERN_METADATA } from '@nestjs/microservices/constants.js';
import { type Actor, identityRpc, integrationRpc, type RpcContract } from '@hub/proto';
import { handledContract, type ObjectStorage, type RpcClient } from '@hub/kit';
import { describe, expect, it } from 'vitest';
import type { IntegrationsService } from '../integrations/integrations.service.js';
import { ORGANIZATION_NOT_FOUND } from '../organizations/organization-deleted.js';
import type { SnapshotSchedules } from '../snapshots/snapshot-schedules.js';
import type { AssignmentRow, AssignmentsRepository } from './assignments.repository.js';
import { AssignmentsController } from './assignments.controller.js';
import { AssignmentsService } from './assignments.service.js';

const root: Actor = { userId: 1, organizationId: 1, role: 'super_admin' };
const FIRST_PAGE = { limit: 50 };

const row = (id: number, organizationId: number): AssignmentRow => ({
  id,
  integration_id: 1,
  camera_id: `cam-${id}`,
  camera_name: `Camera ${id}`,
  camera_model: 'M1',
  camera_notes: '',
  organization_id: organizationId,
  sop_ids: [],
  created_at: new Date('2026-01-01T00:00:00Z'),
  snapshot_enabled: false,
  snapshot_interval_seconds: 60,
});

/** Identity as the service asks it: the names of the organizations it knows, as asked for. */
function serviceWith(rows: AssignmentRow[], known: Record<number, string>) {
  const calls: { pattern: string; request: unknown }[] = [];
  const rpc = {
    call: (contract: RpcContract, request: { organizationIds?: number[] }) => {
      calls.push({ pattern: contract.pattern, request });
      const asked = request.organizationIds ?? [];
      return Promise.resolve(
        asked.filter((id) => known[id]).map((id) => ({ id, name: known[id] })),
      );
    },
  } as unknown as RpcClient;
  const lastRunsAsked: number[][] = [];
  const assignments = {
    list: () => Promise.resolve(rows),
    // As the table answers: by id, after the cursor's, `limit` at most.
    page: (afterId: number | null, limit: number) =>
      Promise.resolve({
        rows: rows.filter((one) => afterId === null || one.id > afterId).slice(0, limit),
        total: rows.length,
      }),
    lastRuns: (ids: number[]) => {
      lastRunsAsked.push(ids);
      return Promise.resolve(new Map());
    },
  } as unknown as AssignmentsRepository;
  const integrations = {
    row: () => Promise.reject(new Error('not reached: the organization is refused first')),
  } as unknown as IntegrationsService;
  const service = new AssignmentsService(
    assignments,
    integrations,
    rpc,
    {} as SnapshotSchedules,
    {} as ObjectStorage,
  );
  return { service, calls, lastRunsAsked };
}

describe("camera assignments' organization names", () => {
  it('are asked of identity for the organizations listed only, each once', async () => {
    const { service, calls } = serviceWith([row(1, 3), row(2, 9), row(3, 3)], {
      3: 'Acme Foods',
      9: 'Globex Plant',
      4: 'Initech',
    });
    const listed = (await service.list(root, FIRST_PAGE)).assignments;
    expect(calls).toEqual([
      {
        pattern: identityRpc.organizationNames.pattern,
        request: { actor: root, organizationIds: [3, 9] },
      },
    ]);
    expect(listed.map((assignment) => assignment.organizationName)).toEqual([
      'Acme Foods',
      'Globex Plant',
      'Acme Foods',
    ]);
  });

  it('ask nothing when no camera is assigned', async () => {
    const { service, calls } = serviceWith([], { 3: 'Acme Foods' });
    expect(await service.list(root, FIRST_PAGE)).toEqual({
      assignments: [],
      totalCount: 0,
      nextCursor: null,
    });
    expect(calls).toEqual([]);
  });

  it('refuse an assignment to an organization identity does not name, asking for it alone', async () => {
    const { service, calls } = serviceWith([], { 3: 'Acme Foods' });
    const assigning = service.assign(root, {
      integrationId: 1,
      cameraId: 'cam-1',
      cameraName: 'Camera 1',
      cameraModel: '',
      cameraNotes: '',
      organizationId: 12,
    });
    await expect(assigning).rejects.toMatchObject({
      kind: 'validation',
      field: 'organizationId',
      message: ORGANIZATION_NOT_FOUND,
    });
    expect(calls).toEqual([
      {
        pattern: identityRpc.organizationNames.pattern,
        request: { actor: root, organizationIds: [12] },
      },
    ]);
  });
});

describe('camera assignments of every organization', () => {
  it('are answered a page at a time, names and last runs asked for that page only', async () => {
    const rows = [row(1, 3), row(2, 9), row(3, 4), row(4, 3), row(5, 4)];
    const known = { 3: 'Acme Foods', 9: 'Globex Plant', 4: 'Initech' };
    const { service, calls, lastRunsAsked } = serviceWith(rows, known);

    const first = await service.list(root, { limit: 2 });
    expect(first.assignments.map((one) => one.id)).toEqual([1, 2]);
    expect(first.totalCount).toBe(5);
    expect(first.nextCursor).not.toBeNull();
    const second = await service.list(root, { limit: 2, cursor: first.nextCursor! });
    expect(second.assignments.map((one) => one.id)).toEqual([3, 4]);
    const last = await service.list(root, { limit: 2, cursor: second.nextCursor! });
    expect(last.assignments.map((one) => one.id)).toEqual([5]);
    expect(last.nextCursor).toBeNull();

    expect(lastRunsAsked).toEqual([[1, 2], [3, 4], [5]]);
    expect(calls.map((call) => call.request)).toEqual([
      { actor: root, organizationIds: [3, 9] },
      { actor: root, organizationIds: [4, 3] },
      { actor: root, organizationIds: [4] },
    ]);
  });

  it('refuse a cursor this list did not answer', async () => {
    const { service } = serviceWith([row(1, 3)], { 3: 'Acme Foods' });
    await expect(service.list(root, { limit: 2, cursor: 'bm90LWEta2V5' })).rejects.toMatchObject({
      kind: 'validation',
      field: 'cursor',
    });
  });
});

/**
 * A request as a pod sends it on the shared stream, answered as the transport would: the
 * controller's handler of that pattern, its contract's request and answer checked.
 */
async function answerOf(controller: AssignmentsController, pattern: string, request: unknown) {
  const contract = handledContract(pattern);
  if (!contract) throw new Error(`No handler for ${pattern}`);
  const prototype = AssignmentsController.prototype as unknown as Record<string, unknown>;
  const name = Object.getOwnPropertyNames(prototype).find((key) => {
    const patterns: unknown = Reflect.getMetadata(PATTERN_METADATA, prototype[key] as object);
    return Array.isArray(patterns) && patterns.includes(pattern);
  });
  const handler = controller[name as keyof AssignmentsController] as (
    payload: unknown,
  ) => Promise<unknown>;
  const payload = contract.request.parse(request);
  return contract.answer.parse(await handler.call(controller, payload));
}

describe('camera assignments during a rolling upgrade', () => {
  const rows = [row(1, 3), row(2, 9), row(3, 4)];
  const known = { 3: 'Acme Foods', 9: 'Globex Plant', 4: 'Initech' };

  it("answer the previous release's gateway its whole list, unpaged", async () => {
    const { service } = serviceWith(rows, known);
    const answer = await answerOf(
      new AssignmentsController(service),
      'integration.assignments.list',
      {
        actor: root,
      },
    );
    expect(Array.isArray(answer)).toBe(true);
    expect((answer as { id: number; organizationName: string }[]).map((one) => one.id)).toEqual([
      1, 2, 3,
    ]);
  });

  it("answer this release's gateway a page on the new pattern", async () => {
    const { service } = serviceWith(rows, known);
    const answer = await answerOf(
      new AssignmentsController(service),
      'integration.assignments.page',
      {
        actor: root,
        page: { limit: 2 },
      },
    );
    expect(answer).toMatchObject({ totalCount: 3, assignments: [{ id: 1 }, { id: 2 }] });
    // The previous release's gateway's request, on the same stream, still answered as then.
    expect(integrationRpc.assignments.pattern).toBe('integration.assignments.list');
  });
});
