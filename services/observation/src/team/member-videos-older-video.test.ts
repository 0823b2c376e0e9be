import { describe, expect, it } from 'vitest';
import { type Actor, type RpcContract, videoRpc } from '@hub/proto';
import { encodeCursor, noHandlerMessage, RpcCallError, type RpcClient } from '@hub/kit';
import type { Member, Members } from './members.js';
import { TeamService } from './team.service.js';

const actor: Actor = { userId: 1, organizationId: 4, role: 'manager' };
const member = { id: 9 } as Member;

/** Every video the member was seen in, latest recorded first; two share an instant. */
const EVERY = [
  { videoId: 14, recordedAt: '2026-12-04T10:00:00.000Z' },
  { videoId: 13, recordedAt: '2026-12-03T10:00:00.000Z' },
  { videoId: 12, recordedAt: '2026-12-03T10:00:00.000Z' },
  { videoId: 11, recordedAt: '2026-12-02T10:00:00.000Z' },
  { videoId: 10, recordedAt: '2026-12-01T10:00:00.000Z' },
].map((video) => ({ ...video, title: `Shift ${video.videoId}`, secondsSeen: 4, firstSeenAt: 1 }));

/**
 * A video pod of the previous release: it fails memberVideoPage as unknown and answers
 * appearancesOf with every video. Each call recorded.
 */
function teamWithOlderVideo() {
  const asked: { pattern: string; request: unknown }[] = [];
  const rpc = {
    call: (contract: RpcContract, request: unknown) => {
      asked.push({ pattern: contract.pattern, request });
      if (contract.pattern === videoRpc.appearancesOf.pattern) return Promise.resolve(EVERY);
      return Promise.reject(
        new RpcCallError({ kind: 'internal', message: noHandlerMessage(contract.pattern) }),
      );
    },
  } as unknown as RpcClient;
  const members = { some: () => Promise.resolve([member]) } as unknown as Members;
  const team = new TeamService(
    {} as never,
    rpc,
    members,
    {} as never,
    {} as never,
    {} as never,
    {} as never,
  );
  return { team, asked };
}

describe("a member's videos from a previous release's video pod", () => {
  it('pages the whole list as memberVideoPage would, each page after the last', async () => {
    const { team, asked } = teamWithOlderVideo();
    const ids: number[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 5; pages++) {
      const page = await team.memberVideos(actor, member.id, { limit: 2, cursor });
      expect(page.totalCount).toBe(EVERY.length);
      ids.push(...page.videos.map((video) => video.videoId));
      if (page.nextCursor === null) break;
      cursor = page.nextCursor;
    }
    expect(ids).toEqual([14, 13, 12, 11, 10]);
    expect(asked).toContainEqual({
      pattern: videoRpc.appearancesOf.pattern,
      request: { organizationId: 4, userId: member.id },
    });
  });

  it("continues after a cursor a current pod wrote (PostgreSQL's text of the time)", async () => {
    const { team } = teamWithOlderVideo();
    const cursor = encodeCursor(['2026-12-03 10:00:00+00', '13']);
    const page = await team.memberVideos(actor, member.id, { limit: 2, cursor });
    expect(page.videos.map((video) => video.videoId)).toEqual([12, 11]);
  });
});
