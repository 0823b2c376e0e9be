import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { PATTERN_METADATA } from '@nestjs/microservices/constants.js';
import { videoRpc } from '@hub/proto';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { VIDEO_TEMPLATE } from '../test-support/video-database-template.js';
import { openVideoDatabase } from '../database.js';
import type { FaceEnrolments } from '../faces/face-enrolments.js';
import { VideosController } from '../videos/videos.controller.js';
import type { VideosService } from '../videos/videos.service.js';
import { Appearances } from './appearances.js';

const ACME = 41;
const GLOBEX = 42;
const OTTO = 5;
const OLGA = 6;

/** Years of videos: a member's page and the recommendations read a page of them, not all. */
describe('appearances and identification gaps, a page at a time', () => {
  let resources: TestResources;
  let db: DataSource;
  let appearances: Appearances;

  beforeAll(async () => {
    resources = await claimTemplateResources(VIDEO_TEMPLATE);
    db = await openVideoDatabase(resources.databaseUrl);
    appearances = new Appearances(db);
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  /** A completed analysis recorded `day` days ago; each person seen at `start` for 2 s. */
  const analysed = async (
    organizationId: number,
    day: number,
    people: { userId: number; start: number }[],
    detected = people.length,
  ) => {
    const report = {
      identifiedOperators: people.map(({ userId, start }) => ({
        userId,
        name: `P${userId}`,
        distance: 0.3,
        appearances: [{ start, end: start + 2 }],
      })),
    };
    const [row] = (await db.query(
      `INSERT INTO videos (organization_id, title, file_name, file_size, storage_key, recorded_at,
         uploaded_by, analysis_status, report, detected_operators, identified_operators,
         analyzed_at)
       VALUES ($1, $2, 'a.mp4', 1, $3, now() - make_interval(days => $4), 1, 'completed', $5,
         $6, $7, now() - make_interval(days => $4))
       RETURNING id`,
      [
        organizationId,
        `Shift ${day}`,
        `org/${organizationId}/${day}-${Math.random()}.mp4`,
        day,
        JSON.stringify(report),
        detected,
        people.length,
      ],
    )) as { id: number }[];
    return row!.id;
  };

  it("pages the videos a member was seen in, latest recorded first, none repeated nor another's", async () => {
    const ottos: number[] = [];
    for (let day = 1; day <= 7; day++) {
      ottos.push(await analysed(ACME, day, [{ userId: OTTO, start: day }]));
    }
    // Two entries of one report naming Otto (a merge kept apart): one video, both ranges.
    ottos.push(
      await analysed(ACME, 8, [
        { userId: OTTO, start: 1 },
        { userId: OTTO, start: 5 },
      ]),
    );
    await analysed(ACME, 2, [{ userId: OLGA, start: 0 }]);
    await analysed(GLOBEX, 1, [{ userId: OTTO, start: 0 }]);

    const first = await appearances.of(ACME, OTTO, { limit: 3 });
    expect(first.totalCount).toBe(8);
    expect(first.videos.map((video) => video.videoId)).toEqual(ottos.slice(0, 3));
    expect(first.nextCursor).not.toBeNull();
    const seen = [...first.videos];
    let cursor = first.nextCursor;
    while (cursor !== null) {
      const page = await appearances.of(ACME, OTTO, { limit: 3, cursor });
      expect(page.totalCount).toBe(8);
      expect(page.videos.length).toBeLessThanOrEqual(3);
      seen.push(...page.videos);
      cursor = page.nextCursor;
    }
    expect(seen.map((video) => video.videoId)).toEqual(ottos);
    expect(seen.at(-1)).toMatchObject({ secondsSeen: 4, firstSeenAt: 1 });
    expect(seen[0]).toMatchObject({ title: 'Shift 1', secondsSeen: 2, firstSeenAt: 1 });
  });

  it("finds a member's videos through the index of identified people, not every report", async () => {
    const asked: [string, unknown[]][] = [];
    const recording = {
      query: (sql: string, params: unknown[]) => {
        asked.push([sql, params]);
        return db.query(sql, params);
      },
    } as unknown as DataSource;
    await new Appearances(recording).of(ACME, OTTO, { limit: 3 });
    expect(asked).toHaveLength(2);
    const runner = db.createQueryRunner();
    try {
      await runner.startTransaction();
      // A few test rows are read whole or by organization anyway: without those ways (until the
      // rollback), the plan must find the rows through the index of identified people.
      await runner.query(`SET LOCAL enable_seqscan = off`);
      await runner.query(`DROP INDEX videos_org_idx`);
      for (const [sql, params] of asked) {
        const plan = (await runner.query(`EXPLAIN ${sql}`, params)) as { 'QUERY PLAN': string }[];
        expect(plan.map((line) => line['QUERY PLAN']).join('\n')).toContain(
          'videos_identified_people_idx',
        );
      }
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });

  it('counts every analysis with people not identified, with only the latest few of them', async () => {
    const gaps: number[] = [];
    for (let day = 1; day <= 12; day++) {
      gaps.push(await analysed(GLOBEX, day, [{ userId: OLGA, start: 0 }], 3));
    }
    // All identified: no gap.
    await analysed(GLOBEX, 0, [{ userId: OTTO, start: 0 }]);

    const answer = await appearances.gaps(GLOBEX, 5);
    expect(answer.videoCount).toBe(12);
    expect(answer.unidentifiedOperators).toBe(24);
    expect(answer.latest.map((video) => video.videoId)).toEqual(gaps.slice(0, 5));
    expect(answer.latest[0]).toMatchObject({ detectedOperators: 3, identifiedOperators: 1 });
  });

  /** The controller's handler of a pattern, as the transport finds it, given a request. */
  const answerOf = async (pattern: string, request: unknown) => {
    const controller = new VideosController(
      {} as VideosService,
      appearances,
      {} as FaceEnrolments,
      db,
    );
    const handler = Object.values(Object.getOwnPropertyDescriptors(VideosController.prototype))
      .map((property) => property.value as unknown)
      .find(
        (method): method is (request: unknown) => Promise<unknown> =>
          typeof method === 'function' &&
          (Reflect.getMetadata(PATTERN_METADATA, method) as string[] | undefined)?.includes(
            pattern,
          ) === true,
      );
    if (!handler) throw new Error(`no handler of ${pattern}`);
    return handler.call(controller, request);
  };

  // During a rolling upgrade the previous release's observation service still asks the old
  // patterns, with their old requests, and reads an array.
  it("answers the previous release's patterns their old shapes", async () => {
    const acmeOtto = { organizationId: ACME, userId: OTTO };
    const videos = await answerOf(
      'video.videos.appearancesOf',
      videoRpc.appearancesOf.request.parse(acmeOtto),
    );
    expect(Array.isArray(videos)).toBe(true);
    const everyVideo = videoRpc.appearancesOf.answer.parse(videos);
    const paged = await appearances.of(ACME, OTTO, { limit: 200 });
    expect(everyVideo).toHaveLength(8);
    expect(everyVideo).toEqual(paged.videos);

    const request = videoRpc.identificationGaps.request.parse({ organizationId: GLOBEX });
    const gaps = videoRpc.identificationGaps.answer.parse(
      await answerOf('video.videos.identificationGaps', request),
    );
    const counted = await appearances.gaps(GLOBEX, 100);
    expect(gaps).toHaveLength(12);
    expect(gaps).toEqual(counted.latest);
  });
});
