import { describe, expect, it } from 'vitest';
import { type Actor, libraryRpc, type RpcContract } from '@hub/proto';
import type { RpcClient } from '@hub/kit';
import type { VideoRow } from './video-rows.js';
import type { VideosRepository } from './videos.repository.js';
import { VideosService } from './videos.service.js';

const actor: Actor = { userId: 1, organizationId: 7, role: 'manager' };

const video = (id: number, sops: { sopId: number; sopTitle: string }[]): VideoRow => ({
  id,
  organization_id: 7,
  title: `Video ${id}`,
  description: null,
  file_name: 'shift.mp4',
  file_size: '1024',
  storage_key: `videos/7/${id}.mp4`,
  recorded_at: new Date('2026-12-01T08:00:00.000Z'),
  uploaded_by: 1,
  uploaded_at: new Date('2026-12-01T09:00:00.000Z'),
  analysis_status: 'completed',
  analysis_error: null,
  analysis_run: 1,
  progress_current: null,
  progress_total: null,
  duration_seconds: 60,
  detected_operators: 2,
  identified_operators: 1,
  identification_rate: 0.5,
  analyzed_at: new Date('2026-12-01T10:00:00.000Z'),
  report: null,
  sops,
});

/** SOP 11 is in the library, renamed since; SOP 12 was deleted. */
function service(asked: unknown[] = []) {
  const rows = [
    video(1, [
      { sopId: 11, sopTitle: 'Cooling' },
      { sopId: 12, sopTitle: 'Frying' },
    ]),
    video(2, []),
  ];
  const repository = {
    page: async () => ({ total: 2, rows: rows.map((row) => ({ ...row, cursor_at: 'x' })) }),
    findInOrganization: async (_organization: number, id: number) =>
      rows.find((row) => row.id === id),
  } as unknown as VideosRepository;
  const rpc = {
    call: (contract: RpcContract, request: unknown) => {
      asked.push(request);
      if (contract.pattern !== libraryRpc.sopTitles.pattern) throw new Error(contract.pattern);
      return Promise.resolve([{ id: 11, title: 'Cooling cooked food' }]);
    },
  } as unknown as RpcClient;
  const none = {} as never;
  return new VideosService(repository, none, rpc, none, none, none);
}

/**
 * A video kept the SOPs it was linked to after one was deleted from the library: the list
 * counted it, showed its old title, and "Re-run analysis" (which sends the linked SOPs) was
 * refused ("Only processed SOPs of your organization can be linked to a video.").
 */
describe("a video's linked SOPs", () => {
  it('are those still in the library, under their current titles, in the list', async () => {
    const asked: unknown[] = [];
    const { videos } = await service(asked).list(actor, undefined, 50);
    expect(videos.map((row) => [row.id, row.linkedSOPs, row.linkedSopTitles])).toEqual([
      [1, [11], [{ sopId: 11, sopTitle: 'Cooling cooked food' }]],
      [2, [], []],
    ]);
    // One question to the library for the page.
    expect(asked).toEqual([{ organizationId: 7, documentIds: [11, 12] }]);
  });

  it('and in one video', async () => {
    const one = await service().get(actor, 1);
    expect(one.linkedSOPs).toEqual([11]);
  });
});
