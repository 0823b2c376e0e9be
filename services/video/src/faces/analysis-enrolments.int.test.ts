import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import type { RpcClient } from '@hub/kit';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { VIDEO_TEMPLATE } from '../test-support/video-database-template.js';
import { countingIdentity } from '@hub/testing/identity';
import { openVideoDatabase } from '../database.js';
import { FaceEnrolmentsRepository } from './face-enrolments.repository.js';
import { FaceEnrolments } from './face-enrolments.js';

const SPACE = 'face-api@1.7.15/face-recognition-128d';
const ACME = 51;
const GLOBEX = 52;
/** Acme's people; a few of them have a picture. */
const PEOPLE = 100_000;
const ENROLLED = 1_500;
const AWAITING = 90_001;
const SUSPENDED = 3;

/** Preparing an analysis of a 100,000-person organization asks identity about the faces only. */
describe('the enrolments of an analysis', () => {
  let resources: TestResources;
  let db: DataSource;

  beforeAll(async () => {
    resources = await claimTemplateResources(VIDEO_TEMPLATE);
    db = await openVideoDatabase(resources.databaseUrl);
    await db.query(
      `INSERT INTO face_enrolments (user_id, organization_id, picture_key, embedding, model, source,
         embedding_space)
       SELECT id, $1, 'key-' || id, '[0.1, 0.2]', 'm', 'reference', $2
         FROM generate_series(1, $3::int) id`,
      [ACME, SPACE, ENROLLED],
    );
    // A second photo of one person; a picture awaiting its enrolment; another organization's.
    await db.query(
      `INSERT INTO face_enrolments (user_id, organization_id, picture_key, embedding, model, source,
         embedding_space)
       VALUES (1, $1, 'key-1-b', '[0.3, 0.4]', 'm', 'reference', $2),
              (700000, $3, 'key-g', '[0.3, 0.4]', 'm', 'reference', $2)`,
      [ACME, SPACE, GLOBEX],
    );
    await db.query(
      `INSERT INTO face_enrolments (user_id, organization_id, picture_key, embedding, model)
       VALUES ($1, $2, 'key-awaiting', '[]', 'pending')`,
      [AWAITING, ACME],
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it('asks identity for the names of the enrolled and awaited people alone, a batch at a time', async () => {
    const { rpc, everyoneAsked } = countingIdentity({ people: PEOPLE, suspended: [SUSPENDED] });
    const faces = new FaceEnrolments(new FaceEnrolmentsRepository(db), rpc as unknown as RpcClient);

    const { enrolments, notYetEnrolled } = await faces.forAnalysis(ACME);

    expect(everyoneAsked()).toEqual([
      ...Array.from({ length: ENROLLED }, (_, index) => index + 1),
      AWAITING,
    ]);
    // Nobody suspended is named; both photos of one person are compared.
    expect(enrolments).toHaveLength(ENROLLED);
    expect(enrolments.some((face) => face.userId === SUSPENDED)).toBe(false);
    expect(enrolments.filter((face) => face.userId === 1).map((face) => face.name)).toEqual([
      'P1',
      'P1',
    ]);
    expect(notYetEnrolled).toEqual([{ userId: AWAITING, name: `P${AWAITING}` }]);
  });
});
