import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { identityRpc, type MemberFilter, type RpcAnswer } from '@hub/proto';
import type { RpcClient } from '@hub/kit';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { VIDEO_TEMPLATE } from '../test-support/video-database-template.js';
import { openVideoDatabase } from '../database.js';
import { EmbeddingSpace1767000006000 } from '../migrations/1767000006000-embedding-space.js';
import { nearestGroup } from '../unknown-people/grouping.js';
import { UnknownPeopleRepository } from '../unknown-people/unknown-people.repository.js';
import { FaceEnrolmentsRepository } from './face-enrolments.repository.js';
import { FaceEnrolments } from './face-enrolments.js';

/** Issue #32: every stored embedding has its space, and only one space's are ever compared. */
const SPACE = 'face-api@1.7.15/face-recognition-128d';
const NEXT = 'face-api@1.8.0/face-recognition-128d';
const NOW = `${SPACE} (pictures: ssd-mobilenet-v1, videos: tiny-face-detector-512+224; wasm)`;
const BEFORE_18 = 'face-api@1.7.15/ssd-mobilenet-v1+face-recognition-128d (wasm)';
const vector = (value: number, length = 128) => JSON.stringify(Array<number>(length).fill(value));

describe('embedding spaces', () => {
  let resources: TestResources;
  let db: DataSource;

  beforeAll(async () => {
    resources = await claimTemplateResources(VIDEO_TEMPLATE);
    db = await openVideoDatabase(resources.databaseUrl);
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  const insertVideo = async (organizationId: number, key: string) => {
    const [row] = (await db.query(
      `INSERT INTO videos (organization_id, title, file_name, file_size, storage_key, recorded_at,
         uploaded_by, analysis_status, analysis_run)
       VALUES ($1, 'Shift', 'a.mp4', 1, $2, now(), 1, 'processing', 1) RETURNING id`,
      [organizationId, key],
    )) as { id: number }[];
    return row!.id;
  };

  /** A reference's row; without `space`, as it was stored before the column. */
  const insertEnrolment = async (
    userId: number,
    model: string,
    embedding: string,
    space?: string,
  ) => {
    const params = [userId, `key-${userId}-${model}`, embedding, model];
    await db.query(
      space === undefined
        ? `INSERT INTO face_enrolments (user_id, organization_id, picture_key, embedding, model,
             source) VALUES ($1, 7, $2, $3, $4, 'reference')`
        : `INSERT INTO face_enrolments (user_id, organization_id, picture_key, embedding, model,
             source, embedding_space) VALUES ($1, 7, $2, $3, $4, 'reference', $5)`,
      space === undefined ? params : [...params, space],
    );
  };

  it('backfills the space of stored embeddings from their model name, where it tells it', async () => {
    const migration = new EmbeddingSpace1767000006000();
    const runner = db.createQueryRunner();
    try {
      await migration.down(runner);
      await db.query(`DELETE FROM face_enrolments`);
      await insertEnrolment(1, NOW, vector(0.1));
      await insertEnrolment(2, BEFORE_18, vector(0.2));
      await insertEnrolment(3, 'pending', '[]');
      await insertEnrolment(4, 'fake-model', vector(0.3));
      await insertEnrolment(5, NOW, vector(0.4, 127));
      const videoId = await insertVideo(7, 'backfill.mp4');
      const [person] = (await db.query(
        `INSERT INTO unknown_people (organization_id, number) VALUES (7, 1) RETURNING id`,
      )) as { id: number }[];
      await db.query(
        `INSERT INTO unknown_faces (organization_id, person_id, video_id, run, face_id, embedding,
           model, appearances)
         VALUES (7, $1, $2, 1, 'f1', $3, $4, '[]'), (7, $1, $2, 1, 'f2', $3, 'other', '[]')`,
        [person!.id, videoId, vector(0.5), NOW],
      );
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    const spaces = async (table: string, key: string) =>
      (await db.query(`SELECT ${key} AS key, embedding_space FROM ${table} ORDER BY ${key}`)) as {
        key: string | number;
        embedding_space: string | null;
      }[];
    expect(await spaces('face_enrolments', 'user_id')).toEqual([
      { key: 1, embedding_space: SPACE },
      { key: 2, embedding_space: SPACE },
      // No embedding yet; a model of no known space; 127 values where the space has 128.
      { key: 3, embedding_space: null },
      { key: 4, embedding_space: null },
      { key: 5, embedding_space: null },
    ]);
    expect(await spaces('unknown_faces', 'face_id')).toEqual([
      { key: 'f1', embedding_space: SPACE },
      { key: 'f2', embedding_space: null },
    ]);
  });

  it('sends the worker enrolments with their space, none without one', async () => {
    await db.query(`DELETE FROM face_enrolments`);
    await insertEnrolment(1, NOW, vector(0.1), SPACE);
    await insertEnrolment(2, 'some-model', vector(0.1), NEXT);
    await insertEnrolment(3, 'old-model', vector(0.1));
    const enrolments = new FaceEnrolmentsRepository(db);
    const rows = await enrolments.enrolled(7);
    expect(rows.map((row) => [row.user_id, row.embedding_space]).sort()).toEqual([
      [1, SPACE],
      [2, NEXT],
    ]);
    expect((await enrolments.enrolledOf(7, 3)).length).toBe(0);
    expect((await enrolments.enrolledOf(7, 2))[0]?.space).toBe(NEXT);
  });

  it('names nobody suspended: neither enrolled nor awaiting, their faces kept for later', async () => {
    await db.query(`DELETE FROM face_enrolments`);
    await insertEnrolment(1, NOW, vector(0.1), SPACE);
    await insertEnrolment(2, NOW, vector(0.2), SPACE);
    await insertEnrolment(3, 'pending', '[]');
    const suspended = new Set([1, 3]);
    const members = (): RpcAnswer<typeof identityRpc.membersByIds> =>
      [1, 2, 3].map((id) => ({
        id,
        name: `P${id}`,
        email: `p${id}@works.example`,
        role: 'operator',
        isActive: true,
        suspended: suspended.has(id),
        profilePicture: null,
      }));
    const rpc = {
      call: async (contract: unknown, filter: MemberFilter) => {
        if (contract === identityRpc.membersByIds) {
          return members().filter((member) => filter.userIds?.includes(member.id));
        }
        if (contract !== identityRpc.memberIds) throw new Error('unexpected call');
        return members()
          .filter((member) => filter.userIds?.includes(member.id) ?? true)
          .filter(
            (member) => filter.suspended === undefined || member.suspended === filter.suspended,
          )
          .map((member) => member.id);
      },
    } as unknown as RpcClient;
    const faces = new FaceEnrolments(new FaceEnrolmentsRepository(db), rpc);
    const named = async () => {
      const { enrolments, notYetEnrolled } = await faces.forAnalysis(7);
      return {
        enrolled: enrolments.map((face) => face.userId).sort(),
        waiting: notYetEnrolled.map((person) => person.userId),
      };
    };
    expect(await named()).toEqual({ enrolled: [2], waiting: [] });
    // Camera snapshots are identified against the same enrolments.
    expect((await faces.ofOrganization(7)).map((face) => face.userId)).toEqual([2]);
    // Nor does an analysis wait for their picture's enrolment (AnalysisDispatch).
    expect(await faces.pendingIn(7, 60)).toBe(0);
    suspended.clear();
    expect(await named()).toEqual({ enrolled: [1, 2], waiting: [3] });
    expect(await faces.pendingIn(7, 60)).toBe(1);
  });

  it('groups an unknown face only with faces of its space, even of the same length', async () => {
    const repository = new UnknownPeopleRepository(db);
    const assign = nearestGroup;
    const run = async (videoId: number, faces: { faceId: string; space: string }[]) => {
      const kept = faces.map(({ faceId, space }, index) => ({
        index,
        faceId,
        space,
        embedding: Array<number>(128).fill(0.9),
        model: 'm',
        thumbnailKey: null,
        appearances: [{ start: 0, end: 1 }],
      }));
      const outcome = await repository.completeRun(
        videoId,
        1,
        { unknown: kept, identified: [] },
        (face, groups) => assign(face, groups, 0.5),
        async (tx, people) => {
          await tx.query(`UPDATE videos SET analysis_status = 'completed' WHERE id = $1`, [
            videoId,
          ]);
          return people;
        },
      );
      if (typeof outcome === 'string') throw new Error(outcome);
      return outcome.completed;
    };
    const first = await run(await insertVideo(8, 'first.mp4'), [{ faceId: 'a', space: SPACE }]);
    const second = await run(await insertVideo(8, 'second.mp4'), [
      { faceId: 'b', space: NEXT },
      { faceId: 'c', space: SPACE },
    ]);
    // The same embedding: of its space it joins the person, of another it is someone new.
    expect(second.get('c')?.id).toBe(first.get('a')?.id);
    expect(second.get('b')?.id).not.toBe(first.get('a')?.id);
    const stored = (await db.query(
      `SELECT face_id, embedding_space FROM unknown_faces WHERE organization_id = 8
        ORDER BY face_id`,
    )) as { face_id: string; embedding_space: string }[];
    expect(stored.map((row) => row.embedding_space)).toEqual([SPACE, NEXT, SPACE]);
  });
});
