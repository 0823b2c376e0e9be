import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { countingIdentity } from '@hub/testing/identity';
import { openObservationDatabase } from '../database.js';
import { completionIssuingTo, insertCourse } from '../test-support/course-completion.js';
import type { CourseCompletion } from './course-completion.js';

const ACME = 62;
/** Learners 1..FAILING owe certificates that always fail; NEWER's is owed after them. */
const FAILING = 100;
const NEWER = FAILING + 1;
const PASSES = 3;

/** A batch of owed certificates that keeps failing does not hold back a newer one. */
describe('course certificates owed', () => {
  let resources: TestResources;
  let db: DataSource;
  let completion: CourseCompletion;
  const issued: number[] = [];

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
    const courseId = await insertCourse(db, ACME, 'Presses');
    await db.query(
      `INSERT INTO enrollments (course_id, user_id, completed_at)
       SELECT $1, n, now() FROM generate_series(1, $2::int) n`,
      [courseId, NEWER],
    );
    await db.query(
      `INSERT INTO course_certificates_owed (course_id, user_id, created_at)
       SELECT $1, n, now() - (interval '1 minute' * ($2 + 1 - n)) FROM generate_series(1, $2::int) n`,
      [courseId, NEWER],
    );
    completion = completionIssuingTo(
      db,
      (course) => {
        if (course.userId <= FAILING) return Promise.reject(new Error('refused'));
        issued.push(course.userId);
        return Promise.resolve();
      },
      countingIdentity({ people: NEWER }),
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it('issues the newer one while the older keep failing', async () => {
    for (let pass = 0; pass < PASSES; pass += 1) await completion.settleOwed();

    expect(issued).toEqual([NEWER]);
    // The failing stay owed, each of them tried and its failure kept.
    const owed = (await db.query(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE attempts > 0)::int AS tried,
              count(last_error)::int AS errors
         FROM course_certificates_owed`,
    )) as { n: number; tried: number; errors: number }[];
    expect(owed).toEqual([{ n: FAILING, tried: FAILING, errors: FAILING }]);
  });
});
