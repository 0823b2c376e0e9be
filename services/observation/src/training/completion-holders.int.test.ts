import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { countingIdentity } from '@hub/testing/identity';
import type { CompletedCourse } from '../certifications/certification-issuer.js';
import { openObservationDatabase } from '../database.js';
import { completionIssuingTo, insertCourse } from '../test-support/course-completion.js';
import type { CourseCompletion } from './course-completion.js';

const ACME = 61;
const SOP = 9;
/** Acme's people; some of them are enrolled in the course. */
const PEOPLE = 100_000;
/** Learners 1..PASSED passed the course's SOP; PASSED+1..ENROLLED did not. */
const PASSED = 1_500;
const ENROLLED = 1_600;
const SUSPENDED = 3;
const PENDING = 4;
/** Removed from Acme since they enrolled. */
const GONE = 5;

/** Completing a course of a 100,000-person organization asks identity about its learners only. */
describe("a course's completions", () => {
  let resources: TestResources;
  let db: DataSource;
  let courseId: number;
  const { rpc, asked, everyoneAsked } = countingIdentity({
    people: PEOPLE,
    gone: [GONE],
    suspended: [SUSPENDED],
    pending: [PENDING],
  });
  const issued: CompletedCourse[] = [];
  let completion: CourseCompletion;

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
    courseId = await insertCourse(db, ACME, 'Presses', SOP);
    await db.query(
      `INSERT INTO enrollments (course_id, user_id) SELECT $1, n FROM generate_series(1, $2::int) n`,
      [courseId, ENROLLED],
    );
    await db.query(
      `INSERT INTO observations (organization_id, evaluation_id, document_id, evaluation_title,
         questions, operator_id, operator_name, observer_id, observer_name, pass_mark, status,
         score, passed, started_at, completed_at)
       SELECT $1, 1, $2, 'T', '[]', n, 'P', 1, 'O', 80, 'completed', 90, true,
              now() - interval '1 hour', now()
         FROM generate_series(1, $3::int) n`,
      [ACME, SOP, PASSED],
    );
    completion = completionIssuingTo(
      db,
      (course) => {
        issued.push(course);
        return Promise.resolve();
      },
      { rpc },
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it('asks identity about the learners it completes alone, a batch at a time', async () => {
    await completion.forCourse(ACME, courseId);

    expect(everyoneAsked()).toEqual(Array.from({ length: PASSED }, (_, index) => index + 1));
    // The suspended and the pending stay open; whoever left completes, without a certificate.
    const open = (await db.query(
      `SELECT user_id FROM enrollments WHERE course_id = $1 AND completed_at IS NULL
        AND user_id <= $2 ORDER BY user_id`,
      [courseId, PASSED],
    )) as { user_id: number }[];
    expect(open.map((row) => row.user_id)).toEqual([SUSPENDED, PENDING]);
    const holders = issued.map((course) => course.userId).sort((a, b) => a - b);
    expect(holders).toHaveLength(PASSED - 3);
    expect(holders).not.toContain(GONE);
    expect(issued.find((course) => course.userId === 7)).toMatchObject({ holderName: 'P7' });
    expect(await db.query(`SELECT 1 FROM course_certificates_owed`)).toEqual([]);
  });

  it("renews a learner's certification asking identity about them alone", async () => {
    asked.length = 0;
    issued.length = 0;

    await completion.forLearner(7, SOP);

    expect(everyoneAsked()).toEqual([7]);
    expect(issued).toMatchObject([{ userId: 7, holderName: 'P7', courseId }]);
  });
});
