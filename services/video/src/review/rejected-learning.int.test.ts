import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { VIDEO_TEMPLATE } from '../test-support/video-database-template.js';
import { openVideoDatabase } from '../database.js';
import { reportOf } from '../test-support/analysis-report.js';
import { FaceEnrolmentsRepository } from '../faces/face-enrolments.repository.js';
import { applyReview } from './apply-review.js';
import { FaceReviewRepository } from './face-review.repository.js';

const SPACE = 'face-api@1.7.15/face-recognition-128d';
const ORG = 7;
const HOWARD = 3;
const vector = (value: number) => JSON.stringify(Array<number>(128).fill(value));

/** Howard identified (and confirmed) at 0-4 s. */
const report = reportOf([
  {
    faceId: 'f1',
    userId: HOWARD,
    name: 'Howard',
    distance: 0.4,
    appearances: [{ start: 0, end: 4 }],
  },
]);

/** A face learned from a confirmed (or named) face is a wrong enrolment once rejected. */
describe('a rejected match', () => {
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

  const insertVideo = async (key: string) => {
    const [row] = (await db.query(
      `INSERT INTO videos (organization_id, title, file_name, file_size, storage_key, recorded_at,
         uploaded_by, analysis_status, analysis_run, report)
       VALUES ($1, 'Shift', 'a.mp4', 1, $2, now(), 1, 'completed', 1, $3) RETURNING id`,
      [ORG, key, JSON.stringify(report)],
    )) as { id: number }[];
    return row!.id;
  };

  const learn = (videoId: number, key: string, value: number) =>
    db.query(
      `INSERT INTO face_enrolments (user_id, organization_id, picture_key, embedding,
         embedding_space, model, source, video_id)
       VALUES ($1, $2, $3, $4, $5, 'm', 'learned', $6)`,
      [HOWARD, ORG, key, vector(value), SPACE, videoId],
    );

  it('forgets the face learned from it, and no other of the person', async () => {
    const rejectedIn = await insertVideo('rejected.mp4');
    const elsewhere = await insertVideo('elsewhere.mp4');
    await learn(rejectedIn, 'rejected.mp4', 0.1);
    await learn(elsewhere, 'elsewhere.mp4', 0.2);
    const reviewer = { id: 9, name: 'Sue' };
    const at = '2026-11-26T10:00:00.000Z';
    const revised = await new FaceReviewRepository(db).revise(
      ORG,
      rejectedIn,
      (current) =>
        applyReview(current, { faceId: 'f1', review: { decision: 'reject' }, reviewer, at }),
      { faceId: 'f1', decision: 'reject', reviewedBy: 9, reviewerName: 'Sue', reviewedAt: at },
    );
    expect(revised).not.toBeNull();
    const enrolled = await new FaceEnrolmentsRepository(db).enrolled(ORG);
    expect(enrolled.map((row) => row.embedding[0])).toEqual([0.2]);
  });
});
