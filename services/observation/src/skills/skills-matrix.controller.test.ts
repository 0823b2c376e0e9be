import { describe, expect, it } from 'vitest';
import { type Actor, identityRpc } from '@hub/proto';
import type { RpcClient } from '@hub/kit';
import type { MatrixTexts } from './skills-matrix-csv.js';
import { SkillsMatrixController } from './skills-matrix.controller.js';
import type { SkillsMatrixService } from './skills-matrix.service.js';

const tess: Actor = { userId: 7, organizationId: 3, role: 'training_supervisor' };

/** A controller whose identity knows the caller in `timeZone`; the texts it exports with, kept. */
function controller(timeZone: string | null) {
  const asked: unknown[] = [];
  const rpc = {
    call: async (contract: unknown, request: { userIds: number[] }) => {
      expect(contract).toBe(identityRpc.languagesOf);
      asked.push(request);
      return timeZone ? [{ userId: request.userIds[0], language: 'en', timeZone }] : [];
    },
    writeChunks: async () => undefined,
  } as unknown as RpcClient;
  const exported: MatrixTexts[] = [];
  const matrix = {
    csvExport: async (_actor: Actor, _query: unknown, texts: MatrixTexts) => {
      exported.push(texts);
      return async () => '';
    },
  } as unknown as SkillsMatrixService;
  return { matrix: new SkillsMatrixController(matrix, rpc), asked, exported };
}

const request = { actor: tess, query: {}, language: 'en', stream: 'csv-1' } as const;
/** 18:00 on 2 November in Los Angeles, 3 November in UTC. */
const evening = new Date('2026-11-03T02:00:00Z');

describe("the skills matrix CSV's dates", () => {
  it("are on the caller's calendar, as identity knows their zone", async () => {
    const { matrix, asked, exported } = controller('America/Los_Angeles');
    await matrix.csv(request);
    expect(asked).toEqual([{ userIds: [7] }]);
    expect(exported[0]!.day(evening)).toBe('2026-11-02');
  });

  it("are UTC's for a caller identity does not know", async () => {
    const { matrix, exported } = controller(null);
    await matrix.csv(request);
    expect(exported[0]!.day(evening)).toBe('2026-11-03');
  });
});
